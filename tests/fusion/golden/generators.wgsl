// window 0, group 0: ElementwiseChain
// library (and what it calls): gen_colon gen_linspace m64_opaque m64_sin mf_init
struct Params {
    n: u32, ndim: u32, zero: u32, nout: u32,
    pre: u32, rn: u32, post: u32, chunk: u32,
    nchunks: u32, pad0: u32, pad1: u32, pad2: u32,
    shape: array<vec4<u32>, 2>,
    strides: array<vec4<u32>, 2>,
    scalars: array<vec4<f64>, 1>,
}
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read_write> out0: array<f64>;
@group(0) @binding(2) var<storage, read_write> out1: array<f64>;
@group(0) @binding(3) var<storage, read_write> out2: array<f64>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let first = gid.x + gid.y * nwg.x * 256u;
    let total = nwg.x * nwg.y * 256u;
    for (var j = 0u; j < 2u; j = j + 1u) {
        let i = first + j * total;
        if (i >= p.n) { return; }
        let v0 = p.scalars[0][0];
        let v2 = p.scalars[0][1];
        let v1 = 1.0lf;
        let v4 = 2.0lf;
        let v5 = 3.141592653589793lf;
        let v14 = 1.0lf;
        let v3 = f64(gen_linspace(f64(v0), f64(v1), f64(p.scalars[0][2]), i));
        let v6 = m64_opaque((v4 * v5));
        let v8 = m64_opaque((v6 * v3));
        let v9 = m64_opaque(m64_sin(v8));
        let v12 = m64_opaque(f64(0.0));
        let v13 = m64_opaque((v9 + v12));
        let v16 = f64(gen_colon(f64(v14), 1.0lf, f64(v2), f64(p.scalars[0][3]), i));
        let v18 = m64_opaque((v16 * v3));
        out0[i] = v3;
        out1[i] = v13;
        out2[i] = v18;
    }
}
