// matfuse f32 math library.
//
// Single-precision elementary functions computed in f32 arithmetic on every adapter, with or without
// shader-f64, within 2 ulp of the correctly rounded single result (measured: docs/gpu.md). It is the
// f64 library's design at half the width: float-float values (vec2<f32>: x = high part, y = low part)
// where one rounding would cost accuracy, exact products by Veltkamp splitting (never fma, which
// lavapipe evaluates as a rounded multiply and add), and every error-free transformation and Inf/NaN
// test passed through the opaque zero of common.wgsl, so that no compiler folds a class test or
// reassociates an error term away (f64_math.wgsl's header says why). WGSL's f32 transcendental
// built-ins are never called: lavapipe's `log` near 1 is off by 3e-4 relative, `sin` of large arguments
// is garbage, and WGSL lets `/` and `sqrt` be 2.5 ulp off (the H100's are), so the few divisions and
// square roots whose rounding reaches a result are corrected by their remainders.
// Only u32 integer arithmetic is used (no shader-int64). Names start with m32_ or ff_.

const M32_LN2_HI: f32 = 0.693145751953125;         // ln 2 to 16 bits: k * LN2_HI is exact for |k| < 256
const M32_LN2_LO: f32 = 1.428606765330187e-06;
const M32_INV_LN2: f32 = 1.4426950216293335;
const M32_INVLN2_FF = vec2<f32>(1.4426950216293335, 1.925963033500011e-08);
const M32_INVLN10_FF = vec2<f32>(0.4342944920063019, -1.0103049952192578e-08);
const M32_PIO2_FF = vec2<f32>(1.5707963705062866, -4.371138828673793e-08);
const M32_PI_FF = vec2<f32>(3.1415927410125732, -8.742277657347586e-08);
const M32_THIRD_FF = vec2<f32>(0.3333333432674408, -9.934107758624577e-09);
const M32_SIXTH_FF = vec2<f32>(0.1666666716337204, -4.967053879312289e-09);
const M32_SQRT2: f32 = 1.4142135623730951;
const M32_PIO4: f32 = 0.7853981633974483;
const M32_TWO_OVER_PI: f32 = 0.6366197723675814;
// pi/2 as a sum of four floats for q <= 32: its bits to 2^-18, 2^-19 .. 2^-24 (6 bits), 2^-25 .. 2^-43
// (18 bits), the rest; q times each of the first three is exact.
const M32_PIO2_A: f32 = 1.5707931518554688;
const M32_PIO2_B: f32 = 3.159046173095703e-06;
const M32_PIO2_C: f32 = 1.5893192539806478e-08;
const M32_PIO2_D: f32 = 6.223372171896613e-14;
// pi/2 as a sum of five floats, the first four of 13 bits: q * part is exact for q < 2^11.
const M32_PIO2_1: f32 = 1.570556640625;
const M32_PIO2_2: f32 = 0.0002396702766418457;
const M32_PIO2_3: f32 = 1.5890691429376602e-08;
const M32_PIO2_4: f32 = 2.5632829192545614e-12;
const M32_PIO2_5: f32 = 6.123234262925839e-17;

// atan(j/8) for j = 0..8 as float-floats.
const M32_ATAN_TAB = array<vec2<f32>, 9>(
    vec2<f32>(0.0, 0.0),
    vec2<f32>(0.12435499578714371, -1.240382241363136e-09),
    vec2<f32>(0.244978666305542, -3.1786777654474463e-09),
    vec2<f32>(0.3587706685066223, 1.7639498750554594e-09),
    vec2<f32>(0.46364760398864746, 5.01215868808913e-09),
    vec2<f32>(0.5585992932319641, 2.2111597886009804e-08),
    vec2<f32>(0.6435011029243469, 5.868937336117597e-09),
    vec2<f32>(0.7188299894332886, 1.0188335508587443e-08),
    vec2<f32>(0.7853981852531433, -2.1855694143368964e-08));

// ---------------------------------------------------------------- scaling

// 2^k for k in [-126, 127].
fn m32_pow2(k: i32) -> f32 { return bitcast<f32>(u32(k + 127) << 23u); }

// y * 2^k with one rounding (also into the subnormal range) for k in [-246, 247].
fn m32_scale(y: f32, k: i32) -> f32 {
    if (k > 120) { return m32_opaque(y * m32_pow2(120)) * m32_pow2(k - 120); }
    if (k < -120) { return m32_opaque(y * m32_pow2(-120)) * m32_pow2(k + 120); }
    return y * m32_pow2(k);
}

// floor(log2(a)) for finite a > 0, subnormals included.
fn m32_exponent(a: f32) -> i32 {
    if (a < 1.1754943508222875e-38) { return i32(bitcast<u32>(a * 16777216.0) >> 23u) - 127 - 24; }
    return i32(bitcast<u32>(a) >> 23u) - 127;
}

// ---------------------------------------------------------------- float-float arithmetic

fn ff_two_sum(a: f32, b: f32) -> vec2<f32> {
    let s = m32_opaque(a + b);
    let bb = m32_opaque(s - a);
    let av = m32_opaque(s - bb);
    return vec2<f32>(s, m32_opaque(m32_opaque(a - av) + m32_opaque(b - bb)));
}

// Requires |a| >= |b| (or a == 0).
fn ff_fast(a: f32, b: f32) -> vec2<f32> {
    let s = m32_opaque(a + b);
    return vec2<f32>(s, m32_opaque(b - m32_opaque(s - a)));
}

// Veltkamp split into two halves of 12 bits; |a| < 2^115.
fn ff_split(a: f32) -> vec2<f32> {
    let c = m32_opaque(4097.0 * a);
    let h = m32_opaque(c - m32_opaque(c - a));
    return vec2<f32>(h, m32_opaque(a - h));
}

// Exact product a*b = p.x + p.y (Dekker).
fn ff_two_prod(a: f32, b: f32) -> vec2<f32> {
    let p = m32_opaque(a * b);
    let sa = ff_split(a);
    let sb = ff_split(b);
    let e1 = m32_opaque(sa.x * sb.x - p);
    let e2 = m32_opaque(e1 + sa.x * sb.y);
    let e3 = m32_opaque(e2 + sa.y * sb.x);
    return vec2<f32>(p, m32_opaque(e3 + sa.y * sb.y));
}

fn ff_add(a: vec2<f32>, b: vec2<f32>) -> vec2<f32> {
    let s = ff_two_sum(a.x, b.x);
    return ff_fast(s.x, s.y + a.y + b.y);
}

fn ff_add_f(a: vec2<f32>, b: f32) -> vec2<f32> {
    let s = ff_two_sum(a.x, b);
    return ff_fast(s.x, s.y + a.y);
}

fn ff_mul(a: vec2<f32>, b: vec2<f32>) -> vec2<f32> {
    let p = ff_two_prod(a.x, b.x);
    return ff_fast(p.x, p.y + (a.x * b.y + a.y * b.x));
}

fn ff_mul_f(a: vec2<f32>, b: f32) -> vec2<f32> {
    let p = ff_two_prod(a.x, b);
    return ff_fast(p.x, p.y + a.y * b);
}

// a - p - t in this order (a - p.x is exact), each step opaque (the f64 library's remainder says why).
fn m32_remainder(a: vec2<f32>, p: vec2<f32>, t: f32) -> f32 {
    let r1 = m32_opaque(a.x - p.x);
    let r2 = m32_opaque(r1 - p.y);
    return m32_opaque(r2 + a.y) - t;
}

// The first quotient may be 2.5 ulp off (WGSL's bound for f32 division); the remainder corrects it.
fn ff_div(a: vec2<f32>, b: vec2<f32>) -> vec2<f32> {
    let q = a.x / b.x;
    let p = ff_two_prod(q, b.x);
    return ff_fast(q, m32_remainder(a, p, q * b.y) / b.x);
}

fn ff_sqrt(a: vec2<f32>) -> vec2<f32> {
    if (a.x <= 0.0) { return vec2<f32>(0.0, 0.0); }
    let s = sqrt(a.x);
    let p = ff_two_prod(s, s);
    return ff_fast(s, m32_remainder(a, p, 0.0) / (2.0 * s));
}

// ---------------------------------------------------------------- exponentials

struct M32Exp { k: i32, em: vec2<f32> }

// round(t) for |t| < 2^22 as the opaque sum t + 1.5 * 2^23; the integer is that sum minus the constant,
// and its bits minus the constant's bits (as for f64: no rounding built-in, no conversion).
const M32_ROUNDER: f32 = 12582912.0;
fn m32_rounded(t: f32) -> f32 { return m32_opaque(t + M32_ROUNDER); }
fn m32_rounded_int(rounded: f32) -> i32 { return bitcast<i32>(bitcast<u32>(rounded) - 0x4b400000u); }

// e^(zh + zl) = 2^k * (1 + em), |zh| <= 104, em a float-float with |em| < 0.42. The reduced argument
// r = zh - k ln 2 keeps its rounding error as a float-float; the series beyond r is plain single (at
// most r^2/2 < 0.061, so its rounding costs below 0.2 ulp of 1 + em, or 0.6 ulp of em when k = 0).
fn m32_exp_core(zh: f32, zl: f32) -> M32Exp {
    let rounded = m32_rounded(zh * M32_INV_LN2);
    let kf = rounded - M32_ROUNDER;
    let r = ff_two_sum(m32_opaque(zh - kf * M32_LN2_HI), zl - kf * M32_LN2_LO);
    let x = r.x;
    var q: f32 = 2.4801587642286904e-05;             // Taylor terms 1/8! .. 1/3!
    q = q * x + 0.00019841270113829523;
    q = q * x + 0.0013888889225199819;
    q = q * x + 0.008333333767950535;
    q = q * x + 0.0416666679084301;
    q = q * x + 0.1666666716337204;
    let tail = m32_opaque(r.y + x * x * (0.5 + x * q));
    return M32Exp(m32_rounded_int(rounded), ff_fast(x, tail));
}

// e^x in plain single (below 1.1 ulp): x = k ln 2 + r, r = (x - k LN2_HI) - k LN2_LO (the first
// difference exact, r rounded once: 2^-26 absolute, 0.25 ulp of e^r), e^r = 1 + (r + r^2 P(r)) with P
// a minimax polynomial of degree 5 on |r| <= ln(2)/2 (2^-29.4 absolute), the sum r + r^2 P rounded
// once (below 0.25 ulp) and 1 + that once more (0.5 ulp), then 2^k.
fn m32_exp(x: f32) -> f32 {
    if (m32_isnan(x)) { return x; }
    if (x > 89.0) { return m32_inf(); }
    if (x < -104.0) { return 0.0; }
    let rounded = m32_rounded(x * M32_INV_LN2);
    let kf = rounded - M32_ROUNDER;
    let r = m32_opaque(x - kf * M32_LN2_HI) - kf * M32_LN2_LO;
    var p: f32 = 0.00019900444021914154;
    p = p * r + 0.0013934544986113906;
    p = p * r + 0.008333297446370125;
    p = p * r + 0.04166645556688309;
    p = p * r + 0.1666666716337204;
    p = p * r + 0.5;
    return m32_scale(1.0 + m32_opaque(r + r * r * p), m32_rounded_int(rounded));
}

// e^x - 1 as a float-float for -18 <= x <= 20.
fn m32_expm1_ff(x: f32) -> vec2<f32> {
    let c = m32_exp_core(x, 0.0);
    if (c.k == 0) { return c.em; }
    let t = m32_pow2(c.k);
    return ff_add(vec2<f32>(t * c.em.x, t * c.em.y), ff_two_sum(t, -1.0));
}

fn m32_expm1(x: f32) -> f32 {
    if (m32_isnan(x)) { return x; }
    if (x > 20.0) { return m32_exp(x); }
    if (x < -18.0) { return -1.0; }
    if (abs(x) < 2.9802322387695312e-08) { return x; }
    return m32_expm1_ff(x).x;
}

// ---------------------------------------------------------------- logarithms

// ln(x) as a float-float for finite x > 0 (relative error about 2^-34).
fn m32_log_ff(xin: f32) -> vec2<f32> {
    var x = xin;
    var k: i32 = 0;
    if (x < 1.1754943508222875e-38) { x = x * 16777216.0; k = -24; }
    let b = bitcast<u32>(x);
    k = k + i32(b >> 23u) - 127;
    var m = bitcast<f32>((b & 0x007fffffu) | 0x3f800000u);
    if (m > M32_SQRT2) { m = m * 0.5; k = k + 1; }
    // ln(m) = 2 atanh(s), s = f / (2 + f), f = m - 1 exact.
    let f = m - 1.0;
    let s = ff_div(vec2<f32>(f, 0.0), ff_two_sum(2.0, f));
    let z = ff_mul(s, s);
    var q: f32 = 0.07692307978868484;                // 1/13 .. 1/5
    q = q * z.x + 0.09090909361839294;
    q = q * z.x + 0.1111111119389534;
    q = q * z.x + 0.1428571492433548;
    q = q * z.x + 0.20000000298023224;
    let big_q = ff_add(M32_THIRD_FF, ff_mul_f(z, q));
    let w = ff_add_f(ff_mul(z, big_q), 1.0);
    let l = ff_mul(s, w) * 2.0;
    let kf = f32(k);
    return ff_add(ff_fast(kf * M32_LN2_HI, kf * M32_LN2_LO), l);
}

// Special cases shared by the logarithms; returns true with the result in *r when x is not finite > 0.
fn m32_log_special(x: f32, r: ptr<function, f32>) -> bool {
    if (m32_isnan(x)) { *r = x; return true; }
    if (x < 0.0) { *r = m32_nan(); return true; }
    if (x == 0.0) { *r = -m32_inf(); return true; }
    if (m32_isinf(x)) { *r = x; return true; }
    return false;
}

// ln(1 + f) - f = -f^2/2 + f^3 Q(f) for |f| <= 1/3, Q of degree 7 fitted to the relative error of
// ln(1 + f) on [-1/3, 1/3] (f + this tail within 0.41 ulp of ln(1 + f) before its rounding, in a numpy
// emulation of the single operations over 2 million f; of degree 6, 0.79 ulp, log2 and log10 reached
// 2 ulp).
fn m32_log_tail(f: f32) -> f32 {
    var q: f32 = -0.12891614437103271;
    q = q * f + 0.13984480500221252;
    q = q * f - 0.12184274941682816;
    q = q * f + 0.14005860686302185;
    q = q * f - 0.16680486500263214;
    q = q * f + 0.20010405778884888;
    q = q * f - 0.24999797344207764;
    q = q * f + 0.3333321511745453;
    return (f * f) * (f * q - 0.5);
}

// k ln 2 + ln(1 + f) + small for |f| <= 1/3, rounded once, in plain single but for one fast two-sum:
// k ln 2 (a 16-bit head, so k * head is exact for |k| < 256) and f summed exactly (|k LN2_HI| >= 0.69 >
// |f| where k is not 0; where it is, the head is 0 and the sum f), the tail and the small terms added
// to its error, one rounding at the end (below 1 ulp).
fn m32_log_core(k: i32, f: f32, small: f32) -> f32 {
    let kf = f32(k);
    let head = ff_fast(kf * M32_LN2_HI, f);
    return head.x + m32_opaque(head.y + (m32_log_tail(f) + (kf * M32_LN2_LO + small)));
}

// The exponent bits of u / (2/3) for a normal u > 0: u = 2^k m with m in [2/3, 4/3) is
// bitcast(bits(u) - e) * 2^k, k = e >> 23 (so m - 1 is exact).
fn m32_log_split(u: f32) -> u32 { return (bitcast<u32>(u) - 0x3f2aaaabu) & 0xff800000u; }

// x = 2^k (1 + f) for finite x > 0 (subnormals scaled first), m = 1 + f in [2/3, 4/3), f exact.
struct M32LogParts { k: i32, f: f32 }

fn m32_log_parts(x: f32) -> M32LogParts {
    let subnormal = x < 1.1754943508222875e-38;
    let u = select(x, x * 16777216.0, subnormal);
    let e = m32_log_split(u);
    let m = bitcast<f32>(bitcast<u32>(u) - e);
    return M32LogParts((i32(e) >> 23u) - select(0, 24, subnormal), m - 1.0);
}

// ln(x): m32_log_core of x's parts (a quarter of the float-float form's time, m32_log_ff, which pow
// keeps for its 2^-34).
fn m32_log(x: f32) -> f32 {
    var special: f32;
    if (m32_log_special(x, &special)) { return special; }
    let l = m32_log_parts(x);
    return m32_log_core(l.k, l.f, 0.0);
}

// log_b(x) for finite x > 0 in plain single but for its exact parts: k log_b(2) with a 12-bit head
// (k * head exact), f / ln(b) as f times the head of 1/ln(b) by an exact product, the two heads
// summed by a fast two-sum (|k log_b 2| >= |f / ln b| wherever k is not 0), the tail of ln(1 + f),
// f times the tail of 1/ln(b) and k times that of log_b(2) added to its error before one rounding.
fn m32_log_base(x: f32, inv: vec2<f32>, base2: vec2<f32>) -> f32 {
    let l = m32_log_parts(x);
    let kf = f32(l.k);
    let p = ff_two_prod(l.f, inv.x);
    let head = ff_fast(kf * base2.x, p.x);
    let low = p.y + (l.f * inv.y + (m32_log_tail(l.f) * inv.x + kf * base2.y));
    return head.x + m32_opaque(head.y + low);
}

fn m32_log2(x: f32) -> f32 {
    var r: f32;
    if (m32_log_special(x, &r)) { return r; }
    return m32_log_base(x, M32_INVLN2_FF, vec2<f32>(1.0, 0.0));
}

fn m32_log10(x: f32) -> f32 {
    var r: f32;
    if (m32_log_special(x, &r)) { return r; }
    return m32_log_base(x, M32_INVLN10_FF, vec2<f32>(0.301025390625, 4.605038981e-06));
}

// ln(1 + x): u = 1 + x rounded, u = 2^k m as in m32_log, f = m - 1, or x itself where k = 0; the
// rounding error c of 1 + x (exact by a fast two-sum, the addend of larger magnitude first) enters as
// c / u; then m32_log_core. Arguments outside (-1, Inf) are told by one test of x's bits.
fn m32_log1p(x: f32) -> f32 {
    let b = m32_bits(x);
    if (b >= 0x7f800000u && b - 0x80000000u >= 0x3f800000u) {          // NaN, Inf, x <= -1
        if (m32_isnan(x) || x > 0.0) { return x; }
        return select(m32_nan(), -m32_inf(), x == -1.0);
    }
    if (abs(x) < 2.9802322387695312e-08) { return x; }
    let u = m32_opaque(1.0 + x);
    let e = m32_log_split(u);
    let k = i32(e) >> 23u;
    let big = x > 1.0;
    let c = m32_opaque(select(x, 1.0, big) - m32_opaque(u - select(1.0, x, big)));
    let f = select(bitcast<f32>(bitcast<u32>(u) - e) - 1.0, x, k == 0);
    return m32_log_core(k, f, select(c / u, 0.0, k == 0));
}

// ---------------------------------------------------------------- power

// y as an exponent, from its bits (m64_integer_class in single): 0 not an integer, 1 an even integer, 2
// an odd one, for the magnitude my of a finite nonzero y.
fn m32_integer_class(my: u32) -> u32 {
    let e = i32(my >> 23u) - 127;
    if (e < 0) { return 0u; }
    if (e > 23) { return 1u; }
    let units = u32(23 - e);                               // the bit of 2^0 (for e = 0, the exponent's 1)
    if ((my & ((1u << units) - 1u)) != 0u) { return 0u; }
    return 1u + ((my >> units) & 1u);
}

// The special cases of x^y, m64_pow_special's in single (C99/numpy: x^0 = 1 even for NaN, 1^y = 1,
// infinities, signed zeros, odd integer powers of negative numbers keep the sign; a negative x with a
// non-integer y gives NaN, where MATLAB's result is complex and callers route such inputs to the CPU;
// x^2 and x^1 exactly), tested on the bits (magnitudes compare as integers: 0x7f800000 is Inf,
// 0x3f800000 is 1). Returns true with x^y in *r; else false with the result's sign in *sign, for |x|^y
// with |x| finite and positive, y finite and nonzero.
fn m32_pow_special(x: f32, y: f32, r: ptr<function, f32>, sign: ptr<function, f32>) -> bool {
    let mx = m32_bits(x) & 0x7fffffffu;
    let my = m32_bits(y) & 0x7fffffffu;
    if (my == 0u || m32_bits(x) == 0x3f800000u) { *r = 1.0; return true; }
    if (mx > 0x7f800000u || my > 0x7f800000u) { *r = m32_nan(); return true; }
    let yneg = (m32_bits(y) >> 31u) != 0u;
    let xneg = (m32_bits(x) >> 31u) != 0u;
    if (my == 0x7f800000u) {
        *r = select(select(0.0, m32_inf(), (mx > 0x3f800000u) != yneg), 1.0, mx == 0x3f800000u);
        return true;
    }
    var kind = 1u;                                         // y's class matters only where x < 0
    if (xneg) { kind = m32_integer_class(my); }
    *sign = select(1.0, -1.0, kind == 2u);
    if (mx == 0u || mx == 0x7f800000u) {
        *r = m32_copysign(select(0.0, m32_inf(), (mx == 0u) == yneg), *sign);
        return true;
    }
    if (kind == 0u) { *r = m32_nan(); return true; }
    if (y == 2.0) { *r = x * x; return true; }
    if (y == 1.0) { *r = x; return true; }
    return false;
}

// x^y in f32 arithmetic (special cases: m32_pow_special), the logarithm and y ln|x| as float-floats:
// single pow (m32_pow) on adapters without shader-f64 (rounded_ops_f32.wgsl); with it, rounded_ops.wgsl
// computes single pow in f64.
fn m32_pow_ff(x: f32, y: f32) -> f32 {
    var special: f32;
    var sign: f32;
    if (m32_pow_special(x, y, &special, &sign)) { return special; }
    let l = m32_log_ff(bitcast<f32>(m32_bits(x) & 0x7fffffffu));
    if (y * l.x > 89.0) { return m32_copysign(m32_inf(), sign); }
    if (y * l.x < -104.0) { return m32_copysign(0.0, sign); }
    let z = ff_two_prod(y, l.x);                       // |y| < 2^31 here, so the split is exact
    let c = m32_exp_core(z.x, z.y + y * l.y);
    return m32_copysign(m32_scale(ff_add_f(c.em, 1.0).x, c.k), sign);
}

// ---------------------------------------------------------------- trigonometry

struct M32Reduced { y: vec2<f32>, q: i32 }

// Bits p .. p+15 of the 2/pi table (bit 0 is the top bit of its first word).
fn m32_two_over_pi_bits(p: u32) -> u32 {
    let w = p / 32u;
    let sh = p % 32u;
    let hi = MF_TWO_OVER_PI[w];
    let lo = MF_TWO_OVER_PI[w + 1u];
    return select((hi << sh) | (lo >> (32u - sh)), hi, sh == 0u) >> 16u;
}

// Payne-Hanek: ax = q*pi/2 + y with |y| <= pi/4 (y a float-float), for finite ax >= 2^11. The 24-bit
// mantissa times a 96-bit window of 2/pi, in 16-bit limbs (u32 products never overflow), taken mod 4.
fn m32_rem_pio2_large(ax: f32) -> M32Reduced {
    let b = bitcast<u32>(ax);
    let ex = i32(b >> 23u) - 150;                      // ax = m * 2^ex, ex >= -12
    let m = (b & 0x007fffffu) | 0x00800000u;
    let ml = m & 0xffffu;
    let mh = m >> 16u;
    let start = u32(ex + 62);                          // the table bit of 2/pi's bit 2^-(ex-1)
    var c: array<u32, 8>;                              // m * window in 16-bit columns, value c * 2^-94
    for (var k = 0u; k < 6u; k = k + 1u) {
        let w = m32_two_over_pi_bits(start + 16u * (5u - k));
        let t = w * ml;
        let u = w * mh;
        c[k] = c[k] + (t & 0xffffu);
        c[k + 1u] = c[k + 1u] + (t >> 16u) + (u & 0xffffu);
        c[k + 2u] = c[k + 2u] + (u >> 16u);
    }
    var carry = 0u;
    for (var j = 0u; j < 8u; j = j + 1u) {
        let t = c[j] + carry;
        c[j] = t & 0xffffu;
        carry = t >> 16u;
    }
    var q = i32((c[5] >> 14u) & 3u);
    c[5] = c[5] & 0x3fffu;
    let negative = (c[5] & 0x2000u) != 0u;
    if (negative) {                                    // fraction >= 1/2: take 1 - fraction
        q = q + 1;
        var inc = 1u;
        for (var j = 0u; j < 6u; j = j + 1u) {
            let t = (~c[j] & 0xffffu) + inc;
            c[j] = t & 0xffffu;
            inc = t >> 16u;
        }
        c[5] = c[5] & 0x3fffu;
    }
    var f = vec2<f32>(f32(c[5]) * m32_pow2(-14), 0.0);
    for (var j = 4; j >= 0; j = j - 1) {
        f = ff_add_f(f, f32(c[j]) * m32_pow2(16 * j - 94));
    }
    var y = ff_mul(f, M32_PIO2_FF);
    if (negative) { y = -y; }
    return M32Reduced(y, q & 3);
}

// Reduce |x| (finite) to (y, quadrant): below 50 (q <= 32) ax - q A and then - q B are exact (multiples
// of 2^-24 below 1), - q C exact as a float-float by a fast two-sum (y2 a multiple of 2^-24, q C one of
// 2^-43: exact for every single of (pi/4, 50) with both roundings of q, benchmarks/gpu/
// reduce32_check.py), - q D added to the low part (y within 2^-39.9 relative, where no single comes
// closer than 2^-26.3 to a multiple of pi/2; the low part is not renormalised: below 2^-11.7 of the
// high one); Cody-Waite in five float-float steps below 2^11 (y to 2^-66 absolute, no single closer
// than 2^-27.8), Payne-Hanek above.
fn m32_reduce(ax: f32) -> M32Reduced {
    if (ax <= M32_PIO4) { return M32Reduced(vec2<f32>(ax, 0.0), 0); }
    if (ax >= 2048.0) { return m32_rem_pio2_large(ax); }
    let rounded = m32_rounded(ax * M32_TWO_OVER_PI);
    let q = rounded - M32_ROUNDER;
    let quadrant = m32_rounded_int(rounded) & 3;
    if (ax < 50.0) {
        let y2 = m32_opaque(m32_opaque(ax - q * M32_PIO2_A) - q * M32_PIO2_B);
        let t = q * M32_PIO2_C;
        let y3 = m32_opaque(y2 - t);
        let e = m32_opaque(-t - m32_opaque(y3 - y2));
        return M32Reduced(vec2<f32>(y3, e - q * M32_PIO2_D), quadrant);
    }
    var y = ff_two_sum(m32_opaque(ax - q * M32_PIO2_1), -q * M32_PIO2_2);
    y = ff_add_f(y, -q * M32_PIO2_3);
    y = ff_add_f(y, -q * M32_PIO2_4);
    y = ff_add_f(y, -q * M32_PIO2_5);
    return M32Reduced(y, quadrant);
}

// sin(y) for |y| <= pi/4 (y a float-float), rounded once (the series to z^3/9!: the next term is below
// 2^-28.6 of the result).
fn m32_sin_kernel(y: vec2<f32>) -> f32 {
    let z = y.x * y.x;
    var p: f32 = 2.7557318844628753e-06;              // -1/3! + z/5! - z^2/7! + z^3/9!
    p = p * z - 0.00019841270113829523;
    p = p * z + 0.008333333767950535;
    p = p * z - 0.1666666716337204;
    return y.x + m32_opaque(y.y * (1.0 - 0.5 * z) + y.x * z * p);
}

// cos(y) for |y| <= pi/4 (y a float-float) as 1 - t, t = z/2 - z^2 P + y.x y.y rounded once (below
// 0.125 ulp of the result, with z's rounding 0.25 ulp), then the difference (0.5 ulp); the series to
// z^5/10! (the next term is below 2^-33).
fn m32_cos_kernel(y: vec2<f32>) -> f32 {
    let z = y.x * y.x;
    var p: f32 = -2.755731998149713e-07;              // 1/4! - z/6! + z^2/8! - z^3/10!
    p = p * z + 2.4801587642286904e-05;
    p = p * z - 0.0013888889225199819;
    p = p * z + 0.0416666679084301;
    return 1.0 - m32_opaque(0.5 * z - (z * z * p - y.x * y.y));
}

// sin(y) and cos(y) for |y| <= pi/4 as float-floats (for tan, a ratio of the two).
fn m32_sin_ff(y: vec2<f32>) -> vec2<f32> {
    let z = y.x * y.x;
    let y3 = ff_mul_f(ff_two_prod(y.x, y.x), y.x);
    let t1 = ff_mul(y3, M32_SIXTH_FF);
    var p: f32 = -2.5052107943679403e-08;             // 1/5! - z/7! + ... - z^3/11!
    p = p * z + 2.7557318844628753e-06;
    p = p * z - 0.00019841270113829523;
    p = p * z + 0.008333333767950535;
    let corr = y.y * (1.0 - 0.5 * z) + y3.x * z * p - t1.y;
    let s = ff_two_sum(y.x, -t1.x);
    return ff_fast(s.x, s.y + corr);
}

fn m32_cos_ff(y: vec2<f32>) -> vec2<f32> {
    let z = y.x * y.x;
    let hz = ff_two_prod(y.x, y.x) * 0.5;
    let w = ff_fast(1.0, -hz.x);
    var p: f32 = 2.0876755879584152e-09;              // 1/4! - z/6! + ... + z^4/12!
    p = p * z - 2.755731998149713e-07;
    p = p * z + 2.4801587642286904e-05;
    p = p * z - 0.0013888889225199819;
    p = p * z + 0.0416666679084301;
    return ff_fast(w.x, w.y - hz.y + z * z * p - y.x * y.y);
}

// sin (odd = false) or cos (odd = true) of the reduced argument, signed by the quadrant's half.
fn m32_sin_quadrant(r: M32Reduced, odd: bool, negative: bool) -> f32 {
    var v: f32;
    if (odd) { v = m32_cos_kernel(r.y); } else { v = m32_sin_kernel(r.y); }
    return select(v, -v, negative);
}

// x is Inf or NaN (one test of the bits).
fn m32_nonfinite(x: f32) -> bool { return (m32_bits(x) & 0x7fffffffu) >= 0x7f800000u; }

fn m32_sin(x: f32) -> f32 {
    if (m32_nonfinite(x)) { return m32_nan(); }
    let ax = abs(x);
    if (ax < 0.000244140625) { return x; }
    let r = m32_reduce(ax);
    return m32_sin_quadrant(r, (r.q & 1) == 1, ((r.q & 2) == 2) != (x < 0.0));
}

fn m32_cos(x: f32) -> f32 {
    if (m32_nonfinite(x)) { return m32_nan(); }
    let ax = abs(x);
    if (ax < 0.0001220703125) { return 1.0; }
    let r = m32_reduce(ax);
    return m32_sin_quadrant(r, (r.q & 1) == 0, ((r.q + 1) & 2) == 2);
}

fn m32_tan(x: f32) -> f32 {
    if (m32_nonfinite(x)) { return m32_nan(); }
    let ax = abs(x);
    if (ax < 0.000244140625) { return x; }
    let r = m32_reduce(ax);
    let s = m32_sin_ff(r.y);
    let c = m32_cos_ff(r.y);
    var v: f32;
    if ((r.q & 1) == 0) { v = ff_div(s, c).x; } else { v = -ff_div(c, s).x; }
    return select(v, -v, x < 0.0);
}

// ---------------------------------------------------------------- inverse trigonometry

// atan(t) for 0 <= t <= 1 (float-float): atan(j/8) + atan((t - j/8) / (1 + t j/8)).
fn m32_atan_unit(t: vec2<f32>) -> vec2<f32> {
    let j = round(t.x * 8.0);
    let c = j * 0.125;
    let num = ff_fast(t.x - c, t.y);
    let p = ff_two_prod(t.x, c);
    let den = ff_add_f(ff_fast(p.x, p.y + t.y * c), 1.0);
    let v = ff_div(num, den);
    let z = v.x * v.x;
    var q: f32 = 0.1111111119389534;                  // -1/3 + z/5 - z^2/7 + z^3/9
    q = q * z - 0.1428571492433548;
    q = q * z + 0.20000000298023224;
    q = q * z - 0.3333333432674408;
    return ff_add(M32_ATAN_TAB[select(8u, u32(j), j < 8.0)], ff_fast(v.x, v.y + v.x * z * q));   // (a NaN t, NaN either way, reads in range)
}

// atan(t) for t >= 0 (float-float in and out, +Inf allowed).
fn m32_atan_ff(t: vec2<f32>) -> vec2<f32> {
    if (t.x <= 1.0) { return m32_atan_unit(t); }
    if (t.x > 1048576.0) { return ff_add_f(M32_PIO2_FF, -1.0 / t.x); }
    return ff_add(M32_PIO2_FF, -m32_atan_unit(ff_div(vec2<f32>(1.0, 0.0), t)));
}

// atan(num / den) in [0, pi/2] for num, den >= 0 (float-floats, not both zero, both below 2^100).
fn m32_atan_ratio(num: vec2<f32>, den: vec2<f32>) -> vec2<f32> {
    if (num.x <= den.x) { return m32_atan_unit(ff_div(num, den)); }
    return ff_add(M32_PIO2_FF, -m32_atan_unit(ff_div(den, num)));
}

fn m32_atan(x: f32) -> f32 {
    if (m32_isnan(x)) { return x; }
    let ax = abs(x);
    if (ax < 0.000244140625) { return x; }
    return m32_copysign(m32_atan_ff(vec2<f32>(ax, 0.0)).x, x);
}

fn m32_atan2(y: f32, x: f32) -> f32 {
    if (m32_isnan(x) || m32_isnan(y)) { return m32_nan(); }
    let ax = abs(x);
    let ay = abs(y);
    let xneg = (m32_bits(x) >> 31u) != 0u;
    var r: f32;
    if (m32_isinf(x) && m32_isinf(y)) {
        r = select(M32_PIO4, 3.0 * M32_PIO4, xneg);
    } else if (ay == 0.0) {
        r = select(0.0, M32_PI_FF.x, xneg);
    } else if (ax == 0.0 || m32_isinf(y)) {
        r = M32_PIO2_FF.x;
    } else if (m32_isinf(x)) {
        r = select(0.0, M32_PI_FF.x, xneg);
    } else {
        let e = m32_exponent(select(ax, ay, ay > ax));
        let sy = vec2<f32>(m32_scale(ay, -e), 0.0);
        let sx = vec2<f32>(m32_scale(ax, -e), 0.0);
        if (!xneg && sy.x < sx.x * 1.4901161193847656e-08) {
            // atan(t) = t to single precision; the quotient of mantissas, then its exponent (a tiny
            // quotient's error terms would fall below 2^-126, which NVIDIA's driver flushes to zero)
            let ey = m32_exponent(ay);
            let t = ff_div(vec2<f32>(m32_scale(ay, -ey), 0.0), sx).x;
            r = select(m32_scale(t, ey - e), 0.0, ey - e < -151);     // below 2^-150: zero
        } else {
            var a = m32_atan_ratio(sy, sx);
            if (xneg) { a = ff_add(M32_PI_FF, -a); }
            r = a.x;
        }
    }
    return m32_copysign(r, y);
}

// sqrt(1 - x^2) as a float-float for 0 <= ax <= 1.
fn m32_cosine_side(ax: f32) -> vec2<f32> {
    let p = ff_two_prod(ax, ax);
    let w = ff_two_sum(1.0, -p.x);
    return ff_sqrt(ff_fast(w.x, w.y - p.y));
}

fn m32_asin(x: f32) -> f32 {
    if (m32_isnan(x)) { return x; }
    let ax = abs(x);
    if (ax > 1.0) { return m32_nan(); }
    if (ax < 0.000244140625) { return x; }
    let a = m32_atan_ratio(vec2<f32>(ax, 0.0), m32_cosine_side(ax));
    return m32_copysign(a.x, x);
}

fn m32_acos(x: f32) -> f32 {
    if (m32_isnan(x)) { return x; }
    let ax = abs(x);
    if (ax > 1.0) { return m32_nan(); }
    var a = m32_atan_ratio(m32_cosine_side(ax), vec2<f32>(ax, 0.0));
    if (x < 0.0) { a = ff_add(M32_PI_FF, -a); }
    return a.x;
}

// ---------------------------------------------------------------- hyperbolic functions

// (e^ax + sign * e^-ax) / 2 for ax >= 0 via exp_core; sign = 1 (cosh) or -1 (sinh, ax >= 1).
fn m32_exp_pair(ax: f32, sign: f32) -> f32 {
    let c = m32_exp_core(ax, 0.0);
    let e = ff_add_f(c.em, 1.0);
    if (c.k > 14) { return m32_scale(e.x, c.k - 1); }
    let t = m32_pow2(c.k);
    let big = vec2<f32>(e.x * t, e.y * t);
    let small = ff_div(vec2<f32>(1.0, 0.0), big);
    return ff_add(big, small * sign).x * 0.5;
}

fn m32_sinh(x: f32) -> f32 {
    if (m32_isnan(x)) { return x; }
    let ax = abs(x);
    if (ax < 0.000244140625) { return x; }
    if (ax > 90.0) { return m32_copysign(m32_inf(), x); }
    var r: f32;
    if (ax < 1.0) {
        let em = m32_expm1_ff(ax);                    // (M + M / (M + 1)) / 2
        r = ff_add(em, ff_div(em, ff_add_f(em, 1.0))).x * 0.5;
    } else {
        r = m32_exp_pair(ax, -1.0);
    }
    return m32_copysign(r, x);
}

fn m32_cosh(x: f32) -> f32 {
    if (m32_isnan(x)) { return x; }
    let ax = abs(x);
    if (ax < 0.0001220703125) { return 1.0; }
    if (ax > 90.0) { return m32_inf(); }
    return m32_exp_pair(ax, 1.0);
}

fn m32_tanh(x: f32) -> f32 {
    if (m32_isnan(x)) { return x; }
    let ax = abs(x);
    if (ax < 0.000244140625) { return x; }
    if (ax > 10.0) { return m32_copysign(1.0, x); }
    let em = m32_expm1_ff(2.0 * ax);                  // M / (M + 2)
    return m32_copysign(ff_div(em, ff_add_f(em, 2.0)).x, x);
}

fn m32_hypot(x: f32, y: f32) -> f32 {
    let ax = abs(x);
    let ay = abs(y);
    if (m32_isinf(x) || m32_isinf(y)) { return m32_inf(); }
    if (m32_isnan(x) || m32_isnan(y)) { return m32_nan(); }
    let a = select(ax, ay, ay > ax);
    let b = select(ay, ax, ay > ax);
    if (b == 0.0) { return a; }
    let e = m32_exponent(a);
    let sa = m32_scale(a, -e);
    let sb = m32_scale(b, -e);
    let r = ff_sqrt(ff_add(ff_two_prod(sa, sa), ff_two_prod(sb, sb)));
    return m32_scale(r.x, e);
}
