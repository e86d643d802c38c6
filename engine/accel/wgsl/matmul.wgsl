// C = op(A) * op(B), register-tiled through workgroup memory: the product of kernels.gpu_matmul and of
// the fused product kinds, for one tiling of matmul_tiling.py (whose Parts writes the unrolled
// statements: declarations, staging, the k-steps, the stores). The operands' WGSL (matmul_plain.wgsl,
// fused_matmul.wgsl) defines the uniform block p, the bindings, and store(r, c, v) (element (r, c) of C,
// called inside C only); matmul_tiling.OperandRead writes fetch_a(i, kk) and fetch_b(i, kk): four
// elements along the operand's contiguous dimension, zero outside it.
// A workgroup computes a ${bm}x${bn} block of C, k in tiles of $bk (with split-k, the share of the
// k-tiles that its z coordinate picks; emit writes an element of its result: store, or a partial sum
// for matmul_split.wgsl). The tiles live in workgroup memory as rows of vec4, or of vec2 in pairs (
// Parts in matmul_tiling.py), twice (tile[half][row][lane]): while the invocations multiply one half out, their
// registers hold their share of the next k-tile, loaded from memory before the multiply-adds and
// stored into the other half after them, so one barrier per k-tile suffices. The loop (Parts.loop) takes two k-tiles a pass, one
// from each half (every tile index a constant), or one (the half an index in a register).
$library
$operands
$fetch
$emit
var<workgroup> tile_a: array<array<array<$unit, $lanes_a>, $rows_a>, 2>;
var<workgroup> tile_b: array<array<array<$unit, $lanes_b>, $rows_b>, 2>;

// Rows row..row+3 of column col of C, those inside m x n.
fn store4(row: u32, col: u32, z: u32, v: vec4<$T>) {
    if (col >= $n) { return; }
    for (var e = 0u; e < 4u; e = e + 1u) {
        if (row + e < $m) { emit(row + e, col, z, v[e]); }
    }
}

@compute @workgroup_size($threads)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) flat: u32) {
    mf_init(p.zero);
    let row0 = wg.x * ${bm}u;
    let col0 = wg.y * ${bn}u;
$declare
    let tiles = ($k + ${bk}u - 1u) / ${bk}u;
    let per = (tiles + ${splits}u - 1u) / ${splits}u;
    let first = min(wg.z * per, tiles);
    let last = min(first + per, tiles);
    {
        let kt = first * ${bk}u;
$first
    }
    workgroupBarrier();
$loop
$store
}
