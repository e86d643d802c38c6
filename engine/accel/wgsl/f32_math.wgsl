// matfuse f32 math on WGSL's f32 built-ins, for adapters without shader-f64 (with f64, kernels use
// f32_via_f64.wgsl instead). MATLAB semantics are added around the built-ins (NaN, Inf, signed zero,
// negative bases); accuracy is the driver's (Vulkan allows several ulp, lavapipe is far worse near the
// edges: see docs/gpu.md). The m32_ names match the m64_ ones so kernels come from one table.

// The built-ins do not promise NaN in, NaN out: every wrapper passes NaN through itself.
fn m32_exp(x: f32) -> f32 { return select(exp(x), x, m32_isnan(x)); }
fn m32_sin(x: f32) -> f32 { return select(sin(x), x, m32_isnan(x)); }
fn m32_cos(x: f32) -> f32 { return select(cos(x), x, m32_isnan(x)); }
fn m32_tan(x: f32) -> f32 { return select(tan(x), x, m32_isnan(x)); }
fn m32_atan(x: f32) -> f32 { return select(atan(x), x, m32_isnan(x)); }
fn m32_sinh(x: f32) -> f32 { return select(sinh(x), x, m32_isnan(x)); }
fn m32_cosh(x: f32) -> f32 { return select(cosh(x), x, m32_isnan(x)); }

fn m32_tanh(x: f32) -> f32 {
    if (m32_isnan(x)) { return x; }
    if (abs(x) > 10.0) { return m32_copysign(1.0, x); }
    return tanh(x);
}

fn m32_log(x: f32) -> f32 {
    if (m32_isnan(x) || x < 0.0) { return m32_nan(); }
    if (x == 0.0) { return -m32_inf(); }
    return log(x);
}

fn m32_log2(x: f32) -> f32 {
    if (m32_isnan(x) || x < 0.0) { return m32_nan(); }
    if (x == 0.0) { return -m32_inf(); }
    return log2(x);
}

fn m32_log10(x: f32) -> f32 { return m32_log(x) * 0.4342944819032518; }

// asin and acos through atan2 of sqrt((1 - x)(1 + x)): the asin/acos built-ins are far less accurate.
fn m32_asin(x: f32) -> f32 {
    if (m32_isnan(x) || abs(x) > 1.0) { return m32_nan(); }
    return atan2(x, sqrt((1.0 - x) * (1.0 + x)));
}

fn m32_acos(x: f32) -> f32 {
    if (m32_isnan(x) || abs(x) > 1.0) { return m32_nan(); }
    return atan2(sqrt((1.0 - x) * (1.0 + x)), x);
}

// Kahan: (e^x - 1) * x / log(e^x) cancels the rounding error of e^x.
fn m32_expm1(x: f32) -> f32 {
    if (abs(x) < 1e-4) { return x + 0.5 * x * x; }
    if (x > 80.0) { return exp(x); }
    let u = exp(x);
    let um = m32_opaque(u - 1.0);
    if (um == -1.0) { return -1.0; }
    return um * x / log(u);
}

fn m32_log1p(x: f32) -> f32 {
    if (m32_isnan(x) || m32_isinf(x) || x <= -1.0) { return m32_log(1.0 + x); }
    let u = m32_opaque(1.0 + x);
    if (u == 1.0) { return x; }
    return log(u) * x / (u - 1.0);
}

fn m32_atan2(y: f32, x: f32) -> f32 {
    if (m32_isnan(x) || m32_isnan(y)) { return m32_nan(); }
    if (y == 0.0) {
        return m32_copysign(select(0.0, 3.1415927, (bitcast<u32>(x) >> 31u) != 0u), y);
    }
    if (m32_isinf(x) && m32_isinf(y)) {
        return m32_copysign(select(0.7853982, 2.3561945, x < 0.0), y);
    }
    return atan2(y, x);
}

fn m32_hypot(x: f32, y: f32) -> f32 {
    let ax = abs(x);
    let ay = abs(y);
    if (m32_isinf(x) || m32_isinf(y)) { return m32_inf(); }
    if (m32_isnan(x) || m32_isnan(y)) { return m32_nan(); }
    let a = max(ax, ay);
    let b = min(ax, ay);
    if (b == 0.0) { return a; }
    let r = b / a;
    return a * sqrt(1.0 + r * r);
}

// x^y with C99 special cases, tested on the bits as in the f64 library (magnitudes compare as integers:
// 0x7f800000 is Inf, 0x3f800000 is 1); negative x with non-integer y gives NaN (complex in MATLAB: the
// caller routes those to the CPU).
fn m32_pow(x: f32, y: f32) -> f32 {
    let mx = m32_bits(x) & 0x7fffffffu;
    let my = m32_bits(y) & 0x7fffffffu;
    if (my == 0u || m32_bits(x) == 0x3f800000u) { return 1.0; }
    if (mx > 0x7f800000u || my > 0x7f800000u) { return m32_nan(); }
    let yneg = (m32_bits(y) >> 31u) != 0u;
    let xneg = (m32_bits(x) >> 31u) != 0u;
    if (my == 0x7f800000u) {
        if (mx == 0x3f800000u) { return 1.0; }
        return select(0.0, m32_inf(), (mx > 0x3f800000u) != yneg);
    }
    let yint = floor(y) == y;
    let yodd = yint && my < 0x4b800000u && !(floor(y * 0.5) * 2.0 == y);   // |y| < 2^24
    let sign = select(1.0, -1.0, xneg && yodd);
    if (mx == 0u || mx == 0x7f800000u) {
        return m32_copysign(select(0.0, m32_inf(), (mx == 0u) == yneg), sign);
    }
    if (xneg && !yint) { return m32_nan(); }
    if (y == 2.0) { return x * x; }
    return m32_copysign(pow(bitcast<f32>(mx), y), sign);
}
