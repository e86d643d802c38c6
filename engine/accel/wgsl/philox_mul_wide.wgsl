// Philox's 32x32->64-bit product with shader-int64: the full product a * b as (low word, high word),
// one u64 multiplication (on the H100 the Philox block took half the time of philox_mul.wgsl's u32
// version: benchmarks/fusion/RESULTS.md).
fn philox_mulhilo(a: u32, b: u32) -> vec2<u32> {
    let p = u64(a) * u64(b);
    return vec2<u32>(u32(p & 0xfffffffflu), u32(p >> 32u));
}
