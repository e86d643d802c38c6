// The transpose of a rows x cols column-major matrix (kernels.gpu_permute with order (2, 1): MATLAB's
// A.', and a large double product's operand read from a transposed copy), through workgroup memory in
// tiles of 32 x 32 elements: a warp reads 32 consecutive elements of a column of A and writes 32
// consecutive elements of a column of the result (a copy through strides reads one element per
// 32-byte sector). Elements move as their storage words ($W: u32, or vec2<u32> for 8-byte ones),
// unchanged. The tile's rows are 33 long, so a warp's reads down a column of it use every bank.
struct Params { rows: u32, cols: u32, unused0: u32, unused1: u32 }

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> a: array<$W>;
@group(0) @binding(2) var<storage, read_write> out: array<$W>;

var<workgroup> tile: array<array<$W, 33>, 32>;

@compute @workgroup_size(32, 8)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
    let r0 = wg.x * 32u;
    let c0 = wg.y * 32u;
    for (var j = 0u; j < 32u; j = j + 8u) {
        let r = r0 + lid.x;
        let c = c0 + lid.y + j;
        if (r < p.rows && c < p.cols) { tile[lid.y + j][lid.x] = a[r + p.rows * c]; }
    }
    workgroupBarrier();
    for (var j = 0u; j < 32u; j = j + 8u) {
        let c = c0 + lid.x;
        let r = r0 + lid.y + j;
        if (r < p.rows && c < p.cols) { out[c + p.cols * r] = tile[lid.x][lid.y + j]; }
    }
}
