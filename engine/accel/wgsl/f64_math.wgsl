// matfuse f64 math library.
//
// Double-precision elementary functions for WGSL built only from operations that are exact on f64 in
// every Vulkan driver we measured: + - * / sqrt floor round trunc abs, comparisons, select, conversions
// and bitcast<u64> (not even the f64 max/min built-ins). It never calls WGSL's f64 transcendental
// built-ins (wrong on lavapipe; on NVIDIA they lose the device), and never relies on fma() being fused
// (lavapipe evaluates fma as a rounded multiply and add): exact products come from Dekker/Veltkamp
// splitting, which stays exact whether or not a driver contracts.
//
// Every function keeps an intermediate result as a double-double (vec2<f64>: x = high part, y = low
// part) where one rounding would cost accuracy, so results are within 2 ulp of the correctly rounded
// value (measured in tests/accel/test_f64_math.py; the table is in docs/gpu.md).
// Inf, NaN and sign tests read the bits through an OR with an invisible zero (below): Vulkan lets a
// driver assume floats are never Inf or NaN (no SignedZeroInfNanPreserve mode), so it may fold
// `x != x`, or a bit test that it recognises as a class test. Special cases therefore compare bit
// patterns, not floats, wherever Inf or NaN can occur.
// Compilers may also reassociate (lavapipe folds (a + b) - a to b, and merges a constant added to an
// error term with a constant inside it), which would erase the rounding errors that double-double
// arithmetic recovers, so the error-free transformations pass their intermediates and results through
// m64_opaque(): an OR with a zero the compiler cannot see (OR, not XOR: applied twice it still hides).
// That zero is mf_zero from common.wgsl, which every kernel sets from its uniform block with
// mf_init(params.zero) before anything else.
// Requires the shader-f64 and shader-int64 features and common.wgsl. Names start with m64_ or dd_.

const M64_LN2_HI: f64 = 0.6931471805598903;       // ln 2 rounded to 42 bits: k*LN2_HI is exact
const M64_LN2_LO: f64 = 5.497923018708371e-14;
const M64_LN2_HI32: f64 = 6.93147180369123816490e-01;   // ln 2 rounded to 32 bits (fdlibm's ln2_hi)
const M64_LN2_LO32: f64 = 1.90821492927058770002e-10;
const M64_INV_LN2: f64 = 1.4426950408889634;
const M64_PIO2_DD = vec2<f64>(1.5707963267948966, 6.123233995736766e-17);
const M64_PI_DD = vec2<f64>(3.141592653589793, 1.2246467991473532e-16);
const M64_THIRD_DD = vec2<f64>(0.3333333333333333, 1.850371707708594e-17);
const M64_SIXTH_DD = vec2<f64>(0.16666666666666666, 9.25185853854297e-18);
const M64_SQRT2: f64 = 1.4142135623730951;
const M64_PIO4: f64 = 0.7853981633974483;
// pi/2 as a sum of four doubles, the first three of 33 bits: q * part is exact for q < 2^20 (fdlibm's
// pio2_1, pio2_2, pio2_3, pio2_3t), and the tails after the first two (pio2_1t, pio2_2t).
const M64_PIO2_1: f64 = 1.5707963267341256;
const M64_PIO2_2: f64 = 6.077100506303966e-11;
const M64_PIO2_3: f64 = 2.0222662487111665e-21;
const M64_PIO2_4: f64 = 8.4784276603689e-32;
const M64_PIO2_1T: f64 = 6.07710050650619224932e-11;
const M64_PIO2_2T: f64 = 2.02226624879595063154e-21;

// atan(j/8) for j = 0..8 as double-doubles.
const M64_ATAN_TAB = array<vec2<f64>, 9>(
    vec2<f64>(0.0, 0.0),
    vec2<f64>(0.12435499454676144, -3.1253241424539383e-18),
    vec2<f64>(0.24497866312686414, 1.0698755618734451e-17),
    vec2<f64>(0.35877067027057225, -2.4623815582638635e-17),
    vec2<f64>(0.4636476090008061, 2.2698777452961687e-17),
    vec2<f64>(0.5585993153435624, -5.4556305485916264e-18),
    vec2<f64>(0.6435011087932844, 1.5834785051444286e-17),
    vec2<f64>(0.7188299996216245, -2.1478388444456983e-17),
    vec2<f64>(0.7853981633974483, 3.061616997868383e-17));

// ---------------------------------------------------------------- bits and special values

// x unchanged, but opaque to algebraic simplification.
fn m64_opaque(x: f64) -> f64 { return bitcast<f64>(bitcast<u64>(x) | u64(mf_zero)); }

// The bits of x, opaque to the compiler, and the bits of |x| (ordered like |x|, so magnitudes compare
// as integers: 0x7ff0000000000000 is Inf, above it NaN, 0x3ff0000000000000 is 1).
fn m64_bits(x: f64) -> u64 { return bitcast<u64>(x) | u64(mf_zero); }
fn m64_magnitude(x: f64) -> u64 { return m64_bits(x) & 0x7ffffffffffffffflu; }

fn m64_nan() -> f64 { return bitcast<f64>(0x7ff8000000000000lu); }
fn m64_inf() -> f64 { return bitcast<f64>(0x7ff0000000000000lu); }
fn m64_isnan(x: f64) -> bool { return m64_magnitude(x) > 0x7ff0000000000000lu; }
fn m64_isinf(x: f64) -> bool { return m64_magnitude(x) == 0x7ff0000000000000lu; }
fn m64_signbit(x: f64) -> bool { return (m64_bits(x) >> 63u) != 0lu; }

// -x as a flip of the sign bit: keeps the sign of zero, which a driver may drop from a float negation.
fn m64_neg(x: f64) -> f64 { return bitcast<f64>(m64_bits(x) ^ 0x8000000000000000lu); }

fn m64_copysign(x: f64, s: f64) -> f64 {
    let mag = bitcast<u64>(x) & 0x7ffffffffffffffflu;
    return bitcast<f64>(mag | (bitcast<u64>(s) & 0x8000000000000000lu));
}

// 2^k for k in [-1022, 1023].
fn m64_pow2(k: i32) -> f64 { return bitcast<f64>(u64(u32(k + 1023)) << 52u); }

// y * 2^k with one rounding (also into the subnormal range) for k in [-2044, 2046].
fn m64_scale(y: f64, k: i32) -> f64 {
    if (k > 1000) { return y * m64_pow2(k - 1000) * m64_pow2(1000); }
    if (k < -1000) { return y * m64_pow2(k + 1000) * m64_pow2(-1000); }
    return y * m64_pow2(k);
}

// f64(k), exactly, from the bits of 2^52 + 2^31 + k (an integer-to-float conversion is slow on the H100).
fn m64_from_int(k: i32) -> f64 {
    return bitcast<f64>(0x4330000000000000lu | u64(bitcast<u32>(k) ^ 0x80000000u)) - 4503601774854144.0lf;
}

// floor(log2(a)) for finite a > 0, subnormals included.
fn m64_exponent(a: f64) -> i32 {
    if (a < 2.2250738585072014e-308) {
        return i32(u32(bitcast<u64>(a * 18014398509481984.0) >> 52u)) - 1023 - 54;
    }
    return i32(u32(bitcast<u64>(a) >> 52u)) - 1023;
}

// ---------------------------------------------------------------- double-double arithmetic

fn dd_two_sum(a: f64, b: f64) -> vec2<f64> {
    let s = m64_opaque(a + b);
    let bb = m64_opaque(s - a);
    let av = m64_opaque(s - bb);
    return vec2<f64>(s, m64_opaque(m64_opaque(a - av) + m64_opaque(b - bb)));
}

// Requires |a| >= |b| (or a == 0).
fn dd_fast(a: f64, b: f64) -> vec2<f64> {
    let s = m64_opaque(a + b);
    return vec2<f64>(s, m64_opaque(b - m64_opaque(s - a)));
}

// Veltkamp split into two halves of 26 bits; |a| < 2^995.
fn dd_split(a: f64) -> vec2<f64> {
    let c = m64_opaque(134217729.0lf * a);
    let h = m64_opaque(c - m64_opaque(c - a));
    return vec2<f64>(h, m64_opaque(a - h));
}

// Exact product a*b = p.x + p.y (Dekker).
fn dd_two_prod(a: f64, b: f64) -> vec2<f64> {
    let p = m64_opaque(a * b);
    let sa = dd_split(a);
    let sb = dd_split(b);
    let e1 = m64_opaque(sa.x * sb.x - p);
    let e2 = m64_opaque(e1 + sa.x * sb.y);
    let e3 = m64_opaque(e2 + sa.y * sb.x);
    return vec2<f64>(p, m64_opaque(e3 + sa.y * sb.y));
}

fn dd_add(a: vec2<f64>, b: vec2<f64>) -> vec2<f64> {
    let s = dd_two_sum(a.x, b.x);
    return dd_fast(s.x, s.y + a.y + b.y);
}

fn dd_add_f(a: vec2<f64>, b: f64) -> vec2<f64> {
    let s = dd_two_sum(a.x, b);
    return dd_fast(s.x, s.y + a.y);
}

fn dd_mul(a: vec2<f64>, b: vec2<f64>) -> vec2<f64> {
    let p = dd_two_prod(a.x, b.x);
    return dd_fast(p.x, p.y + (a.x * b.y + a.y * b.x));
}

fn dd_mul_f(a: vec2<f64>, b: f64) -> vec2<f64> {
    let p = dd_two_prod(a.x, b);
    return dd_fast(p.x, p.y + a.y * b);
}

// a - p - t, evaluated in this order (a - p.x is exact): each step is opaque, because a driver that
// reassociates it into a.x - (p.x + p.y) loses the low part (NVIDIA's did: pow was off by 1300 ulp).
fn m64_remainder(a: vec2<f64>, p: vec2<f64>, t: f64) -> f64 {
    let r1 = m64_opaque(a.x - p.x);
    let r2 = m64_opaque(r1 - p.y);
    return m64_opaque(r2 + a.y) - t;
}

fn dd_div(a: vec2<f64>, b: vec2<f64>) -> vec2<f64> {
    let q = a.x / b.x;
    let p = dd_two_prod(q, b.x);
    return dd_fast(q, m64_remainder(a, p, q * b.y) / b.x);
}

fn dd_sqrt(a: vec2<f64>) -> vec2<f64> {
    if (a.x <= 0.0lf) { return vec2<f64>(0.0lf, 0.0lf); }
    let s = sqrt(a.x);
    let p = dd_two_prod(s, s);
    return dd_fast(s, m64_remainder(a, p, 0.0lf) / (2.0lf * s));
}

// ---------------------------------------------------------------- exponentials

struct M64Exp { k: i32, em: vec2<f64> }

// round(t) for |t| < 2^51 as the sum t + 1.5 * 2^52 (opaque): the integer is that sum minus the same
// constant (exact), and its two's complement is the sum's low word, so neither a rounding built-in nor
// a float-to-integer conversion is needed (both are slow on the H100).
const M64_ROUNDER: f64 = 6755399441055744.0;
fn m64_rounded(t: f64) -> f64 { return m64_opaque(t + M64_ROUNDER); }
fn m64_rounded_int(rounded: f64) -> i32 { return bitcast<i32>(u32(bitcast<u64>(rounded) & 0xfffffffflu)); }

// e^(zh + zl) = 2^k * (1 + em), |zh| <= 746, em a double-double with |em| < 0.42. The reduced argument
// r = zh - k ln 2 keeps its rounding error as a double-double; the series beyond r is plain double (it
// is at most r^2/2 < 0.061, so its rounding costs below 2^-56 relative to 1 + em, or x 2^-54 relative
// to em itself when k = 0).
fn m64_exp_core(zh: f64, zl: f64) -> M64Exp {
    let rounded = m64_rounded(zh * M64_INV_LN2);
    let kf = rounded - M64_ROUNDER;
    let r = dd_two_sum(m64_opaque(zh - kf * M64_LN2_HI), zl - kf * M64_LN2_LO);
    let x = r.x;
    var q: f64 = 1.1470745597729725e-11;            // Taylor terms 1/14! .. 1/3!
    q = q * x + 1.6059043836821613e-10;
    q = q * x + 2.08767569878681e-09;
    q = q * x + 2.505210838544172e-08;
    q = q * x + 2.755731922398589e-07;
    q = q * x + 2.7557319223985893e-06;
    q = q * x + 2.48015873015873e-05;
    q = q * x + 0.0001984126984126984;
    q = q * x + 0.001388888888888889;
    q = q * x + 0.008333333333333333;
    q = q * x + 0.041666666666666664;
    q = q * x + 0.16666666666666666;
    let tail = m64_opaque(r.y + x * x * (0.5lf + x * q));
    return M64Exp(m64_rounded_int(rounded), dd_fast(x, tail));
}

// e^x rounded once (below 1 ulp), in plain double but for the exact parts: x = k ln 2 + hi - lo with
// k = round(x / ln 2), hi = x - k LN2_HI exact and lo = k LN2_LO; e^(hi - lo) = 1 + hi - lo + r^2 P(r),
// r = hi - lo rounded and P a minimax polynomial of degree 10 on |r| <= ln(2)/2 (2^-59.3 absolute);
// 1 + hi is formed exactly (a fast two-sum: |hi| < 1), the small terms are added to its error and
// the result is rounded once before the scaling by 2^k. A third of the double-double core's operations
// (m64_exp_core, which expm1, pow and the hyperbolic functions keep for their double-double results).
fn m64_exp(x: f64) -> f64 {
    if (m64_isnan(x)) { return x; }
    if (x > 710.0lf) { return m64_inf(); }
    if (x < -746.0lf) { return 0.0lf; }
    let rounded = m64_rounded(x * M64_INV_LN2);
    let kf = rounded - M64_ROUNDER;
    let hi = m64_opaque(x - kf * M64_LN2_HI);
    let lo = kf * M64_LN2_LO;
    let r = hi - lo;
    var p: f64 = 2.091817130916585e-09;
    p = p * r + 2.5105260230519278e-08;
    p = p * r + 2.7557263188176176e-07;
    p = p * r + 2.755725529609744e-06;
    p = p * r + 2.480158733652737e-05;
    p = p * r + 0.00019841269874902947;
    p = p * r + 0.0013888888888879043;
    p = p * r + 0.008333333333326112;
    p = p * r + 0.04166666666666668;
    p = p * r + 0.1666666666666667;
    p = p * r + 0.5lf;
    let t = m64_opaque(1.0lf + hi);
    let e = m64_opaque(hi - m64_opaque(t - 1.0lf));
    let small = m64_opaque(m64_opaque(e - lo) + m64_opaque(r * r) * p);
    return m64_scale(t + small, m64_rounded_int(rounded));
}

// e^x - 1 as a double-double for |x| <= 45.
fn m64_expm1_dd(x: f64) -> vec2<f64> {
    let c = m64_exp_core(x, 0.0lf);
    if (c.k == 0) { return c.em; }
    let t = m64_pow2(c.k);
    return dd_add_f(vec2<f64>(t * c.em.x, t * c.em.y), t - 1.0lf);
}

fn m64_expm1(x: f64) -> f64 {
    if (m64_isnan(x)) { return x; }
    if (x > 40.0lf) { return m64_exp(x); }
    if (x < -40.0lf) { return -1.0lf; }
    if (abs(x) < 5.551115123125783e-17) { return x; }
    return m64_expm1_dd(x).x;
}

// ---------------------------------------------------------------- logarithms

// ln(x) as a double-double for finite x > 0 (relative error about 2^-66).
fn m64_log_dd(xin: f64) -> vec2<f64> {
    var x = xin;
    var k: i32 = 0;
    if (x < 2.2250738585072014e-308) { x = x * 18014398509481984.0lf; k = -54; }
    let b = bitcast<u64>(x);
    k = k + i32(u32(b >> 52u)) - 1023;
    var m = bitcast<f64>((b & 0x000ffffffffffffflu) | 0x3ff0000000000000lu);
    if (m > M64_SQRT2) { m = m * 0.5lf; k = k + 1; }
    // ln(m) = 2 atanh(s), s = f / (2 + f), f = m - 1 exact; s as dd_div would form it, but with the
    // quotients by 2 + f as products with its reciprocal (WGSL's f32 one refined by two Newton steps
    // in f64, within about an ulp): no f64 division, a subroutine on the H100.
    let f = m - 1.0lf;
    let d = dd_two_sum(2.0lf, f);
    var r = f64(1.0 / f32(d.x));
    r = r + r * m64_opaque(1.0lf - d.x * r);
    r = r + r * m64_opaque(1.0lf - d.x * r);
    let q0 = f * r;
    let s = dd_fast(q0, m64_remainder(vec2<f64>(f, 0.0lf), dd_two_prod(q0, d.x), q0 * d.y) * r);
    let z = dd_mul(s, s);
    var q: f64 = 0.034482758620689655;              // 1/29 .. 1/5
    q = q * z.x + 0.037037037037037035;
    q = q * z.x + 0.04;
    q = q * z.x + 0.043478260869565216;
    q = q * z.x + 0.047619047619047616;
    q = q * z.x + 0.05263157894736842;
    q = q * z.x + 0.058823529411764705;
    q = q * z.x + 0.06666666666666667;
    q = q * z.x + 0.07692307692307693;
    q = q * z.x + 0.09090909090909091;
    q = q * z.x + 0.1111111111111111;
    q = q * z.x + 0.14285714285714285;
    q = q * z.x + 0.2;
    let big_q = dd_add(M64_THIRD_DD, dd_mul_f(z, q));
    let w = dd_add_f(dd_mul(z, big_q), 1.0lf);
    let l = dd_mul(s, w) * 2.0lf;
    let kf = f64(k);
    return dd_add(dd_fast(kf * M64_LN2_HI, kf * M64_LN2_LO), l);
}

// fdlibm's R for s = f / (2 + f), |s| < 0.1716: ln(1 + f) = 2s + s R, R a minimax polynomial in s^2 (to
// 2^-58.45; e_log.c's and s_log1p.c's), summed as its two halves in s^4.
fn m64_log_series(s: f64) -> f64 {
    let z = s * s;
    let w = z * z;
    let t1 = w * (3.999999999940941908e-01lf + w * (2.222219843214978396e-01lf + w * 1.531383769920937332e-01lf));
    let t2 = z * (6.666666666666735130e-01lf + w * (2.857142874366239149e-01lf
                  + w * (1.818357216161805012e-01lf + w * 1.479819860511658591e-01lf)));
    return t2 + t1;
}

// ln(x) = k ln 2 + f - hfsq + r for finite x > 0 (no special cases), fdlibm's split (e_log.c, and
// FreeBSD's k_log.h for log2 and log10): x = 2^k (1 + f) with 1 + f in [sqrt(2)/2, sqrt(2)) (fdlibm's
// split of the mantissa bits, f exact), hfsq = f^2/2, s = f / (2 + f) and r = s (hfsq + R), R a minimax
// polynomial in s^2 (to 2^-58.45).
struct M64LogParts { k: f64, f: f64, hfsq: f64, r: f64 }

// s = f / (2 + f) for |f| < 0.42 without f64 division (a subroutine on the H100): WGSL's f32 reciprocal
// (within 2^-21) refined by one Newton step in f64 (2^-42), the quotient corrected once by its
// remainder f - q (2 + f): within about an ulp (correctly rounded where the driver contracts the
// remainder into an fma), which moves the logarithm by at most a fifth of an ulp (s enters it
// multiplied by about f/2).
fn m64_log_ratio(f: f64) -> f64 {
    let d = 2.0lf + f;
    var y = f64(1.0 / f32(d));
    y = y + y * m64_opaque(1.0lf - d * y);
    let q = m64_opaque(f * y);
    return q + y * m64_opaque(f - q * d);
}

fn m64_log_parts(xin: f64) -> M64LogParts {
    var x = xin;
    var k: i32 = 0;
    if (x < 2.2250738585072014e-308) { x = x * 18014398509481984.0lf; k = -54; }
    let b = bitcast<u64>(x);
    let top = u32(b >> 32u) & 0x000fffffu;                   // the mantissa's high 20 bits
    let halve = (top + 0x95f64u) & 0x100000u;                 // mantissa >= 1.4142...: 1 + f = m / 2
    k = k + i32(u32(b >> 52u)) - 1023 + i32(halve >> 20u);
    let m = bitcast<f64>((b & 0x000ffffffffffffflu) | (u64(halve ^ 0x3ff00000u) << 32u));
    let f = m - 1.0lf;
    let s = m64_log_ratio(f);
    let hfsq = 0.5lf * f * f;
    return M64LogParts(m64_from_int(k), f, hfsq, s * (hfsq + m64_log_series(s)));
}

// ln(x) rounded once, for finite x > 0 (no special cases): fdlibm's e_log.c in plain double, error
// below 1 ulp: k ln 2 - ((hfsq - (r + k LN2_LO)) - f) with k ln 2 in a 32-bit head (exact) and a tail,
// in fdlibm's order (each step opaque, so no compiler regroups them; fdlibm's cheaper form for f away
// from the ends of its range is not used: a select would compute both). A quarter of the double-double
// form's time (m64_log_dd, which pow keeps for its 2^-66).
fn m64_log_plain(x: f64) -> f64 {
    let l = m64_log_parts(x);
    let tail = m64_opaque(l.hfsq - m64_opaque(l.r + l.k * M64_LN2_LO32));
    return l.k * M64_LN2_HI32 - m64_opaque(tail - l.f);
}

// log2 or log10 of finite x > 0 as FreeBSD's e_log2.c and e_log10.c compute them, below 1 ulp:
// f - hfsq split into hi (its high 32 bits, so hi * the 33-bit head of 1/ln(b) is exact) and lo, then
// head + k log_b(2) summed by a fast two-sum and every low part added to its error before one rounding.
// inv = 1/ln(b) as a 33-bit head and a tail; base2 = log_b(2) as a head and a tail (log2: 1, 0).
fn m64_log_base(x: f64, inv_hi: f64, inv_lo: f64, base2_hi: f64, base2_lo: f64) -> f64 {
    let l = m64_log_parts(x);
    let hi = bitcast<f64>(bitcast<u64>(m64_opaque(l.f - l.hfsq)) & 0xffffffff00000000lu);
    let lo = m64_opaque(m64_opaque(m64_opaque(l.f - hi) - l.hfsq) + l.r);
    let val_hi = m64_opaque(hi * inv_hi);
    let y = m64_opaque(l.k * base2_hi);
    let w = m64_opaque(y + val_hi);
    let val_lo = m64_opaque(m64_opaque(l.k * base2_lo) + m64_opaque(m64_opaque(m64_opaque(lo + hi) * inv_lo) + lo * inv_hi));
    return m64_opaque(val_lo + m64_opaque(m64_opaque(y - w) + val_hi)) + w;
}

// Special cases shared by the logarithms; returns true with the result in *r when x is not finite > 0.
fn m64_log_special(x: f64, r: ptr<function, f64>) -> bool {
    if (m64_isnan(x)) { *r = x; return true; }
    if (x < 0.0lf) { *r = m64_nan(); return true; }
    if (x == 0.0lf) { *r = -m64_inf(); return true; }
    if (m64_isinf(x)) { *r = x; return true; }
    return false;
}

fn m64_log(x: f64) -> f64 {
    var r: f64;
    if (m64_log_special(x, &r)) { return r; }
    return m64_log_plain(x);
}

fn m64_log2(x: f64) -> f64 {
    var r: f64;
    if (m64_log_special(x, &r)) { return r; }
    return m64_log_base(x, 1.44269504072144627571e+00lf, 1.67517131648865118353e-10lf, 1.0lf, 0.0lf);
}

fn m64_log10(x: f64) -> f64 {
    var r: f64;
    if (m64_log_special(x, &r)) { return r; }
    return m64_log_base(x, 4.34294481878168880939e-01lf, 2.50829467116452752298e-11lf,
                        3.01029995663611771306e-01lf, 3.69423907715893078616e-13lf);
}

// ln(1 + x), fdlibm's s_log1p.c in plain double (error below 1 ulp; a third of the double-double
// form's time in the elementwise chain on the H100): u = 1 + x rounded, u = 2^k (1 + f) with 1 + f in
// [sqrt(2)/2, sqrt(2)), the rounding error c of 1 + x (exact: u - 1 for u < 2, u - x above) entering
// as c / u, and ln(1 + f) = f - (hfsq - s (hfsq + R)) as in m64_log_plain; where 1 + x is within
// [sqrt(2)/2, sqrt(2)) f is x itself (k = 0, no correction). Every step whose order fdlibm's analysis
// assumes is opaque.
fn m64_log1p(x: f64) -> f64 {
    var special: f64;
    if (m64_log_special(x + 1.0lf, &special)) { return select(special, x, m64_isnan(x)); }
    if (abs(x) < 5.551115123125783e-17) { return x; }
    let u = m64_opaque(1.0lf + x);
    let bits = bitcast<u64>(u);
    let top = u32(bits >> 32u);
    let halve = (top & 0x000fffffu) >= 0x6a09eu;              // the mantissa is sqrt(2) or above
    let k = i32(top >> 20u) - 1023 + select(0, 1, halve);
    let m = bitcast<f64>((bits & 0x000ffffffffffffflu) | select(0x3ff0000000000000lu, 0x3fe0000000000000lu, halve));
    let c = select(m64_opaque(x - m64_opaque(u - 1.0lf)), m64_opaque(1.0lf - m64_opaque(u - x)), u >= 2.0lf);
    let f = select(m - 1.0lf, x, k == 0);
    let correction = select(c / u, 0.0lf, k == 0);
    let hfsq = 0.5lf * f * f;
    let s = m64_log_ratio(f);
    let r = m64_log_series(s);
    let dk = m64_from_int(k);
    let tail = m64_opaque(hfsq - m64_opaque(s * (hfsq + r) + m64_opaque(dk * M64_LN2_LO32 + correction)));
    return dk * M64_LN2_HI32 - m64_opaque(tail - f);
}

// ---------------------------------------------------------------- power

// y as an exponent, from its bits (no f64 rounding built-in): 0 not an integer, 1 an even integer, 2 an
// odd one, for the magnitude my of a finite nonzero y.
fn m64_integer_class(my: u64) -> u32 {
    let e = i32(u32(my >> 52u)) - 1023;
    if (e < 0) { return 0u; }
    if (e > 52) { return 1u; }
    let units = u32(52 - e);                               // the bit of 2^0 (for e = 0, the exponent's 1)
    if ((my & ((1lu << units) - 1lu)) != 0lu) { return 0u; }
    return 1u + u32((my >> units) & 1lu);
}

// The special cases of x^y (C99/numpy: x^0 = 1 even for NaN, 1^y = 1, infinities, signed zeros, odd
// integer powers of negative numbers keep the sign; a negative x with a non-integer y gives NaN, where
// MATLAB's result is complex and callers route such inputs to the CPU; x^2, x^1 and x^0.5 exactly).
// Returns true with x^y in *r; else false with the result's sign in *sign, for |x|^y with |x| finite
// and positive, y finite and nonzero.
fn m64_pow_special(x: f64, y: f64, r: ptr<function, f64>, sign: ptr<function, f64>) -> bool {
    let mx = m64_magnitude(x);
    let my = m64_magnitude(y);
    if (my == 0lu || m64_bits(x) == 0x3ff0000000000000lu) { *r = 1.0lf; return true; }
    if (mx > 0x7ff0000000000000lu || my > 0x7ff0000000000000lu) { *r = m64_nan(); return true; }
    let yneg = m64_signbit(y);
    if (my == 0x7ff0000000000000lu) {
        *r = select(select(0.0lf, m64_inf(), (mx > 0x3ff0000000000000lu) != yneg), 1.0lf,
                    mx == 0x3ff0000000000000lu);
        return true;
    }
    let kind = m64_integer_class(my);
    *sign = select(1.0lf, -1.0lf, m64_signbit(x) && kind == 2u);
    if (mx == 0lu || mx == 0x7ff0000000000000lu) {
        *r = m64_copysign(select(0.0lf, m64_inf(), (mx == 0lu) == yneg), *sign);
        return true;
    }
    if (m64_signbit(x) && kind == 0u) { *r = m64_nan(); return true; }
    if (y == 2.0lf) { *r = x * x; return true; }
    if (y == 1.0lf) { *r = x; return true; }
    if (y == 0.5lf) { *r = sqrt(x); return true; }     // only here: f64 sqrt is a subroutine on the H100
    return false;
}

// x^y for real x, y (special cases: m64_pow_special). exp(y * ln|x|) with both the logarithm and the
// product as double-doubles, so the result is accurate even when y ln|x| is near 709.
fn m64_pow(x: f64, y: f64) -> f64 {
    var r: f64;
    var sign: f64;
    if (m64_pow_special(x, y, &r, &sign)) { return r; }
    let l = m64_log_dd(abs(x));
    let zh = y * l.x;
    if (zh > 710.0lf) { return m64_copysign(m64_inf(), sign); }
    if (zh < -746.0lf) { return m64_copysign(0.0lf, sign); }
    let zl = dd_two_prod(y, l.x).y + y * l.y;
    let c = m64_exp_core(zh, zl);
    return m64_copysign(m64_scale(dd_add_f(c.em, 1.0lf).x, c.k), sign);
}

// ---------------------------------------------------------------- trigonometry

struct M64Reduced { y: vec2<f64>, q: i32 }

// Payne-Hanek: ax = q*pi/2 + y with |y| <= pi/4 (y a double-double), for finite ax >= pi/4.
// Exact integer arithmetic on a 192-bit window of 2/pi, so it is correct for every double.
fn m64_rem_pio2(ax: f64) -> M64Reduced {
    let b = bitcast<u64>(ax);
    let ex = i32(u32(b >> 52u)) - 1075;                      // ax = m * 2^ex
    let m = (b & 0x000ffffffffffffflu) | 0x0010000000000000lu;
    let o = u32(ex + 62);                                    // first bit of 2/pi that matters mod 4
    let w = o / 32u;
    let sh = o % 32u;
    var a: array<u32, 6>;                                    // window, least significant limb first
    for (var i = 0u; i < 6u; i = i + 1u) {
        let hi = MF_TWO_OVER_PI[w + 5u - i];
        let lo = MF_TWO_OVER_PI[w + 6u - i];
        a[i] = select((hi << sh) | (lo >> (32u - sh)), hi, sh == 0u);
    }
    let ml = u64(u32(m & 0xfffffffflu));
    let mh = u64(u32(m >> 32u));
    var c: array<u32, 6>;                                    // m * window mod 2^192
    var carry: u64 = 0lu;
    for (var j = 0u; j < 6u; j = j + 1u) {
        let t = u64(a[j]) * ml + carry;
        c[j] = u32(t & 0xfffffffflu);
        carry = t >> 32u;
    }
    carry = 0lu;
    for (var j = 1u; j < 6u; j = j + 1u) {
        let t = u64(c[j]) + u64(a[j - 1u]) * mh + carry;
        c[j] = u32(t & 0xfffffffflu);
        carry = t >> 32u;
    }
    var q = i32(c[5] >> 30u);                                // value = c * 2^-190 (mod 4)
    c[5] = c[5] & 0x3fffffffu;
    let negative = (c[5] & 0x20000000u) != 0u;
    if (negative) {                                          // fraction >= 1/2: take 1 - fraction
        q = q + 1;
        var inc: u64 = 1lu;
        for (var j = 0u; j < 6u; j = j + 1u) {
            let t = u64(~c[j]) + inc;
            c[j] = u32(t & 0xfffffffflu);
            inc = t >> 32u;
        }
        c[5] = c[5] & 0x3fffffffu;
    }
    var f = vec2<f64>(f64(c[5]) * m64_pow2(-30), 0.0lf);
    for (var j = 4; j >= 0; j = j - 1) {
        f = dd_add_f(f, f64(c[j]) * m64_pow2(32 * j - 190));
    }
    var y = dd_mul(f, M64_PIO2_DD);
    if (negative) { y = -y; }
    return M64Reduced(y, q & 3);
}

// sin(y) for |y| <= pi/4, double-double in and out.
fn m64_sin_dd(y: vec2<f64>) -> vec2<f64> {
    let z = y.x * y.x;
    let y3 = dd_mul_f(dd_two_prod(y.x, y.x), y.x);
    let t1 = dd_mul(y3, M64_SIXTH_DD);
    var p: f64 = -8.22063524662433e-18;             // 1/5! - z/7! + ... - z^7/19!
    p = p * z + 2.8114572543455206e-15;
    p = p * z - 7.647163731819816e-13;
    p = p * z + 1.6059043836821613e-10;
    p = p * z - 2.505210838544172e-08;
    p = p * z + 2.7557319223985893e-06;
    p = p * z - 0.0001984126984126984;
    p = p * z + 0.008333333333333333;
    let corr = y.y * (1.0lf - 0.5lf * z) + y3.x * z * p - t1.y;
    let s = dd_two_sum(y.x, -t1.x);
    return dd_fast(s.x, s.y + corr);
}

// cos(y) for |y| <= pi/4, double-double in and out.
fn m64_cos_dd(y: vec2<f64>) -> vec2<f64> {
    let z = y.x * y.x;
    let hz = dd_two_prod(y.x, y.x) * 0.5lf;
    let w = dd_two_sum(1.0lf, -hz.x);
    var p: f64 = -1.5619206968586225e-16;           // 1/4! - z/6! + ... - z^7/18!
    p = p * z + 4.779477332387385e-14;
    p = p * z - 1.1470745597729725e-11;
    p = p * z + 2.08767569878681e-09;
    p = p * z - 2.755731922398589e-07;
    p = p * z + 2.48015873015873e-05;
    p = p * z - 0.001388888888888889;
    p = p * z + 0.041666666666666664;
    return dd_fast(w.x, w.y - hz.y + z * z * p - y.x * y.y);
}

// The biased exponent of x (its bits 52..62).
fn m64_biased_exponent(x: f64) -> i32 { return i32(u32(bitcast<u64>(x) >> 52u) & 0x7ffu); }

// Reduce |x| (finite) to (y, quadrant): arguments below pi/4 pass through; below 2^20 fdlibm's
// e_rem_pio2.c medium case (Cody-Waite with pi/2 in 33-bit parts, so q * part is exact): one step
// gives y as a double-double good to about 2^-85 absolute, a second (2^-118) only where y lost more
// than 16 bits to cancellation, a third (2^-151) where it lost more than 49 (no double comes closer
// than 2^-61 to a multiple of pi/2); Payne-Hanek above.
fn m64_reduce(ax: f64) -> M64Reduced {
    if (ax <= M64_PIO4) { return M64Reduced(vec2<f64>(ax, 0.0lf), 0); }
    if (ax >= 1048576.0lf) { return m64_rem_pio2(ax); }
    let q = round(ax * 0.6366197723675814lf);
    let j = m64_biased_exponent(ax);
    var r = m64_opaque(ax - q * M64_PIO2_1);
    var w = q * M64_PIO2_1T;
    var y = m64_opaque(r - w);
    if (j - m64_biased_exponent(y) > 16) {
        let t = r;
        w = q * M64_PIO2_2;
        r = m64_opaque(t - w);
        w = q * M64_PIO2_2T - m64_opaque(m64_opaque(t - r) - w);
        y = m64_opaque(r - w);
        if (j - m64_biased_exponent(y) > 49) {
            let t3 = r;
            w = q * M64_PIO2_3;
            r = m64_opaque(t3 - w);
            w = q * M64_PIO2_4 - m64_opaque(m64_opaque(t3 - r) - w);
            y = m64_opaque(r - w);
        }
    }
    return M64Reduced(vec2<f64>(y, m64_opaque(m64_opaque(r - y) - w)), i32(q) & 3);
}

// sin(y.x + y.y) for |y| <= pi/4, rounded once: fdlibm's kernel (minimax to 2^-58 relative) in plain
// double, the low part entering through the derivative.
fn m64_sin_kernel(y: vec2<f64>) -> f64 {
    let z = y.x * y.x;
    let v = z * y.x;
    var r: f64 = 1.58969099521155010221e-10;
    r = r * z - 2.50507602534068634195e-08;
    r = r * z + 2.75573137070700676789e-06;
    r = r * z - 1.98412698298579493134e-04;
    r = r * z + 8.33333333332248946124e-03;
    return y.x - m64_opaque((z * (0.5lf * y.y - v * r) - y.y) + v * 1.66666666666666324348e-01);
}

// cos(y.x + y.y) for |y| <= pi/4, rounded once: fdlibm's kernel (minimax to 2^-59.8 absolute), with
// the rounding error of 1 - y^2/2 recovered.
fn m64_cos_kernel(y: vec2<f64>) -> f64 {
    let z = y.x * y.x;
    var r: f64 = -1.13596475577881948265e-11;
    r = r * z + 2.08757232129817482790e-09;
    r = r * z - 2.75573143513906633035e-07;
    r = r * z + 2.48015872894767294178e-05;
    r = r * z - 1.38888888888741095749e-03;
    r = r * z + 4.16666666666666019037e-02;
    let hz = 0.5lf * z;
    let w = m64_opaque(1.0lf - hz);
    let lost = m64_opaque(m64_opaque(1.0lf - w) - hz);
    return w + m64_opaque(lost + (z * z * r - y.x * y.y));
}

// sin (odd = false) or cos (odd = true) of the reduced argument, negated when asked.
fn m64_sin_quadrant(y: vec2<f64>, odd: bool, negative: bool) -> f64 {
    var v: f64;
    if (odd) { v = m64_cos_kernel(y); } else { v = m64_sin_kernel(y); }
    return select(v, -v, negative);
}

fn m64_sin(x: f64) -> f64 {
    if (m64_isnan(x) || m64_isinf(x)) { return m64_nan(); }
    let ax = abs(x);
    if (ax < 1.4901161193847656e-08) { return x; }
    let r = m64_reduce(ax);
    return m64_sin_quadrant(r.y, (r.q & 1) == 1, ((r.q & 2) == 2) != (x < 0.0lf));
}

fn m64_cos(x: f64) -> f64 {
    if (m64_isnan(x) || m64_isinf(x)) { return m64_nan(); }
    let ax = abs(x);
    if (ax < 7.450580596923828e-09) { return 1.0lf; }
    let r = m64_reduce(ax);
    return m64_sin_quadrant(r.y, (r.q & 1) == 0, ((r.q + 1) & 2) == 2);
}

fn m64_tan(x: f64) -> f64 {
    if (m64_isnan(x) || m64_isinf(x)) { return m64_nan(); }
    let ax = abs(x);
    if (ax < 7.450580596923828e-09) { return x; }
    let r = m64_reduce(ax);
    let s = m64_sin_dd(r.y);
    let c = m64_cos_dd(r.y);
    var v: f64;
    if ((r.q & 1) == 0) { v = dd_div(s, c).x; } else { v = -dd_div(c, s).x; }
    return select(v, -v, x < 0.0lf);
}

// ---------------------------------------------------------------- inverse trigonometry

// atan(t) for 0 <= t <= 1 (double-double): atan(j/8) + atan((t - j/8) / (1 + t j/8)).
fn m64_atan_unit(t: vec2<f64>) -> vec2<f64> {
    let j = round(t.x * 8.0lf);
    let c = j * 0.125lf;
    let num = dd_fast(t.x - c, t.y);
    let p = dd_two_prod(t.x, c);
    let den = dd_add_f(dd_fast(p.x, p.y + t.y * c), 1.0lf);
    let v = dd_div(num, den);
    let z = v.x * v.x;
    var q: f64 = 0.058823529411764705;              // -1/3 + z/5 - ... + z^7/17
    q = q * z - 0.06666666666666667;
    q = q * z + 0.07692307692307693;
    q = q * z - 0.09090909090909091;
    q = q * z + 0.1111111111111111;
    q = q * z - 0.14285714285714285;
    q = q * z + 0.2;
    q = q * z - 0.3333333333333333;
    return dd_add(M64_ATAN_TAB[u32(j)], dd_fast(v.x, v.y + v.x * z * q));
}

// atan(t) for t >= 0 (double-double in and out, +Inf allowed).
fn m64_atan_dd(t: vec2<f64>) -> vec2<f64> {
    if (t.x <= 1.0lf) { return m64_atan_unit(t); }
    if (t.x > 1.152921504606847e18) { return dd_add_f(M64_PIO2_DD, -1.0lf / t.x); }
    return dd_add(M64_PIO2_DD, -m64_atan_unit(dd_div(vec2<f64>(1.0lf, 0.0lf), t)));
}

// atan(num / den) in [0, pi/2] for num, den >= 0 (double-doubles, not both zero, |both| < 2^990).
fn m64_atan_ratio(num: vec2<f64>, den: vec2<f64>) -> vec2<f64> {
    if (num.x <= den.x) { return m64_atan_unit(dd_div(num, den)); }
    return dd_add(M64_PIO2_DD, -m64_atan_unit(dd_div(den, num)));
}

fn m64_atan(x: f64) -> f64 {
    if (m64_isnan(x)) { return x; }
    let ax = abs(x);
    if (ax < 7.450580596923828e-09) { return x; }
    return m64_copysign(m64_atan_dd(vec2<f64>(ax, 0.0lf)).x, x);
}

fn m64_atan2(y: f64, x: f64) -> f64 {
    if (m64_isnan(x) || m64_isnan(y)) { return m64_nan(); }
    let ax = abs(x);
    let ay = abs(y);
    let xneg = m64_signbit(x);
    var r: f64;
    if (m64_isinf(x) && m64_isinf(y)) {
        r = select(M64_PIO4, 3.0lf * M64_PIO4, xneg);
    } else if (ay == 0.0lf) {
        r = select(0.0lf, M64_PI_DD.x, xneg);
    } else if (ax == 0.0lf || m64_isinf(y)) {
        r = M64_PIO2_DD.x;
    } else if (m64_isinf(x)) {
        r = select(0.0lf, M64_PI_DD.x, xneg);
    } else if (!xneg && ay < ax * 9.313225746154785e-10) {
        r = ay / ax;                            // atan(t) = t to double precision; one rounding
    } else {
        let e = m64_exponent(select(ax, ay, ay > ax));
        var a = m64_atan_ratio(vec2<f64>(m64_scale(ay, -e), 0.0lf), vec2<f64>(m64_scale(ax, -e), 0.0lf));
        if (xneg) { a = dd_add(M64_PI_DD, -a); }
        r = a.x;
    }
    return m64_copysign(r, y);
}

// sqrt(1 - x^2) as a double-double for 0 <= ax <= 1.
fn m64_cosine_side(ax: f64) -> vec2<f64> {
    let p = dd_two_prod(ax, ax);
    let w = dd_two_sum(1.0lf, -p.x);
    return dd_sqrt(dd_fast(w.x, w.y - p.y));
}

fn m64_asin(x: f64) -> f64 {
    if (m64_isnan(x)) { return x; }
    let ax = abs(x);
    if (ax > 1.0lf) { return m64_nan(); }
    if (ax < 7.450580596923828e-09) { return x; }
    let a = m64_atan_ratio(vec2<f64>(ax, 0.0lf), m64_cosine_side(ax));
    return m64_copysign(a.x, x);
}

fn m64_acos(x: f64) -> f64 {
    if (m64_isnan(x)) { return x; }
    let ax = abs(x);
    if (ax > 1.0lf) { return m64_nan(); }
    var a = m64_atan_ratio(m64_cosine_side(ax), vec2<f64>(ax, 0.0lf));
    if (x < 0.0lf) { a = dd_add(M64_PI_DD, -a); }
    return a.x;
}

// ---------------------------------------------------------------- hyperbolic functions

// (e^ax + sign * e^-ax) / 2 for ax >= 0 via exp_core; sign = 1 (cosh) or -1 (sinh, ax >= 1).
fn m64_exp_pair(ax: f64, sign: f64) -> f64 {
    let c = m64_exp_core(ax, 0.0lf);
    let e = dd_add_f(c.em, 1.0lf);
    if (c.k > 60) { return m64_scale(e.x, c.k - 1); }
    let t = m64_pow2(c.k);
    let big = vec2<f64>(e.x * t, e.y * t);
    let small = dd_div(vec2<f64>(1.0lf, 0.0lf), big);
    return dd_add(big, small * sign).x * 0.5lf;
}

fn m64_sinh(x: f64) -> f64 {
    if (m64_isnan(x)) { return x; }
    let ax = abs(x);
    if (ax < 7.450580596923828e-09) { return x; }
    if (ax > 711.0lf) { return m64_copysign(m64_inf(), x); }
    var r: f64;
    if (ax < 1.0lf) {
        let em = m64_expm1_dd(ax);              // (M + M / (M + 1)) / 2
        r = dd_add(em, dd_div(em, dd_add_f(em, 1.0lf))).x * 0.5lf;
    } else {
        r = m64_exp_pair(ax, -1.0lf);
    }
    return m64_copysign(r, x);
}

fn m64_cosh(x: f64) -> f64 {
    if (m64_isnan(x)) { return x; }
    let ax = abs(x);
    if (ax < 7.450580596923828e-09) { return 1.0lf; }
    if (ax > 711.0lf) { return m64_inf(); }
    return m64_exp_pair(ax, 1.0lf);
}

fn m64_tanh(x: f64) -> f64 {
    if (m64_isnan(x)) { return x; }
    let ax = abs(x);
    if (ax < 7.450580596923828e-09) { return x; }
    if (ax > 22.0lf) { return m64_copysign(1.0lf, x); }
    let em = m64_expm1_dd(2.0lf * ax);          // M / (M + 2)
    return m64_copysign(dd_div(em, dd_add_f(em, 2.0lf)).x, x);
}

fn m64_hypot(x: f64, y: f64) -> f64 {
    let ax = abs(x);
    let ay = abs(y);
    if (m64_isinf(x) || m64_isinf(y)) { return m64_inf(); }
    if (m64_isnan(x) || m64_isnan(y)) { return m64_nan(); }
    let a = select(ax, ay, ay > ax);
    let b = select(ay, ax, ay > ax);
    if (b == 0.0lf) { return a; }
    let e = m64_exponent(a);
    let sa = m64_scale(a, -e);
    let sb = m64_scale(b, -e);
    let r = dd_sqrt(dd_add(dd_two_prod(sa, sa), dd_two_prod(sb, sb)));
    return m64_scale(r.x, e);
}

// ---------------------------------------------------------------- the m64_ names the kernels use

fn m64_sqrt(x: f64) -> f64 { return sqrt(x); }
fn m64_ceil(x: f64) -> f64 { return m64_neg(floor(m64_neg(x))); }

// MATLAB round: halves away from zero.
fn m64_round(x: f64) -> f64 {
    let t = trunc(x);
    return select(t, t + m64_copysign(1.0lf, x), abs(x - t) >= 0.5lf);
}

fn m64_sign(x: f64) -> f64 {
    if (m64_isnan(x)) { return x; }
    return select(select(0.0lf, -1.0lf, x < 0.0lf), 1.0lf, x > 0.0lf);
}

// MATLAB max/min of two values: NaN only when both are NaN.
fn m64_max(a: f64, b: f64) -> f64 {
    if (m64_isnan(a)) { return b; }
    return select(a, b, b > a);
}

fn m64_min(a: f64, b: f64) -> f64 {
    if (m64_isnan(a)) { return b; }
    return select(a, b, b < a);
}
