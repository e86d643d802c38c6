// Split-k for matmul.wgsl: workgroup z of the grid multiplies k-tiles z*per.. of the product and writes
// its partial block of C to `partial` (split z's m x n slice); the entry point finish then sums the
// $splits slices in order, one invocation per element, and stores each (through the epilogue).
@group(0) @binding($binding) var<storage, read_write> partial: array<$T>;

fn emit(r: u32, c: u32, z: u32, v: $T) { partial[r + $m * (c + $n * z)] = v; }

@compute @workgroup_size(256)
fn finish(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let i = gid.x + gid.y * nwg.x * 256u;
    let size = $m * $n;
    if (i >= size) { return; }
    var s = partial[i];
    for (var z = 1u; z < $splits; z = z + 1u) { s = s + partial[i + size * z]; }
    store(i % $m, i / $m, s);
}
