// One reduction along one dimension, viewed as [pre, n, post]: element (a, j, b) of the input is at
// a + pre * (j + n * b), n the uniform block's rn (params.wgsl). Each output (a, b) is reduced over j in
// chunks of p.chunk elements:
//   main         one workgroup of 256 invocations per (output, chunk), for lines that are contiguous
//                or nearly (pre < 32): the invocations stride through the chunk, then a shared-memory
//                tree combines them.
//   main_strided one workgroup per 32 consecutive outputs a (same b) and chunk, for pre >= 32: 8 lanes
//                of 32 invocations each stride through the chunk, so every load of a warp reads 32
//                neighbouring elements; a three-step tree combines the lanes.
//   main_small   one invocation per output, a sequential loop (short reduced dimensions).
// Every invocation keeps four independent accumulators (four loads in flight). With several chunks a
// pass writes partial results (value and index) laid out [1, nchunks, nout], and the next pass reduces
// those the same way.
// Values carry their 0-based index along the reduced dimension (max/min report it); ties and NaN
// follow MATLAB: NaN is ignored unless all are NaN, and the first of equal values wins.
$library
$params
struct Acc { v: $TACC, i: u32 }
$bindings
var<workgroup> shared_acc: array<Acc, 256>;

fn combine(a: Acc, b: Acc) -> Acc {
$combine
}

// The first element of output out_id's line; element j of the line is at base + p.pre * j.
fn line_base(out_id: u32) -> u32 {
    return out_id % p.pre + p.pre * p.rn * (out_id / p.pre);
}

fn load(base: u32, j: u32) -> Acc {
    let addr = base + p.pre * j;
$load
}

fn store(out_id: u32, chunk_id: u32, a: Acc) {
$store
}

// Elements first, first + step, ... below end of the line at base, combined.
fn accumulate(base: u32, first: u32, end: u32, step: u32) -> Acc {
    let none = Acc($identity);
    var acc0 = none;
    var acc1 = none;
    var acc2 = none;
    var acc3 = none;
    var j = first;
    for (; j + 3u * step < end; j = j + 4u * step) {
        acc0 = combine(acc0, load(base, j));
        acc1 = combine(acc1, load(base, j + step));
        acc2 = combine(acc2, load(base, j + 2u * step));
        acc3 = combine(acc3, load(base, j + 3u * step));
    }
    for (; j < end; j = j + step) {
        acc0 = combine(acc0, load(base, j));
    }
    return combine(combine(acc0, acc1), combine(acc2, acc3));
}

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    mf_init(p.zero);
    let wid = wg.x + wg.y * nwg.x;
    if (wid >= p.nout * p.nchunks) { return; }
    let out_id = wid / p.nchunks;
    let chunk_id = wid % p.nchunks;
    let start = chunk_id * p.chunk;
    shared_acc[lid] = accumulate(line_base(out_id), start + lid, min(p.rn, start + p.chunk), 256u);
    workgroupBarrier();
    for (var s = 128u; s > 0u; s = s >> 1u) {
        if (lid < s) { shared_acc[lid] = combine(shared_acc[lid], shared_acc[lid + s]); }
        workgroupBarrier();
    }
    if (lid == 0u) { store(out_id, chunk_id, shared_acc[0]); }
}

@compute @workgroup_size(256)
fn main_strided(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
                @builtin(local_invocation_index) lid: u32) {
    mf_init(p.zero);
    let wid = wg.x + wg.y * nwg.x;
    let tiles = (p.pre + 31u) / 32u;
    if (wid >= tiles * p.post * p.nchunks) { return; }
    let chunk_id = wid % p.nchunks;
    let tile = wid / p.nchunks;
    let a = (tile % tiles) * 32u + lid % 32u;
    let out_id = a + p.pre * (tile / tiles);
    let lane = lid / 32u;
    let start = chunk_id * p.chunk;
    var acc = Acc($identity);
    if (a < p.pre) {
        acc = accumulate(line_base(out_id), start + lane, min(p.rn, start + p.chunk), 8u);
    }
    shared_acc[lid] = acc;
    workgroupBarrier();
    for (var s = 4u; s > 0u; s = s >> 1u) {
        if (lane < s) { shared_acc[lid] = combine(shared_acc[lid], shared_acc[lid + 32u * s]); }
        workgroupBarrier();
    }
    if (lane == 0u && a < p.pre) { store(out_id, chunk_id, shared_acc[lid]); }
}

@compute @workgroup_size(64)
fn main_small(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let out_id = gid.x + gid.y * nwg.x * 64u;
    if (out_id >= p.nout) { return; }
    let base = line_base(out_id);
    var acc = Acc($identity);
    for (var j = 0u; j < p.rn; j = j + 1u) {
        acc = combine(acc, load(base, j));
    }
    store(out_id, 0u, acc);
}
