// matfuse f32 math through the f64 library: on adapters with shader-f64 every single-precision
// transcendental is computed in double and rounded once to single, so it is within 1 ulp of the
// correctly rounded single result (WGSL's f32 built-ins are not: see docs/gpu.md). Same m32_ names as
// f32_math.wgsl, which adapters without f64 use instead.

fn m32_exp(x: f32) -> f32 { return f32(m64_exp(f64(x))); }
fn m32_expm1(x: f32) -> f32 { return f32(m64_expm1(f64(x))); }
fn m32_log(x: f32) -> f32 { return f32(m64_log(f64(x))); }
fn m32_log1p(x: f32) -> f32 { return f32(m64_log1p(f64(x))); }
fn m32_log2(x: f32) -> f32 { return f32(m64_log2(f64(x))); }
fn m32_log10(x: f32) -> f32 { return f32(m64_log10(f64(x))); }
fn m32_sin(x: f32) -> f32 { return f32(m64_sin(f64(x))); }
fn m32_cos(x: f32) -> f32 { return f32(m64_cos(f64(x))); }
fn m32_tan(x: f32) -> f32 { return f32(m64_tan(f64(x))); }
fn m32_asin(x: f32) -> f32 { return f32(m64_asin(f64(x))); }
fn m32_acos(x: f32) -> f32 { return f32(m64_acos(f64(x))); }
fn m32_atan(x: f32) -> f32 { return f32(m64_atan(f64(x))); }
fn m32_sinh(x: f32) -> f32 { return f32(m64_sinh(f64(x))); }
fn m32_cosh(x: f32) -> f32 { return f32(m64_cosh(f64(x))); }
fn m32_tanh(x: f32) -> f32 { return f32(m64_tanh(f64(x))); }
fn m32_pow(x: f32, y: f32) -> f32 { return f32(m64_pow(f64(x), f64(y))); }
fn m32_atan2(y: f32, x: f32) -> f32 { return f32(m64_atan2(f64(y), f64(x))); }
fn m32_hypot(x: f32, y: f32) -> f32 { return f32(m64_hypot(f64(x), f64(y))); }
