// matfuse shared WGSL helpers, included in every kernel: the run-time zero (mf_zero) that keeps
// compilers from reassociating error-free transformations, bit-level f32 tests, and the m32_ functions
// whose f32 result is exact on every adapter (MATLAB round, sign, NaN-ignoring max/min).

var<private> mf_zero: u32;

// Bits of 2/pi, 32 per word, after 64 zero bits (so a window may start before the binary point): the
// Payne-Hanek reductions of f64_math.wgsl and f32_math.wgsl.
const MF_TWO_OVER_PI = array<u32, 42>(
    0x00000000u, 0x00000000u, 0xa2f9836eu, 0x4e441529u, 0xfc2757d1u, 0xf534ddc0u, 0xdb629599u,
    0x3c439041u, 0xfe5163abu, 0xdebbc561u, 0xb7246e3au, 0x424dd2e0u, 0x06492eeau, 0x09d1921cu,
    0xfe1deb1cu, 0xb129a73eu, 0xe88235f5u, 0x2ebb4484u, 0xe99c7026u, 0xb45f7e41u, 0x3991d639u,
    0x835339f4u, 0x9c845f8bu, 0xbdf9283bu, 0x1ff897ffu, 0xde05980fu, 0xef2f118bu, 0x5a0a6d1fu,
    0x6d367ecfu, 0x27cb09b7u, 0x4f463f66u, 0x9e5fea2du, 0x7527bac7u, 0xebe5f17bu, 0x3d0739f7u,
    0x8a5292eau, 0x6bfb5fb1u, 0x1f8d5d08u, 0x56033046u, 0xfc7b6babu, 0xf0cfbc20u, 0x9af4361du);

// Every kernel calls this first with a zero read from its uniform block.
fn mf_init(zero: u32) { mf_zero = zero; }

// x unchanged, but opaque to algebraic simplification (an OR, not an XOR: applied twice it still hides).
fn m32_opaque(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) | mf_zero); }
// x as a value the compiler cannot prove equal to x, even where x is itself opaque (an OR with the same
// zero is idempotent, so compilers merge opaque(opaque(x)) with opaque(x)): the second operand of x - x,
// x / x, x == x, which NVIDIA's compiler otherwise folds to 0, 1, true (MATLAB: NaN for Inf and NaN).
fn m32_distinct(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) + mf_zero); }
fn m32_nan() -> f32 { return bitcast<f32>(0x7fc00000u); }
fn m32_inf() -> f32 { return bitcast<f32>(0x7f800000u); }
// Class tests and negation on opaque bits (an OR with mf_zero): f64_math.wgsl's header says why.
fn m32_bits(x: f32) -> u32 { return bitcast<u32>(x) | mf_zero; }
fn m32_isnan(x: f32) -> bool { return (m32_bits(x) & 0x7fffffffu) > 0x7f800000u; }
fn m32_isinf(x: f32) -> bool { return (m32_bits(x) & 0x7fffffffu) == 0x7f800000u; }
fn m32_neg(x: f32) -> f32 { return bitcast<f32>(m32_bits(x) ^ 0x80000000u); }

fn m32_copysign(x: f32, s: f32) -> f32 {
    return bitcast<f32>((bitcast<u32>(x) & 0x7fffffffu) | (bitcast<u32>(s) & 0x80000000u));
}

fn m32_ceil(x: f32) -> f32 { return ceil(x); }

fn m32_round(x: f32) -> f32 {
    let t = trunc(x);
    return select(t, t + m32_copysign(1.0, x), abs(x - t) >= 0.5);
}

// sign of x (NaN kept; +0 for either zero) built from x's bits, as m64_sign.
fn m32_sign(x: f32) -> f32 {
    if (m32_isnan(x)) { return x; }
    let b = bitcast<u32>(x);
    return bitcast<f32>(select(0u, 0x3f800000u | (b & 0x80000000u), (b & 0x7fffffffu) != 0u));
}

fn m32_max(a: f32, b: f32) -> f32 {
    if (m32_isnan(a)) { return b; }
    return select(a, b, b > a);
}

fn m32_min(a: f32, b: f32) -> f32 {
    if (m32_isnan(a)) { return b; }
    return select(a, b, b < a);
}
