// C = A * B for column-major A (m x k) and B (k x n), tiled through workgroup memory.
// Each workgroup of 16x16 invocations computes a 64x64 block of C; invocation (x, y) owns the 4x4
// outputs at rows x + 16i and columns y + 16j, accumulated in registers. The k dimension is walked in
// tiles of 16: every invocation stages 4 elements of A's 64x16 tile and 4 of B's 16x64 tile (reads
// along the column-major fast dimension), then all multiply out of workgroup memory.
$library
struct Params { m: u32, k: u32, n: u32, zero: u32 }

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> a: array<$TA>;
@group(0) @binding(2) var<storage, read> b: array<$TB>;
@group(0) @binding(3) var<storage, read_write> c: array<$T>;

var<workgroup> tile_a: array<$T, 1024>;     // [kk * 64 + row]
var<workgroup> tile_b: array<$T, 1024>;     // [kk * 64 + col]

@compute @workgroup_size(16, 16)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(local_invocation_index) flat: u32) {
    mf_init(p.zero);
    let row0 = wg.x * 64u;
    let col0 = wg.y * 64u;
    var acc: array<$T, 16>;
    for (var t = 0u; t < p.k; t = t + 16u) {
        for (var l = 0u; l < 4u; l = l + 1u) {
            let idx = flat + 256u * l;
            let ra = row0 + idx % 64u;
            let ka = t + idx / 64u;
            var va: $T = 0.0;
            if (ra < p.m && ka < p.k) { va = $T(a[ra + p.m * ka]); }
            tile_a[idx] = va;
            let kb = t + idx % 16u;
            let cb = col0 + idx / 16u;
            var vb: $T = 0.0;
            if (kb < p.k && cb < p.n) { vb = $T(b[kb + p.k * cb]); }
            tile_b[(idx % 16u) * 64u + idx / 16u] = vb;
        }
        workgroupBarrier();
        for (var kk = 0u; kk < 16u; kk = kk + 1u) {
            var av: array<$T, 4>;
            for (var i = 0u; i < 4u; i = i + 1u) { av[i] = tile_a[kk * 64u + lid.x + 16u * i]; }
            for (var j = 0u; j < 4u; j = j + 1u) {
                let bv = tile_b[kk * 64u + lid.y + 16u * j];
                for (var i = 0u; i < 4u; i = i + 1u) { acc[4u * j + i] = acc[4u * j + i] + av[i] * bv; }
            }
        }
        workgroupBarrier();
    }
    for (var j = 0u; j < 4u; j = j + 1u) {
        let col = col0 + lid.y + 16u * j;
        for (var i = 0u; i < 4u; i = i + 1u) {
            let row = row0 + lid.x + 16u * i;
            if (row < p.m && col < p.n) { c[row + p.m * col] = acc[4u * j + i]; }
        }
    }
}
