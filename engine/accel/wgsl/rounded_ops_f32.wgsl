// matfuse f32 division, square root and power for adapters without shader-f64 (rounded_ops.wgsl has
// the correctly rounded ones): division and square root WGSL's own, which Vulkan allows to be 2.5 ulp
// (division) and a few ulp (sqrt) off (lavapipe's are correctly rounded); power the f32 library's.

fn m32_div(a: f32, b: f32) -> f32 { return a / b; }
fn m32_div_literal(a: f32, c: f32) -> f32 { return a / c; }
// sqrt(-0) is -0 also where the driver computes sqrt as 1/inverseSqrt(x).
fn m32_sqrt(x: f32) -> f32 { return m32_copysign(sqrt(x), x); }
// The f32 math library's float-float power.
fn m32_pow(x: f32, y: f32) -> f32 { return m32_pow_ff(x, y); }
