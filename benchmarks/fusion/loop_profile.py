"""Where the Monte-Carlo loop kernel's GPU time goes: the fused loop of monte_carlo.m written out by
hand, then again with parts removed (timestamp queries, best of 5 after a warm-up).

    python3 benchmarks/fusion/loop_profile.py [--log2n 21] [--trips 50] [--tree PATH] [--only NAME]...
        [--extra FILE.wgsl] [--step NAME=WGSL]...

Each variant runs the loop's shape (one thread per path, ``trips`` iterations, the Philox position
advanced by n per iteration, one f64 state register, one store at the end; "pair" variants: one thread
per two paths, a vec2<f64> state) with one step:

    empty            the loop alone (a position-dependent add)
    philox           one Philox4x32-10 block per iteration (its four words summed)
    philox 1 round   its first round alone
    philox looped    the ten rounds in a loop (as philox.wgsl had them: twice the time on the H100)
    uniforms         the block mapped to the two double uniforms
    log              + the logarithm of the first (m64_log, as Box-Muller took it)
    log plain        + m64_log_plain instead (Box-Muller's now; n/a in older trees)
    radius           + sqrt(-2 log u1)
    cos              the uniforms + m64_cos(2 pi u2) (the normal's angle as it was)
    angle            the uniforms + rng_cos_turns(u2) (the angle reduced in turns; n/a in newer trees)
    sincos           a normal block's uniforms + rng_sincos_turns_f64(u2), both branches (n/a in older trees)
    normal           rng_normal_f64: the whole draw of one element
    exp              the uniforms + one m64_exp(a + b u1), multiplied into the state
    full             the loop body of monte_carlo.m, one path per thread: S = S .* exp(a + b .* randn)
    normal pair      two paths per thread: rng_normal_two_f64, both normals of a block (n/a in older trees)
    full pair        two paths per thread, as loops.py emits the loop since normals come two to a block

``--tree`` imports engine from another checkout (its WGSL library), so two trees compare in one run;
``--extra`` appends a WGSL file to the library and ``--step`` adds a variant (experimental functions;
the step reads ``p.key``, ``pos``, ``p.a``, ``p.b`` and updates the f64 state ``s``).
"""
from __future__ import annotations

import argparse
import struct
import sys
from pathlib import Path

VARIANTS = {
    "empty": "s = s + f64(pos.x);",
    "philox": "let w = rng_words(p.key, pos); s = s + f64(w.x ^ w.y ^ w.z ^ w.w);",
    "philox 1 round": ("let w = philox_round(vec4<u32>(pos.x, pos.y, 0u, 0u), p.key); "
                       "s = s + f64(w.x ^ w.y ^ w.z ^ w.w);"),
    "philox looped": "let w = looped_philox(vec4<u32>(pos.x, pos.y, 0u, 0u), p.key); s = s + f64(w.x ^ w.y ^ w.z ^ w.w);",
    "uniforms": "let w = rng_words(p.key, pos); s = s + rng_unit_f64(w.x, w.y) + rng_unit_f64(w.z, w.w);",
    "log": "let w = rng_words(p.key, pos); s = s + m64_log(rng_unit_f64(w.x, w.y)) + rng_unit_f64(w.z, w.w);",
    "log plain": ("let w = rng_words(p.key, pos); "
                  "s = s + m64_log_plain(rng_unit_f64(w.x, w.y)) + rng_unit_f64(w.z, w.w);"),
    "radius": ("let w = rng_words(p.key, pos); "
               "s = s + sqrt(-2.0lf * m64_log(rng_unit_f64(w.x, w.y))) + rng_unit_f64(w.z, w.w);"),
    "cos": ("let w = rng_words(p.key, pos); "
            "s = s + rng_unit_f64(w.x, w.y) + m64_cos(6.283185307179586lf * rng_unit_f64(w.z, w.w));"),
    "angle": "let w = rng_words(p.key, pos); s = s + rng_unit_f64(w.x, w.y) + rng_cos_turns(rng_unit_f64(w.z, w.w));",
    "sincos": ("let w = rng_normal_words(p.key, rng_block(pos)); let a = rng_sincos_turns_f64(rng_unit_f64(w.z, w.w)); "
               "s = s + rng_unit_f64(w.x, w.y) + a.x + a.y;"),
    "normal": "s = s + rng_normal_f64(p.key, pos);",
    "exp": "let w = rng_words(p.key, pos); s = s * m64_exp(p.a + p.b * rng_unit_f64(w.x, w.y));",
    "full": ("let d = rng_normal_f64(p.key, pos); "
             "s = m64_opaque(s * m64_opaque(m64_exp(m64_opaque(p.a + m64_opaque(p.b * d)))));"),
    "normal pair": "s = s + rng_normal_two_f64(p.key, pos);",
    "full pair": ("let d = rng_normal_two_f64(p.key, pos); "
                  "s = vec2<f64>(m64_opaque(s.x * m64_opaque(m64_exp(m64_opaque(p.a + m64_opaque(p.b * d.x))))), "
                  "m64_opaque(s.y * m64_opaque(m64_exp(m64_opaque(p.a + m64_opaque(p.b * d.y))))));"),
}

LOOPED_PHILOX = """
fn looped_philox(ctr: vec4<u32>, key: vec2<u32>) -> vec4<u32> {
    var c = philox_round(ctr, key);
    var k = key;
    for (var r = 1u; r < 10u; r = r + 1u) {
        k = k + PHILOX_W;
        c = philox_round(c, k);
    }
    return c;
}
"""

HEADER = """
struct Params { n: u32, zero: u32, trips: u32, pad: u32, key: vec2<u32>, base: vec2<u32>, a: f64, b: f64, }
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read_write> out: array<f64>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
"""

# One path per thread.
KERNEL = HEADER + """    let i = gid.x + gid.y * nwg.x * 256u;
    if (i >= p.n) { return; }
    var s = 1.0lf;
    var pos = rng_pos(p.base, i);
    for (var it = 0u; it < p.trips; it = it + 1u) {
        STEP
        pos = rng_pos(pos, p.n);
    }
    out[i] = s;
}
"""

# Two paths per thread (n even): elements 2i and 2i + 1.
PAIR_KERNEL = HEADER + """    let first = 2u * (gid.x + gid.y * nwg.x * 256u);
    if (first >= p.n) { return; }
    var s = vec2<f64>(1.0lf, 1.0lf);
    var pos = rng_pos(p.base, first);
    for (var it = 0u; it < p.trips; it = it + 1u) {
        STEP
        pos = rng_pos(pos, p.n);
    }
    out[first] = s.x;
    out[first + 1u] = s.y;
}
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log2n", type=int, default=21)
    parser.add_argument("--trips", type=int, default=50)
    parser.add_argument("--tree", default=str(Path(__file__).resolve().parents[2]))
    parser.add_argument("--only", action="append", help="variants to run (default: all)")
    parser.add_argument("--extra", help="a WGSL file appended to the library (experimental functions)")
    parser.add_argument("--step", action="append", default=[], help="NAME=WGSL: one more variant")
    opts = parser.parse_args()
    variants = dict(VARIANTS)
    variants.update(item.split("=", 1) for item in opts.step)
    extra = Path(opts.extra).read_text() if opts.extra else ""
    sys.path.insert(0, opts.tree)
    from engine.accel.kernels import _workgroups
    from engine.accel.provider import get_provider
    from engine.accel.residency import empty
    from engine.accel.shaders import library, prune

    provider = get_provider()
    n = 2 ** opts.log2n
    out = empty((n, 1), "double", provider)
    block = struct.pack("<4I4I2d", n, 0, opts.trips, 0, 7, 0, 0, 0, -0.02, 0.2)
    print(f"tree {opts.tree}: {n} paths x {opts.trips} steps, GPU ms (best of 5)")
    for name in opts.only or variants:
        try:
            pairs = name.endswith(" pair")
            kernel = PAIR_KERNEL if pairs else KERNEL
            source = library(True) + extra + LOOPED_PHILOX + kernel.replace("STEP", variants[name])
            pipe = provider.pipeline(prune(source))
        except Exception as exc:  # noqa: BLE001 - a function the tree lacks
            print(f"| {name} | n/a | {type(exc).__name__} |")
            continue
        times = []
        for _ in range(6):
            before = provider.gpu_seconds()
            provider.dispatch(pipe, [out.buffer], block, _workgroups(n // 2 if pairs else n, 256))
            times.append(provider.gpu_seconds() - before)
        checksum = float(out.download().mean())
        print(f"| {name} | {min(times[1:]) * 1e3:.3f} | {checksum:.6g} |", flush=True)


if __name__ == "__main__":
    main()
