"""The compute cost of the WGSL math libraries' functions, without memory traffic: each thread evaluates
one function on ``trips`` arguments in a loop and stores their sum (timestamp queries, best of 5 after a
warm-up), so the kernel's time is the functions' and the loop's.

    python3 benchmarks/gpu/math_profile.py [--log2n 21] [--trips 16] [--tree PATH]... [--only NAME]...

Arguments sweep the range the elementwise chain (benchmarks/fusion/elementwise_chain.m) gives each
function, in order along the threads (neighbouring threads take neighbouring arguments, as in a fused
kernel over smooth data). ``chain`` is that cell's whole computation per element (both outputs), as the
fused kernel has it; ``loop`` is the loop alone. Each ``--tree`` imports the WGSL library of that
checkout, so trees compare in one run (columns in the order given).
"""
from __future__ import annotations

import argparse
import importlib
import struct
import sys
from pathlib import Path

# name: (f64 expression, f32 expression, lowest argument, highest argument); the argument is x.
VARIANTS = {
    "loop": ("x", "x", -3.0, 3.0),
    "exp": ("m64_exp(-0.5lf * x * x)", "m32_exp(-0.5 * x * x)", -3.5, 3.5),
    "cos": ("m64_cos(2.0lf * x)", "m32_cos(2.0 * x)", -3.5, 3.5),
    "log1p": ("m64_log1p(x * x)", "m32_log1p(x * x)", -2.0, 2.0),
    "sqrt": ("m64_sqrt(abs(x) + 1.0lf)", "m32_sqrt(abs(x) + 1.0)", -1.5, 1.5),
    "divide": ("m64_div(x, x + 3.0lf)", "m32_div(x, x + 3.0)", -2.0, 2.0),
    "chain": ("chain64(x, m64_opaque(0.37lf * x + 0.5lf))", "chain32(x, m32_opaque(0.37 * x + 0.5))", -2.0, 2.0),
}

# The fused chain's operations as codegen emits them (every value opaque), two outputs summed.
CHAIN = """
fn chainT(x: T, y: T) -> T {
    let u = mT_opaque(mT_opaque(1.5S * x) - mT_distinct(mT_opaque(mT_div(y, mT_distinct(3.0S)))));
    let e = mT_opaque(mT_exp(mT_opaque(-0.5S * mT_opaque(u * u))));
    let c = mT_opaque(mT_cos(mT_opaque(2.0S * u)));
    let v = mT_opaque(mT_opaque(e * c) + mT_opaque(mT_sqrt(mT_opaque(mT_opaque(abs(y)) + 1.0S))));
    let l = mT_opaque(mT_log1p(mT_opaque(x * x)));
    let w = mT_opaque(mT_div(l, mT_distinct(mT_opaque(1.0S + mT_opaque(u * u)))));
    return v + mT_opaque(w - mT_distinct(mT_opaque(0.25S * v)));
}
"""

KERNEL = """
struct Params { n: u32, zero: u32, trips: u32, pad: u32, lo: T, step: T, }
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read_write> out: array<T>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let i = gid.x + gid.y * nwg.x * 256u;
    if (i >= p.n) { return; }
    var s = T(0);
    for (var t = 0u; t < p.trips; t = t + 1u) {
        let x = mT_opaque(p.lo + T(t * p.n + i) * p.step);
        s = s + EXPR;
    }
    out[i] = s;
}
"""


def source(library: str, precision: str, expr: str) -> str:
    t, m, suffix = ("f64", "m64", "lf") if precision == "double" else ("f32", "m32", "")
    text = (CHAIN + KERNEL).replace("EXPR", expr).replace("chainT", "chain" + t[1:])
    text = text.replace("mT_", m + "_").replace("T(", t + "(").replace(": T", ": " + t)
    text = text.replace("-> T", "-> " + t).replace("array<T>", f"array<{t}>").replace("S)", suffix + ")")
    text = text.replace("S *", suffix + " *").replace("S +", suffix + " +")
    return library + text


def load(tree: str):
    """The engine modules of checkout ``tree`` (a fresh import of each)."""
    for name in [n for n in sys.modules if n == "engine" or n.startswith("engine.")]:
        del sys.modules[name]
    sys.path.insert(0, tree)
    try:
        shaders = importlib.import_module("engine.accel.shaders")
        return shaders, importlib.import_module("engine.accel.kernels")
    finally:
        sys.path.remove(tree)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log2n", type=int, default=21, help="threads: 2^log2n")
    parser.add_argument("--trips", type=int, default=16, help="arguments per thread")
    parser.add_argument("--tree", action="append", help="checkouts to compare (default: this one)")
    parser.add_argument("--only", action="append", choices=list(VARIANTS), help="these rows only")
    parser.add_argument("--extra", help="a WGSL file appended to every library (experimental functions)")
    parser.add_argument("--expr", action="append", default=[],
                        help="NAME=DOUBLE;SINGLE;LO;HI: one more row (experimental functions)")
    opts = parser.parse_args()
    variants = {name: VARIANTS[name] for name in opts.only or VARIANTS}
    for item in opts.expr:
        name, rest = item.split("=", 1)
        d, s, lo, hi = rest.split(";")
        variants[name] = (d, s, float(lo), float(hi))
    trees = opts.tree or [str(Path(__file__).resolve().parents[2])]
    extra = Path(opts.extra).read_text() if opts.extra else ""
    libraries = []
    for tree in trees:
        shaders, kernels = load(tree)
        libraries.append((shaders.library(True) + extra, shaders.prune, kernels._workgroups))
    from engine.accel.provider import get_provider
    from engine.accel.residency import empty
    provider = get_provider()
    n = 2 ** opts.log2n
    evaluations = n * opts.trips
    print(f"{n} threads x {opts.trips} arguments: GPU ms per 2^{evaluations.bit_length() - 1} evaluations "
          f"(best of 5); trees: {', '.join(trees)}\n")
    print("| function | class | " + " | ".join(f"tree {k + 1}" for k in range(len(trees))) + " | checksums |")
    print("| --- | --- | " + " | ".join("---" for _ in trees) + " | --- |")
    for name, (expr64, expr32, lo, hi) in variants.items():
        for precision, expr in (("double", expr64), ("single", expr32)):
            fmt = "d" if precision == "double" else "f"
            out = empty((n, 1), precision, provider)
            block = struct.pack(f"<4I2{fmt}", n, 0, opts.trips, 0, lo, (hi - lo) / evaluations)
            cells, sums = [], []
            for library, prune, workgroups in libraries:
                try:
                    pipe = provider.pipeline(prune(source(library, precision, expr)))
                except Exception as exc:  # noqa: BLE001 - a function that tree lacks
                    cells.append(f"n/a ({type(exc).__name__})")
                    continue
                times = []
                for _ in range(6):
                    before = provider.gpu_seconds()
                    provider.dispatch(pipe, [out.buffer], block, workgroups(n, 256))
                    times.append(provider.gpu_seconds() - before)
                cells.append(f"{min(times[1:]) * 1e3:.3f}")
                sums.append(f"{float(out.download().astype(float).sum()):.9g}")
            print(f"| {name} | {precision} | {' | '.join(cells)} | {' '.join(sums)} |", flush=True)


if __name__ == "__main__":
    main()
