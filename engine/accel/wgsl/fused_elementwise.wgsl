// A fused elementwise chain: each node is one `let` computed once per element; every value the window
// leaves behind is written to its own output buffer in the same pass. $body starts with the element
// index i (codegen.element_lines: one element per invocation, or several a grid apart).
$library
$common
$bindings
@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
$body
}
