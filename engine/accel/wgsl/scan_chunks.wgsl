// Cumulative sum, pass 1 of 3. The array is viewed as [pre, n, post] (element (a, j, b) at
// a + pre * (j + n * b)); each line (a, b) is cut into chunks of p.chunk elements, and one invocation
// per (line, chunk) writes the running sum of its chunk and the chunk's total (totals[line * nchunks +
// chunk]). scan_offsets.wgsl turns the totals into offsets, scan_add.wgsl adds them.
$library
$params
@group(0) @binding(1) var<storage, read> in_values: array<$TIN>;
@group(0) @binding(2) var<storage, read_write> out: array<$T>;
@group(0) @binding(3) var<storage, read_write> totals: array<$T>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let id = gid.x + gid.y * nwg.x * 64u;
    if (id >= p.nlines * p.nchunks) { return; }
    let line = id / p.nchunks;
    let base = line % p.pre + p.pre * p.n * (line / p.pre);
    let start = (id % p.nchunks) * p.chunk;
    let end = min(p.n, start + p.chunk);
    var acc = $T(0.0);
    for (var j = start; j < end; j = j + 1u) {
        acc = acc + $T(in_values[base + p.pre * j]);
        out[base + p.pre * j] = acc;
    }
    totals[id] = acc;
}
