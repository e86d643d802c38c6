// Generators of the fused kernels (engine/accel/fusion/generators.py): element k of linspace and of a
// colon range, in f64, by the CPU's formulas (construct.py _linspace_row, ops.py _colon_values) with
// the same operations in the same order, so the values are bit-identical. Every product is hidden from
// the compiler (m64_opaque) so that no driver contracts it with the following sum into an fma.
// Requires f64_math.wgsl.

// linspace(d1, d2, n1 + 1): d1 + k*(d2-d1)/n1, ends exactly d1 and d2 (every element d1 when they are
// equal); the products and quotients are regrouped where (d2-d1)*(n1-1) overflows.
fn gen_linspace(d1: f64, d2: f64, n1: f64, k: u32) -> f64 {
    if (n1 == 0.0lf) { return d2; }
    if (d1 == d2) { return d1; }
    let kf = f64(k);
    if (kf == 0.0lf) { return d1; }
    if (kf == n1) { return d2; }
    let t = m64_opaque(d2 - d1);
    if (m64_isinf(m64_opaque(t * (n1 - 1.0lf)))) {
        if (m64_isinf(t)) {
            let up = m64_opaque(m64_opaque(d2 / n1) * kf);
            return m64_opaque(d1 + up) - m64_opaque(m64_opaque(d1 / n1) * kf);
        }
        return d1 + m64_opaque(kf * m64_opaque(t / n1));
    }
    return d1 + m64_opaque(m64_opaque(kf * t) / n1);
}

// a:d:b with n steps: a + k*d in the lower half, c - (n-k)*d in the upper half, (a+c)/2 in the middle,
// where c is a + n*d, or b when that lies within 2 eps * max(|a|, |b|) of b (or beyond it).
fn gen_colon(a: f64, d: f64, b: f64, n: f64, k: u32) -> f64 {
    let tol = 4.440892098500626e-16lf * max(abs(a), abs(b));
    let reach = m64_opaque(a + m64_opaque(n * d));
    let over = select(m64_opaque(reach - b), m64_opaque(b - reach), d < 0.0lf);
    let c = select(reach, b, over > -tol);
    let kf = f64(k);
    if (2.0lf * kf < n) { return a + m64_opaque(kf * d); }
    if (2.0lf * kf > n) { return c - m64_opaque((n - kf) * d); }
    return (a + c) / 2.0lf;
}
