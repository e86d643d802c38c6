// matfuse division and square root, correctly rounded in both precisions, and single power through the
// f64 one (adapters with shader-f64).
// Vulkan lets f32 division be 2.5 ulp off and f32 sqrt be computed from inverseSqrt, and NVIDIA's driver
// does both: on the H100 28% of f32 quotients of random operands were 1 ulp away from numpy's. MATLAB's
// (IEEE) results are correctly rounded. Where the adapter's fma rounds once (m32_fma_exact) and the
// operands are in range, m32_div and m32_sqrt correct WGSL's estimate in f32 and decide the last bit
// from an exact remainder (at each function). Otherwise f32 division and sqrt are computed in f64 and rounded once
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

// Whether the adapter's f32 fma rounds once (NVIDIA's does; lavapipe's rounds the product, then the
// sum): (1 + 2^-12)^2 - (1 + 2^-11) is 2^-24, and 0 when the product is rounded first. Computed in the
// kernel from opaque operands (no compiler can fold it); the same for every invocation.
fn m32_fma_exact() -> bool {
    let c = m32_opaque(1.000244140625);
    return fma(c, c, m32_opaque(-1.00048828125)) != 0.0;
}

// a / b correctly rounded. Where fma rounds once and the magnitudes allow (|a| in [2^-76, Inf), |b| in
// [2^-126, 2^126), the quotient in [2^-125, 2^127)), in f32: q0 = |a| r with r WGSL's reciprocal of |b|
// (within 2.5 ulp), one correction q1 = q0 + (|a| - |b| q0) r by fmas, which leaves q1 within 0.5 ulp +
// 2^-19 ulp of the quotient, so one of the two singles around it; then e = |a| - |b| q1 is exact (an fma)
// and says on which side the quotient lies, and the comparison of 2|e| with |b| times the gap to the
// neighbour on that side (a power of 2: exact) whether it lies beyond their midpoint (never on it).
// The magnitudes keep every intermediate a normal single (NVIDIA flushes subnormals). Elsewhere, and on
// adapters whose fma rounds twice, in f64 rounded once. r and q0 are opaque so that no compiler
// simplifies |a| - |b| (|a| / |b|) to 0.
fn m32_div(a: f32, b: f32) -> f32 {
    let ma = m32_bits(a) & 0x7fffffffu;
    let mb = m32_bits(b) & 0x7fffffffu;
    if (m32_fma_exact() && ma - 0x19800000u < 0x66000000u && mb - 0x00800000u < 0x7e000000u) {
        let x = bitcast<f32>(ma);
        let y = bitcast<f32>(mb);
        let r = m32_opaque(1.0 / y);
        let q0 = m32_opaque(x * r);
        let q1 = fma(fma(-y, q0, x), r, q0);
        let mq = bitcast<u32>(q1);
        if (mq - 0x01000000u < 0x7e000000u) {
            let e = fma(-y, q1, x);
            let n = select(mq - 1u, mq + 1u, e > 0.0);
            let q = select(mq, n, abs(e) + abs(e) > y * abs(bitcast<f32>(n) - q1));
            return bitcast<f32>(q | ((bitcast<u32>(a) ^ bitcast<u32>(b)) & 0x80000000u));
        }
    }
    return f32(f64(a) / m32_wide_opaque(f64(b)));
}

// sqrt(x) correctly rounded. Where fma rounds once and x is in [2^-80, 2^126), in f32: s0 = x y with y
// WGSL's inverse square root, one Newton step s1 = s0 + (x - s0^2) y/2 by fmas (within 0.5 ulp + 2^-40
// ulp of the root: one of the two singles around it), then e = x - s1^2 rounded once (an fma) says on
// which side the root lies; with s1 = M 2^u (M < 2^24 an integer), e is an integer E times 2^2u and
// x - (s1 + g/2)^2, g the gap to the neighbour on that side, is (E - M - 1/4) 2^2u above (E + M - 1/4
// below; with half of M where s1 is a power of 2 and the neighbour below), so the root lies beyond the
// midpoint exactly when |e| > s1 |g| above, |e| >= s1 |g| below (s1 |g| is exact; where E needs 25 bits
// its rounding keeps |e| >= 2^24 2^2u, beyond s1 |g| either way). Elsewhere (and sqrt(-0) = -0,
// copysign also where a driver computes sqrt from inverseSqrt) and on adapters whose fma rounds twice:
// WGSL's inverse square root refined by two Newton steps in f64, rounded once (the header), or f64's sqrt.
fn m32_sqrt(x: f32) -> f32 {
    let mx = m32_bits(x);
    if (m32_fma_exact() && mx - 0x17800000u < 0x67000000u) {
        let y = m32_opaque(inverseSqrt(x));
        let s0 = m32_opaque(x * y);
        let s1 = fma(fma(-s0, s0, x), 0.5 * y, s0);
        let ms = bitcast<u32>(s1);
        let e = fma(-s1, s1, x);
        let n = select(ms - 1u, ms + 1u, e > 0.0);
        let limit = s1 * abs(bitcast<f32>(n) - s1);
        return bitcast<f32>(select(ms, n, select(abs(e) >= limit, abs(e) > limit, e > 0.0)));
    }
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
