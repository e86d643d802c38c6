"""Where the single image normalisation's pixel pass spends its time: the pass of image_normalize.m
(`((imgs - mu) ./ sigma) * gain + bias`, `max(., 0)`, `.^ gamma`) as the code generator makes it, then
again with parts removed or replaced (timestamp queries, best of 5 after warm-up runs, over the cell's
own buffers, uniform block and workgroups).

    python3 benchmarks/fusion/image_profile.py [--size small|full] [--tree PATH]... [--only NAME]...

The cell runs once in this checkout as run.py runs it (matfuse gpu, single, inputs resident) to record
the pixel pass's dispatch (the fused kernel that calls ``m32_pow``). Each ``--tree`` (default: this
checkout) plans the cell without a device (``OfflinePlanner``, single, an adapter with shader-f64) and
takes its pixel pass's WGSL; every variant below is that text edited, run on the recorded dispatch
(the trees' kernels must bind the same buffers and uniform block). ``same`` says whether a variant's
output is bit for bit the first tree's kernel's (only variants that compute the same thing should say
yes):

    kernel              the pass as generated
    no pow              m32_pow(x, y) replaced by x
    wgsl pow            WGSL's pow (not within single pow's bound)
    no divide           m32_div(a, b) replaced by a
    wgsl divide         WGSL's a / b (not correctly rounded on the H100)
    divide f64          m32_div as f64's division rounded once (its form before the f32 reciprocal)
    no pow, no divide   the rest: loads, minus, times, plus, max, the opaque ORs, the store
    copy                the output is the first input (everything else dead): the memory floor
    no opaque           the body's m32_opaque and m32_distinct calls removed (the library keeps its own)
"""
from __future__ import annotations

import argparse
import importlib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from benchmarks.fusion.chain_profile import F64_DIVIDE, PLAIN_DIVIDE, body_edit, kernel_seconds  # noqa: E402

FIRST = "fn m32_first(a: f32, b: f32) -> f32 { return a; }\n"


def copy_only(text: str) -> str:
    """Every output element is its first input's (the compiler drops the rest); the scalar or the
    vector form (codegen.vector_lines)."""
    first = re.search(r"let (v\d+) = f32\(in0(?:_w)?\[[^\]]+\]\);", text).group(1)
    return re.sub(r"(out0(?:_w)?\[[^\]]+\]) = v\d+;", rf"\1 = {first};", text)


POW_NONE, POW_WGSL = ("m32_pow(", "m32_first("), ("m32_pow(", "pow(")
DIV_NONE, DIV_PLAIN, DIV_F64 = ("m32_div(", "m32_first("), ("m32_div(", "m32_div_plain("), ("m32_div(", "m32_div_f64(")

# name -> edit of the kernel text (run with the recorded workgroups)
VARIANTS = {
    "kernel": lambda t: t,
    "no pow": lambda t: FIRST + body_edit(t, POW_NONE),
    "wgsl pow": lambda t: body_edit(t, POW_WGSL),
    "no divide": lambda t: FIRST + body_edit(t, DIV_NONE),
    "wgsl divide": lambda t: PLAIN_DIVIDE + body_edit(t, DIV_PLAIN),
    "divide f64": lambda t: F64_DIVIDE + body_edit(t, DIV_F64),
    "no pow, no divide": lambda t: FIRST + body_edit(t, POW_NONE, DIV_NONE),
    "copy": copy_only,
    "no opaque": lambda t: body_edit(t, ("m32_opaque(", "("), ("m32_distinct(", "(")),
}


def purge() -> None:
    for name in [n for n in sys.modules if n == "engine" or n.startswith("engine.")
                 or n.startswith("benchmarks.fusion.implementations")]:
        del sys.modules[name]


def pixel_wgsl(tree: str, params: dict) -> str:
    """The pixel pass of the single image cell as checkout ``tree`` plans it (no device)."""
    purge()
    sys.path.insert(0, tree)
    try:
        session = importlib.import_module("engine").Session(device="cpu")
        offline = importlib.import_module("engine.accel.fusion.offline")
        workloads = importlib.import_module("benchmarks.fusion.workloads")
        workload = next(w for w in workloads.WORKLOADS if w.name == "image_normalize")
        for name, value in params.items():
            session.set(name, float(value))
        session.set("cls", "single")
        parts = workload.sections()
        for part in ("preamble", "inputs"):
            assert session.execute(parts[part]).error is None
        planner = session.vm.accel = offline.OfflinePlanner(True)
        assert session.execute(parts["compute"]).error is None
        (text,) = [g.wgsl for w in planner.windows if w.plan is not None for g in w.plan.groups
                   if "m32_pow(" in g.wgsl]
        return text
    finally:
        sys.path.remove(tree)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=("small", "full"), default="full")
    parser.add_argument("--tree", action="append", help="checkouts to compare (default: this one)")
    parser.add_argument("--only", action="append", choices=list(VARIANTS), help="these variants only")
    opts = parser.parse_args()
    from benchmarks.fusion.workloads import WORKLOADS
    workload = next(w for w in WORKLOADS if w.name == "image_normalize")
    params = workload.sizes[opts.size]
    trees = opts.tree or [str(ROOT)]
    texts = [pixel_wgsl(tree, params) for tree in trees]
    purge()
    from benchmarks.fusion.gpu_profile import Recorder
    from benchmarks.fusion.implementations import prepare_matfuse
    from engine.accel.provider import get_provider
    from engine.accel.shaders import prune

    provider = get_provider()
    prepared = prepare_matfuse("gpu", workload, "single", params)
    prepared.run()
    with Recorder(provider) as rec:
        prepared.run()
    sources = {id(made): source for (source, _, _), made in provider._pipelines.items()}
    (pixel,) = [d for d in rec.dispatches if "m32_pow(" in sources.get(id(d[0]), "")]
    _, buffers, block, grid = pixel
    if sources[id(pixel[0])] not in texts:
        print("note: no tree's planned text is the one this checkout's run dispatched")
    n = int.from_bytes(block[:4], "little")
    print(f"{provider.describe()['name']}: the pixel pass over {n} elements, workgroups {grid}, GPU ms "
          f"(best of 5); trees: {', '.join(trees)}\n")
    print("| variant | " + " | ".join(f"tree {t + 1}" for t in range(len(trees))) + " | same as tree 1's kernel |")
    print("| --- | " + " | ".join("---" for _ in trees) + " | --- |")
    reference = None
    for name in opts.only or VARIANTS:
        edit = VARIANTS[name]
        cells, same = [], []
        for text in texts:
            try:
                pipe = provider.pipeline(prune(edit(text)))
            except Exception as exc:  # noqa: BLE001 - an edit that does not apply to, or compile in, that tree
                cells.append(f"n/a ({type(exc).__name__})")
                same.append("-")
                continue
            seconds = kernel_seconds(provider, pipe, buffers, block, grid, 0.2 if reference is not None else 1.0)
            cells.append(f"{seconds * 1e3:.3f}")
            result = provider.read(buffers[-1], buffers[-1].size).view("u4")
            reference = result.copy() if reference is None else reference
            same.append("yes" if (result == reference).all() else f"no ({int((result != reference).sum())} differ)")
        print(f"| {name} | {' | '.join(cells)} | {', '.join(same)} |", flush=True)


if __name__ == "__main__":
    main()
