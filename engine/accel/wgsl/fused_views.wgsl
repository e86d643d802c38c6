// Views in the fused kernels (engine/accel/fusion/views.py). A value computed inside a view's operand
// is computed at the operand's element index, which the kernel derives from the view's: reshape and
// X(:) keep the index (column-major data does not move); permute, repmat, meshgrid/ndgrid grids, and
// reads of other sizes inside an operand (implicit expansion) go through an index map in p.maps.
//
// A map at word `at`: its number of dimensions nd, then per dimension (extent, modulus, stride). The
// index is split into coordinates along the extents (column-major); each coordinate is taken modulo the
// modulus (the operand's extent: repmat's tiles; the extent itself elsewhere) and weighted by the
// operand's stride (0 on an expanded dimension, permuted for permute). A grid's vector runs along one
// dimension: its element is (index / pre) % n, the words pre and n at `at`.
fn map_word(k: u32) -> u32 {
    return p.maps[k / 4u][k % 4u];
}

fn mapped_index(i: u32, at: u32) -> u32 {
    var rem = i;
    var idx = 0u;
    let nd = map_word(at);
    for (var d = 0u; d < nd; d = d + 1u) {
        let k = at + 1u + 3u * d;
        let extent = map_word(k);
        idx = idx + ((rem % extent) % map_word(k + 1u)) * map_word(k + 2u);
        rem = rem / extent;
    }
    return idx;
}

fn grid_index(i: u32, at: u32) -> u32 {
    return (i / map_word(at)) % map_word(at + 1u);
}
