// The uniform block of elementwise.wgsl and elementwise_vec.wgsl: the element count, the output's size,
// per-input strides (0 on expanded dimensions) and up to four scalar operands of type $T.
struct Params {
    n: u32,
    ndim: u32,
    zero: u32,
    pad: u32,
    shape: array<vec4<u32>, 2>,
    strides: array<vec4<u32>, $stride_vecs>,
    scalars: vec4<$T>,
}

@group(0) @binding(0) var<uniform> p: Params;
