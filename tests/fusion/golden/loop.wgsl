// library (and what it calls): m64_exp m64_opaque mf_init rng_normal_two_f64 rng_pos
struct Params {
    n: u32, ndim: u32, zero: u32, nout: u32,
    pre: u32, rn: u32, post: u32, chunk: u32,
    nchunks: u32, pad0: u32, pad1: u32, pad2: u32,
    shape: array<vec4<u32>, 2>,
    strides: array<vec4<u32>, 2>,
    rng: array<vec4<u32>, 1>,
    fused_loop: vec4<u32>,
    scalars: array<vec4<f64>, 1>,
}
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> in0: array<f64>;
@group(0) @binding(2) var<storage, read> in1: array<f64>;
@group(0) @binding(3) var<storage, read_write> out0: array<f64>;
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let i = gid.x + gid.y * nwg.x * 256u;
    if (i >= p.n) { return; }
    let first = 2u * i;
    if (first >= p.n) { return; }
    let second = min(first + 1u, p.n - 1u);
    let v5 = p.scalars[0][0];
    let v6 = p.scalars[0][1];
    let v12 = 0.1lf;
    var s0: vec2<f64>;
    var h10: vec2<f64>;
    {
        let i = first;
        s0[0] = f64(in0[i]);
        let v7 = f64(in1[i]);
        let v8 = m64_opaque((v6 * v7));
        let v9 = m64_opaque((v5 + v8));
        let v10 = m64_opaque(m64_exp(v9));
        h10[0] = v10;
    }
    {
        let i = second;
        s0[1] = f64(in0[i]);
        let v7 = f64(in1[i]);
        let v8 = m64_opaque((v6 * v7));
        let v9 = m64_opaque((v5 + v8));
        let v10 = m64_opaque(m64_exp(v9));
        h10[1] = v10;
    }
    var pos0 = p.rng[0].zw;
    for (var it = 0u; it < p.fused_loop.x; it = it + 1u) {
        let d17 = rng_normal_two_f64(p.rng[0].xy, rng_pos(pos0, first));
        {
            let i = first;
            let v10 = h10[0];
            let v4 = s0[0];
            let v13 = p.scalars[0][2] + f64(it) * f64(bitcast<i32>(p.fused_loop.z));
            let v17 = f64(d17.x);
            let v11 = m64_opaque((v4 * v10));
            let v14 = m64_opaque((v12 * v13));
            let v18 = m64_opaque((v14 * v17));
            let v19 = m64_opaque((v11 + v18));
            s0[0] = v19;
        }
        {
            let i = second;
            let v10 = h10[1];
            let v4 = s0[1];
            let v13 = p.scalars[0][2] + f64(it) * f64(bitcast<i32>(p.fused_loop.z));
            let v17 = f64(select(d17.y, d17.x, second == first));
            let v11 = m64_opaque((v4 * v10));
            let v14 = m64_opaque((v12 * v13));
            let v18 = m64_opaque((v14 * v17));
            let v19 = m64_opaque((v11 + v18));
            s0[1] = v19;
        }
        pos0 = rng_pos(pos0, p.fused_loop.y);
    }
    out0[first] = s0[0];
    out0[second] = s0[1];
}
