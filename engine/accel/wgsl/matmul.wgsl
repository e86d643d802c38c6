// C = A * B for column-major A (m x k) and B (k x n), tiled through workgroup memory: each 16x16
// workgroup computes a 16x16 block of C, stepping through k in 16-wide tiles of A and B.
$library
struct Params { m: u32, k: u32, n: u32, zero: u32 }

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> a: array<$TA>;
@group(0) @binding(2) var<storage, read> b: array<$TB>;
@group(0) @binding(3) var<storage, read_write> c: array<$T>;

var<workgroup> tile_a: array<array<$T, 16>, 16>;
var<workgroup> tile_b: array<array<$T, 16>, 16>;

@compute @workgroup_size(16, 16)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
    mf_init(p.zero);
    let row = wg.x * 16u + lid.x;
    let col = wg.y * 16u + lid.y;
    var acc: $T = 0.0;
    let tiles = (p.k + 15u) / 16u;
    for (var t = 0u; t < tiles; t = t + 1u) {
        let ka = t * 16u + lid.y;
        let kb = t * 16u + lid.x;
        var va: $T = 0.0;
        var vb: $T = 0.0;
        if (row < p.m && ka < p.k) { va = $T(a[row + p.m * ka]); }
        if (kb < p.k && col < p.n) { vb = $T(b[kb + p.k * col]); }
        tile_a[lid.y][lid.x] = va;
        tile_b[lid.y][lid.x] = vb;
        workgroupBarrier();
        for (var i = 0u; i < 16u; i = i + 1u) {
            acc = acc + tile_a[i][lid.x] * tile_b[lid.y][i];
        }
        workgroupBarrier();
    }
    if (row < p.m && col < p.n) { c[row + p.m * col] = acc; }
}
