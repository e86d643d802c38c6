"""Conformance: degree trigonometry, reciprocal trigonometric functions, nthroot, real-only forms, nextpow2.

Expected values were recorded with GNU Octave 7.3 (tests/conformance/record.py); where MATLAB
differs, the case follows MATLAB and a comment says so. Error identifiers and messages are MATLAB's."""
import pytest

from harness import C, D, case, check, inf, nan, num, params

CASES = [
    case('sind_exact',
         'x = [-360 -270 -180 -90 -45 0 30 45 60 90 135 180 270 360 720 Inf NaN]; a = sind(x); b = cosd(x);',
         a=D([0, 1, 0, -1, -0.7071067811865475, 0, 0.49999999999999994, 0.7071067811865475,
              0.8660254037844386, 1, 0.7071067811865476, 0, -1, 0, 0, nan, nan]),
         b=D([1, 0, -1, 0, 0.7071067811865475, 1, 0.8660254037844387, 0.7071067811865476, 0.49999999999999994,
              0, -0.7071067811865476, -1, 0, 1, 1, nan, nan])),
    case('tand_values', 'a = tand([-180 -45 0 30 45 60 135 180 360 Inf]);',
         a=D([0, -0.9999999999999999, 0, 0.5773502691896257, 0.9999999999999999, 1.7320508075688767,
              -1.0000000000000002, 0, 0, nan])),
    case('recip_degrees', 'a = secd([0 60 90]); b = cscd([30 90 180]); c = cotd([45 90]);',
         a=D([1, 2.0000000000000004, inf]), b=D([2.0000000000000004, 1, inf]), c=D([1.0000000000000002, 0])),
    case('inverse_degrees',
         'a = asind(0.5); b = acosd([0.5 2]); c = atand([1 Inf]); d = asecd(2); e = acscd(2); '
         'f = acotd([1 0]);', a=D(30.000000000000004),
         b=D([complex(60.00000000000001, 0), complex(0, 75.4561292902169)]), c=D([45, 90]),
         d=D(60.00000000000001), e=D(30.000000000000004), f=D([45, 90])),
    case('atan2d_values', 'a = atan2d([1 1 -1 0], [-1 1 -1 -1]);', a=D([135, 45, -135, 180])),
    case('sind_single_complex', 'a = sind(single(30)); c = class(a); d = sind(30+1i);', a=num('single', 0.5),
         c=C('single'), d=D(complex(0.5000761562881281, 0.015115762095420825))),
    case('recip_radians',
         'a = sec([0 1]); b = csc(1); c = cot(1); d = sech(1); e = csch(1); f = coth([0 1]);',
         a=D([1, 1.8508157176809255]), b=D(1.1883951057781212), c=D(0.6420926159343306),
         d=D(0.6480542736638855), e=D(0.8509181282393216), f=D([inf, 1.3130352854993315])),
    case('inverse_recip',
         'a = asec([2 0.5]); b = acsc(2); c = acot([0 1]); d = asech([0.5 2]); e = acsch([0 1]); '
         'f = acoth([2 0.5]);', a=D([complex(1.0471975511965979, 0), complex(0, 1.3169578969248166)]),
         b=D(0.5235987755982989), c=D([1.5707963267948966, 0.7853981633974483]),
         d=D([complex(1.3169578969248166, 0), complex(0, 1.0471975511965976)]), e=D([inf, 0.881373587019543]),
         f=D([complex(0.5493061443340548, 0), complex(0.5493061443340549, 1.5707963267948966)])),
    case('deg_rad', 'a = deg2rad([180 90]); b = rad2deg(pi/6); c = class(deg2rad(single(1)));',
         a=D([3.141592653589793, 1.5707963267948966]), b=D(29.999999999999996), c=C('single')),
    case('nthroot_values',
         'a = nthroot([16 -8 0 Inf -Inf 2], 3); b = nthroot(16, 4); c = nthroot(2, 0.5); d = nthroot(-0, 3);',
         a=D([2.519842099789747, -2, 0, inf, -inf, 1.2599210498948734]), b=D(2), c=D(4), d=D(0)),
    case('real_forms',
         'a = realsqrt([4 0]); b = reallog([1 0]); c = realpow(2, [3 0.5]); d = realpow(-2, 3);', a=D([2, 0]),
         b=D([0, -inf]), c=D([8, 1.4142135623730951]), d=D(-8)),
    case('nextpow2_values',
         'a = nextpow2([0 1 1023 1024 -5 0.3 Inf NaN]); b = nextpow2(single(5)); c = class(b);',
         a=D([0, 0, 10, 10, 3, -1, inf, nan]), b=num('single', 3), c=C('single')),
    # MATLAB: tand(90) is Inf, and the poles take the sign of sind (-Inf at -90 and 270); Octave gives Inf.
    case('tand_poles', 'a = tand([90 -90 270 450]);', a=D([inf, -inf, -inf, inf])),
    # MATLAB's nthroot refines by a Newton step: -3 exactly (Octave: -3.0000000000000004).
    case('nthroot_exact', 'a = nthroot(-27, 3); b = nthroot([-27 16], [3 4]);', a=D(-3), b=D([-3, 2])),
    case('nthroot_even_negative', 'a = nthroot(-16, 4);',
         error=('MATLAB:nthroot:negXNotOddIntN', 'If X is negative, N must be an odd integer.')),
    case('realsqrt_negative', 'a = realsqrt(-1);',
         error=('MATLAB:realsqrt:complexResult', 'Realsqrt produced complex result.')),
    case('reallog_negative', 'a = reallog([1 -1]);',
         error=('MATLAB:reallog:complexResult', 'Reallog produced complex result.')),
    case('realpow_complex', 'a = realpow(-8, 1/3);',
         error=('MATLAB:realpow:complexResult', 'Realpow produced complex result.')),
    # MATLAB keeps the integer class in nextpow2 (Octave returns double).
    case('nextpow2_integer', 'a = nextpow2(int8([100 -5 0]));', a=num('int8', [7, 3, 0])),
    case('deg2rad_integer', 'a = deg2rad(int8(1));',
         error=('MATLAB:deg2rad:nonFloatInput', 'Input must be floating point.')),
    case('sind_integer', 'a = sind(int8(1));',
         error=('MATLAB:UndefinedFunction', "Check for incorrect argument data type or missing argument in "
                                            "call to function 'sind'.")),
    case('sind_matrix_expansion', 'a = atan2d([1; -1], [1 -1]);', a=D([45, -45, 135, -135], (2, 2))),
    case('pow2_forms', 'a = pow2([1 -1 0.5]); b = pow2([0.5 0.75], [2 3]);',
         a=D([2, 0.5, 1.4142135623730951]), b=D([2, 6])),
    # heaviside (Symbolic Math Toolbox, numeric input; FEM programs of the corpus): 1/2 at the origin
    case('heaviside_values', "a = heaviside([-2 -0 0 3 NaN -Inf Inf]); b = class(heaviside(single(1))); c = heaviside(true);",
         a=D([0, 0.5, 0.5, 1, nan, 0, 1]), b=C('single'), c=D(1)),
    case('heaviside_complex', "y = heaviside(1i);", error=('MATLAB:heaviside:complexInput', 'Input must be real.')),
    # Octave 7 has no sinpi/cospi; MATLAB's exact values at multiples of 1/2.
    case('sinpi_cospi_exact',
         'a = sinpi([0 0.5 1 1.5 2 -0.5]); b = cospi([0 0.5 1 1.5]); c = class(sinpi(single(1)));',
         a=D([0, 1, 0, -1, 0, -1]), b=D([1, 0, -1, 0]), c=C('single')),
    # round(X, N, 'significant') and integer X with N < 0: MATLAB only (Octave 7's round takes one argument).
    case('round_significant',
         "a = round(863178137, 2, 'significant'); b = round([0.0012345 -2.5e-7 0 Inf], 3, 'significant'); "
         "c = round(-2.5e-7, 1, 'significant'); d = round(single(pi), 3, 'significant');",
         a=D(860000000), b=D([0.00123, -2.5e-07, 0, inf]), c=D(-3e-07), d=num('single', 3.140000104904175)),
    case('round_integer_negative_digits',
         'a = round(int32(863178137), -2); b = round(int8(-125), -1); c = round(int8(5), 2);',
         a=num('int32', 863178100), b=num('int8', -128), c=num('int8', 5)),
    case('round_bad_type', "a = round(pi, 2, 'sig');",
         error=('MATLAB:round:unsupportedType', "Type must be 'decimals' or 'significant'.")),
    case('cart2pol_forms', '[th, r] = cart2pol([1 -1], [1 0]); [th2, r2, z2] = cart2pol(1, 1, 5);',
         th=D([0.7853981633974483, 3.141592653589793]), r=D([1.4142135623730951, 1]),
         th2=D(0.7853981633974483), r2=D(1.4142135623730951), z2=D(5)),
    case('pol2cart_forms', '[x, y] = pol2cart(pi/4, 2); [x3, y3, z3] = pol2cart([0 pi], [1 2], [3 4]);',
         x=D(1.4142135623730951), y=D(1.414213562373095), x3=D([1, -2]), y3=D([0, 2.4492935982947064e-16]),
         z3=D([3, 4])),
    case('spherical_forms', '[az, el, rr] = cart2sph(1, 1, 1); [xs, ys, zs] = sph2cart(pi/4, pi/6, 2);',
         az=D(0.7853981633974483), el=D(0.6154797086703873), rr=D(1.7320508075688772),
         xs=D(1.2247448713915892), ys=D(1.224744871391589), zs=D(0.9999999999999999)),
    # MATLAB's cart2pol is atan2 and hypot, which expand a column against a row (Octave 7 rejects it).
    case('cart2pol_expand', 'q = cart2pol([1; 2], [1 2]);',
         q=D([0.7853981633974483, 0.4636476090008061, 1.1071487177940904, 0.7853981633974483], (2, 2))),
]


@pytest.mark.parametrize("c", params(CASES))
def test_elemfun(session, c):
    check(session, c)
