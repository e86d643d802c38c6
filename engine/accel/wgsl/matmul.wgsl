// C = A * B for column-major A (m x k) and B (k x n), register-tiled through workgroup memory.
// Each workgroup of 16x16 invocations computes a 128x128 block of C; invocation (x, y) owns an 8x8
// sub-block held in sixteen vec4 registers: rows 4x..4x+3 and 64+4x..64+4x+3, columns 4y..4y+3 and
// 64+4y..64+4y+3 of the block (the two halves keep workgroup-memory reads free of bank conflicts).
// The k dimension is walked in tiles of 8: every invocation stages four rows of A's 128x8 tile (one
// vec4, read along A's contiguous columns) and four k-steps of one column of B's 8x128 tile, then each
// k-step does 64 multiply-adds from two vec4 of A and two of B. Both tiles together take 8 KiB (single)
// or 16 KiB (double) of workgroup memory, within WebGPU's default limit.
$library
struct Params { m: u32, k: u32, n: u32, zero: u32 }

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> a: array<$TA>;
@group(0) @binding(2) var<storage, read> b: array<$TB>;
@group(0) @binding(3) var<storage, read_write> c: array<$T>;

var<workgroup> tile_a: array<vec4<$T>, 256>;     // [kk * 32 + row / 4], four rows each
var<workgroup> tile_b: array<vec4<$T>, 256>;     // [kk * 32 + col / 4], four columns each

fn load_a(row: u32, k: u32) -> $T {
    if (row < p.m && k < p.k) { return $T(a[row + p.m * k]); }
    return $T(0.0);
}

fn load_b(k: u32, col: u32) -> $T {
    if (k < p.k && col < p.n) { return $T(b[k + p.k * col]); }
    return $T(0.0);
}

// Rows row..row+3 of column col of C, those inside m x n.
fn store4(row: u32, col: u32, v: vec4<$T>) {
    if (col >= p.n) { return; }
    for (var e = 0u; e < 4u; e = e + 1u) {
        if (row + e < p.m) { c[row + e + p.m * col] = v[e]; }
    }
}

@compute @workgroup_size(16, 16)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(local_invocation_index) flat: u32) {
    mf_init(p.zero);
    let row0 = wg.x * 128u;
    let col0 = wg.y * 128u;
    let ra = row0 + 4u * (flat % 32u);      // this invocation's four rows of A's tile ...
    let ka = flat / 32u;                    // ... at this k-step
    let cb = flat % 128u;                   // this invocation's column of B's tile ...
    let kb = 4u * (flat / 128u);            // ... at these four k-steps
    var c0: vec4<$T>; var c1: vec4<$T>; var c2: vec4<$T>; var c3: vec4<$T>;
    var c4: vec4<$T>; var c5: vec4<$T>; var c6: vec4<$T>; var c7: vec4<$T>;
    var c8: vec4<$T>; var c9: vec4<$T>; var c10: vec4<$T>; var c11: vec4<$T>;
    var c12: vec4<$T>; var c13: vec4<$T>; var c14: vec4<$T>; var c15: vec4<$T>;
    for (var t = 0u; t < p.k; t = t + 8u) {
        tile_a[flat] = vec4<$T>(load_a(ra, t + ka), load_a(ra + 1u, t + ka), load_a(ra + 2u, t + ka),
                                load_a(ra + 3u, t + ka));
        for (var e = 0u; e < 4u; e = e + 1u) {
            tile_b[(kb + e) * 32u + cb / 4u][cb % 4u] = load_b(t + kb + e, col0 + cb);
        }
        workgroupBarrier();
        for (var kk = 0u; kk < 8u; kk = kk + 1u) {
            let a0 = tile_a[kk * 32u + lid.x];
            let a1 = tile_a[kk * 32u + 16u + lid.x];
            let b0 = tile_b[kk * 32u + lid.y];
            let b1 = tile_b[kk * 32u + 16u + lid.y];
            c0 = c0 + a0 * b0.x;    c1 = c1 + a1 * b0.x;
            c2 = c2 + a0 * b0.y;    c3 = c3 + a1 * b0.y;
            c4 = c4 + a0 * b0.z;    c5 = c5 + a1 * b0.z;
            c6 = c6 + a0 * b0.w;    c7 = c7 + a1 * b0.w;
            c8 = c8 + a0 * b1.x;    c9 = c9 + a1 * b1.x;
            c10 = c10 + a0 * b1.y;  c11 = c11 + a1 * b1.y;
            c12 = c12 + a0 * b1.z;  c13 = c13 + a1 * b1.z;
            c14 = c14 + a0 * b1.w;  c15 = c15 + a1 * b1.w;
        }
        workgroupBarrier();
    }
    let r0 = row0 + 4u * lid.x;
    let r1 = r0 + 64u;
    let q0 = col0 + 4u * lid.y;
    let q1 = q0 + 64u;
    store4(r0, q0, c0);         store4(r1, q0, c1);
    store4(r0, q0 + 1u, c2);    store4(r1, q0 + 1u, c3);
    store4(r0, q0 + 2u, c4);    store4(r1, q0 + 2u, c5);
    store4(r0, q0 + 3u, c6);    store4(r1, q0 + 3u, c7);
    store4(r0, q1, c8);         store4(r1, q1, c9);
    store4(r0, q1 + 1u, c10);   store4(r1, q1 + 1u, c11);
    store4(r0, q1 + 2u, c12);   store4(r1, q1 + 2u, c13);
    store4(r0, q1 + 3u, c14);   store4(r1, q1 + 3u, c15);
}
