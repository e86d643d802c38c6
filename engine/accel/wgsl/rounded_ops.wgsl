// matfuse division and square root, correctly rounded in both precisions, and single power through the
// f64 one (adapters with shader-f64). Vulkan lets f32 division be 2.5 ulp off and f32 sqrt be computed
// from inverseSqrt, and NVIDIA's driver does both: on the H100 28% of f32 quotients of random operands
// were 1 ulp away from numpy's. MATLAB's (IEEE) results are correctly rounded, so f32 division and sqrt
// are computed in f64 and rounded once (f64 carries more than twice f32's 24 bits): division from WGSL's
// f32 reciprocal refined in f64 (m32_div below; f64's own division, correctly rounded on the adapters
// measured, docs/gpu.md, where the operands or the result are out of its range), sqrt from WGSL's f32
// inverse square root (within 2^-21 relative) refined by two Newton steps in f64 (the error e becomes
// about e^2, then e^3 plus f64's roundings: below 2^-52), about half the time of f64's sqrt subroutine
// on the H100. No square root of a single lies closer than 2^-51 (relative) to a midpoint between
// singles, so the one rounding is correct (numpy emulation with the estimate 2^-20 off: every single of
// [1, 4), whose roots the others scale by powers of 2). Zero, subnormal, huge, negative, infinite and
// NaN arguments take f64's sqrt (a driver may flush a subnormal f32 or its inverse square root). The
// residuals are opaque so no compiler regroups a step.
// The divisor is opaque: on the H100 a reduction's final division by its count (a literal or a uniform)
// was not correctly rounded (the mean of 98 ones was 1 - 2^-53); through the OR it is.

fn m64_div(a: f64, b: f64) -> f64 { return a / m64_opaque(b); }
// common.wgsl's m32_distinct in double.
fn m64_distinct(x: f64) -> f64 { return bitcast<f64>(bitcast<u64>(x) + u64(mf_zero)); }

// An f64 intermediate of the single operations below, opaque: the f64 library's OR with mf_zero, here so
// that single kernels do not carry that library.
fn m32_wide_opaque(x: f64) -> f64 { return bitcast<f64>(bitcast<u64>(x) | u64(mf_zero)); }

// a / b correctly rounded without f64's division (a subroutine on the H100): r0 = 1/b in f32 (WGSL
// allows 2.5 ulp: |e| <= 2^-21.6 below), e = 1 - b r0 exact (b r0 has 48 bits and lies within 2^-21
// of 1), 1/b = r0 / (1 - e) = r0 (1 + e + e^2) + r0 e^3 / (1 - e), so r = r0 + r0 (e + e^2) is within
// 2^-53 + 2^-57 + 2^-71 (relative) of 1/b where |e| < 2^-19 (tested; a zero, infinite, NaN or flushed
// b makes e or p NaN or infinite, a reciprocal flushed to 0 makes e 1), and p = a r is within 2^-51.9 of
// a / b. No quotient of singles lies within 2^-49 (relative) of a midpoint between normal
// singles (m32_div_literal's argument: a - M b is a nonzero multiple of M's and b's last places), nor of
// the midpoint above the largest single, so where |p| is in [2^-126, 2^128 - 2^108) (a test of its
// high word) its one rounding is a / b correctly rounded. Anything else (a zero, subnormal, infinite or
// NaN quotient or operand, |e| >= 2^-19) is f64's division, as before.
fn m32_div(a: f32, b: f32) -> f32 {
    let bd = m32_wide_opaque(f64(b));                             // so no compiler folds b (1/b) to 1
    let r0 = f64(1.0 / b);
    let e = 1.0lf - bd * r0;
    let p = f64(a) * (r0 + r0 * (e + e * e));
    let high = u32(bitcast<u64>(p) >> 32u) & 0x7fffffffu;
    if (abs(e) < 1.9073486328125e-6lf && high - 0x38100000u < 0x0fdfffffu) { return f32(p); }
    return f32(f64(a) / bd);
}
// a / c for a literal c (finite, nonzero, not a power of two: codegen.division_form), correctly rounded
// as m32_div: a's f64 product by 1/c (a constant the compiler folds), rounded once. 1/c rounded to f64 and
// the product are each within 2^-53, and a quotient of singles is never a midpoint between normal singles
// nor within 2^-49 (relative) of one (a - M c, for a midpoint M of 25 bits, is a nonzero multiple of M's
// and c's last places). A subnormal or zero result (whose quotient may be a midpoint) is divided.
fn m32_div_literal(a: f32, c: f32) -> f32 {
    let p = f64(a) * (1.0lf / f64(c));
    if (abs(p) < 1.1754943508222875e-38lf) { return m32_div(a, c); }
    return f32(p);
}

// sqrt(-0) is -0 (copysign also where a driver computes sqrt from inverseSqrt).
fn m32_sqrt(x: f32) -> f32 {
    let xd = f64(x);
    if (m32_bits(x) - 0x00800000u >= 0x7e000000u) { return m32_copysign(f32(sqrt(xd)), x); }   // not in [2^-126, 2^126)
    let h = 0.5lf * f64(inverseSqrt(x));
    var s = xd * (h + h);
    s = s + h * m32_wide_opaque(xd - s * s);
    s = s + h * m32_wide_opaque(xd - s * s);
    return f32(s);
}

// x^y of singles. A positive normal x or +0 with a y that is finite, nonzero and not 2 or 0.5 (every
// element of the image cell's `max(out, 0) .^ gamma`) goes straight to the f64 core, +0 as 1 with its
// result (0, or Inf for y < 0) selected after: a warp of zeros and positives (most of the image cell's
// warps) runs the core once and no special-case tests per element, which cost about 45% of a power on
// the H100 (benchmarks/fusion/RESULTS.md, img10). Any other x or y: the special cases in single
// (m32_pow_special, and x^0.5 = sqrt(x) correctly rounded), then the same core on |x| (a subnormal
// normalised here, so the fast path has no test for it) with the result's sign. Single kernels do not
// bind double pow's table (ln|x| from it was slower here on the H100, pow8; a short table logarithm gave
// wrong powers there, img10).
fn m32_pow(x: f32, y: f32) -> f32 {
    let b = m32_bits(x);
    let my = m32_bits(y) & 0x7fffffffu;
    let zero = b == 0u;
    var sign = 1.0;
    var ax = select(b, 0x3f800000u, zero);
    var k = -127;
    if (!((b - 0x00800000u < 0x7f000000u || zero) && my - 1u < 0x7f7fffffu && y != 2.0 && y != 0.5)) {
        var special: f32;
        if (m32_pow_special(x, y, &special, &sign)) { return special; }
        if (y == 0.5) { return m32_sqrt(x); }                      // x is positive here
        ax = b & 0x7fffffffu;
        if (ax < 0x00800000u) {                                    // subnormal: normalised
            let shift = countLeadingZeros(ax) - 8u;
            ax = ax << shift;
            k = k - i32(shift);
        }
    }
    let v = m32_copysign(m32_pow_positive(ax, k, y), sign);
    return select(v, select(0.0, m32_inf(), y < 0.0), zero);
}

// The constants of m32_pow_positive, generated by benchmarks/gpu/pow32_poly.py (named by the power of z
// or r they multiply): log2 m = s (2/ln 2 + z P(z)) with z = s^2, within 2^-35.8; 2^r within 2^-34.1.
const M32_POW_TWO_OVER_LN2: f64 = 2.8853900817779268;
const M32_POW_LOG3: f64 = 0.3365888681591284;
const M32_POW_LOG2: f64 = 0.4119012255257367;
const M32_POW_LOG1: f64 = 0.5770797745777451;
const M32_POW_LOG0: f64 = 0.9617966923071662;
const M32_POW_EXP7: f64 = 1.5303700711365693e-05;
const M32_POW_EXP6: f64 = 0.00015469729214118296;
const M32_POW_EXP5: f64 = 0.0013333478473685416;
const M32_POW_EXP4: f64 = 0.009618025613318034;
const M32_POW_EXP3: f64 = 0.055504109063258665;
const M32_POW_EXP2: f64 = 0.24022651213498092;
const M32_POW_EXP1: f64 = 0.6931471805568324;
const M32_POW_EXP0: f64 = 0.9999999999595618;

// |x|^y in f64 for a finite positive single |x| = 2^(bias + e) 1.mantissa, e and the mantissa in the
// bits b (e >= 1: m32_pow normalises a subnormal; bias -127 for a normal single), and a finite nonzero y
// (the special cases done), rounded once to single: 2^(y log2|x|). A single result within 1 ulp needs
// that to about 2^-26 relative, not to double's 2^-53, so each step is only as long as that needs with a
// margin: no double-double, a series of 4 terms for the logarithm and a polynomial of degree 7 for the
// power of 2 (m64_log_plain and m64_exp have 7 and 11 coefficients), the quotient from an f32 reciprocal
// and no f64 division: on the H100 2^25 powers took 0.150 ms against 0.289
// (benchmarks/fusion/RESULTS.md, img8; m and r0 widened to f64 from their bits instead of converted
// measured the same, 0.152), 0.136 with m32_pow's fast path and these polynomials (5 and 8 terms before,
// img10).
// The error budget (relative errors unless said; the polynomials' are measured by the script):
// 1. |x| = 2^k m with m in [sqrt(2)/2, sqrt(2)) from the bits, f = m - 1 in f32 and f as f64: exact.
// 2. s = (m - 1) / (m + 1) without division: r0 = 1 / (2 + f) in f32 (within 2^-21: WGSL allows the
//    quotient 2.5 ulp), e = 1 - (m + 1) r0 (exact: the product has 49 bits), s = (m - 1) (r0 + r0 e):
//    the reciprocal's error becomes e^2 <= 2^-42, and two roundings: within 2^-41.9.
// 3. log2 m = s (2/ln 2 + z P(z)): the polynomial within 2^-35.8 (with 2/ln 2 rounded), s's error passed
//    on (d log2 m / ds s / log2 m <= 1.02), the evaluation's roundings about 2^-52: within 2^-35.7.
// 4. log2|x| = k + log2 m, rounded once: where k is not 0, |log2|x|| >= 1/2 >= |log2 m|, so within 2^-35.7.
// 5. w = y log2|x| (rounded once) is within |w| 2^-35.7 absolute; where x^y is a finite nonzero single,
//    |w| < 150, so within 2^-28.5 (2^-34.1 for |w| <= 3).
// 6. j = round(w) (the sum with 1.5 * 2^52 as in m64_exp, opaque; w clamped to [-152, 130], which
//    keeps the overflows and underflows) and r = w - j, exact, |r| <= 1/2.
// 7. 2^r by the polynomial (2^-34.1, Horner's roundings 2^-52), times 2^j exactly (j added to its
//    exponent: a normal double).
// So the double is within 2^-28.9 of x^y (ln 2 times w's error, and the polynomial's; 2^-33.3 for
// |w| <= 3), and its one rounding to single is x^y correctly rounded but where x^y lies within 2^-4.9
// ulp of a midpoint between singles (2^-9.3 for |w| <= 3; then 1 ulp off): never more than 1 ulp. On
// the H100 313 of the 1,000,476 test powers were 1 ulp off (8 with the longer polynomials). A result at
// or above 3.4028235677973366e38 (the midpoint above the largest single) is an infinity (WGSL leaves
// the conversion of an out-of-range value undefined); below 2^-150 it rounds to zero, below 2^-126 to a
// subnormal (which NVIDIA's driver flushes to zero, as in every single operation there).
// No other step needs to be opaque: e is exact in any order, and every other step's error is a
// rounding whatever a compiler contracts or reassociates.
fn m32_pow_positive(b: u32, bias: i32, y: f32) -> f32 {
    let mantissa = b & 0x007fffffu;
    let halve = (mantissa + 0x004afb0du) & 0x00800000u;           // 1.mantissa >= sqrt(2): m = 1.mantissa / 2
    let k = bias + i32((b >> 23u) + (halve >> 23u));
    let m_bits = mantissa | (0x3f800000u ^ halve);
    let f = bitcast<f32>(m_bits) - 1.0;
    let r0 = 1.0 / (2.0 + f);
    let fd = f64(f);
    let q = f64(r0);
    let e = 1.0lf - (fd + 2.0lf) * q;
    let s = fd * (q + q * e);
    let z = s * s;
    var p: f64 = M32_POW_LOG3;
    p = p * z + M32_POW_LOG2;
    p = p * z + M32_POW_LOG1;
    p = p * z + M32_POW_LOG0;
    var w = f64(y) * (m64_from_int(k) + s * (M32_POW_TWO_OVER_LN2 + z * p));
    w = clamp(w, -152.0lf, 130.0lf);
    let rounded = m64_rounded(w);
    let r = w - (rounded - M64_ROUNDER);
    var v: f64 = M32_POW_EXP7;
    v = v * r + M32_POW_EXP6;
    v = v * r + M32_POW_EXP5;
    v = v * r + M32_POW_EXP4;
    v = v * r + M32_POW_EXP3;
    v = v * r + M32_POW_EXP2;
    v = v * r + M32_POW_EXP1;
    v = v * r + M32_POW_EXP0;
    v = bitcast<f64>(bitcast<u64>(v) + (u64(bitcast<u32>(m64_rounded_int(rounded))) << 52u));   // v 2^j
    return select(f32(v), m32_inf(), v >= 3.4028235677973366e38lf);
}
