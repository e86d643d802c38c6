// matfuse division and square root, correctly rounded in both precisions (adapters with shader-f64).
// Vulkan lets f32 division be 2.5 ulp off and f32 sqrt be computed from inverseSqrt, and NVIDIA's driver
// does both: on the H100 28% of f32 quotients of random operands were 1 ulp away from numpy's. MATLAB's
// (IEEE) results are correctly rounded, so f32 division and sqrt go through f64: f64 carries more than
// twice f32's 24 bits, so rounding the f64 result to f32 gives the correctly rounded f32 result.
// f64 division and sqrt are correctly rounded on the adapters measured (docs/gpu.md).

fn m64_div(a: f64, b: f64) -> f64 { return a / b; }
// common.wgsl's m32_distinct in double.
fn m64_distinct(x: f64) -> f64 { return bitcast<f64>(bitcast<u64>(x) + u64(mf_zero)); }
fn m32_div(a: f32, b: f32) -> f32 { return f32(f64(a) / f64(b)); }
// sqrt(-0) is -0 (copysign also where a driver computes sqrt from inverseSqrt).
fn m32_sqrt(x: f32) -> f32 { return m32_copysign(f32(sqrt(f64(x))), x); }
