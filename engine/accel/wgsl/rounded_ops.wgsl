// matfuse division and square root, correctly rounded in both precisions (adapters with shader-f64).
// Vulkan lets f32 division be 2.5 ulp off and f32 sqrt be computed from inverseSqrt, and NVIDIA's driver
// does both: on the H100 28% of f32 quotients of random operands were 1 ulp away from numpy's. MATLAB's
// (IEEE) results are correctly rounded, so f32 division and sqrt are computed in f64 and rounded once:
// WGSL's f32 reciprocal (inverse square root), within 2^-21 relative, refined by two Newton steps in f64
// (the relative error e becomes e^2, then e^3 plus f64's roundings: below 2^-52), which is cheaper than
// f64's own division and square root on the H100 (their subroutines). No quotient of two singles lies
// closer than 2^-50 (relative) to a midpoint between singles, no square root closer than 2^-51, so the
// one rounding to f32 is correct. Operands where the f32 reciprocal could overflow, flush or be special
// (zero, subnormal, |b| >= 2^126, Inf, NaN; a driver may flush a subnormal f32 reciprocal to zero) take
// f64's own division and sqrt, as does everything in double: f64 division and sqrt are correctly rounded
// on the adapters measured (docs/gpu.md). The residuals are opaque so no compiler regroups a step.

fn m64_div(a: f64, b: f64) -> f64 { return a / b; }
// common.wgsl's m32_distinct in double.
fn m64_distinct(x: f64) -> f64 { return bitcast<f64>(bitcast<u64>(x) + u64(mf_zero)); }

// An f64 intermediate of the single operations below, opaque: the f64 library's OR with mf_zero, here so
// that single kernels do not carry that library.
fn m32_wide_opaque(x: f64) -> f64 { return bitcast<f64>(bitcast<u64>(x) | u64(mf_zero)); }

// True when x is a normal single below 2^126 in magnitude (its reciprocal a normal single).
fn m32_is_plain(x: f32) -> bool { return (m32_bits(x) & 0x7fffffffu) - 0x00800000u < 0x7e000000u; }

fn m32_div(a: f32, b: f32) -> f32 {
    let ad = f64(a);
    let bd = f64(b);
    if (!(m32_is_plain(a) && m32_is_plain(b))) { return f32(ad / bd); }
    let y = f64(1.0 / b);
    var q = ad * y;
    q = q + y * m32_wide_opaque(ad - bd * q);
    q = q + y * m32_wide_opaque(ad - bd * q);
    return f32(q);
}

// sqrt(-0) is -0 (copysign also where a driver computes sqrt from inverseSqrt).
fn m32_sqrt(x: f32) -> f32 {
    let xd = f64(x);
    if (!(m32_is_plain(x) && x > 0.0)) { return m32_copysign(f32(sqrt(xd)), x); }
    let h = 0.5lf * f64(inverseSqrt(x));
    var s = xd * (h + h);
    s = s + h * m32_wide_opaque(xd - s * s);
    s = s + h * m32_wide_opaque(xd - s * s);
    return f32(s);
}
