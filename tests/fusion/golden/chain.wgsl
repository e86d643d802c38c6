// window 0, group 0: ElementwiseChain
// library (and what it calls): m64_distinct m64_exp m64_opaque m64_sqrt mf_init
struct Params {
    n: u32, ndim: u32, zero: u32, nout: u32,
    pre: u32, rn: u32, post: u32, chunk: u32,
    nchunks: u32, pad0: u32, pad1: u32, pad2: u32,
    shape: array<vec4<u32>, 2>,
    strides: array<vec4<u32>, 2>,
    scalars: array<vec4<f64>, 1>,
}
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> in0: array<f64>;
@group(0) @binding(2) var<storage, read_write> out0: array<f64>;
@group(0) @binding(3) var<storage, read_write> out1: array<f64>;
@group(0) @binding(4) var<storage, read_write> out2: array<f64>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let first = gid.x + gid.y * nwg.x * 256u;
    let total = nwg.x * nwg.y * 256u;
    for (var j = 0u; j < 2u; j = j + 1u) {
        let i = first + j * total;
        if (i >= p.n) { return; }
        let v0 = f64(in0[i]);
        let v1 = 2.0lf;
        let v10 = 1.0lf;
        let v2 = m64_opaque((v0 * v1));
        let v4 = m64_opaque(m64_exp(v2));
        let v6 = m64_opaque((v4 - m64_distinct(v0)));
        let v8 = m64_opaque(abs(v6));
        let v9 = m64_opaque(m64_sqrt(v8));
        let v11 = m64_opaque((v9 + v10));
        out0[i] = v2;
        out1[i] = v6;
        out2[i] = v11;
    }
}
