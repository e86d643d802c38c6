// One elementwise operation with MATLAB implicit expansion over up to 8 dimensions.
// Inputs whose size equals the output's are read at the output index, 1x1 inputs at 0, and the others
// through per-dimension strides (0 on expanded dimensions). Scalar operands travel in the uniform
// block (p.scalars), never in the shader text, so one pipeline serves every constant.
$library
$params
$bindings

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let i = gid.x + gid.y * nwg.x * 256u;
    if (i >= p.n) { return; }
$loads
    out[i] = $store;
}
