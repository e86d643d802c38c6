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
@group(0) @binding(1) var<storage, read> in0: array<vec4<f32>>;
@group(0) @binding(2) var<storage, read_write> out0: array<vec4<f32>>;
@group(0) @binding(3) var<storage, read_write> out1: array<vec4<f32>>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let w = gid.x + gid.y * nwg.x * 256u;
    let base = w * 4u;
    if (base >= p.n) { return; }
    let in0_w = in0[w];
    var out0_w: vec4<f32>;
    var out1_w: vec4<f32>;
    {
        let i = base + 0u;
        let v0 = f32(in0_w[0]);
        let v1 = 2.0f;
        let v2 = m32_opaque((v0 * v1));
        let v4 = m32_opaque(m32_exp(v2));
        let v6 = m32_opaque((v4 - m32_distinct(v0)));
        out0_w[0] = v2;
        out1_w[0] = v6;
    }
    {
        let i = base + 1u;
        let v0 = f32(in0_w[1]);
        let v1 = 2.0f;
        let v2 = m32_opaque((v0 * v1));
        let v4 = m32_opaque(m32_exp(v2));
        let v6 = m32_opaque((v4 - m32_distinct(v0)));
        out0_w[1] = v2;
        out1_w[1] = v6;
    }
    {
        let i = base + 2u;
        let v0 = f32(in0_w[2]);
        let v1 = 2.0f;
        let v2 = m32_opaque((v0 * v1));
        let v4 = m32_opaque(m32_exp(v2));
        let v6 = m32_opaque((v4 - m32_distinct(v0)));
        out0_w[2] = v2;
        out1_w[2] = v6;
    }
    {
        let i = base + 3u;
        let v0 = f32(in0_w[3]);
        let v1 = 2.0f;
        let v2 = m32_opaque((v0 * v1));
        let v4 = m32_opaque(m32_exp(v2));
        let v6 = m32_opaque((v4 - m32_distinct(v0)));
        out0_w[3] = v2;
        out1_w[3] = v6;
    }
    if (base + 4u <= p.n) {
        out0[w] = out0_w;
        out1[w] = out1_w;
        return;
    }
    for (var c = 0u; base + c < p.n; c = c + 1u) {
        out0[w][c] = out0_w[c];
        out1[w][c] = out1_w[c];
    }
}
