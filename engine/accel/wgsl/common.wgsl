// matfuse shared WGSL helpers, included in every kernel: the run-time zero (mf_zero) that keeps
// compilers from reassociating error-free transformations, bit-level f32 tests, and the m32_ functions
// whose f32 result is exact on every adapter (MATLAB round, sign, NaN-ignoring max/min).

var<private> mf_zero: u32;

// Every kernel calls this first with a zero read from its uniform block.
fn mf_init(zero: u32) { mf_zero = zero; }

fn m32_opaque(x: f32) -> f32 { return bitcast<f32>(bitcast<u32>(x) ^ mf_zero); }
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

fn m32_sign(x: f32) -> f32 {
    if (m32_isnan(x)) { return x; }
    return select(select(0.0, -1.0, x < 0.0), 1.0, x > 0.0);
}

fn m32_max(a: f32, b: f32) -> f32 {
    if (m32_isnan(a)) { return b; }
    return select(a, b, b > a);
}

fn m32_min(a: f32, b: f32) -> f32 {
    if (m32_isnan(a)) { return b; }
    return select(a, b, b < a);
}
