// Philox's 32x32->64-bit product with shader-int64: the full product a * b as (low word, high word),
// one u64 multiplication (NVIDIA's compiler makes it one wide integer multiply-add; philox_mul.wgsl,
// the u32 version, takes about fifteen operations).
fn philox_mulhilo(a: u32, b: u32) -> vec2<u32> {
    let p = u64(a) * u64(b);
    return vec2<u32>(u32(p & 0xfffffffflu), u32(p >> 32u));
}
