// window 0, group 0: Reduction
// library (and what it calls): m64_div m64_isnan m64_nan m64_opaque mf_init
struct Params {
    n: u32, ndim: u32, zero: u32, nout: u32,
    pre: u32, rn: u32, post: u32, chunk: u32,
    nchunks: u32, pad0: u32, pad1: u32, pad2: u32,
    shape: array<vec4<u32>, 2>,
    strides: array<vec4<u32>, 2>,
    scalars: array<vec4<f64>, 1>,
}
@group(0) @binding(0) var<uniform> p: Params;
struct AccT { v: f64, i: u32 }
struct Acc {
    m0: AccT,
    m1: AccT,
    m2: AccT,
}
@group(0) @binding(1) var<storage, read> in0: array<f64>;
@group(0) @binding(2) var<storage, read_write> out_values0: array<f64>;
@group(0) @binding(3) var<storage, read_write> out_values1: array<f64>;
@group(0) @binding(4) var<storage, read_write> out_values2: array<f64>;
var<workgroup> shared_AccT: array<AccT, 256>;
const LINE_LANES: u32 = 256u;
const OUTS: u32 = 8u;
const LANES: u32 = 32u;
fn load0(x: f64, j: u32) -> AccT {
    return AccT(x, j);
}
fn combine0(a: AccT, b: AccT) -> AccT {
    return AccT(a.v + b.v, 0u);
}
fn load1(x: f64, j: u32) -> AccT {
    return AccT(x, j);
}
fn combine1(a: AccT, b: AccT) -> AccT {
    let na = m64_isnan(a.v);
    let nb = m64_isnan(b.v);
    if (na != nb) { if (na) { return b; } return a; }
    if (na || a.v == b.v) { if (b.i < a.i) { return b; } return a; }
    if (b.v > a.v) { return b; }
    return a;
}
fn update1(a: AccT, x: f64, j: u32) -> AccT {
    if (m64_isnan(a.v)) {
        if (!m64_isnan(x) || a.i == 0xffffffffu) { return AccT(x, j); }
        return a;
    }
    if (x > a.v) { return AccT(x, j); }
    return a;
}
fn load2(x: f64, j: u32) -> AccT {
    return AccT(x, j);
}
fn combine2(a: AccT, b: AccT) -> AccT {
    return AccT(a.v + b.v, 0u);
}
fn update(a: Acc, b: Acc, j: u32) -> Acc {
    return Acc(combine0(a.m0, b.m0), update1(a.m1, b.m1.v, j), combine2(a.m2, b.m2));
}
fn identity() -> Acc {
    return Acc(AccT(f64(0.0), 0xffffffffu), AccT(m64_nan(), 0xffffffffu), AccT(f64(0.0), 0xffffffffu));
}
fn load(out_id: u32, j: u32, first: Acc) -> Acc {
    let i = out_id % p.pre + p.pre * (j + p.rn * (out_id / p.pre));
    let v0 = f64(in0[i]);
    let v1 = 2.0lf;
    let v2 = m64_opaque((v0 * v0));
    let v10 = m64_opaque(abs(v0));
    return Acc(load0(v2, j), load1(v0, j), load2(v10, j));
}
fn shift(out_id: u32, live: bool) -> Acc {
    return identity();
}
fn store(out_id: u32, chunk_id: u32, a: Acc) {
    out_values0[out_id] = a.m0.v;
    out_values1[out_id] = a.m1.v;
    out_values2[out_id] = m64_div(a.m2.v, 64.0lf);
}
fn accumulate(out_id: u32, begin: u32, end: u32, step: u32, first: Acc) -> Acc {
    var acc = identity();
    for (var j = begin; j < end; j = j + step) {
        acc = update(acc, load(out_id, j, first), j);
    }
    return acc;
}
@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    mf_init(p.zero);
    let lane = lid % LINE_LANES;
    let wid = (wg.x + wg.y * nwg.x) * (256u / LINE_LANES) + lid / LINE_LANES;
    let live = wid < p.nout * p.nchunks;
    let out_id = wid / p.nchunks;
    let chunk_id = wid % p.nchunks;
    let start = chunk_id * p.chunk;
    let end = select(start, min(p.rn, start + p.chunk), live);
    var acc = accumulate(out_id, start + lane, end, LINE_LANES, shift(out_id, live));
    shared_AccT[lid] = acc.m0;
    workgroupBarrier();
    for (var s = LINE_LANES / 2u; s > 0u; s = s >> 1u) {
        if (lane < s) { shared_AccT[lid] = combine0(shared_AccT[lid], shared_AccT[lid + s]); }
        workgroupBarrier();
    }
    acc.m0 = shared_AccT[lid];
    workgroupBarrier();
    shared_AccT[lid] = acc.m1;
    workgroupBarrier();
    for (var s = LINE_LANES / 2u; s > 0u; s = s >> 1u) {
        if (lane < s) { shared_AccT[lid] = combine1(shared_AccT[lid], shared_AccT[lid + s]); }
        workgroupBarrier();
    }
    acc.m1 = shared_AccT[lid];
    workgroupBarrier();
    shared_AccT[lid] = acc.m2;
    workgroupBarrier();
    for (var s = LINE_LANES / 2u; s > 0u; s = s >> 1u) {
        if (lane < s) { shared_AccT[lid] = combine2(shared_AccT[lid], shared_AccT[lid + s]); }
        workgroupBarrier();
    }
    acc.m2 = shared_AccT[lid];
    workgroupBarrier();
    if (lane == 0u && live) { store(out_id, chunk_id, acc); }
}
@compute @workgroup_size(256)
fn main_strided(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
                @builtin(local_invocation_index) lid: u32) {
    mf_init(p.zero);
    let wid = wg.x + wg.y * nwg.x;
    let tiles = (p.pre + OUTS - 1u) / OUTS;
    if (wid >= tiles * p.post * p.nchunks) { return; }
    let chunk_id = wid % p.nchunks;
    let tile = wid / p.nchunks;
    let a = (tile % tiles) * OUTS + lid % OUTS;
    let out_id = a + p.pre * (tile / tiles);
    let lane = lid / OUTS;
    let start = chunk_id * p.chunk;
    let end = min(p.rn, start + p.chunk);
    var acc = identity();
    if (a < p.pre) {
        acc = accumulate(out_id, start + lane, end, LANES, shift(out_id, true));
    }
    shared_AccT[lid] = acc.m0;
    workgroupBarrier();
    for (var s = LANES / 2u; s > 0u; s = s >> 1u) {
        if (lane < s) { shared_AccT[lid] = combine0(shared_AccT[lid], shared_AccT[lid + OUTS * s]); }
        workgroupBarrier();
    }
    acc.m0 = shared_AccT[lid];
    workgroupBarrier();
    shared_AccT[lid] = acc.m1;
    workgroupBarrier();
    for (var s = LANES / 2u; s > 0u; s = s >> 1u) {
        if (lane < s) { shared_AccT[lid] = combine1(shared_AccT[lid], shared_AccT[lid + OUTS * s]); }
        workgroupBarrier();
    }
    acc.m1 = shared_AccT[lid];
    workgroupBarrier();
    shared_AccT[lid] = acc.m2;
    workgroupBarrier();
    for (var s = LANES / 2u; s > 0u; s = s >> 1u) {
        if (lane < s) { shared_AccT[lid] = combine2(shared_AccT[lid], shared_AccT[lid + OUTS * s]); }
        workgroupBarrier();
    }
    acc.m2 = shared_AccT[lid];
    workgroupBarrier();
    if (lane == 0u && a < p.pre) { store(out_id, chunk_id, acc); }
}
@compute @workgroup_size(64)
fn main_small(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let out_id = gid.x + gid.y * nwg.x * 64u;
    if (out_id >= p.nout) { return; }
    let first = shift(out_id, true);
    var acc = identity();
    for (var j = 0u; j < p.rn; j = j + 1u) {
        acc = update(acc, load(out_id, j, first), j);
    }
    store(out_id, 0u, acc);
}
