// window 0, group 0: ElementwiseChain
// library (and what it calls): m32_distinct m32_exp m32_opaque mf_init
struct Params {
    n: u32, ndim: u32, zero: u32, nout: u32,
    pre: u32, rn: u32, post: u32, chunk: u32,
    nchunks: u32, pad0: u32, pad1: u32, pad2: u32,
    shape: array<vec4<u32>, 2>,
    strides: array<vec4<u32>, 2>,
    scalars: array<vec4<f32>, 1>,
}
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> in0: array<f32>;
@group(0) @binding(2) var<storage, read_write> out0: array<f32>;
@group(0) @binding(3) var<storage, read_write> out1: array<f32>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let first = gid.x + gid.y * nwg.x * 256u;
    let total = nwg.x * nwg.y * 256u;
    for (var j = 0u; j < 4u; j = j + 1u) {
        let i = first + j * total;
        if (i >= p.n) { return; }
        let v0 = f32(in0[i]);
        let v1 = 2.0f;
        let v2 = m32_opaque((v0 * v1));
        let v4 = m32_opaque(m32_exp(v2));
        let v6 = m32_opaque((v4 - m32_distinct(v0)));
        out0[i] = v2;
        out1[i] = v6;
    }
}
