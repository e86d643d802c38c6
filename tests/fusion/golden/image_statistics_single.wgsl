// window 0, group 0: ImageNormalize
// library (and what it calls): m32_div m32_inf m32_isinf m32_isnan m32_nan m32_opaque mf_init
struct Params {
    n: u32, ndim: u32, zero: u32, nout: u32,
    pre: u32, rn: u32, post: u32, chunk: u32,
    nchunks: u32, pad0: u32, pad1: u32, pad2: u32,
    shape: array<vec4<u32>, 2>,
    strides: array<vec4<u32>, 2>,
    scalars: array<vec4<f32>, 1>,
}
@group(0) @binding(0) var<uniform> p: Params;
struct AccT { v: f32, i: u32 }
struct AccP { v: vec2<f32>, i: u32 }
struct Acc {
    m0: AccT,
    m1: AccP,
}
@group(0) @binding(1) var<storage, read> in0: array<f32>;
@group(0) @binding(2) var<storage, read_write> out_values0: array<f32>;
@group(0) @binding(3) var<storage, read_write> out_values1: array<f32>;
var<workgroup> shared_AccP: array<AccP, 256>;
var<workgroup> shared_AccT: array<AccT, 256>;
const LINE_LANES: u32 = 256u;
const OUTS: u32 = 8u;
const LANES: u32 = 32u;
fn load0(x: f32, j: u32) -> AccT {
    return AccT(x, j);
}
fn combine0(a: AccT, b: AccT) -> AccT {
    return AccT(a.v + b.v, 0u);
}
fn load1(x: f32, j: u32) -> AccP {
    return AccP(vec2<f32>(x, 0.0), 1u);
}
fn combine1(a: AccP, b: AccP) -> AccP {
    if (a.i == 0u) { return b; }
    if (b.i == 0u) { return a; }
    let n = a.i + b.i;
    let w = f32(b.i) / f32(n);
    let d = b.v.x - a.v.x;
    return AccP(vec2<f32>(a.v.x + d * w, a.v.y + b.v.y + d * d * f32(a.i) * w), n);
}
fn update1(a: AccP, x: vec2<f32>, j: u32) -> AccP {
    let n = a.i + 1u;
    let d = x.x - a.v.x;
    let mean = a.v.x + d / f32(n);
    return AccP(vec2<f32>(mean, a.v.y + d * (x.x - mean)), n);
}
fn block1(a: AccP, x0: vec2<f32>, x1: vec2<f32>, x2: vec2<f32>, x3: vec2<f32>) -> AccP {
    let m = select(a.v.x, x0.x, a.i == 0u);
    let e0 = x0.x - m;
    let e1 = x1.x - m;
    let e2 = x2.x - m;
    let e3 = x3.x - m;
    let s1 = (e0 + e1) + (e2 + e3);
    let s2 = (e0 * e0 + e1 * e1) + (e2 * e2 + e3 * e3);
    let n = a.i + 4u;
    let q = s1 / f32(n);
    return AccP(vec2<f32>(m + q, a.v.y + (s2 - s1 * q)), n);
}
fn update(a: Acc, b: Acc, j: u32) -> Acc {
    return Acc(combine0(a.m0, b.m0), update1(a.m1, b.m1.v, j));
}
fn identity() -> Acc {
    return Acc(AccT(f32(0.0), 0xffffffffu), AccP(vec2<f32>(0.0, 0.0), 0u));
}
fn load(out_id: u32, j: u32, first: Acc) -> Acc {
    let i = out_id % p.pre + p.pre * (j + p.rn * (out_id / p.pre));
    let v0 = f32(in0[i]);
    return Acc(load0(v0, j), load1(m32_opaque(v0 - first.m1.v.x), j));
}
fn shift(out_id: u32, live: bool) -> Acc {
    if (!live || p.rn == 0u) { return identity(); }
    return load(out_id, 0u, identity());
}
fn store(out_id: u32, chunk_id: u32, a: Acc) {
    out_values0[out_id] = m32_div(a.m0.v, 1200.0f);
    out_values1[out_id] = select(select(m32_div(a.m1.v.y, 1199.0f), m32_inf(), m32_isnan(a.m1.v.y)), m32_nan(), m32_isnan(a.m1.v.x) || m32_isinf(a.m1.v.x));
}
fn block(a: Acc, b0: Acc, b1: Acc, b2: Acc, b3: Acc, j0: u32, j1: u32, j2: u32, j3: u32) -> Acc {
    return Acc(combine0(a.m0, combine0(combine0(b0.m0, b1.m0), combine0(b2.m0, b3.m0))), block1(a.m1, b0.m1.v, b1.m1.v, b2.m1.v, b3.m1.v));
}
fn accumulate(out_id: u32, begin: u32, end: u32, step: u32, first: Acc) -> Acc {
    var acc = identity();
    var j = begin;
    for (; j + 3u * step < end; j = j + 4u * step) {
        let j1 = j + 1u * step;
        let j2 = j + 2u * step;
        let j3 = j + 3u * step;
        acc = block(acc, load(out_id, j, first), load(out_id, j1, first), load(out_id, j2, first), load(out_id, j3, first), j, j1, j2, j3);
    }
    for (; j < end; j = j + step) {
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
    shared_AccP[lid] = acc.m1;
    workgroupBarrier();
    for (var s = LINE_LANES / 2u; s > 0u; s = s >> 1u) {
        if (lane < s) { shared_AccP[lid] = combine1(shared_AccP[lid], shared_AccP[lid + s]); }
        workgroupBarrier();
    }
    acc.m1 = shared_AccP[lid];
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
    shared_AccP[lid] = acc.m1;
    workgroupBarrier();
    for (var s = LANES / 2u; s > 0u; s = s >> 1u) {
        if (lane < s) { shared_AccP[lid] = combine1(shared_AccP[lid], shared_AccP[lid + OUTS * s]); }
        workgroupBarrier();
    }
    acc.m1 = shared_AccP[lid];
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

// window 0, group 1: Reduction
// library (and what it calls): m32_div mf_init
struct Params {
    n: u32, ndim: u32, zero: u32, nout: u32,
    pre: u32, rn: u32, post: u32, chunk: u32,
    nchunks: u32, pad0: u32, pad1: u32, pad2: u32,
    shape: array<vec4<u32>, 2>,
    strides: array<vec4<u32>, 2>,
    scalars: array<vec4<f32>, 1>,
}
@group(0) @binding(0) var<uniform> p: Params;
struct AccT { v: f32, i: u32 }
struct Acc {
    m0: AccT,
}
@group(0) @binding(1) var<storage, read> in0: array<f32>;
@group(0) @binding(2) var<storage, read_write> out_values0: array<f32>;
var<workgroup> shared_AccT: array<AccT, 256>;
const LINE_LANES: u32 = 256u;
const OUTS: u32 = 8u;
const LANES: u32 = 32u;
fn load0(x: f32, j: u32) -> AccT {
    return AccT(x, j);
}
fn combine0(a: AccT, b: AccT) -> AccT {
    return AccT(a.v + b.v, 0u);
}
fn combine(a: Acc, b: Acc) -> Acc {
    return Acc(combine0(a.m0, b.m0));
}
fn update(a: Acc, b: Acc, j: u32) -> Acc {
    return Acc(combine0(a.m0, b.m0));
}
fn identity() -> Acc {
    return Acc(AccT(f32(0.0), 0xffffffffu));
}
fn load(out_id: u32, j: u32, first: Acc) -> Acc {
    let i = out_id % p.pre + p.pre * (j + p.rn * (out_id / p.pre));
    let v0 = f32(in0[i]);
    return Acc(load0(v0, j));
}
fn shift(out_id: u32, live: bool) -> Acc {
    return identity();
}
fn store(out_id: u32, chunk_id: u32, a: Acc) {
    out_values0[out_id] = m32_div(a.m0.v, 1200.0f);
}
fn accumulate(out_id: u32, begin: u32, end: u32, step: u32, first: Acc) -> Acc {
    var acc0 = identity();
    var acc1 = identity();
    var acc2 = identity();
    var acc3 = identity();
    var j = begin;
    for (; j + 3u * step < end; j = j + 4u * step) {
        let j1 = j + 1u * step;
        let j2 = j + 2u * step;
        let j3 = j + 3u * step;
        acc0 = update(acc0, load(out_id, j, first), j);
        acc1 = update(acc1, load(out_id, j1, first), j1);
        acc2 = update(acc2, load(out_id, j2, first), j2);
        acc3 = update(acc3, load(out_id, j3, first), j3);
    }
    for (; j < end; j = j + step) {
        acc0 = update(acc0, load(out_id, j, first), j);
    }
    return combine(combine(combine(acc0, acc1), acc2), acc3);
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

// window 0, group 2: ElementwiseChain
// library (and what it calls): m32_opaque m32_sqrt mf_init
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
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let w = gid.x + gid.y * nwg.x * 256u;
    let base = w * 4u;
    if (base >= p.n) { return; }
    let in0_w = in0[w];
    var out0_w: vec4<f32>;
    {
        let i = base + 0u;
        let v1073741827 = f32(in0_w[0]);
        let v10 = m32_opaque(m32_sqrt(v1073741827));
        out0_w[0] = v10;
    }
    {
        let i = base + 1u;
        let v1073741827 = f32(in0_w[1]);
        let v10 = m32_opaque(m32_sqrt(v1073741827));
        out0_w[1] = v10;
    }
    {
        let i = base + 2u;
        let v1073741827 = f32(in0_w[2]);
        let v10 = m32_opaque(m32_sqrt(v1073741827));
        out0_w[2] = v10;
    }
    {
        let i = base + 3u;
        let v1073741827 = f32(in0_w[3]);
        let v10 = m32_opaque(m32_sqrt(v1073741827));
        out0_w[3] = v10;
    }
    if (base + 4u <= p.n) {
        out0[w] = out0_w;
        return;
    }
    for (var c = 0u; base + c < p.n; c = c + 1u) {
        out0[w][c] = out0_w[c];
    }
}
