// Cumulative sum, pass 3 of 3 (see scan_chunks.wgsl): one invocation per element adds the offset of
// its chunk (elements of first chunks are already final).
$library
$params
@group(0) @binding(1) var<storage, read_write> out: array<$T>;
@group(0) @binding(2) var<storage, read> totals: array<$T>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let id = gid.x + gid.y * nwg.x * 256u;
    if (id >= p.nlines * p.n) { return; }
    let line = id / p.n;
    let j = id % p.n;
    if (j < p.chunk) { return; }
    let addr = line % p.pre + p.pre * (j + p.n * (line / p.pre));
    out[addr] = out[addr] + totals[line * p.nchunks + j / p.chunk];
}
