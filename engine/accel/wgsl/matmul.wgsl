// C = op(A) * op(B), register-tiled through workgroup memory: the product of kernels.gpu_matmul and of
// the fused product kinds, for one tiling of matmul_tiling.py (whose Parts writes the unrolled
// statements: declarations, staging, the k-steps, the stores). The operands' WGSL (matmul_plain.wgsl,
// fused_matmul.wgsl) defines the uniform block p, the bindings, and store(r, c, v) (element (r, c) of C,
// called inside C only); matmul_tiling.OperandRead writes fetch_a(i, kk) and fetch_b(i, kk): four
// elements along the operand's contiguous dimension, zero outside it.
// A workgroup computes a ${bm}x${bn} block of C, k in tiles of $bk (with split-k, the share of the
// k-tiles that its z coordinate picks; emit writes an element of its result: store, or a partial sum
// for matmul_split.wgsl). The tiles live in workgroup memory as vec4 of four rows of A (columns of B)
// per k-step, twice: while the invocations multiply one half
// out, their registers hold their share of the next k-tile, loaded from memory before the multiply-adds
// and stored into the other half after them, so one barrier per k-tile suffices.
$library
$operands
$fetch
$emit
var<workgroup> tile_a: array<vec4<$T>, $size_a>;
var<workgroup> tile_b: array<vec4<$T>, $size_b>;

// Rows row..row+3 of column col of C, those inside m x n.
fn store4(row: u32, col: u32, z: u32, v: vec4<$T>) {
    if (col >= $n) { return; }
    for (var e = 0u; e < 4u; e = e + 1u) {
        if (row + e < $m) { emit(row + e, col, z, v[e]); }
    }
}

@compute @workgroup_size($wx, $wy)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>,
        @builtin(local_invocation_index) flat: u32) {
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
        let next_a = 0u;
        let next_b = 0u;
$fetch_next
$put_next
    }
    workgroupBarrier();
    for (var t = first; t < last; t = t + 1u) {
        let at_a = ((t - first) % 2u) * ${half_a}u;
        let at_b = ((t - first) % 2u) * ${half_b}u;
        let next_a = ${half_a}u - at_a;
        let next_b = ${half_b}u - at_b;
        let more = t + 1u < last;
        if (more) {
            let kt = (t + 1u) * ${bk}u;
$fetch_next
        }
$steps
        if (more) {
$put_next
        }
        workgroupBarrier();
    }
$store
}
