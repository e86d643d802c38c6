// A fused matrix product: C = op(A) * op(B), then the epilogue on every element before it is stored.
// Tiling as in matmul.wgsl: a workgroup of 16x16 invocations computes a 64x64 block of C, invocation
// (x, y) the 4x4 outputs at rows x + 16i and columns y + 16j, walking k in tiles of 16 staged in
// workgroup memory. op() reads an operand where it lies: transposed, and centred by column means,
// while loading (load_a, load_b). Sizes: p.pre = m (rows of C), p.rn = k, p.post = n (columns of C).
$library
$common
$bindings
var<workgroup> tile_a: array<$T, 1024>;     // [kk * 64 + row]
var<workgroup> tile_b: array<$T, 1024>;     // [kk * 64 + col]

fn load_a(r: u32, kk: u32) -> $T { return $load_a; }

fn load_b(kk: u32, c: u32) -> $T { return $load_b; }

@compute @workgroup_size(16, 16)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(local_invocation_index) flat: u32) {
    mf_init(p.zero);
    let row0 = wg.x * 64u;
    let col0 = wg.y * 64u;
    var acc: array<$T, 16>;
    for (var t = 0u; t < p.rn; t = t + 16u) {
        for (var l = 0u; l < 4u; l = l + 1u) {
            let idx = flat + 256u * l;
            let ra = row0 + idx % 64u;
            let ka = t + idx / 64u;
            var va: $T = 0.0;
            if (ra < p.pre && ka < p.rn) { va = load_a(ra, ka); }
            tile_a[idx] = va;
            let kb = t + idx % 16u;
            let cb = col0 + idx / 16u;
            var vb: $T = 0.0;
            if (kb < p.rn && cb < p.post) { vb = load_b(kb, cb); }
            tile_b[(idx % 16u) * 64u + idx / 16u] = vb;
        }
        workgroupBarrier();
        for (var kk = 0u; kk < 16u; kk = kk + 1u) {
            var av: array<$T, 4>;
            for (var ii = 0u; ii < 4u; ii = ii + 1u) { av[ii] = tile_a[kk * 64u + lid.x + 16u * ii]; }
            for (var jj = 0u; jj < 4u; jj = jj + 1u) {
                let bv = tile_b[kk * 64u + lid.y + 16u * jj];
                for (var ii = 0u; ii < 4u; ii = ii + 1u) {
                    acc[4u * jj + ii] = acc[4u * jj + ii] + av[ii] * bv;
                }
            }
        }
        workgroupBarrier();
    }
    for (var jj = 0u; jj < 4u; jj = jj + 1u) {
        let col = col0 + lid.y + 16u * jj;
        for (var ii = 0u; ii < 4u; ii = ii + 1u) {
            let row = row0 + lid.x + 16u * ii;
            if (row < p.pre && col < p.post) {
                let i = row + p.pre * col;
                let $result = acc[4u * jj + ii];
$body
            }
        }
    }
}
