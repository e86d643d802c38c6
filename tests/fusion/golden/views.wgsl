// window 0, group 0: ElementwiseChain
// library (and what it calls): m64_distinct m64_opaque mapped_index mf_init
struct Params {
    n: u32, ndim: u32, zero: u32, nout: u32,
    pre: u32, rn: u32, post: u32, chunk: u32,
    nchunks: u32, pad0: u32, pad1: u32, pad2: u32,
    shape: array<vec4<u32>, 2>,
    strides: array<vec4<u32>, 2>,
    maps: array<vec4<u32>, 2>,
    scalars: array<vec4<f64>, 1>,
}
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> in0: array<f64>;
@group(0) @binding(2) var<storage, read_write> out0: array<f64>;
@group(0) @binding(3) var<storage, read_write> out1: array<f64>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let first = gid.x + gid.y * nwg.x * 256u;
    let total = nwg.x * nwg.y * 256u;
    for (var j = 0u; j < 2u; j = j + 1u) {
        let i = first + j * total;
        if (i >= p.n) { return; }
        let v1 = 2.0lf;
        let v15 = 1.0lf;
        let v0_c1 = f64(in0[i]);
        let v2_c1 = m64_opaque((v0_c1 * v1));
        let v5 = v2_c1;
        let ix2 = mapped_index(i, 0u);
        let v0_c3 = f64(in0[ix2]);
        let v14 = v0_c3;
        let v16 = m64_opaque((v14 - m64_distinct(v15)));
        out0[i] = v5;
        out1[i] = v16;
    }
}

// window 0, group 1: ElementwiseChain
// library (and what it calls): m64_opaque mf_init
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
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let first = gid.x + gid.y * nwg.x * 256u;
    let total = nwg.x * nwg.y * 256u;
    for (var j = 0u; j < 2u; j = j + 1u) {
        let i = first + j * total;
        if (i >= p.n) { return; }
        let v8 = 1.0lf;
        let v0_c1 = f64(in0[i]);
        let v7 = v0_c1;
        let v9 = m64_opaque((v7 + v8));
        out0[i] = v9;
    }
}
