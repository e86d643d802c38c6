// One elementwise operation over arrays that all have the output's size (or are 1x1, or scalars in the
// uniform block): the vectorised form of elementwise.wgsl. Each invocation loads one vector of $W
// elements per operand (vec4 for single, vec2 for double: 16-byte accesses), computes them, and stores
// one vector. The last vector may reach past n: its loads stay inside the pooled buffer (a power of two
// of at least 256 bytes), and only its first n mod $W elements are stored.
$library
$params
$bindings
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let v = gid.x + gid.y * nwg.x * 256u;
    let first = v * ${W}u;
    if (first >= p.n) { return; }
$loads
    var r: vec$W<$TOUT>;
    for (var c = 0u; c < ${W}u; c = c + 1u) {
$elements
        r[c] = $store;
    }
    if (first + ${W}u <= p.n) {
        out[v] = r;
        return;
    }
    for (var c = 0u; first + c < p.n; c = c + 1u) { out[v][c] = r[c]; }
}
