// Totals along the middle extent of a [pre, n, post] view: one workgroup of 256 invocations per
// output o (a column: pre = 1; a diagonal element of a product: n = k), each summing a strided share of
// term(o, j) (or of its square), then a tree in workgroup memory; the body uses the total.
$library
$common
$bindings
var<workgroup> partial: array<$T, 256>;

fn term(o: u32, j: u32) -> $T {
$term
}

fn total(o: u32, lid: u32, squared: bool) -> $T {
    var s: $T = 0.0;
    for (var j = lid; j < p.rn; j = j + 256u) {
        let d = term(o, j);
        s = s + select(d, d * d, squared);
    }
    partial[lid] = s;
    workgroupBarrier();
    for (var width = 128u; width > 0u; width = width / 2u) {
        if (lid < width) { partial[lid] = partial[lid] + partial[lid + width]; }
        workgroupBarrier();
    }
    let result = partial[0];
    workgroupBarrier();
    return result;
}

@compute @workgroup_size(256)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>,
        @builtin(local_invocation_index) lid: u32) {
    mf_init(p.zero);
    let o = wg.x + wg.y * nwg.x;
    if (o >= p.nout) { return; }
    let base = o % p.pre + p.pre * p.rn * (o / p.pre);
$body
}
