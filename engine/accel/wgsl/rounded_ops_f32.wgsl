// matfuse f32 division and square root for adapters without shader-f64 (rounded_ops.wgsl has the
// correctly rounded ones): WGSL's own, which Vulkan allows to be 2.5 ulp (division) and a few ulp (sqrt)
// off; lavapipe's are correctly rounded.

fn m32_div(a: f32, b: f32) -> f32 { return a / b; }
// sqrt(-0) is -0 also where the driver computes sqrt as 1/inverseSqrt(x).
fn m32_sqrt(x: f32) -> f32 { return m32_copysign(sqrt(x), x); }
