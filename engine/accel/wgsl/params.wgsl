// The uniform block of the one-operation kernels (elementwise.wgsl, elementwise_vec.wgsl, reduce.wgsl)
// and of the fused ones (fused_*.wgsl: chains, reductions, matrix products); kernels.params_wgsl sizes it
// and kernels.params_head packs its fixed part. Arrays of the kernel's size are read at the element index,
// 1x1 arrays at 0, others through per-dimension strides (0 on expanded dimensions, MAX_DIMS per input);
// scalar operands are uniforms, never shader text. pre, rn, post, chunk, nchunks: a reduction's view.
// A kernel that draws random numbers has ``rng``: per draw, its stream key (xy) and base position (zw);
// one with views has ``maps``: the index maps of fused_views.wgsl; a fused loop (fusion/loops.py) has
// ``fused_loop``: its trip count, the stream positions its draws advance per iteration, its variable's step
// (i32 bits).
struct Params {
    n: u32, ndim: u32, zero: u32, nout: u32,
    pre: u32, rn: u32, post: u32, chunk: u32,
    nchunks: u32, pad0: u32, pad1: u32, pad2: u32,
    shape: array<vec4<u32>, 2>,
    strides: array<vec4<u32>, $stride_vecs>,
$maps$rng
    scalars: array<vec4<$T>, $scalar_vecs>,
}

@group(0) @binding(0) var<uniform> p: Params;

fn expanded_index(i: u32, k: u32) -> u32 {
    var rem = i;
    var idx = 0u;
    for (var d = 0u; d < p.ndim; d = d + 1u) {
        let extent = p.shape[d / 4u][d % 4u];
        idx = idx + (rem % extent) * p.strides[2u * k + d / 4u][d % 4u];
        rem = rem / extent;
    }
    return idx;
}
