// A fused matrix product's operands and epilogue for matmul.wgsl's tiling: op() reads an operand where
// it lies, transposed and centred by column means (load_a, load_b); store applies the epilogue's `let`
// lines to one element of C before it is written. Sizes: p.pre = m (rows of C), p.rn = k, p.post = n.
$common
$bindings
fn load_a(r: u32, kk: u32) -> $T { return $load_a; }

fn load_b(kk: u32, c: u32) -> $T { return $load_b; }

fn store(r: u32, c: u32, acc: $T) {
    let i = r + p.pre * c;
    let $result = acc;
$body
}
