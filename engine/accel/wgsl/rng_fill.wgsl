// One random draw (rand, randn or randi) filling an array: element i takes stream position base + i
// (philox.wgsl). The key, the base position and randi's span and offset travel in the uniform block.
// $fill names the thread's function below (one per element, or for randn one per normal block).
$library
struct Params {
    n: u32,
    zero: u32,
    key: vec2<u32>,
    base: vec2<u32>,
    span: vec2<u32>,
    offset: vec2<u32>,
}

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read_write> out: array<$T>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    $fill(gid.x + gid.y * nwg.x * 256u);
}

// Thread i writes element i.
fn fill_each(i: u32) {
    if (i >= p.n) { return; }
    let pos = rng_pos(p.base, i);
    out[i] = $draw;
}

// Thread j computes both normals of the j-th normal block the draw touches (positions 2b and 2b + 1 of
// block b, philox.wgsl), elements 2j - o and 2j + 1 - o for o = base mod 2; the first thread of an odd
// base and the last of some counts have one element in the array.
fn fill_normal_pairs(j: u32) {
    let second = 2u * j + 1u - (p.base.x & 1u);     // an odd position: the block's sine branch
    let first = second - 1u;                         // wraps past n for the first thread of an odd base
    if (second > p.n) { return; }
    let pair = rng_normal_pair_$F(p.key, rng_block(rng_pos(p.base, second)));
    if (first < p.n) { out[first] = pair.x; }
    if (second < p.n) { out[second] = pair.y; }
}
