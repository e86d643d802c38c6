// MT19937's output tempering and recurrence, and MATLAB's map of two outputs to a double or a single
// (included by mt19937.wgsl; engine/accel/mersenne.py).
fn mt_temper(x: u32) -> u32 {
    var y = x ^ (x >> 11u);
    y ^= (y << 7u) & 0x9d2c5680u;
    y ^= (y << 15u) & 0xefc60000u;
    return y ^ (y >> 18u);
}

fn mt_next(first: u32, second: u32, far: u32) -> u32 {
    let y = (first & 0x80000000u) | (second & 0x7fffffffu);
    return far ^ (y >> 1u) ^ select(0u, 0x9908b0dfu, (y & 1u) == 1u);
}

// genrand_res53: (a * 2^26 + b) / 2^53, exact in f64.
fn mt_double(w1: u32, w2: u32) -> f64 {
    let a = f64(mt_temper(w1) >> 5u);
    let b = f64(mt_temper(w2) >> 6u);
    return (a * 67108864.0lf + b) * 1.1102230246251565e-16lf;
}

// single(genrand_res53) as the host converts it (round to nearest even), never 1: the 53-bit integer
// m = a * 2^26 + b rounded to 24 significant bits in integer arithmetic, the float built from its bits.
fn mt_single(w1: u32, w2: u32) -> f32 {
    let a = mt_temper(w1) >> 5u;
    let b = mt_temper(w2) >> 6u;
    let hi = a >> 6u;                          // m = hi * 2^32 + lo
    let lo = (a << 26u) | b;
    var width = 32u - countLeadingZeros(lo);   // significant bits of m
    if (hi != 0u) {
        width = 64u - countLeadingZeros(hi);
    }
    if (width == 0u) {
        return 0.0;
    }
    var r = 0u;                                // m scaled to 24 bits, in [2^23, 2^24]
    if (width <= 24u) {
        r = lo << (24u - width);
    } else {
        let shift = width - 24u;               // 1 .. 29
        let q = (lo >> shift) | (hi << (32u - shift));
        let rest = lo & ((1u << shift) - 1u);
        let half = 1u << (shift - 1u);
        r = q + select(0u, 1u, rest > half || (rest == half && (q & 1u) == 1u));
    }
    // r * 2^(width - 24 - 53): biased exponent width - 77 + 23 + 127; r = 2^24 carries into it
    let bits = ((width + 73u) << 23u) + (r - 0x800000u);
    return bitcast<f32>(min(bits, 0x3f7fffffu));
}
