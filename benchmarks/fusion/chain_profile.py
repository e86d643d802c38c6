"""Where the single elementwise chain's kernel time goes: the fused kernel of elementwise_chain.m as the
code generator makes it, then again with parts removed or its launch shaped otherwise (timestamp
queries, best of 5 after warm-up runs: a second before the first, 0.2 s before each other).

    python3 benchmarks/fusion/chain_profile.py [--log2n 25] [--tree PATH]... [--only NAME]...

Each ``--tree`` plans the chain in that checkout (``OfflinePlanner``, single, an adapter with
shader-f64) and takes its WGSL; every variant below is that text edited, run over the same inputs (the
cell's x and y, 2^log2n elements). ``same`` says whether a variant's outputs are bit for bit those of
the first tree's kernel (only variants that compute the same thing should say yes):

    kernel            the kernel as generated
    no exp, no cos, no log1p, no sqrt
                      that function's call in the kernel body replaced by its argument
    divide plain      m32_div(a, b) replaced by WGSL's a / b (not correctly rounded on the H100)
    divide f64        m32_div as f64's division rounded once (the library's form before the f32 one)
    no functions      every call above removed, plain division: the kernel's arithmetic and memory
    wgsl divide, sqrt m32_div and m32_sqrt as WGSL's / and sqrt (their f64 paths removed: neither is
                      correctly rounded on the H100)
    no opaque         the body's m32_opaque and m32_distinct calls removed (the library keeps its own)
    wg 64, wg 128, wg 512
                      another workgroup size (the generator's is 256)
    1 per thread, 2 per thread, 4 per thread
                      each invocation computes 1, 2 or 4 elements, a grid's width apart (grid-stride;
                      the generator's single kernels that call the f32 math library compute 4)
"""
from __future__ import annotations

import argparse
import importlib
import re
import struct
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
SOURCE = (ROOT / "benchmarks" / "fusion" / "elementwise_chain.m").read_text().split("%% compute")[1]
HEADER = "    let i = gid.x + gid.y * nwg.x * 256u;\n    if (i >= p.n) { return; }\n"
F64_DIVIDE = "fn m32_div_f64(a: f32, b: f32) -> f32 { return f32(f64(a) / m32_wide_opaque(f64(b))); }\n"
PLAIN_DIVIDE = "fn m32_div_plain(a: f32, b: f32) -> f32 { return a / b; }\n"


def body_edit(text: str, *pairs: tuple[str, str]) -> str:
    """``text`` with each pair's first string replaced by its second in the entry point only (the
    library keeps its calls)."""
    head, main = text.split("@compute", 1)
    for old, new in pairs:
        main = main.replace(old, new)
    return head + "@compute" + main


def per_thread(text: str, k: int) -> str:
    """Each invocation computes k elements, the grid's width apart (the loop codegen.element_lines makes,
    or a kernel that has it with another count)."""
    if re.search(r"for \(var j = 0u; j < \d+u;", text):
        return re.sub(r"for \(var j = 0u; j < \d+u;", f"for (var j = 0u; j < {k}u;", text)
    head, main = text.split("@compute", 1)
    before, body = main.split(HEADER)
    body = body.rstrip().removesuffix("}")
    loop = ("    let first = gid.x + gid.y * nwg.x * 256u;\n    let total = nwg.x * nwg.y * 256u;\n"
            f"    for (var j = 0u; j < {k}u; j = j + 1u) {{\n    let i = first + j * total;\n"
            "    if (i >= p.n) { return; }\n")
    return head + "@compute" + before + loop + body + "    }\n}\n"


def workgroup(text: str, size: int) -> str:
    for old in ("@workgroup_size(256)", "nwg.x * 256u", "nwg.y * 256u"):
        text = text.replace(old, old.replace("256", str(size)))
    return text


REMOVED = {name: (f"m32_{name}(", "(") for name in ("exp", "cos", "log1p", "sqrt")}
PLAIN = ("m32_div(", "m32_div_plain(")

# name -> (edit of the kernel text, elements per invocation, workgroup size)
VARIANTS = {
    "kernel": (lambda t: t, 1, 256),
    **{f"no {name}": (lambda t, pair=pair: body_edit(t, pair), 1, 256) for name, pair in REMOVED.items()},
    "divide plain": (lambda t: PLAIN_DIVIDE + body_edit(t, PLAIN), 1, 256),
    "divide f64": (lambda t: F64_DIVIDE + body_edit(t, ("m32_div(", "m32_div_f64(")), 1, 256),
    "no functions": (lambda t: PLAIN_DIVIDE + body_edit(t, PLAIN, *REMOVED.values()), 1, 256),
    "wgsl divide, sqrt": (lambda t: re.sub(r"\n    let xd = f64\(x\);\n.*?\n}\n", "\n    return sqrt(x);\n}\n", t.replace(
        "return f32(f64(a) / m32_wide_opaque(f64(b)));", "return a / b;"), count=1, flags=re.S), 1, 256),
    "no opaque": (lambda t: body_edit(t, ("m32_opaque(", "("), ("m32_distinct(", "(")), 1, 256),
    "wg 64": (lambda t: workgroup(t, 64), 1, 64),
    "wg 128": (lambda t: workgroup(t, 128), 1, 128),
    "wg 512": (lambda t: workgroup(t, 512), 1, 512),
    "1 per thread": (lambda t: per_thread(t, 1) if "var j = 0u" in t else t, 1, 256),
    "2 per thread": (lambda t: per_thread(t, 2), 2, 256),
    "4 per thread": (lambda t: per_thread(t, 4), 4, 256),
}


def chain_wgsl(tree: str) -> str:
    """The single chain's fused kernel as checkout ``tree`` generates it (planned without a device)."""
    for name in [n for n in sys.modules if n == "engine" or n.startswith("engine.")]:
        del sys.modules[name]
    sys.path.insert(0, tree)
    try:
        session = importlib.import_module("engine").Session(device="cpu")
        offline = importlib.import_module("engine.accel.fusion.offline")
        k = np.arange(1, 4097, dtype=float).reshape(-1, 1)
        session.set("x", (2 * np.sin(0.001 * k)).astype(np.float32))
        session.set("y", (np.cos(0.0007 * k) + 0.5).astype(np.float32))
        planner = session.vm.accel = offline.OfflinePlanner(True)
        assert session.execute(SOURCE).error is None
        (group,) = [g for w in planner.windows for g in w.plan.groups]
        return group.wgsl
    finally:
        sys.path.remove(tree)


def kernel_seconds(provider, pipe, buffers, block, grid, warm_seconds: float) -> float:
    """One dispatch's GPU time, best of 5 by the timestamp queries, after ``warm_seconds`` of runs (an
    idle H100 clocks down)."""
    warm = time.perf_counter()
    while time.perf_counter() - warm < warm_seconds:
        provider.dispatch(pipe, buffers, block, grid)
        provider.sync()
    times = []
    for _ in range(5):
        before = provider.gpu_seconds()
        provider.dispatch(pipe, buffers, block, grid)
        times.append(provider.gpu_seconds() - before)
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--log2n", type=int, default=25)
    parser.add_argument("--tree", action="append", help="checkouts to compare (default: this one)")
    parser.add_argument("--only", action="append", choices=list(VARIANTS), help="these variants only")
    opts = parser.parse_args()
    trees = opts.tree or [str(ROOT)]
    texts = [chain_wgsl(tree) for tree in trees]
    for name in [n for n in sys.modules if n == "engine" or n.startswith("engine.")]:
        del sys.modules[name]
    sys.path.insert(0, str(ROOT))
    from engine.accel.kernels import _workgroups
    from engine.accel.provider import get_provider
    from engine.accel.residency import empty, upload
    from engine.accel.shaders import prune

    provider = get_provider()
    n = 2 ** opts.log2n
    k = np.arange(1, n + 1, dtype=np.float64)
    x = upload((2 * np.sin(0.001 * k)).astype(np.float32).reshape(-1, 1))
    y = upload((np.cos(0.0007 * k) + 0.5).astype(np.float32).reshape(-1, 1))
    outs = [empty((n, 1), "single", provider) for _ in range(2)]
    block = struct.pack("<12I", n, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0).ljust(128, b"\0")
    buffers = [x.buffer, y.buffer, outs[0].buffer, outs[1].buffer]
    print(f"{n} elements, GPU ms (best of 5); trees: {', '.join(trees)}\n")
    print("| variant | " + " | ".join(f"tree {t + 1}" for t in range(len(trees))) + " | same as tree 1's kernel |")
    print("| --- | " + " | ".join("---" for _ in trees) + " | --- |")
    reference = None
    for name in opts.only or VARIANTS:
        edit, per, size = VARIANTS[name]
        cells, same = [], []
        for text in texts:
            try:
                pipe = provider.pipeline(prune(edit(text)))
            except Exception as exc:  # noqa: BLE001 - a variant that does not compile in that tree
                cells.append(f"n/a ({type(exc).__name__})")
                continue
            grid = _workgroups(-(-n // per), size)
            seconds = kernel_seconds(provider, pipe, buffers, block, grid, 0.2 if reference is not None else 1.0)
            cells.append(f"{seconds * 1e3:.3f}")
            result = np.concatenate([o.download().view(np.uint32).ravel() for o in outs])
            reference = result if reference is None else reference
            same.append("yes" if np.array_equal(result, reference) else
                        f"no ({int((result != reference).sum())} differ)")
        print(f"| {name} | {' | '.join(cells)} | {', '.join(same)} |", flush=True)


if __name__ == "__main__":
    main()
