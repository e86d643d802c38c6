// matfuse device random numbers: the Philox4x32-10 counter-based generator (Salmon et al., "Parallel
// random numbers: as easy as 1, 2, 3", SC11; checked against Random123's known-answer vectors in
// tests/accel/test_device_random.py) and the maps from its output to MATLAB's distributions.
//
// A stream is a 64-bit key (vec2<u32>, the seed) and a 64-bit position. A draw of n values reserves
// positions base .. base+n-1 and element i (column-major) takes rng_pos(base, i), so a kernel that draws
// element i anywhere gives the same number (engine/accel/random.py holds the stream). Positions (vec2<u32>:
// x = low word, y = high word) map to Philox blocks, each four 32-bit words w0..w3:
//   uniform, integer  the block at counter (p.x, p.y, 0, 0): one block per position
//   normal            the normal block b = floor(p / 2) at counter (b.x, b.y, 1, 0): one block for two
//                     positions, Box-Muller's cosine branch for even p and its sine branch for odd p; the
//                     third counter word keeps these blocks apart from the uniforms' (a normal never
//                     reuses words a uniform drew)
// and from the words to values:
//   uniform double  (k + 0.5) * 2^-52, k = the top 20 bits of w0 then w1 (52 bits): the open interval
//                   (0, 1), every value exactly representable (2^-53 .. 1 - 2^-53, step 2^-52)
//   uniform single  (k + 0.5) * 2^-23, k = the top 23 bits of w0: (0, 1), 2^-24 .. 1 - 2^-24
//   normal          Box-Muller: sqrt(-2 log u1) * (cos(2 pi u2), sin(2 pi u2)), u1 the uniform of words
//                   0 and 1 (single: word 0) and u2 that of words 2 and 3 (single: word 2); the angle
//                   reduced in turns (rng_sincos_turns_*), so a kernel computing two neighbouring
//                   elements pays one block, one logarithm and one square root for both
//   integer         offset + floor(K * span / 2^64), K = w0 * 2^32 + w1 (see rng_integer)
// The 32x32->64-bit product philox_mulhilo comes from philox_mul_wide.wgsl (one u64 product) on adapters
// with shader-f64 and shader-int64, else from philox_mul.wgsl (u32 arithmetic only, from 16-bit
// halves), so uniform and normal singles run on adapters without shader-f64; both give the same words.
// The logarithm and the angle's kernels come from the m64_/m32_ libraries, never from WGSL's built-ins.

const PHILOX_M0: u32 = 0xD2511F53u;
const PHILOX_M1: u32 = 0xCD9E8D57u;
const PHILOX_W = vec2<u32>(0x9E3779B9u, 0xBB67AE85u);    // Weyl increments of the key

fn philox_round(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
    let p0 = philox_mulhilo(PHILOX_M0, ctr.x);
    let p1 = philox_mulhilo(PHILOX_M1, ctr.z);
    return vec4<u32>(p1.y ^ ctr.y ^ key.x, p1.x, p0.y ^ ctr.w ^ key.y, p0.x);
}

// The ten rounds written out, round r's key key + r * PHILOX_W: on the H100 this took half the time of
// the same rounds in a loop (benchmarks/fusion/loop_profile.py: "philox" against "philox looped").
fn philox4x32_10(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
    var c = philox_round(ctr, key);
    c = philox_round(c, key + PHILOX_W);
    c = philox_round(c, key + 2u * PHILOX_W);
    c = philox_round(c, key + 3u * PHILOX_W);
    c = philox_round(c, key + 4u * PHILOX_W);
    c = philox_round(c, key + 5u * PHILOX_W);
    c = philox_round(c, key + 6u * PHILOX_W);
    c = philox_round(c, key + 7u * PHILOX_W);
    c = philox_round(c, key + 8u * PHILOX_W);
    return philox_round(c, key + 9u * PHILOX_W);
}

// Stream position base + i, with the carry into the high word.
fn rng_pos(base: vec2<u32>, i: u32) -> vec2<u32> {
    let lo = base.x + i;
    return vec2<u32>(lo, base.y + select(0u, 1u, lo < i));
}

fn rng_words(key: vec2<u32>, pos: vec2<u32>) -> vec4<u32> {
    return philox4x32_10(vec4<u32>(pos.x, pos.y, 0u, 0u), key);
}

// The normal block of position pos, floor(pos / 2), and its words.
fn rng_block(pos: vec2<u32>) -> vec2<u32> {
    return vec2<u32>((pos.x >> 1u) | (pos.y << 31u), pos.y >> 1u);
}

fn rng_normal_words(key: vec2<u32>, block: vec2<u32>) -> vec4<u32> {
    return philox4x32_10(vec4<u32>(block.x, block.y, 1u, 0u), key);
}

// (k + 0.5) * 2^-52 for the 52-bit k = hi[31:12] lo[31:0], as (1 + k 2^-52) - (1 - 2^-53): the first
// is k in the mantissa bits of 1, the difference is exact, and no integer-to-float conversion is needed
// (those are slow on the H100). The result is opaque: NVIDIA's compiler distributed the product that
// follows over the difference (2 pi u2 as 2 pi (1 + k 2^-23) - 2 pi (1 - 2^-24), in single: the
// normals were off by 1e-6).
fn rng_unit_f64(hi: u32, lo: u32) -> f64 {
    let one_k = bitcast<f64>(0x3ff0000000000000lu | (u64(hi >> 12u) << 32u) | u64(lo));
    return m64_opaque(one_k - 0.99999999999999988898lf);
}

// (k + 0.5) * 2^-23 for the 23-bit k = w[31:9], the same way: (1 + k 2^-23) - (1 - 2^-24), exact.
fn rng_unit_f32(w: u32) -> f32 {
    return m32_opaque(bitcast<f32>(0x3f800000u | (w >> 9u)) - 0.99999994039535522461);
}

fn rng_uniform_f64(key: vec2<u32>, pos: vec2<u32>) -> f64 {
    let w = rng_words(key, pos);
    return rng_unit_f64(w.x, w.y);
}

fn rng_uniform_f32(key: vec2<u32>, pos: vec2<u32>) -> f32 {
    return rng_unit_f32(rng_words(key, pos).x);
}

// (cos(2 pi u), sin(2 pi u)) for u in (0, 1), reduced in turns: u = q/4 + r exactly (q = round(4u),
// never a tie, |r| <= 1/8), then the cosine and sine of q pi/2 + y by quadrant from fdlibm's kernels at
// y = 2 pi r rounded once (|y| <= pi/4). Within about 2 ulp of the exact values everywhere, where cos and
// sin of the rounded product 2 pi u lose all relative accuracy near their zeros; and no Cody-Waite
// reduction. Both kernels are evaluated once and shared by the two branches: neighbouring draws take random
// quadrants, so a branch would run both anyway (on the H100 the branch-free form took 1% less of the
// loop kernel's time).
fn rng_sincos_turns_f64(u: f64) -> vec2<f64> {
    let rounded = m64_rounded(4.0lf * u);
    let q = rounded - M64_ROUNDER;
    let y = vec2<f64>(6.283185307179586lf * (u - 0.25lf * q), 0.0lf);
    let c = m64_cos_kernel(y);
    let s = m64_sin_kernel(y);
    let quadrant = m64_rounded_int(rounded);
    let odd = (quadrant & 1) == 1;                // cos(q pi/2 + y), sin(q pi/2 + y) by quadrant
    let cosine = select(c, s, odd);
    let sine = select(s, c, odd);
    return vec2<f64>(select(cosine, -cosine, ((quadrant + 1) & 2) == 2), select(sine, -sine, (quadrant & 2) == 2));
}

// The same in single: y = 2 pi r rounded once in f32 (the host twin rounds it the same way).
fn rng_sincos_turns_f32(u: f32) -> vec2<f32> {
    let rounded = m32_rounded(4.0 * u);
    let q = rounded - M32_ROUNDER;
    let y = vec2<f32>(m32_opaque(6.2831855 * m32_opaque(u - 0.25 * q)), 0.0);
    let c = m32_cos_kernel(y);
    let s = m32_sin_kernel(y);
    let quadrant = m32_rounded_int(rounded);
    let odd = (quadrant & 1) == 1;
    let cosine = select(c, s, odd);
    let sine = select(s, c, odd);
    return vec2<f32>(select(cosine, -cosine, ((quadrant + 1) & 2) == 2), select(sine, -sine, (quadrant & 2) == 2));
}

// sqrt(a) for the normal's -2 ln u1 in [2^-52, 75]: WGSL's f32 inverse square root (within 2^-21) refined
// by two Newton steps in f64 (2^-84), then s = a y corrected once by the remainder a - s^2: within 1 ulp
// (correctly rounded where the driver contracts the remainder into an fma: on the H100 it equalled f64
// sqrt on 800,000 arguments), and on the H100 half the time of f64 sqrt, a subroutine there.
fn rng_sqrt(a: f64) -> f64 {
    let h = 0.5lf * a;
    var y = f64(inverseSqrt(f32(a)));
    y = y * (1.5lf - h * y * y);
    y = y * (1.5lf - h * y * y);
    let s = m64_opaque(a * y);
    return s + 0.5lf * y * m64_opaque(a - s * s);
}

// Box-Muller's two normals of the normal block ``block``: (cosine branch, sine branch), the values at
// positions 2 block and 2 block + 1. u1 lies in [2^-53, 1 - 2^-53]: the logarithm needs none of
// m64_log's special cases.
fn rng_normal_pair_f64(key: vec2<u32>, block: vec2<u32>) -> vec2<f64> {
    let w = rng_normal_words(key, block);
    let radius = rng_sqrt(-2.0lf * m64_log_plain(rng_unit_f64(w.x, w.y)));
    let angle = rng_sincos_turns_f64(rng_unit_f64(w.z, w.w));
    return vec2<f64>(radius * angle.x, radius * angle.y);
}

fn rng_normal_pair_f32(key: vec2<u32>, block: vec2<u32>) -> vec2<f32> {
    let w = rng_normal_words(key, block);
    let radius = sqrt(-2.0 * m32_log(rng_unit_f32(w.x)));
    let angle = rng_sincos_turns_f32(rng_unit_f32(w.z));
    return vec2<f32>(radius * angle.x, radius * angle.y);
}

// The normal at position pos alone: its block's branch by the position's parity.
fn rng_normal_f64(key: vec2<u32>, pos: vec2<u32>) -> f64 {
    let pair = rng_normal_pair_f64(key, rng_block(pos));
    return select(pair.x, pair.y, (pos.x & 1u) == 1u);
}

fn rng_normal_f32(key: vec2<u32>, pos: vec2<u32>) -> f32 {
    let pair = rng_normal_pair_f32(key, rng_block(pos));
    return select(pair.x, pair.y, (pos.x & 1u) == 1u);
}

// The normals at positions pos and pos + 1: one block when pos is even, the sine branch of one block
// and the cosine branch of the next when it is odd (a kernel whose threads share pos's parity takes
// the branch uniformly).
fn rng_normal_two_f64(key: vec2<u32>, pos: vec2<u32>) -> vec2<f64> {
    let pair = rng_normal_pair_f64(key, rng_block(pos));
    if ((pos.x & 1u) == 0u) { return pair; }
    return vec2<f64>(pair.y, rng_normal_pair_f64(key, rng_block(rng_pos(pos, 1u))).x);
}

fn rng_normal_two_f32(key: vec2<u32>, pos: vec2<u32>) -> vec2<f32> {
    let pair = rng_normal_pair_f32(key, rng_block(pos));
    if ((pos.x & 1u) == 0u) { return pair; }
    return vec2<f32>(pair.y, rng_normal_pair_f32(key, rng_block(rng_pos(pos, 1u))).x);
}

// a + b + carry_in as (sum, carry out) over u32 words.
fn rng_add(a: u32, b: u32) -> vec2<u32> {
    let s = a + b;
    return vec2<u32>(s, select(0u, 1u, s < a));
}

// offset + floor(K * span / 2^64) as a 64-bit two's-complement integer (low, high), K = w0 * 2^32 + w1:
// uniform over offset .. offset + span - 1 (span >= 1, both 64-bit (low, high) words) up to a bias
// below span / 2^64. MATLAB's randi(imax) is offset 1, span imax.
fn rng_integer(key: vec2<u32>, pos: vec2<u32>, span: vec2<u32>, offset: vec2<u32>) -> vec2<u32> {
    let w = rng_words(key, pos);
    let a = philox_mulhilo(w.y, span.x);      // K's low word times span's low word
    let b = philox_mulhilo(w.x, span.x);
    let c = philox_mulhilo(w.y, span.y);
    let d = philox_mulhilo(w.x, span.y);
    let s1 = rng_add(a.y, b.x);
    let s2 = rng_add(s1.x, c.x);
    let t1 = rng_add(b.y, c.y);
    let t2 = rng_add(t1.x, d.x);
    let t3 = rng_add(t2.x, s1.y + s2.y);
    let high = d.y + t1.y + t2.y + t3.y;
    let low = rng_add(t3.x, offset.x);
    return vec2<u32>(low.x, high + offset.y + low.y);
}

// A 64-bit two's-complement integer (low, high) of magnitude at most 2^53 as f64 (exact).
fn rng_i64_to_f64(v: vec2<u32>) -> f64 {
    return f64(bitcast<i32>(v.y)) * 4294967296.0lf + f64(v.x);
}
