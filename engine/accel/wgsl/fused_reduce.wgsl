// Reductions with their elementwise producers fused into the load: element (a, j, b) of the operands,
// at linear index i = a + pre * (j + rn * b), is computed from the window's inputs where it is read.
// Several reductions over operands of one size and view share the pass (a Reduction group's members):
// load computes every member's operand once per element (shared lets once) and Acc holds one
// accumulator per member (field m<k>, with its record's load<k> and combine<k>). The passes are those of
// reduce.wgsl (main: LINE_LANES invocations per output and chunk, 32 (a warp, 8 pairs per workgroup) or,
// for few of them, the workgroup's 256 (128 where the adapter has subgroups: they combine by shuffles,
// codegen.SUBGROUP_TREE), writing final values or partials [1, nchunks, nout] that one
// more pass finishes; main_strided: OUTS (32, or
// fewer where the lines are fewer: 16 images) neighbouring outputs per workgroup in LANES lanes, for lines
// far apart, so that a warp reads 32 neighbouring elements; main_small: a loop per output, in order).
// Members with the same accumulation of the same operand (sum and mean of X) share one accumulator
// (codegen.shared_accumulators); each element goes into the accumulators through ``update`` (a member's
// update<k> where its record has one: max/min, Welford), in one or, where they are small, four
// accumulators per invocation (``accumulate``, codegen.reduction_unroll). A paired
// (Welford) member accumulates its operand less the line's first element (``shift``), the same for every
// chunk of the line: its variance is that of the operand, and Welford's update loses no more than two
// passes where the mean is far larger than the spread (1e6 + noise of 1). A group with one accumulates
// four elements a step (``block``: the Welford record's block, one division for the four; the other
// members' updates or a tree of their combines) in one accumulator per invocation.
$library
$common
struct AccT { v: $T, i: u32 }
struct AccU { v: u32, i: u32 }
struct AccP { v: vec2<$T>, i: u32 }
struct Acc {
$fields
}

$bindings
$shared
// main: LINE_LANES invocations per (output, chunk); main_strided: OUTS neighbouring outputs per
// workgroup, each read by LANES invocations
const LINE_LANES: u32 = $line_lanes;
const OUTS: u32 = $outs;
const LANES: u32 = $lanes;

$functions

fn combine(a: Acc, b: Acc) -> Acc {
    return Acc($combined);
}

// element b (loaded at index j, past every index a holds) into a: the members' update<k> where their
// records have one (max/min, Welford: cheaper than a combine of two accumulators), else combine<k>
fn update(a: Acc, b: Acc, j: u32) -> Acc {
    return Acc($updated);
}

fn identity() -> Acc {
    return Acc($identity);
}

fn load(out_id: u32, j: u32, first: Acc) -> Acc {
    let i = out_id % p.pre + p.pre * (j + p.rn * (out_id / p.pre));
$body
    return Acc($loads);
}

// the accumulators whose paired members' values (v.x) are the line's first element: the shift of
// their loads (identity where there is no paired member or no line)
fn shift(out_id: u32, live: bool) -> Acc {
$shift
}

fn store(out_id: u32, chunk_id: u32, a: Acc) {
$store
}

// Elements begin, begin + step, ... below end of output out_id's line, combined (codegen.accumulate_wgsl:
// in UNROLL accumulators where the members' accumulators are small, that many loads and update chains in
// flight)
$accumulate

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32$lane_args) {
    mf_init(p.zero);
    let lane = lid % LINE_LANES;
    let wid = (wg.x + wg.y * nwg.x) * (256u / LINE_LANES) + lid / LINE_LANES;
    let live = wid < p.nout * p.nchunks;
    let out_id = wid / p.nchunks;
    let chunk_id = wid % p.nchunks;
    let start = chunk_id * p.chunk;
    let end = select(start, min(p.rn, start + p.chunk), live);
    var acc = accumulate(out_id, start + lane, end, LINE_LANES, shift(out_id, live));
$trees
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
$lane_trees
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
