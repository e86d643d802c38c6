// window 0, group 0: MatmulEpilogue
// library (and what it calls): m64_distinct m64_max m64_opaque mf_init
struct Params {
    n: u32, ndim: u32, zero: u32, nout: u32,
    pre: u32, rn: u32, post: u32, chunk: u32,
    nchunks: u32, pad0: u32, pad1: u32, pad2: u32,
    shape: array<vec4<u32>, 2>,
    strides: array<vec4<u32>, 2>,
    scalars: array<vec4<f64>, 1>,
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
@group(0) @binding(1) var<storage, read> in0: array<f64>;
@group(0) @binding(2) var<storage, read> in1: array<f64>;
@group(0) @binding(3) var<storage, read> in2: array<f64>;
@group(0) @binding(4) var<storage, read_write> out0: array<f64>;
fn load_a(r: u32, kk: u32) -> f64 { return f64(in1[r + p.pre * kk]); }
fn load_b(kk: u32, c: u32) -> f64 { return f64(in2[kk + p.rn * c]); }
fn store(r: u32, c: u32, acc: f64) {
    let i = r + p.pre * c;
    let v2 = acc;
    let v3 = f64(in0[expanded_index(i, 0u)]);
    let v5 = p.scalars[0][0];
    let v4 = m64_opaque((v2 + v3));
    let v6 = m64_opaque(m64_max(v4, m64_distinct(v5)));
    out0[i] = v6;
}
var<workgroup> tiles: array<vec4<f64>, 512>;    // A's [kk * 32 + row / 4], then B's [256 + kk * 32 + col / 4]
fn operand(which: u32, i: u32, kk: u32) -> f64 {
    if (which == 0u) {
        if (i < p.pre && kk < p.rn) { return load_a(i, kk); }
    } else if (i < p.post && kk < p.rn) {
        return load_b(kk, i);
    }
    return f64(0.0);
}
fn stage(which: u32, deep: bool, flat: u32, base: u32, t: u32) {
    let o = 256u * which;
    if (deep) {
        let i = flat % 128u;
        let kk = 4u * (flat / 128u);
        for (var e = 0u; e < 4u; e = e + 1u) {
            tiles[o + (kk + e) * 32u + i / 4u][i % 4u] = operand(which, base + i, t + kk + e);
        }
    } else {
        let i = base + 4u * (flat % 32u);
        let kk = t + flat / 32u;
        tiles[o + flat] = vec4<f64>(operand(which, i, kk), operand(which, i + 1u, kk),
                                   operand(which, i + 2u, kk), operand(which, i + 3u, kk));
    }
}
fn store4(row: u32, col: u32, v: vec4<f64>) {
    if (col >= p.post) { return; }
    for (var e = 0u; e < 4u; e = e + 1u) {
        if (row + e < p.pre) { store(row + e, col, v[e]); }
    }
}
@compute @workgroup_size(16, 16)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(local_invocation_index) flat: u32) {
    mf_init(p.zero);
    let row0 = wg.x * 128u;
    let col0 = wg.y * 128u;
    var c0: vec4<f64>; var c1: vec4<f64>; var c2: vec4<f64>; var c3: vec4<f64>;
    var c4: vec4<f64>; var c5: vec4<f64>; var c6: vec4<f64>; var c7: vec4<f64>;
    var c8: vec4<f64>; var c9: vec4<f64>; var c10: vec4<f64>; var c11: vec4<f64>;
    var c12: vec4<f64>; var c13: vec4<f64>; var c14: vec4<f64>; var c15: vec4<f64>;
    for (var t = 0u; t < p.rn; t = t + 8u) {
        stage(0u, false, flat, row0, t);
        stage(1u, true, flat, col0, t);
        workgroupBarrier();
        for (var kk = 0u; kk < 8u; kk = kk + 1u) {
            let a0 = tiles[kk * 32u + lid.x];
            let a1 = tiles[kk * 32u + 16u + lid.x];
            let b0 = tiles[256u + kk * 32u + lid.y];
            let b1 = tiles[256u + kk * 32u + 16u + lid.y];
            c0 = c0 + a0 * b0.x;    c1 = c1 + a1 * b0.x;
            c2 = c2 + a0 * b0.y;    c3 = c3 + a1 * b0.y;
            c4 = c4 + a0 * b0.z;    c5 = c5 + a1 * b0.z;
            c6 = c6 + a0 * b0.w;    c7 = c7 + a1 * b0.w;
            c8 = c8 + a0 * b1.x;    c9 = c9 + a1 * b1.x;
            c10 = c10 + a0 * b1.y;  c11 = c11 + a1 * b1.y;
            c12 = c12 + a0 * b1.z;  c13 = c13 + a1 * b1.z;
            c14 = c14 + a0 * b1.w;  c15 = c15 + a1 * b1.w;
        }
        workgroupBarrier();
    }
    let r0 = row0 + 4u * lid.x;
    let r1 = r0 + 64u;
    let q0 = col0 + 4u * lid.y;
    let q1 = q0 + 64u;
    store4(r0, q0, c0);         store4(r1, q0, c1);
    store4(r0, q0 + 1u, c2);    store4(r1, q0 + 1u, c3);
    store4(r0, q0 + 2u, c4);    store4(r1, q0 + 2u, c5);
    store4(r0, q0 + 3u, c6);    store4(r1, q0 + 3u, c7);
    store4(r0, q1, c8);         store4(r1, q1, c9);
    store4(r0, q1 + 1u, c10);   store4(r1, q1 + 1u, c11);
    store4(r0, q1 + 2u, c12);   store4(r1, q1 + 2u, c13);
    store4(r0, q1 + 3u, c14);   store4(r1, q1 + 3u, c15);
}
