// Cumulative sum, pass 2 of 3 (see scan_chunks.wgsl): one invocation per line replaces its chunk totals
// by their exclusive running sum, the offset of each chunk.
$library
$params
@group(0) @binding(1) var<storage, read_write> totals: array<$T>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let line = gid.x + gid.y * nwg.x * 64u;
    if (line >= p.nlines) { return; }
    var acc = $T(0.0);
    for (var c = 0u; c < p.nchunks; c = c + 1u) {
        let total = totals[line * p.nchunks + c];
        totals[line * p.nchunks + c] = acc;
        acc = acc + total;
    }
}
