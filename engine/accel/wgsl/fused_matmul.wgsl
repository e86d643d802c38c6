// A fused matrix product's operands and epilogue for matmul.wgsl's tiling (matmul_tiling.OperandRead
// reads the operands where they lie, transposed and centred by column means): store applies the
// epilogue's `let` lines to one element of C before it is written. Sizes: p.pre = m (rows of C),
// p.rn = k, p.post = n.
$common
$bindings
fn store(r: u32, c: u32, acc: $T) {
    let i = r + p.pre * c;
    let $result = acc;
$body
}
