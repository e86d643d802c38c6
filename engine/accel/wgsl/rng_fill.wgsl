// One random draw (rand, randn or randi) filling an array: element i takes stream position base + i
// (philox.wgsl). The key, the base position and randi's span and offset travel in the uniform block.
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
    let i = gid.x + gid.y * nwg.x * 256u;
    if (i >= p.n) { return; }
    let pos = rng_pos(p.base, i);
    out[i] = $draw;
}
