// matfuse division and square root, correctly rounded in both precisions, and single power through the
// f64 one (adapters with shader-f64).
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

// x^y of singles in f64, rounded once: the f64 library's special cases, then e^(y ln|x|) in plain double
// (m64_log_plain and m64_exp, each below 1 ulp of f64): y ln|x| is within |y ln|x|| 2^-51.4 of its
// value, at most 2^-44.7 where the result is a finite nonzero single (|y ln|x|| < 104), so the double
// is within 2^-44 of x^y and its rounding to single is x^y correctly rounded but where x^y lies within
// about 2^-20 ulp of a midpoint between singles (then 1 ulp off). A result beyond the largest single
// becomes an infinity here (WGSL leaves the conversion of an out-of-range value undefined):
// 3.4028235677973366e38 is the midpoint above it. ln|x| from pow's table (m64_log_sum, rounded) was
// slower here on the H100 (2^25 powers 0.291 -> 0.344 ms, the image cell's single pixel pass 344 -> 386
// us; benchmarks/fusion/RESULTS.md, pow8), so single kernels do not bind the table.
fn m32_pow(x: f32, y: f32) -> f32 {
    let xd = f64(x);
    let yd = f64(y);
    var v: f64;
    var sign: f64;
    if (!m64_pow_special(xd, yd, &v, &sign)) {
        let z = yd * m64_log_plain(abs(xd));
        v = m64_copysign(m64_exp(z), sign);
    }
    let mag = m64_magnitude(v);
    if (mag >= 0x47effffff0000000lu && mag <= 0x7ff0000000000000lu) {
        return bitcast<f32>(select(0x7f800000u, 0xff800000u, m64_signbit(v)));
    }
    return f32(v);
}
