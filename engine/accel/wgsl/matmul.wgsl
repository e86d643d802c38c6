// C = op(A) * op(B), register-tiled through workgroup memory: the product of kernels.gpu_matmul and of
// the fused product kinds. The operands' WGSL (matmul_plain.wgsl, fused_matmul.wgsl) defines the uniform
// block p and the hooks: load_a(r, kk) (element (r, kk) of op(A)) and load_b(kk, c) (element (kk, c) of
// op(B)), both called inside the operands only, and store(r, c, v) (element (r, c) of C, called inside
// C only).
// Each workgroup of 16x16 invocations computes a 128x128 block of C; invocation (x, y) owns an 8x8
// sub-block held in sixteen vec4 registers: rows 4x..4x+3 and 64+4x..64+4x+3, columns 4y..4y+3 and
// 64+4y..64+4y+3 of the block (the two halves keep workgroup-memory reads free of bank conflicts).
// The k dimension is walked in tiles of 8: every invocation stages four elements of A's 128x8 tile and
// four of B's 8x128 tile, read along the operand's contiguous dimension (stage), then each k-step does
// 64 multiply-adds from two vec4 of A and two of B. Both tiles together take 8 KiB (single) or 16 KiB
// (double) of workgroup memory, within WebGPU's default limit.
$library
$operands
var<workgroup> tiles: array<vec4<$T>, 512>;    // A's [kk * 32 + row / 4], then B's [256 + kk * 32 + col / 4]

// Element (i, kk) of op(A) (which = 0) or (kk, i) of op(B) (which = 1); zero outside the operand.
fn operand(which: u32, i: u32, kk: u32) -> $T {
    if (which == 0u) {
        if (i < $m && kk < $k) { return load_a(i, kk); }
    } else if (i < $n && kk < $k) {
        return load_b(kk, i);
    }
    return $T(0.0);
}

// This invocation's four elements of the k-tile from t of operand `which`, for the block's rows of A
// or columns of B from `base`: four k-steps of one row or column where the operand lies along k
// (`deep`: A transposed, B as stored), else one k-step of four consecutive rows or columns.
fn stage(which: u32, deep: bool, flat: u32, base: u32, t: u32) {
    let o = 256u * which;
    if (deep) {
        let i = flat % 128u;
        let kk = 4u * (flat / 128u);
        for (var e = 0u; e < 4u; e = e + 1u) {
            tiles[o + (kk + e) * 32u + i / 4u][i % 4u] = operand(which, base + i, t + kk + e);
        }
    } else {
        let i = base + 4u * (flat % 32u);
        let kk = t + flat / 32u;
        tiles[o + flat] = vec4<$T>(operand(which, i, kk), operand(which, i + 1u, kk),
                                   operand(which, i + 2u, kk), operand(which, i + 3u, kk));
    }
}

// Rows row..row+3 of column col of C, those inside m x n.
fn store4(row: u32, col: u32, v: vec4<$T>) {
    if (col >= $n) { return; }
    for (var e = 0u; e < 4u; e = e + 1u) {
        if (row + e < $m) { store(row + e, col, v[e]); }
    }
}

@compute @workgroup_size(16, 16)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(local_invocation_index) flat: u32) {
    mf_init(p.zero);
    let row0 = wg.x * 128u;
    let col0 = wg.y * 128u;
    var c0: vec4<$T>; var c1: vec4<$T>; var c2: vec4<$T>; var c3: vec4<$T>;
    var c4: vec4<$T>; var c5: vec4<$T>; var c6: vec4<$T>; var c7: vec4<$T>;
    var c8: vec4<$T>; var c9: vec4<$T>; var c10: vec4<$T>; var c11: vec4<$T>;
    var c12: vec4<$T>; var c13: vec4<$T>; var c14: vec4<$T>; var c15: vec4<$T>;
    for (var t = 0u; t < $k; t = t + 8u) {
        stage(0u, $a_deep, flat, row0, t);
        stage(1u, $b_deep, flat, col0, t);
        workgroupBarrier();
        for (var kk = 0u; kk < 8u; kk = kk + 1u) {
            let a0 = tiles[kk * 32u + lid.x];
            let a1 = tiles[kk * 32u + 16u + lid.x];
            let b0 = tiles[256u + kk * 32u + lid.y];
            let b1 = tiles[256u + kk * 32u + 16u + lid.y];
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
