"""Conformance: butter, cheby1, cheby2, ellip, buttord, cheb1ord, cheb2ord, ellipord, zp2sos, filtfilt, findpeaks
and medfilt1 (MATLAB's Signal Processing Toolbox; signaltools.py).

Octave 7 has none of them without its signal package (not installed on the recording machine), so the
expected values are independent of the implementation's scipy calls:
- butter: the bilinear transform of the analog Butterworth filters worked by hand (the comments), with
  the frequencies prewarped, Wa = 4*tan(pi*Wn/2);
- filtfilt: MATLAB's documented algorithm (odd reflection of 3*(nfilt-1) samples at each end, the steady
  state zi scaled by the first sample, forward and backward passes of filter) written out in GNU Octave
  with its core filter and recorded: the Octave function is in the comment;
- zp2sos: a section by hand, and the sections' response through freqz equal to the transfer function's;
- buttord, cheb1ord, cheb2ord, ellipord: the examples of MATLAB's pages, a case by hand and the defining
  property of buttord's cutoff measured with freqz;
- findpeaks and medfilt1: MATLAB's definitions applied by hand (the comments).
"""
import pytest

from engine import Session
from harness import D, L, case, check, nan, num, params

# Octave: function y = ff(b, a, x)  % MATLAB's filtfilt, written out
#   b = b / a(1); a = a / a(1); nfilt = max(numel(b), numel(a)); b(end+1:nfilt) = 0; a(end+1:nfilt) = 0;
#   nfact = 3*(nfilt-1);
#   zi = (eye(nfilt-1) - [-a(2:nfilt).' [eye(nfilt-2); zeros(1,nfilt-2)]]) \ (b(2:nfilt).' - b(1)*a(2:nfilt).');
#   y = [2*x(1)-x(nfact+1:-1:2); x; 2*x(end)-x(end-1:-1:end-nfact)];
#   y = filter(b,a,y,zi*y(1)); y = y(end:-1:1); y = filter(b,a,y,zi*y(1)); y = y(end:-1:1);
#   y = y(nfact+1:end-nfact);
# end
B2 = "b2 = [1 2 1]/(2 + sqrt(2)); a2 = [1 0 (2 - sqrt(2))/(2 + sqrt(2))]; "
FILTFILT_Y2 = [0.9967450058639313, 2.6292112656224624, 4.2599534180683865, 5.850365210841877, 6.443534485725753,
               5.768597469326275, 4.578839667577101, 3.538049973200473, 4.583427508811645, 9.003102691470888]
FILTFILT_Y4 = [1.0046873151986748, 2.6280325420181554, 4.2136622469086413, 5.8572353154697989, 6.7133392033494808,
               5.7285555651630498, 3.0063025329944741, 2.9518931825236322e-03, 3.4289940846916439e-01,
               3.8524863514757468e-01, 2.8570703408080006e-01, 6.8555629593202827e-01, 9.4285838704603542e-01,
               1.4135892602558098e-03]

CASES = [
    # butter(2, 0.5): Wa = 4, H(s) = 16/(s^2 + 4*sqrt(2)*s + 16), s = 4(z-1)/(z+1): b = [1 2 1]/(2+sqrt(2)),
    # a = [1 0 (2-sqrt(2))/(2+sqrt(2))]; butter(1, 0.5, 'high'): s/(s+4) -> (z-1)/(2z)
    case('butter_low_high', B2 + "[b, a] = butter(2, 0.5); e = max(abs([b a] - [b2 a2])) < 1e-14; s = size(b); "
         "[h, g] = butter(1, 0.5, 'high'); f = max(abs([h g] - [0.5 -0.5 1 0])) < 1e-14; c = butter(3, 0.2); "
         "n = numel(c);", e=L(1), s=D([1, 3]), f=L(1), n=D(4)),
    # butter(1, [0.25 0.75]): w1*w2 = 16, bandwidth 8: 8s/(s^2 + 8s + 16) -> [0.5 0 -0.5]/[1 0 0]; 'stop':
    # (s^2 + 16)/(s^2 + 8s + 16) -> [0.5 0 0.5]/[1 0 0]
    case('butter_band', "[b, a] = butter(1, [0.25 0.75]); e = max(abs([b a] - [0.5 0 -0.5 1 0 0])) < 1e-14; "
         "[d, c] = butter(1, [0.25 0.75], 'stop'); f = max(abs([d c] - [0.5 0 0.5 1 0 0])) < 1e-14; "
         "g = numel(butter(2, [0.1 0.4], 'bandpass'));", e=L(1), f=L(1), g=D(5)),
    # analog: 1/(s^2 + sqrt(2)s + 1), b with a's length (MATLAB's zp2tf); zeros and poles of butter(3, 0.3):
    # three zeros at -1, one real pole, unit gain at DC
    case('butter_analog_zpk', "[b, a] = butter(2, 1, 's'); e = max(abs(a - [1 sqrt(2) 1])) < 1e-14; "
         "[z, p, k] = butter(3, 0.3); sz = size(z); sp = size(p); f = all(z == -1); r = sum(imag(p) == 0); "
         "g = abs(k*prod(1 - z)/prod(1 - p) - 1) < 1e-12;", b=D([0, 0, 1]), e=L(1), sz=D([3, 1]), sp=D([3, 1]),
         f=L(1), r=D(1), g=L(1)),
    # cheby1, cheby2, ellip: the defining properties of each design, measured with freqz: Rp dB of ripple
    # down at the passband edge (and at DC for an even order), the stopband Rs dB down from its edge on
    # cheby1(4, 0.5, 0.3), cheby2(4, 40, 0.4), ellip(4, 0.5, 40, 0.3) (MATLAB's definitions of Wp and Ws)
    case('cheby_ellip_designs', "r = 10^(-0.5/20); [b, a] = cheby1(4, 0.5, 0.3); g = abs(freqz(b, a, [0.3*pi 0])); "
         "c1 = max(abs(g - r)) < 1e-12; [b, a] = cheby2(4, 40, 0.4); [h, w] = freqz(b, a, 4096); "
         "c2 = abs(abs(freqz(b, a, [0.4*pi 0])) - [0.01 1]) < 1e-12; c3 = max(abs(h(w >= 0.4*pi))) <= 0.01 + 1e-12; "
         "[b, a] = ellip(4, 0.5, 40, 0.3); [h, w] = freqz(b, a, 8192); e1 = abs(abs(freqz(b, a, [0.3*pi 0])) - r) < 1e-12; "
         "e2 = max(abs(h(w >= 0.5*pi))) <= 0.01 + 1e-9 && min(abs(h(w <= 0.3*pi))) >= r - 1e-12; s = size(b);",
         c1=L(1), c2=L([1, 1]), c3=L(1), e1=L([1, 1]), e2=L(1), s=D([1, 5])),
    case('cheby_forms', "[z, p, k] = cheby1(3, 1, [0.2 0.5], 'stop'); sz = size(z); sp = size(p); "
         "[b, a] = cheby2(2, 30, 1, 's'); sb = size(b); [d, c] = ellip(3, 1, 40, 0.4, 'high'); sd = size(d);",
         sz=D([6, 1]), sp=D([6, 1]), sb=D([1, 3]), sd=D([1, 4])),
    # buttord, cheb1ord, cheb2ord, ellipord: the examples of MATLAB's pages (40 and 150 Hz at 1 kHz, 3 and
    # 60 dB; the 100-200 Hz bandpass), and the defining property of buttord's Wn: butter(n, Wn) is exactly
    # Rs down at Ws and loses at most Rp at Wp; analog buttord(1, 2, 3, 40, 's') by hand: n = ceil(log10(
    # (1e4-1)/(10^0.3-1))/(2*log10(2))) = 7, Wn = 2/(1e4-1)^(1/14)
    case('filter_orders', "[n, w] = buttord(40/500, 150/500, 3, 60); bw = abs(w - 0.0810) < 5e-5; "
         "[b, a] = butter(n, w); g = abs(freqz(b, a, [0.3*pi 0.08*pi])); stop = abs(g(1) - 1e-3) < 1e-12; "
         "ok = g(2) >= 10^(-3/20); [m, v] = buttord([100 200]/500, [50 250]/500, 3, 40); "
         "bv = max(abs(v - [0.1951 0.4080])) < 5e-5; [n1, w1] = cheb1ord(40/500, 150/500, 3, 60); "
         "[n2, w2] = cheb2ord(40/500, 150/500, 3, 60); [n3, w3] = ellipord(40/500, 150/500, 3, 60); "
         "[n4, w4] = cheb2ord(0.3, 0.2, 1, 30); [n5, w5] = buttord(1, 2, 3, 40, 's'); "
         "a5 = abs(w5 - 2/(1e4 - 1)^(1/14)) < 1e-12;",
         n=D(5), bw=L(1), stop=L(1), ok=L(1), m=D(8), bv=L(1), n1=D(4), w1=D(0.08), n2=D(4), w2=D(0.3),
         n3=D(4), w3=D(0.08), w4=D(0.2), n5=D(7), a5=L(1)),
    case('filter_order_bad_edges', "[n, w] = buttord(0.5, 1.2, 3, 40);",
         error=('signal:buttord:InvalidRange', 'The frequencies must be within the interval of (0,1).')),
    case('filter_order_mismatched_edges', "n = cheb1ord([0.1 0.2], 0.3, 3, 40);",
         error=('signal:cheb1ord:InvalidDimensions', 'Wp and Ws must both be scalars or both be two-element vectors.')),
    # zp2sos: one real zero and pole by hand (the gain in the first section, or apart); the sections of
    # butter(5, 0.04, 'high') (a real pole alone, then two conjugate pairs with their double zeros at 1,
    # the pair closest to the unit circle last) give the same response through freqz(sos, ...) as [b, a]
    case('zp2sos_sections', "[s, g] = zp2sos(-1, 0.5, 2); t = zp2sos(-1, 0.5, 2); [z, p, k] = butter(5, 0.04, 'high'); "
         "sos = zp2sos(z, p, k); [b, a] = butter(5, 0.04, 'high'); e = max(abs(freqz(sos, 8) - freqz(b, a, 8))) < 1e-10; "
         "[h, f] = freqz(sos, 4, 1000); r = max(abs(freqz(sos, [0.1 0.2]) - freqz(b, a, [0.1 0.2]))) < 1e-10; "
         "n = size(sos); u = sos(2:3, 1:3); last = max(abs(roots(sos(3, 4:6)))) > max(abs(roots(sos(2, 4:6))));",
         s=D([1, 1, 0, 1, -0.5, 0]), g=D(2), t=D([2, 2, 0, 1, -0.5, 0]), e=L(1), f=D([0, 125, 250, 375], (4, 1)),
         r=L(1), n=D([3, 6]), u=D([1, 1, -2, -2, 1, 1], (2, 3)), last=L(1)),
    case('cheby_bad_ripple', "b = cheby1(2, -1, 0.5);",
         error=('signal:cheby1:InvalidRipple', 'Rp must be a positive finite scalar (decibels).')),
    case('butter_bad_cutoff', "[b, a] = butter(2, 1.5);",
         error=('signal:butter:InvalidRange', 'The cutoff frequencies must be within the interval of (0,1).')),
    case('butter_bad_type', "[b, a] = butter(2, 0.5, 'bandpass');",
         error=('signal:butter:InvalidWn', "Wn must have two elements for 'bandpass' and 'stop' filters and one "
                "for 'low' and 'high'.")),
    case('butter_huge_order', "[b, a] = butter(1e19, 0.5);",
         error=('matfuse:butter:orderTooLarge', 'Butterworth filters of order above 500, or whose gain overflows, are '
                'not supported (order 10000000000000000000 here).')),
    case('butter_state_space', "[A, B, C, D] = butter(2, 0.5);",
         error=('matfuse:butter:unsupportedOutput', "butter's state-space form [A, B, C, D] is not supported; ask "
                "for [b, a] or [z, p, k].")),

    # Octave: y1 = ff([1 1]/2, 1, [1 4 2 8 5]') (a row keeps its orientation)
    case('filtfilt_moving_average', "y = filtfilt([1 1]/2, 1, [1 4 2 8 5]); g = filtfilt(2, 4, [1 2 3]);",
         y=D([1, 2.75, 4, 5.75, 5]), g=D([0.25, 0.5, 0.75])),
    # Octave: y2 = ff(b2, a2, [1 4 2 8 5 7 3 6 2 9]'); y3 = ff([1 -0.5 0.25], [2 -1], [0 1 0 0 0 0 0 0 3]')
    case('filtfilt_butterworth', B2 + "y = filtfilt(b2, a2, [1 4 2 8 5 7 3 6 2 9]'); "
         "z = filtfilt([1 -0.5 0.25], [2 -1], [0 1 0 0 0 0 0 0 3]');",
         y=D(FILTFILT_Y2, (10, 1)),
         z=D([0.009520054794847965, 0.22216510958969593, 0.014642719179391861, 0.12694168835878372,
              0.17771150171756744, 0.3173370659351349, 0.6156311631202698, 0.8467408418655396, 1.688720941543579],
             (9, 1))),
    # Octave: M = [1 4 2 8 5 7 3; 0 0 1 0 0 2 0]'; y4 = [ff(b2, a2, M(:,1)), ff(b2, a2, M(:,2))]
    case('filtfilt_columns', B2 + "y = filtfilt(b2, a2, [1 4 2 8 5 7 3; 0 0 1 0 0 2 0]'); "
         "s = filtfilt(single(b2), a2, [1 4 2 8 5 7 3]); c = class(s); e = max(abs(double(s) - y(:, 1)')) < 1e-5;",
         y=D(FILTFILT_Y4, (7, 2)), c=('char', (1, 6), 'single'), e=L(1)),
    # complex data: the real and imaginary parts filtered alike (y1 above, times 1 + 2i)
    case('filtfilt_complex', "y = filtfilt([1 1]/2, 1, [1 4 2 8 5]*(1 + 2i));",
         y=D([complex(1, 2), complex(2.75, 5.5), complex(4, 8), complex(5.75, 11.5), complex(5, 10)])),
    case('filtfilt_too_short', B2 + "y = filtfilt(b2, a2, [1 2 3 4 5 6]);",
         error=('signal:filtfilt:InvalidDimensionsDataShortForFiltOrder',
                'Data must have length more than 3 times filter order.')),
    case('filtfilt_sos', "y = filtfilt([1 2 1 1 0 0.2; 1 0 0 1 0.5 0], 1, 1:20);",
         error=('signal:filtfilt:InvalidDimensions', 'b must be a vector; second-order section matrices are not '
                'supported.')),

    # [0 2 1 3 3 0 5 4]: peaks at 2, 4 (the first sample of the flat top) and 7. Prominences: 2 - max(0, 1) = 1,
    # 3 - max(0, 0) = 3, 5 - max(0, 4) = 1. Half-prominence crossings (linear): 1.75 and 2.5; 3.25 and 5.5;
    # 6.9 and 7.5: widths 0.75, 2.25, 0.6
    case('findpeaks_outputs', "[pks, locs, w, p] = findpeaks([0 2 1 3 3 0 5 4]); [cp, cl] = findpeaks([0 2 1 3 3 0 5 4]');",
         pks=D([2, 3, 5]), locs=D([2, 4, 7]), w=D([0.75, 2.25, 0.6]), p=D([1, 3, 1]), cp=D([2, 3, 5], (3, 1)),
         cl=D([2, 4, 7], (3, 1))),
    # the ends are never peaks (5 at the start, the flat 4 4 at the end); a flat top counts at its first sample
    case('findpeaks_ends_plateau', "[pks, locs] = findpeaks([5 1 3 3 3 1 4 4]); [e, f] = findpeaks([1 2 3]);",
         pks=D(3), locs=D(3), e=D([], (1, 0)), f=D([], (1, 0))),
    # MinPeakHeight keeps values above it (strictly); Threshold: at least that above both neighbours (2 by 1,
    # 4 by 3, 5 by only 0.5);
    # MinPeakProminence 2 keeps the prominence-3 peak
    case('findpeaks_height_threshold_prominence', "y = [0 2 1 3 3 0 5 4]; a = findpeaks(y, 'MinPeakHeight', 3); "
         "[~, b] = findpeaks([0 2 1 4 1 5 4.5], 'Threshold', 1); [c, d] = findpeaks(y, 'MinPeakProminence', 2);",
         a=D(5), b=D([2, 4]), c=D(3), d=D(4)),
    # peaks 3, 2, 5, 1, 4 at 2, 4, 6, 8, 10: from the highest down, MinPeakDistance 2 drops those within 2
    # (inclusive) of a kept one: 6 drops 4 and 8, 10 stays, 2 stays; 4 leaves only 6
    case('findpeaks_distance', "y = [0 3 0 2 0 5 0 1 0 4 0]; [a, b] = findpeaks(y, 'MinPeakDistance', 2); "
         "[c, d] = findpeaks(y, 'MinPeakDistance', 4); [e, f] = findpeaks(y, 'SortStr', 'descend', 'NPeaks', 2);",
         a=D([3, 5, 4]), b=D([2, 6, 10]), c=D(5), d=D(6), e=D([5, 4]), f=D([6, 10])),
    # x values: locations and widths in x (the crossings 1.75 and 2.5 interpolated in x: 0.075 and 0.2);
    # a sample rate Fs gives times (k-1)/Fs
    case('findpeaks_x_values', "x = [0 .1 .3 .6 1 1.5 2.1 2.8]; [p, l, w] = findpeaks([0 2 1 3 3 0 5 4], x); "
         "[q, t] = findpeaks([0 2 1 3 3 0 5 4], 10);",
         p=D([2, 3, 5]), l=D([0.1, 0.6, 2.1]), w=D([0.125, 1.25 - 0.375, 2.45 - 2.04]), q=D([2, 3, 5]), t=D([0.1, 0.3, 0.6])),
    case('findpeaks_width_limits', "[a, b] = findpeaks([0 2 1 3 3 0 5 4], 'MinPeakWidth', 1); "
         "c = findpeaks([0 2 1 3 3 0 5 4], 'MaxPeakWidth', 1);", a=D(3), b=D(4), c=D([2, 5])),
    # MATLAB's validateattributes(Pd, ..., '<', x(M)-x(1)) (its message as a user reported it)
    case('findpeaks_distance_too_large', "p = findpeaks([1 3 1 2 1], 'MinPeakDistance', 4);",
         error=('MATLAB:findpeaks:notLess', 'Expected MinPeakDistance to be a scalar with value < 4.')),
    # halfheight: [0 2 1 3 3 0 5 4], the lines at 1, 1.5 and 2.5 bounded by the valleys towards the
    # neighbouring peaks (samples 3, 6): crossings 1.5 and 3, 3.25 and 5.5, 6.5 and 8 (the end of the right
    # base); a negative peak has no half height
    case('findpeaks_halfheight', "[p, l, w, q] = findpeaks([0 2 1 3 3 0 5 4], 'WidthReference', 'halfheight'); "
         "n = numel(findpeaks([-5 -1 -5 2 0], 'WidthReference', 'halfheight'));",
         p=D([2, 3, 5]), l=D([2, 4, 7]), w=D([1.5, 2.25, 1.5]), q=D([1, 3, 1]), n=D(1)),
    case('findpeaks_too_short', "p = findpeaks([1 2]);",
         error=('signal:findpeaks:emptyDataSet', 'Data set must contain at least 3 samples.')),
    case('findpeaks_matrix', "p = findpeaks(magic(3));",
         error=('signal:findpeaks:expectedVector', 'Expected Y to be a vector.')),
    case('findpeaks_no_outputs', "findpeaks([1 3 1]);",
         error=('matfuse:findpeaks:noPlot', 'findpeaks without output arguments plots the peaks, which is not '
                'supported; ask for [pks, locs].')),
    case('findpeaks_bad_option', "p = findpeaks([1 3 1], 'MinPeakHight', 2);",
         error=('MATLAB:findpeaks:InvalidParameterName', "Invalid parameter name 'MinPeakHight'.")),

    # windows of 3 with zeros past the ends: median([0 1 5]) = 1, ([1 5 2]) = 2, ([5 2 8]) = 5, ([2 8 3]) = 3,
    # ([8 3 0]) = 3; n = 4 takes x(k-2:k+1): [0 0 1 5] -> 0.5, [0 1 5 2] -> 1.5, [1 5 2 8] -> 3.5, [5 2 8 3] -> 4,
    # [2 8 3 0] -> 2.5; 'truncate' uses what is there: [1 5] -> 3, [1 5 2] -> 2, ..., [8 3] -> 5.5 (n = 3);
    # [1 5] -> 3, [1 5 2] -> 2, [1 5 2 8] -> 3.5, [5 2 8 3] -> 4, [2 8 3] -> 3 (n = 4)
    case('medfilt1_padding', "a = medfilt1([1 5 2 8 3]); b = medfilt1([1 5 2 8 3], 4); c = medfilt1([1 5 2 8 3], 3, 'truncate'); "
         "d = medfilt1([1 5 2 8 3], 4, 'truncate');",
         a=D([1, 2, 5, 3, 3]), b=D([0.5, 1.5, 3.5, 4, 2.5]), c=D([3, 2, 5, 3, 5.5]), d=D([3, 2, 3.5, 4, 3])),
    case('medfilt1_columns_dim', "a = medfilt1([1 5 2 8 3; 4 4 9 1 1]'); b = medfilt1([1 5 2 8 3; 4 4 9 1 1], 3, [], 2); "
         "c = medfilt1(single([3 1 2]), 3); k = class(c);",
         a=D([1, 2, 5, 3, 3, 4, 4, 4, 1, 1], (5, 2)), b=D([1, 4, 2, 4, 5, 4, 3, 1, 3, 1], (2, 5)),
         c=num('single', [1, 2, 1]), k=('char', (1, 6), 'single')),
    # NaN in a window: NaN ('includenan'), or left out ('omitnan': [1 5] -> 3, [5 8] -> 6.5, [8 3] -> 5.5)
    case('medfilt1_nan', "a = medfilt1([1 5 NaN 8 3]); b = medfilt1([1 5 NaN 8 3], 'omitnan', 'truncate');",
         a=D([1, nan, nan, nan, 3]), b=D([3, 3, 6.5, 5.5, 5.5])),
    case('medfilt1_bad_option', "y = medfilt1([1 2 3], 3, 'reflect');",
         error=('signal:medfilt1:invalidOption', "Unknown option 'reflect': use 'zeropad', 'truncate', 'includenan' "
                "or 'omitnan'.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)


def test_medfilt1_of_a_huge_order_is_matlabs_size_error():
    """n = 1e15 asks for windows of 1e15 samples (found by fuzzing the cases: numpy's ValueError); the
    message names the machine's memory, so only the identifier is checked."""
    r = Session(device="cpu").execute("y = medfilt1([1 2 3], 1e15);")
    assert r.error is not None and r.error.identifier == "MATLAB:array:SizeLimitExceeded"
