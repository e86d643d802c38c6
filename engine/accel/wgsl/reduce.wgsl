// One reduction along one dimension, viewed as [pre, n, post]: element (a, j, b) of the input is at
// a + pre * (j + n * b). Each output (a, b) is reduced over j in chunks of p.chunk elements:
//   main        one workgroup of 256 invocations per (output, chunk); a shared-memory tree combines
//               the invocations. With several chunks the pass writes partial results (value and index)
//               laid out [1, nchunks, nout], and the next pass reduces those the same way.
//   main_small  one invocation per output, a sequential loop (short reduced dimensions).
// Values carry their 0-based index along the reduced dimension (max/min report it); ties and NaN
// follow MATLAB: NaN is ignored unless all are NaN, and the first of equal values wins.
$library
struct Params {
    pre: u32,
    n: u32,
    post: u32,
    chunk: u32,
    nchunks: u32,
    zero: u32,
    nout: u32,
    pad: u32,
    denom: $TF,
}

struct Acc { v: $TACC, i: u32 }

@group(0) @binding(0) var<uniform> p: Params;
$bindings
var<workgroup> shared_acc: array<Acc, 256>;

fn combine(a: Acc, b: Acc) -> Acc {
$combine
}

fn load(out_id: u32, j: u32) -> Acc {
    let addr = out_id % p.pre + p.pre * (j + p.n * (out_id / p.pre));
$load
}

fn store(out_id: u32, chunk_id: u32, a: Acc) {
$store
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
    let end = min(p.n, start + p.chunk);
    var acc = Acc($identity, 0xffffffffu);
    for (var j = start + lid; j < end; j = j + 256u) {
        acc = combine(acc, load(out_id, j));
    }
    shared_acc[lid] = acc;
    workgroupBarrier();
    for (var s = 128u; s > 0u; s = s >> 1u) {
        if (lid < s) { shared_acc[lid] = combine(shared_acc[lid], shared_acc[lid + s]); }
        workgroupBarrier();
    }
    if (lid == 0u) { store(out_id, chunk_id, shared_acc[0]); }
}

@compute @workgroup_size(64)
fn main_small(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let out_id = gid.x + gid.y * nwg.x * 64u;
    if (out_id >= p.nout) { return; }
    var acc = Acc($identity, 0xffffffffu);
    for (var j = 0u; j < p.n; j = j + 1u) {
        acc = combine(acc, load(out_id, j));
    }
    store(out_id, 0u, acc);
}
