// matfuse division and square root, correctly rounded in both precisions (adapters with shader-f64).
// Vulkan lets f32 division be 2.5 ulp off and f32 sqrt be computed from inverseSqrt, and NVIDIA's driver
// does both: on the H100 28% of f32 quotients of random operands were 1 ulp away from numpy's. MATLAB's
// (IEEE) results are correctly rounded, so f32 division and sqrt are computed in f64 and rounded once
// (f64 carries more than twice f32's 24 bits): division as f64's own (correctly rounded on the adapters
// measured, docs/gpu.md), sqrt from WGSL's f32 inverse square root (within 2^-21 relative) refined by
// two Newton steps in f64 (the error e becomes about e^2, then e^3 plus f64's roundings: below 2^-52),
// about half the time of f64's sqrt subroutine on the H100. No square root of a single lies closer
// than 2^-51 (relative) to a midpoint between singles, so the one rounding is correct (numpy emulation
// with the estimate 2^-20 off: every single of [1, 4), whose roots the others scale by powers of 2).
// Zero, subnormal, huge, negative, infinite and NaN arguments take f64's sqrt (a driver may flush a
// subnormal f32 or its inverse square root). The residuals are opaque so no compiler regroups a step.
// The divisor is opaque: on the H100 a reduction's final division by its count (a literal or a uniform)
// was not correctly rounded (the mean of 98 ones was 1 - 2^-53); through the OR it is.

fn m64_div(a: f64, b: f64) -> f64 { return a / m64_opaque(b); }
// common.wgsl's m32_distinct in double.
fn m64_distinct(x: f64) -> f64 { return bitcast<f64>(bitcast<u64>(x) + u64(mf_zero)); }

// An f64 intermediate of the single operations below, opaque: the f64 library's OR with mf_zero, here so
// that single kernels do not carry that library.
fn m32_wide_opaque(x: f64) -> f64 { return bitcast<f64>(bitcast<u64>(x) | u64(mf_zero)); }

fn m32_div(a: f32, b: f32) -> f32 { return f32(f64(a) / m32_wide_opaque(f64(b))); }

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

// ax^y for finite ax > 0 and finite y (m32_pow's special cases done), computed in f64 and rounded once
// (an eighth of the float-float form's operations, m32_pow_ff, which adapters without f64 keep):
// ax = 2^k (1 + f) with 1 + f in [2/3, 4/3) (bits only; a subnormal from its integer bits, which no
// driver flushes), ln(1 + f) = f - (hfsq - s (hfsq + R)) with s = f / (2 + f) from WGSL's f32
// reciprocal and one Newton step (2^-44, which the product with hfsq + R < 0.06 damps) and fdlibm's
// series R (m64_log_series); z = y ln(ax) to 2^-44 relative. e^z = 2^j e^r with j = round(z / ln 2)
// (the sum with 1.5 * 2^52, as in m64_exp), r = z - j ln 2 and e^r by a polynomial of degree 8 fitted on
// |r| <= 0.347 (Chebyshev nodes: 2^-39.7 relative). The double is within 2^-33 of x^y, so its rounding
// to single is that of x^y but where x^y lies within 2^-9 ulp of a midpoint (below 1 ulp always).
fn m32_pow_positive(ax: f32, y: f32) -> f32 {
    var x = f64(ax);
    if (ax < 1.1754943508222875e-38) { x = f64(m32_bits(ax)) * 1.401298464324817e-45lf; }
    let bits = bitcast<u64>(x);
    let e = (u32(bits >> 32u) - 0x3fe55555u) & 0xfff00000u;        // the exponent of x / (2/3)
    let f = bitcast<f64>(bits - (u64(e) << 32u)) - 1.0lf;
    let d = 2.0lf + f;                                              // exact: f has at most 24 bits
    var q = f64(1.0 / f32(d));
    q = q + q * m32_wide_opaque(1.0lf - d * q);
    let s = f * q;
    let hfsq = 0.5lf * f * f;
    let lnx = m64_from_int(bitcast<i32>(e) >> 20u) * 0.6931471805599453lf
              + (f - (hfsq - s * (hfsq + m64_log_series(s))));
    let z = f64(y) * lnx;
    if (z > 89.0lf) { return m32_inf(); }
    if (z < -104.0lf) { return 0.0; }
    let rounded = m64_rounded(z * M64_INV_LN2);
    let jf = rounded - M64_ROUNDER;
    let r = (z - jf * M64_LN2_HI) - jf * M64_LN2_LO;
    var p: f64 = 2.487650103045725e-05;
    p = p * r + 0.000199163102558108;
    p = p * r + 0.0013888821124236228;
    p = p * r + 0.008333265296768052;
    p = p * r + 0.041666666893244865;
    p = p * r + 0.1666666689507381;
    p = p * r + 0.49999999999796896;
    p = p * r + 0.9999999999792959;
    p = p * r + 1.0000000000000004;
    let v = p * m64_pow2(m64_rounded_int(rounded));
    if (v >= 3.4028235677973366e38lf) { return m32_inf(); }                // rounds above the largest single
    return f32(v);
}
