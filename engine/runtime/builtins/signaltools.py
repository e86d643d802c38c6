"""Signal Processing Toolbox functions: butter cheby1 cheby2 ellip, their order estimates buttord cheb1ord
cheb2ord ellipord, zp2sos, filtfilt findpeaks medfilt1.

butter, cheby1, cheby2 and ellip are scipy.signal's designs, MATLAB's algorithm (the analog prototype,
the bilinear transform with prewarped frequencies). filtfilt is MATLAB's zero-phase filtering: the data extended at
both ends by 3*(max(length(a), length(b)) - 1) samples reflected oddly about the end values, filtered
forward and backward from the filter's steady state scaled to the first sample (scipy.signal.filtfilt
with padtype 'odd' and that padlen is this algorithm). findpeaks follows MATLAB's definitions: a peak is a
sample larger than both neighbours (the first sample of a flat peak; never an end sample), its
prominence the height above the higher of the two lowest points between it and a higher sample (or an
end) on either side, its width the distance between the crossings of the line half a prominence below it.
medfilt1 pads with zeros (or truncates the window) at the ends, as MATLAB does.
"""
from __future__ import annotations

import math
import warnings

import numpy as np
import scipy

from ..errors import MatlabError, check_size
from ..semantics import cast_result, to_value
from ..values import Value, class_of
from .arguments import name_values, real_scalar
from .elementwise import FLOAT_INPUTS, check_classes
from .firdesign import coefficients
from .registry import builtin
from .resampling import columns, zero_phase
from .sizes import along_axis, dim_arg, first_nonsingleton, integer_values, is_text, numeric_array, option_text

MAX_ORDER = 500                 # past it a digital design's gain overflows (scipy's OverflowError)
FILTER_TYPES = {"low": "lowpass", "high": "highpass", "bandpass": "bandpass", "stop": "bandstop"}


def _real(fname: str, value: Value, what: str) -> np.ndarray:
    """A real double/single (logical) argument as float64, or MATLAB's error naming it."""
    check_classes(fname, (value,), FLOAT_INPUTS)
    arr = numeric_array(value, fname)
    if arr.dtype.kind == "c":
        raise MatlabError(f"signal:{fname}:ComplexInput", f"{what} must be real.")
    return arr.astype(np.float64)


def _result_class(*values: Value) -> str:
    return "single" if any(class_of(v) == "single" for v in values) else "double"


# -- butter, cheby1, cheby2, ellip -----------------------------------------------------------------

DESIGNS = {"butter": ("Butterworth", ()), "cheby1": ("Chebyshev type I", ("Rp",)),
           "cheby2": ("Chebyshev type II", ("Rs",)), "ellip": ("Elliptic", ("Rp", "Rs"))}


def _iir(fname: str, n: Value, ripples: tuple, wn: Value, args: tuple, nargout: int):
    """The IIR designs' common part: scipy.signal's design of that name (MATLAB's algorithm: the analog
    prototype, then the frequency transformation and the bilinear transform with prewarping), MATLAB's
    argument checks and outputs ([b, a] rows with b as long as a, or [z, p, k])."""
    title, names = DESIGNS[fname]
    if nargout > 3:
        raise MatlabError(f"matfuse:{fname}:unsupportedOutput", f"{fname}'s state-space form [A, B, C, D] is not "
                          "supported; ask for [b, a] or [z, p, k].")
    order = integer_values(n, fname) if numeric_array(n, fname).size == 1 else []
    if len(order) != 1 or order[0] < 1:
        raise MatlabError(f"signal:{fname}:InvalidOrder", "The filter order must be a positive integer scalar.")
    too_large = MatlabError(f"matfuse:{fname}:orderTooLarge", f"{title} filters of order above {MAX_ORDER}, or "
                            f"whose gain overflows, are not supported (order {order[0] if order else 0} here).")
    if order[0] > MAX_ORDER:
        raise too_large
    decibels = []
    for name, value in zip(names, ripples):
        db = _real(fname, value, name).ravel()
        if db.size != 1 or not (0 < db[0] < math.inf):
            raise MatlabError(f"signal:{fname}:InvalidRipple", f"{name} must be a positive finite scalar (decibels).")
        decibels.append(float(db[0]))
    words = [option_text(a) for a in args]
    if any(w is None for w in words) or len(words) > 2:
        raise MatlabError("MATLAB:TooManyInputs", f"{fname} takes n, {', '.join(names + ('Wn',))}, then the filter "
                          "type and 's'.")
    analog = any(w.lower() == "s" for w in words)
    types = [w.lower() for w in words if w.lower() != "s"]
    if len(types) > 1 or types and types[0] not in FILTER_TYPES:
        raise MatlabError(f"signal:{fname}:InvalidFilterType",
                          "The filter type must be 'low', 'high', 'bandpass' or 'stop'.")
    edges = _real(fname, wn, "Wn").ravel(order="F")
    if edges.size not in (1, 2):
        raise MatlabError(f"signal:{fname}:InvalidWn", "Wn must be a scalar or a two-element vector.")
    kind = FILTER_TYPES[types[0]] if types else ("lowpass" if edges.size == 1 else "bandpass")
    if (edges.size == 2) != (kind in ("bandpass", "bandstop")):
        raise MatlabError(f"signal:{fname}:InvalidWn", "Wn must have two elements for 'bandpass' and 'stop' filters "
                          "and one for 'low' and 'high'.")
    if analog and not np.all(edges > 0) or not analog and not np.all((edges > 0) & (edges < 1)):
        raise MatlabError(f"signal:{fname}:InvalidRange", "The cutoff frequencies must be positive." if analog else
                          "The cutoff frequencies must be within the interval of (0,1).")
    if edges.size == 2 and not edges[0] < edges[1]:
        raise MatlabError(f"signal:{fname}:InvalidRange", "Wn(1) must be less than Wn(2).")
    cutoff = float(edges[0]) if edges.size == 1 else edges
    design = getattr(scipy.signal, fname)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")         # high orders: Inf and NaN coefficients, as MATLAB's
        try:
            if nargout == 3:
                z, p, k = design(order[0], *decibels, cutoff, btype=kind, analog=analog, output="zpk")
                column = (lambda v: to_value(np.real_if_close(np.asarray(v, dtype=np.complex128), tol=1000)
                                             .reshape(-1, 1)))
                return column(z), column(p), float(k)
            b, a = design(order[0], *decibels, cutoff, btype=kind, analog=analog, output="ba")
        except OverflowError:                   # the gain wo**order of an analog design
            raise too_large from None
    b = np.concatenate([np.zeros(len(a) - len(b)), b])      # MATLAB's b has a's length (zeros lead analog ones)
    b, a = to_value(np.asarray(b, dtype=np.float64).reshape(1, -1)), to_value(np.asarray(a, dtype=np.float64).reshape(1, -1))
    return (b, a) if nargout > 1 else b


@builtin("butter", family="numerical")
def butter(n: Value, wn: Value, *args: Value, nargout: int = 1):
    """[b, a] = butter(n, Wn), butter(n, Wn, ftype), butter(..., 's'), [z, p, k] = butter(...)
    Butterworth filter design.

    The coefficients of an order-n digital Butterworth filter (rows b and a of the transfer function)
    with cutoff Wn, normalized to the Nyquist frequency (0 < Wn < 1): lowpass for a scalar Wn, bandpass
    (order 2n) for Wn = [w1 w2]; ftype is 'low', 'high', 'bandpass' or 'stop' (a two-element Wn). 's'
    designs the analog filter (Wn in rad/s; b has a's length, with leading zeros). With three outputs,
    the zeros and poles (columns) and the gain. The state-space form (four outputs) and orders above 500
    are not supported. (butter is MATLAB's Signal Processing Toolbox function.)

        [b, a] = butter(2, 0.5)    % b = [0.2929 0.5858 0.2929], a = [1 0 0.1716]
    """
    return _iir("butter", n, (), wn, args, nargout)


@builtin("cheby1", family="numerical")
def cheby1(n: Value, rp: Value, wp: Value, *args: Value, nargout: int = 1):
    """[b, a] = cheby1(n, Rp, Wp), cheby1(n, Rp, Wp, ftype), cheby1(..., 's'), [z, p, k] = cheby1(...)
    Chebyshev type I filter design.

    An order-n filter with Rp decibels of equiripple in the passband, whose edge Wp (normalized to the
    Nyquist frequency, or rad/s with 's') is where the response last falls to -Rp dB. ftype, Wp = [w1 w2]
    and the outputs are as for butter. (cheby1 is MATLAB's Signal Processing Toolbox function.)

        [b, a] = cheby1(4, 0.5, 0.3);    % 0.5 dB ripple below 0.3*pi rad/sample
    """
    return _iir("cheby1", n, (rp,), wp, args, nargout)


@builtin("cheby2", family="numerical")
def cheby2(n: Value, rs: Value, ws: Value, *args: Value, nargout: int = 1):
    """[b, a] = cheby2(n, Rs, Ws), cheby2(n, Rs, Ws, ftype), cheby2(..., 's'), [z, p, k] = cheby2(...)
    Chebyshev type II filter design.

    An order-n filter with a stopband Rs decibels down (equiripple), whose edge Ws (normalized to the
    Nyquist frequency, or rad/s with 's') is where the response first reaches -Rs dB. ftype, Ws = [w1 w2]
    and the outputs are as for butter. (cheby2 is MATLAB's Signal Processing Toolbox function.)

        [b, a] = cheby2(4, 40, 0.4);    % at least 40 dB down above 0.4*pi rad/sample
    """
    return _iir("cheby2", n, (rs,), ws, args, nargout)


@builtin("ellip", family="numerical")
def ellip(n: Value, rp: Value, rs: Value, wp: Value, *args: Value, nargout: int = 1):
    """[b, a] = ellip(n, Rp, Rs, Wp), ellip(n, Rp, Rs, Wp, ftype), ellip(..., 's'), [z, p, k] = ellip(...)
    Elliptic (Cauer) filter design.

    An order-n filter with Rp decibels of equiripple in the passband and a stopband Rs decibels down,
    the passband edge at Wp (normalized to the Nyquist frequency, or rad/s with 's'). ftype, Wp = [w1 w2]
    and the outputs are as for butter. (ellip is MATLAB's Signal Processing Toolbox function.)

        [b, a] = ellip(4, 0.5, 40, 0.3);
    """
    return _iir("ellip", n, (rp, rs), wp, args, nargout)


# -- buttord, cheb1ord, cheb2ord, ellipord -------------------------------------------------------------

def _prototype_order(fname: str, wa: float, rp: float, rs: float) -> float:
    """The (fractional) order of the lowpass prototype with passband edge 1 that loses rp dB at 1 and
    has rs dB of attenuation at wa > 1."""
    ratio = (10 ** (0.1 * rs) - 1) / (10 ** (0.1 * rp) - 1)
    if fname == "buttord":
        return math.log10(ratio) / (2 * math.log10(wa))
    if fname in ("cheb1ord", "cheb2ord"):
        return math.acosh(math.sqrt(ratio)) / math.acosh(wa)
    k, k1 = 1 / wa ** 2, 1 / ratio            # ellipord: the ratio of the complete elliptic integrals
    return (scipy.special.ellipk(k) * scipy.special.ellipkm1(k1)
            / (scipy.special.ellipkm1(k) * scipy.special.ellipk(k1)))


def _stop_ratio(ftype: str, wp: np.ndarray, ws: np.ndarray) -> float:
    """The stopband edge of the lowpass prototype (passband edge 1) that the analog specification maps
    to: the more demanding of a band filter's two edges."""
    if ftype == "low":
        wa = ws / wp
    elif ftype == "high":
        wa = wp / ws
    elif ftype == "stop":
        wa = ws * (wp[0] - wp[1]) / (ws ** 2 - wp[0] * wp[1])
    else:
        wa = (ws ** 2 - wp[0] * wp[1]) / (ws * (wp[0] - wp[1]))
    return float(np.min(np.abs(wa)))


def _order_design(fname: str, wp: Value, ws: Value, rp: Value, rs: Value, args: tuple, nargout: int):
    """MATLAB's order estimation: the frequencies prewarped to the analog domain (tan(pi*w/2)), the
    specification mapped onto a lowpass prototype (a band-stop's passband edges first moved, by fminbnd,
    to where they need the lowest order), the order the ceiling of the prototype's, and the cutoff
    mapped back: Butterworth's 3 dB frequency meets the stopband exactly, Chebyshev type II's returned
    stopband edge is the prototype's (the more demanding given edge), Chebyshev type I's and elliptic's
    are the passband edges."""
    words = [option_text(a) for a in args]
    if len(words) > 1 or any(w is None or w.lower() not in ("s", "z") for w in words):
        raise MatlabError("MATLAB:TooManyInputs", f"{fname} takes Wp, Ws, Rp, Rs and then 's' for an analog filter.")
    analog = bool(words) and words[0].lower() == "s"
    passb, stopb = _real(fname, wp, "Wp").ravel(order="F"), _real(fname, ws, "Ws").ravel(order="F")
    if passb.size not in (1, 2) or passb.size != stopb.size:
        raise MatlabError(f"signal:{fname}:InvalidDimensions",
                          "Wp and Ws must both be scalars or both be two-element vectors.")
    edges = np.concatenate([passb, stopb])
    if analog and not np.all(edges > 0) or not analog and not np.all((edges > 0) & (edges < 1)):
        raise MatlabError(f"signal:{fname}:InvalidRange", "The frequencies must be positive." if analog else
                          "The frequencies must be within the interval of (0,1).")
    decibels = []
    for name, value in (("Rp", rp), ("Rs", rs)):
        db = _real(fname, value, name).ravel()
        if db.size != 1 or not (0 < db[0] < math.inf):
            raise MatlabError(f"signal:{fname}:InvalidRipple", f"{name} must be a positive finite scalar (decibels).")
        decibels.append(abs(float(db[0])))
    rp_db, rs_db = decibels
    if passb.size == 1:
        ftype = "low" if passb[0] < stopb[0] else "high"
    else:
        ftype = "stop" if passb[0] < stopb[0] else "pass"
        inside = (passb[0] < stopb[0] < stopb[1] < passb[1]) if ftype == "stop" else \
            (stopb[0] < passb[0] < passb[1] < stopb[1])
        if not inside:
            raise MatlabError(f"signal:{fname}:InvalidRange", "The passband and stopband edges must not overlap: "
                              "Ws(1) < Wp(1) < Wp(2) < Ws(2) for a bandpass, Wp(1) < Ws(1) < Ws(2) < Wp(2) for a "
                              "bandstop filter.")
    warp = (lambda w: w) if analog else (lambda w: np.tan(np.pi * w / 2))
    unwarp = (lambda w: w) if analog else (lambda w: 2 / np.pi * np.arctan(w))
    WP, WS = warp(passb), warp(stopb)
    if ftype == "stop":                         # move each passband edge to where the order is least
        for ind, bounds in ((0, (WP[0], WS[0] - 1e-12)), (1, (WS[1] + 1e-12, WP[1]))):
            def cost(w, ind=ind):
                trial = WP.copy()
                trial[ind] = w
                return _prototype_order(fname, _stop_ratio("stop", trial, WS), rp_db, rs_db)
            WP[ind] = scipy.optimize.fminbound(cost, *bounds, xtol=np.finfo(float).eps ** (2 / 3), disp=0)
    wa = _stop_ratio(ftype, WP, WS)
    order = max(math.ceil(_prototype_order(fname, wa, rp_db, rs_db)), 1)
    if fname in ("cheb1ord", "ellipord"):
        wn = passb if ftype != "stop" else unwarp(WP)
    else:                                       # the prototype's 3 dB frequency, or its stopband edge
        w0 = wa / (10 ** (0.1 * rs_db) - 1) ** (1 / (2 * order)) if fname == "buttord" else wa
        if ftype == "low":
            WN = w0 * WP
        elif ftype == "high":
            WN = WP / w0
        elif ftype == "stop":
            span = WP[1] - WP[0]
            root = math.sqrt(span ** 2 + 4 * w0 ** 2 * WP[0] * WP[1])
            WN = np.sort(np.abs(np.array([(span + root) / (2 * w0), (span - root) / (2 * w0)])))
        else:
            span = WP[1] - WP[0]
            both = np.array([-w0, w0])
            WN = np.sort(np.abs(-both * span / 2 + np.sqrt(both ** 2 / 4 * span ** 2 + WP[0] * WP[1])))
        wn = unwarp(np.asarray(WN, dtype=np.float64))
    wn = np.asarray(wn, dtype=np.float64).reshape(1, -1)
    return (float(order), to_value(wn)) if nargout > 1 else float(order)


@builtin("buttord", family="numerical")
def buttord(wp: Value, ws: Value, rp: Value, rs: Value, *args: Value, nargout: int = 1):
    """[n, Wn] = buttord(Wp, Ws, Rp, Rs), buttord(..., 's')  Butterworth filter order and cutoff frequency.

    The lowest order n of a digital Butterworth filter that loses no more than Rp dB in the passband
    (edge Wp) and has at least Rs dB of attenuation in the stopband (edge Ws), both normalized to the
    Nyquist frequency; Wp < Ws is lowpass, Wp > Ws highpass, two-element edges bandpass (Ws outside Wp)
    or bandstop (Ws inside Wp). Wn, for butter(n, Wn, ...), is the 3 dB frequency that meets the stopband
    exactly. 's': an analog filter, frequencies in rad/s. (buttord is MATLAB's Signal Processing Toolbox
    function; MATLAB's algorithm, a prewarped lowpass prototype.)

        [n, Wn] = buttord(40/500, 150/500, 3, 60)    % n = 5, Wn = 0.0810
    """
    return _order_design("buttord", wp, ws, rp, rs, args, nargout)


@builtin("cheb1ord", family="numerical")
def cheb1ord(wp: Value, ws: Value, rp: Value, rs: Value, *args: Value, nargout: int = 1):
    """[n, Wp] = cheb1ord(Wp, Ws, Rp, Rs), cheb1ord(..., 's')  Chebyshev type I filter order.

    The lowest order n of a Chebyshev type I filter with no more than Rp dB of passband ripple and at
    least Rs dB of stopband attenuation, and its passband edge frequencies for cheby1(n, Rp, Wp, ...);
    the edges and 's' are as for buttord. (cheb1ord is MATLAB's Signal Processing Toolbox function.)

        [n, Wp] = cheb1ord(40/500, 150/500, 3, 60)    % n = 4, Wp = 0.0800
    """
    return _order_design("cheb1ord", wp, ws, rp, rs, args, nargout)


@builtin("cheb2ord", family="numerical")
def cheb2ord(wp: Value, ws: Value, rp: Value, rs: Value, *args: Value, nargout: int = 1):
    """[n, Ws] = cheb2ord(Wp, Ws, Rp, Rs), cheb2ord(..., 's')  Chebyshev type II filter order.

    The lowest order n of a Chebyshev type II filter with no more than Rp dB of passband ripple and at
    least Rs dB of stopband attenuation, and its stopband edge frequencies for cheby2(n, Rs, Ws, ...): the
    given Ws for a lowpass or highpass filter; for a band filter the more demanding given edge and the
    other edge of the same prototype. The edges and 's' are as for buttord. (cheb2ord is MATLAB's Signal
    Processing Toolbox function.)

        [n, Ws] = cheb2ord(40/500, 150/500, 3, 60)    % n = 4, Ws = 0.3000
    """
    return _order_design("cheb2ord", wp, ws, rp, rs, args, nargout)


@builtin("ellipord", family="numerical")
def ellipord(wp: Value, ws: Value, rp: Value, rs: Value, *args: Value, nargout: int = 1):
    """[n, Wp] = ellipord(Wp, Ws, Rp, Rs), ellipord(..., 's')  elliptic filter order.

    The lowest order n of an elliptic filter with no more than Rp dB of passband ripple and at least Rs
    dB of stopband attenuation, and its passband edge frequencies for ellip(n, Rp, Rs, Wp, ...); the
    edges and 's' are as for buttord. (ellipord is MATLAB's Signal Processing Toolbox function.)

        [n, Wp] = ellipord(40/500, 150/500, 3, 60)    % n = 4, Wp = 0.0800
    """
    return _order_design("ellipord", wp, ws, rp, rs, args, nargout)


# -- zp2sos -----------------------------------------------------------------------------------------

@builtin("zp2sos", family="numerical")
def zp2sos(z: Value, p: Value, k: Value, *, nargout: int = 1):
    """sos = zp2sos(z, p, k), [sos, g] = zp2sos(z, p, k)  second-order sections of a filter given by its
    zeros, poles and gain.

    Each row of the L-by-6 matrix sos is one section [b0 b1 b2 1 a1 a2], the product of the sections the
    filter z, p, k; complex zeros and poles come in conjugate pairs (real ones are paired with each
    other), each pole pair with the zeros nearest to it, the section with the poles closest to the unit
    circle last (MATLAB's default order 'up'). With one output the gain k scales the first section; with
    two, the sections are left unscaled and g is k. The order and scale arguments are not supported.
    (zp2sos is MATLAB's Signal Processing Toolbox function; scipy.signal.zpk2sos, the same pairing.)

        [sos, g] = zp2sos(-1, 0.5, 2)    % sos = [1 1 0 1 -0.5 0], g = 2
    """
    zeros_, poles = (numeric_array(v, "zp2sos").ravel(order="F").astype(np.complex128) for v in (z, p))
    gains = _real("zp2sos", k, "k").ravel()
    if gains.size != 1:
        raise MatlabError("signal:zp2sos:InvalidGain", "The gain k must be a real scalar.")
    gain = float(gains[0])
    if zeros_.size > poles.size:
        raise MatlabError("signal:zp2sos:MoreZerosThanPoles", "The filter must have no more zeros than poles.")
    try:
        sos = scipy.signal.zpk2sos(zeros_, poles, gain if nargout < 2 else 1.0)
    except ValueError:
        raise MatlabError("signal:zp2sos:NotConjugate", "Complex zeros and poles must come in conjugate pairs.") \
            from None
    sos = to_value(np.asarray(sos, dtype=np.float64))
    return (sos, gain) if nargout > 1 else sos


# -- filtfilt ----------------------------------------------------------------------------------------

@builtin("filtfilt", family="numerical")
def filtfilt(b: Value, a: Value, x: Value) -> Value:
    """y = filtfilt(b, a, x)  zero-phase digital filtering.

    Filters x with the filter b/a forward and then backward, so that the result has no phase
    distortion and the filter's squared magnitude response. As MATLAB does, the data is first extended
    at each end by nfact = 3*(max(length(a), length(b)) - 1) samples reflected about the end value (2*x(1)
    - x(nfact+1:-1:2) before it), and each pass starts from the filter's steady state scaled to its first
    sample; x (real or complex) must have more than nfact samples. A vector keeps its orientation; a
    matrix is filtered column by column. The second-order-section form filtfilt(sos, g, x) is not
    supported. (filtfilt is MATLAB's Signal Processing Toolbox function.)

        y = filtfilt([1 1]/2, 1, [1 4 2 8 5])    % [1 2.75 4 5.75 5]
    """
    num, den = coefficients("filtfilt", b, "b"), coefficients("filtfilt", a, "a")
    if num.size == 0 or den.size == 0 or den[0] == 0:
        raise MatlabError("signal:filtfilt:InvalidInput", "b and a must be nonempty, with a(1) nonzero.")
    data, row = columns("filtfilt", x)
    out = zero_phase(num, den, data.astype(np.complex128 if data.dtype.kind == "c" else np.float64)) \
        if data.size else data
    return to_value(cast_result(out.reshape(1, -1) if row else out, _result_class(b, a, x)))


# -- findpeaks ---------------------------------------------------------------------------------------

PEAK_OPTIONS = ("MinPeakHeight", "MinPeakProminence", "Threshold", "MinPeakDistance", "MinPeakWidth",
                "MaxPeakWidth", "NPeaks", "SortStr", "WidthReference", "Annotate")


def _local_maxima(y: np.ndarray) -> np.ndarray:
    """MATLAB's peaks: samples above both neighbours, a flat top counting at its first sample, the end
    samples never (NaN neighbours count as neither higher nor lower, as MATLAB's bookends do)."""
    padded = np.concatenate([[np.nan], y, [np.nan]])
    index = np.arange(padded.size)
    finite = ~np.isnan(padded)
    keep = np.concatenate([[True], (padded[:-1] != padded[1:]) & (finite[:-1] | finite[1:])])
    kept = index[keep]
    with np.errstate(invalid="ignore"):
        slope = np.sign(np.diff(padded[kept]))
        turns = np.flatnonzero(np.diff(slope) < 0) + 1
    return kept[turns] - 1


def _option_scalar(name: str, value: Value, nonnegative: bool = True) -> float:
    number = real_scalar("findpeaks", value, name)
    if math.isnan(number) or nonnegative and number < 0:
        raise MatlabError("signal:findpeaks:invalidOption", f"{name} must be a real {'nonnegative ' if nonnegative else ''}"
                          "scalar.")
    return number


def _separated(y: np.ndarray, locations: np.ndarray, peaks: np.ndarray, distance: float) -> np.ndarray:
    """MATLAB's MinPeakDistance: from the highest peak down (ties in order), each kept peak removes the
    others within distance of it (inclusive); the survivors in their order."""
    order = np.argsort(-y[peaks], kind="stable")
    where = locations[peaks][order]
    deleted = np.zeros(order.size, dtype=bool)
    for i in range(order.size):
        if not deleted[i]:
            deleted |= (where >= where[i] - distance) & (where <= where[i] + distance)
            deleted[i] = False
    return np.sort(order[~deleted])


@builtin("findpeaks", family="numerical")
def findpeaks(data: Value, *args: Value, nargout: int = 1):
    """[pks, locs, w, p] = findpeaks(data), findpeaks(data, x), findpeaks(data, Fs), findpeaks(..., Name, Value)
    Local maxima (peaks) of a signal, with their locations, widths and prominences.

    A peak is a sample larger than its two neighbours (a flat peak counts once, at its first sample; the
    end samples are never peaks). pks are the peak values and locs their indices (or the x values, x an
    increasing vector of data's length, or times (k-1)/Fs for a scalar Fs), in the orientation of data;
    p the prominences (the height above the higher of the lowest points between the peak and a higher
    sample, or an end, on either side) and w the widths at half prominence (between the linearly
    interpolated crossings, no wider than the bases; WidthReference 'halfheight': at half the height,
    bounded by the lowest points towards the neighbouring peaks, and only peaks above 0). data needs at
    least 3 samples; +Inf samples count as ordinary values. Options: MinPeakHeight (keeps peaks above
    it), Threshold (keeps peaks exceeding both neighbours by at least it), MinPeakProminence,
    MinPeakWidth, MaxPeakWidth, MinPeakDistance (from the highest peak down, drops the peaks within
    that distance of a kept one), SortStr ('none', 'ascend', 'descend'), NPeaks (at most that many,
    after sorting). The plot of findpeaks without outputs (and Annotate) is not supported. (findpeaks
    is MATLAB's Signal Processing Toolbox function.)

        [pks, locs] = findpeaks([0 2 1 3 3 0 5 4])    % pks = [2 3 5], locs = [2 4 7]
    """
    if nargout == 0:
        raise MatlabError("matfuse:findpeaks:noPlot", "findpeaks without output arguments plots the peaks, which "
                          "is not supported; ask for [pks, locs].")
    y = _real("findpeaks", data, "Data")
    cls = _result_class(data)
    if y.ndim > 2 or min(y.shape) > 1:
        raise MatlabError("signal:findpeaks:expectedVector", "Expected Y to be a vector.")
    if y.size == 0:
        raise MatlabError("signal:findpeaks:expectedNonempty", "Expected Y to be nonempty.")
    if y.size < 3:
        raise MatlabError("signal:findpeaks:emptyDataSet", "Data set must contain at least 3 samples.")
    row = y.shape[0] == 1
    y = y.ravel(order="F")
    rest = list(args)
    positions = np.arange(1.0, y.size + 1)
    if rest and option_text(rest[0]) is None:
        given = _real("findpeaks", rest.pop(0), "X")
        if given.size == 1:
            rate = float(given.ravel()[0])
            if not rate > 0:
                raise MatlabError("signal:findpeaks:invalidFs", "The sample rate Fs must be a positive scalar.")
            positions = np.arange(y.size) / rate
        elif given.size == y.size and given.ndim == 2 and min(given.shape) == 1:
            positions = given.ravel(order="F")
            if np.any(np.diff(positions) <= 0) or not np.all(np.isfinite(positions)):
                raise MatlabError("signal:findpeaks:expectedIncreasing", "Expected X to be strictly increasing.")
        else:
            raise MatlabError("signal:findpeaks:mismatchYX", "X must be a vector of the length of Y (or a scalar "
                              "sample rate).")
    opts = name_values("findpeaks", rest, PEAK_OPTIONS)
    reference = (option_text(opts["WidthReference"]) or "").lower() if "WidthReference" in opts else "halfprom"
    if reference not in ("halfprom", "halfheight"):
        raise MatlabError("signal:findpeaks:invalidOption", "WidthReference must be 'halfprom' or 'halfheight'.")
    if "Annotate" in opts:
        raise MatlabError("matfuse:findpeaks:noPlot", "The Annotate option belongs to findpeaks' plot, which is not "
                          "supported.")
    height = _option_scalar("MinPeakHeight", opts["MinPeakHeight"], False) if "MinPeakHeight" in opts else -math.inf
    if reference == "halfheight":               # peaks below zero have no half height
        height = max(height, 0.0)
    threshold = _option_scalar("Threshold", opts["Threshold"]) if "Threshold" in opts else 0.0
    prominence = _option_scalar("MinPeakProminence", opts["MinPeakProminence"]) if "MinPeakProminence" in opts else 0.0
    min_width = _option_scalar("MinPeakWidth", opts["MinPeakWidth"]) if "MinPeakWidth" in opts else 0.0
    max_width = _option_scalar("MaxPeakWidth", opts["MaxPeakWidth"]) if "MaxPeakWidth" in opts else math.inf
    distance = _option_scalar("MinPeakDistance", opts["MinPeakDistance"]) if "MinPeakDistance" in opts else 0.0
    if distance >= positions[-1] - positions[0]:
        raise MatlabError("MATLAB:findpeaks:notLess", "Expected MinPeakDistance to be a scalar with value < "
                          f"{positions[-1] - positions[0]:g}.")
    count = y.size
    if "NPeaks" in opts:
        counts = integer_values(opts["NPeaks"], "findpeaks")
        if len(counts) != 1 or counts[0] < 1:
            raise MatlabError("signal:findpeaks:invalidOption", "NPeaks must be a positive integer scalar.")
        count = counts[0]
    sort = option_text(opts["SortStr"]).lower() if "SortStr" in opts and option_text(opts["SortStr"]) else "none"
    if sort not in ("none", "ascend", "descend"):
        raise MatlabError("signal:findpeaks:invalidOption", "SortStr must be 'none', 'ascend' or 'descend'.")

    peaks = _local_maxima(y)
    peaks = peaks[y[peaks] > height]
    if threshold > 0 and peaks.size:
        peaks = peaks[y[peaks] - np.maximum(y[peaks - 1], y[peaks + 1]) >= threshold]
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")         # scipy's note on peaks of zero prominence
        prominences, left_base, right_base = scipy.signal.peak_prominences(y, peaks)
        keep = prominences >= prominence
        peaks, prominences, left_base, right_base = peaks[keep], prominences[keep], left_base[keep], right_base[keep]
        borders = (prominences, left_base, right_base)
        if reference == "halfheight" and peaks.size:
            # half of the height (a "prominence" of the height itself), bounded by the lowest points
            # towards the neighbouring peaks, as MATLAB bounds it
            left_h = np.concatenate([left_base[:1], np.maximum(left_base[1:], right_base[:-1])])
            right_h = np.concatenate([np.minimum(right_base[:-1], left_base[1:]), right_base[-1:]])
            left_h = np.where(left_h > peaks, left_base, left_h)
            right_h = np.where(right_h < peaks, right_base, right_h)
            borders = (y[peaks], left_h, right_h)
        _, _, left, right = scipy.signal.peak_widths(y, peaks, rel_height=0.5, prominence_data=borders)
    samples = np.arange(y.size, dtype=np.float64)
    widths = np.interp(right, samples, positions) - np.interp(left, samples, positions) if peaks.size else np.zeros(0)
    keep = (widths >= min_width) & (widths <= max_width)
    peaks, prominences, widths = peaks[keep], prominences[keep], widths[keep]
    chosen = _separated(y, positions, peaks, distance) if distance > 0 and peaks.size else np.arange(peaks.size)
    if sort != "none":
        order = np.argsort(y[peaks[chosen]] if sort == "ascend" else -y[peaks[chosen]], kind="stable")
        chosen = chosen[order]
    chosen = chosen[:count]
    shape = (1, -1) if row else (-1, 1)
    outs = [to_value(cast_result(y[peaks[chosen]].reshape(shape), cls)),
            to_value(positions[peaks[chosen]].reshape(shape)),
            to_value(widths[chosen].reshape(shape)),
            to_value(cast_result(prominences[chosen].reshape(shape), cls))]
    return outs[0] if nargout <= 1 else tuple(outs[:nargout])


# -- medfilt1 ----------------------------------------------------------------------------------------

@builtin("medfilt1", family="numerical")
def medfilt1(x: Value, *args: Value) -> Value:
    """y = medfilt1(x), medfilt1(x, n), medfilt1(x, n, [], dim), medfilt1(..., nanflag), medfilt1(..., padding)
    One-dimensional median filter.

    Each y(k) is the median of the n samples (n = 3 by default) x(k-(n-1)/2 : k+(n-1)/2) for odd n,
    x(k-n/2 : k+n/2-1) for even n, along the first non-singleton dimension (or dim; the third argument,
    MATLAB's block size, is ignored). padding 'zeropad' (the default) counts samples past the ends as
    zeros, 'truncate' takes the median of the samples there are. nanflag 'includenan' (the default) makes
    a window holding NaN give NaN, 'omitnan' leaves NaN out (NaN where a window holds only NaN). (medfilt1
    is MATLAB's Signal Processing Toolbox function.)

        medfilt1([1 5 2 8 3])    % [1 2 5 3 3]
    """
    rest = list(args)
    flags = []
    while rest and option_text(rest[-1]) is not None:
        flags.append(option_text(rest.pop()).lower())
    nan_flag, padding = "includenan", "zeropad"
    for word in flags:
        if word in ("includenan", "omitnan"):
            nan_flag = word
        elif word in ("zeropad", "truncate"):
            padding = word
        else:
            raise MatlabError("signal:medfilt1:invalidOption", f"Unknown option '{word}': use 'zeropad', 'truncate', "
                              "'includenan' or 'omitnan'.")
    if len(rest) > 3:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    data = _real("medfilt1", x, "x")
    cls = _result_class(x)
    n = 3
    if rest and numeric_array(rest[0], "medfilt1").size:
        orders = integer_values(rest[0], "medfilt1")
        if len(orders) != 1 or orders[0] < 1:
            raise MatlabError("signal:medfilt1:invalidOrder", "The filter order n must be a positive integer scalar.")
        n = orders[0]
    axis = dim_arg(rest[2]) if len(rest) == 3 else first_nonsingleton(data.shape)
    data, axis = along_axis(data, axis)
    moved = np.moveaxis(data, axis, -1)
    length = moved.shape[-1]
    if moved.size == 0:
        return to_value(cast_result(data, cls))
    check_size((moved.size, n))                 # the windows the medians are taken of
    before = n // 2
    after = n - 1 - before
    padded = np.concatenate([np.full(moved.shape[:-1] + (before,), np.nan), moved,
                             np.full(moved.shape[:-1] + (after,), np.nan)], axis=-1)
    inside = np.concatenate([np.zeros(before, bool), np.ones(length, bool), np.zeros(after, bool)])
    windows = np.lib.stride_tricks.sliding_window_view(padded, n, axis=-1)
    real = np.lib.stride_tricks.sliding_window_view(inside, n)            # (length, n): data, not padding
    values = np.where(real, windows, 0.0 if padding == "zeropad" else np.nan)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")         # all-NaN windows: NaN
        out = np.nanmedian(values, axis=-1)
    if nan_flag == "includenan":
        out[np.any(np.isnan(windows) & real, axis=-1)] = np.nan
    return to_value(cast_result(np.moveaxis(out, -1, axis), cls))
