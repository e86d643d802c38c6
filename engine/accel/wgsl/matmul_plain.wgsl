// kernels.gpu_matmul's operands for matmul.wgsl: column-major A (m x k) and B (k x n) as stored (any
// class, converted on load; bound as vec4 where matmul_tiling.OperandRead reads them so), C (m x n).
struct Params { m: u32, k: u32, n: u32, zero: u32 }

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> a: array<$TA>;
@group(0) @binding(2) var<storage, read> b: array<$TB>;
@group(0) @binding(3) var<storage, read_write> c: array<$T>;

fn store(r: u32, col: u32, v: $T) { c[r + p.m * col] = v; }
