"""Tilings of the register-tiled matrix product (engine/accel/matmul_tiling.py), measured side by side
on one device: for each class, each candidate tiling's device time on an m x k by k x n product
(``--shape``, several allowed), as TFLOP/s, next to torch (FP32 without TF32; FP64) on the same GPU when
torch with CUDA is there, and each result's largest error against a double-precision reference. The
tilings in ``TILINGS`` were chosen from this table (docs/gpu.md records the run).

    python benchmarks/gpu/matmul_sweep.py                       # 4096^3, thin shapes, all candidates
    python benchmarks/gpu/matmul_sweep.py --shape 4096,4096,1 --class single
    python benchmarks/gpu/matmul_sweep.py --shape 4096,4096,4096 --operands smooth --diagnose loads,reads

``--operands smooth`` multiplies benchmarks/fusion/matmul_epilogue.m's operands instead of random ones;
``--diagnose`` also times the chosen tiling with parts of its WGSL left out or changed (DIAGNOSES), to
see what bounds it; ``--out`` writes the rows as JSON.

Device time as in benchmarks/gpu/bench.py (``inner`` products encoded back to back, one submit, less
an empty sync; best of three batches). ``--fused`` times instead what benchmarks/fusion's
matmul_epilogue row runs: that cell (its smooth operands, the epilogue in the product's kernel) in a
matfuse session with each tiling in turn set first in ``TILINGS`` (the session's plans forgotten between
them; a tiling over WORKGROUP_STORAGE runs at dispatch, the plan's text is the class's last tiling's), the cell's GPU time from timestamp queries, best of ``--inner`` runs after BUSY_SECONDS of
runs (the GPU's clock falls while the host compiles the next tiling and rises only under load); the error
is the largest difference from a double-precision result on the host relative to its largest element:

    python benchmarks/gpu/matmul_sweep.py --fused --shape 4096,4096,4096 --diagnose sizes
"""
import argparse
import json
import re
import sys
import time
from pathlib import Path

from dataclasses import asdict

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import cuda, seconds, torch_seconds  # noqa: E402
from benchmarks.fusion.arrays import Arrays  # noqa: E402
from benchmarks.fusion.implementations import execute, gpu_nanoseconds, prepare_matfuse  # noqa: E402
from benchmarks.fusion.workloads import WORKLOADS  # noqa: E402
from engine.accel import kernels  # noqa: E402
from engine.accel.fusion import matmul as fused_matmul  # noqa: E402
from engine.accel.kernels import gpu_matmul  # noqa: E402
from engine.accel.matmul_tiling import FLAT, NARROW, TILINGS, Tiling, product_launch, split  # noqa: E402
from engine.accel.provider import describe, get_provider  # noqa: E402
from engine.accel.residency import upload  # noqa: E402

CANDIDATES = {
    "single": [Tiling(128, 128, 8, 8, 8), Tiling(128, 128, 8, 8, 8, pair=False),
               Tiling(128, 128, 8, 8, 8, warp=2, pair=False), Tiling(128, 128, 8, 8, 8, warp=4),
               Tiling(128, 128, 8, 8, 8, warp=4, pair=False), Tiling(128, 128, 8, 8, 8, warp=8, pair=False),
               Tiling(128, 128, 8, 8, 8, warp=2), Tiling(128, 128, 8, 8, 8, warp=8),
               Tiling(128, 256, 8, 8, 8), Tiling(128, 256, 8, 8, 8, pair=False),
               Tiling(128, 256, 8, 8, 8, warp=4, pair=False), Tiling(128, 256, 8, 8, 8, warp=2, pair=False),
               Tiling(256, 128, 8, 8, 8), Tiling(256, 128, 8, 8, 8, warp=4, pair=False),
               Tiling(128, 256, 8, 8, 16, warp=4, pair=False), Tiling(256, 128, 8, 16, 8, warp=4, pair=False),
               Tiling(128, 128, 16, 8, 8, warp=4, pair=False), Tiling(128, 256, 4, 8, 8, warp=4)],
    "double": [Tiling(128, 128, 8, 4, 8, warp=4), Tiling(128, 128, 8, 4, 8, warp=4, vec2=True),
               Tiling(128, 128, 8, 4, 8, warp=4, vec2=True, pair=False), Tiling(128, 128, 8, 4, 8, warp=2, vec2=True),
               Tiling(128, 128, 8, 4, 8, warp=8, vec2=True), Tiling(128, 128, 8, 4, 8, warp=2),
               Tiling(128, 128, 8, 4, 8, warp=2, vec2=True, pair=False), Tiling(128, 128, 8, 4, 8, warp=16, vec2=True), Tiling(128, 128, 8, 8, 8, warp=4),
               Tiling(128, 128, 8, 8, 8, warp=4, vec2=True), Tiling(128, 128, 8, 8, 8, warp=4, vec2=True, pair=False),
               Tiling(128, 128, 8, 8, 8, warp=2, vec2=True), Tiling(128, 128, 8, 8, 8, warp=8, vec2=True),
               Tiling(128, 128, 4, 8, 8, warp=4, vec2=True), Tiling(64, 128, 8, 4, 8, warp=4, vec2=True),
               Tiling(128, 64, 8, 4, 8, warp=4, vec2=True),
               Tiling(128, 128, 8, 8, 4, warp=8, vec2=True), Tiling(64, 128, 16, 4, 8, warp=4, vec2=True, pair=False),
               Tiling(128, 128, 12, 4, 8, warp=2, vec2=True, pair=False),
               Tiling(128, 128, 12, 4, 8, warp=2, vec2=True, pair=False, fetch=6, ahead=True),
               Tiling(128, 128, 8, 4, 8, warp=2, vec2=True, pair=False, fetch=2, ahead=True)]}
THIN = [NARROW, FLAT, Tiling(256, 4, 8, 4, 4), Tiling(4, 256, 8, 4, 4), Tiling(64, 64, 8, 4, 4)]
SHAPES = [(4096, 4096, 4096), (4095, 4093, 4097), (4096, 4096, 1), (1, 4096, 4096), (4096, 16, 4096)]
DTYPES = {"single": (np.float32, "f32"), "double": (np.float64, "f64")}


def tflops(m, k, n, secs):
    return 2 * m * k * n / secs / 1e12


def operands(kind, m, k, n, dtype):
    """Random normal operands, or the smooth ones of benchmarks/fusion/matmul_epilogue.m (the GPU's
    clock under load depends on how many bits toggle: the same kernel runs faster on smooth data)."""
    if kind == "smooth":
        i, j, l = np.arange(1, m + 1)[:, None], np.arange(1, k + 1), np.arange(1, n + 1)
        return (np.cos(0.011 * i + 0.017 * j) / np.sqrt(k)).astype(dtype), \
            np.sin(0.013 * j[:, None] - 0.019 * l).astype(dtype)
    rng = np.random.default_rng(0)
    return rng.standard_normal((m, k)).astype(dtype), rng.standard_normal((k, n)).astype(dtype)


# What a diagnostic run leaves out of the kernel's WGSL (its results are wrong; only its time counts):
# the global loads of the next k-tile, the workgroup-memory reads of every k-step but the first's
# (the compiler keeps the fragments in registers), the barriers; or changes (results right): "sizes"
# writes m, k and n into the text as constants instead of reading them from the uniform block.
DIAGNOSES = {"loads": lambda text, tiling, shape: re.sub(r"s[ab]\d+ = fetch_[ab]\([^;]*\);", "", text),
             "reads": lambda text, tiling, shape: re.sub(
                 r"(tile_[ab]\[\w+\])\[(\d+)u\]\[(l[xy])\]",
                 lambda g: f"{g[1]}[{int(g[2]) % max(tiling.thread_m, tiling.thread_n) // 4}u][{g[3]}]", text),
             "barriers": lambda text, tiling, shape: text.replace("workgroupBarrier();", ""),
             "sizes": lambda text, tiling, shape: re.sub(
                 r"\bp\.(m|k|n|pre|rn|post)\b",
                 lambda g: f"{shape['m' if g[1] in ('m', 'pre') else 'k' if g[1] in ('k', 'rn') else 'n']}u", text)}
# The GPU lowers its clock within a second of idling (the H100 went from 1980 to 345-1000 MHz while the
# host compiled the next tiling) and takes a while to raise it: each tiling's runs are timed after
# BUSY_SECONDS of running the cell back to back.
BUSY_SECONDS = 0.8
EXACT = {"sizes"}                        # the diagnoses whose results are still right
PATCHED = (kernels, fused_matmul)       # the modules that call matmul_source (gpu_matmul, the fused product)


def diagnosed(leave_out, shape):
    """The product's WGSL with the DIAGNOSES in ``leave_out`` applied (matmul_source patched where
    gpu_matmul and the fused product call it); returns the original."""
    original = kernels.matmul_source
    m, k, n = shape

    def source(lib, ops, t, sizes, reads, launch, partial):
        text = original(lib, ops, t, sizes, reads, launch, partial)
        for name in leave_out:
            text = DIAGNOSES[name](text, launch.tiling, {"m": m, "k": k, "n": n})
        return text
    for module in PATCHED:
        module.matmul_source = source
    return original


def undiagnosed(original):
    for module in PATCHED:
        module.matmul_source = original


def sweep(cls, shape, tilings, inner, kind="random", diagnose=()):
    """Print each tiling's row; return the rows measured (class, shape, tiling's fields, splits,
    TFLOP/s, error) for --out."""
    rows = []
    dtype, t = DTYPES[cls]
    m, k, n = shape
    a, b = operands(kind, m, k, n, dtype)
    ga, gb = upload(a), upload(b)
    reference = a.astype(np.float64) @ b.astype(np.float64)
    scale = np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64)
    limit = int(get_provider().device.limits["max-compute-workgroup-storage-size"])
    ta, tb = cuda(a), cuda(b)
    if ta is not None:
        import torch
        torch.backends.cuda.matmul.allow_tf32 = False
        print(f"| {cls} | {m}x{k}x{n} | torch | {tflops(m, k, n, torch_seconds(lambda: ta @ tb, inner)):.2f} | - |")
    chosen = product_launch(t, m, k, n, get_provider().workgroup_storage)
    for tiling in tilings:
        launch = split(tiling, m, k, n)
        mark = f" split {launch.splits}" + (" (chosen)" if launch == chosen else "")
        if tiling.workgroup_bytes(dtype().itemsize) > limit:
            print(f"| {cls} | {m}x{k}x{n} | {tiling}{mark} | over the workgroup memory limit | - |")
            continue
        try:
            got = gpu_matmul(ga, gb, launch).download()
            error = float(np.max(np.abs(got - reference) / np.maximum(scale, 1e-300)))
            secs = seconds(lambda: gpu_matmul(ga, gb, launch), inner)
            print(f"| {cls} | {m}x{k}x{n} | {tiling}{mark} | {tflops(m, k, n, secs):.2f} | {error:.1e} |",
                  flush=True)
            rows.append({"class": cls, "shape": shape, "tiling": asdict(tiling), "splits": launch.splits,
                         "tflops": tflops(m, k, n, secs), "error": error})
        except Exception as exc:  # noqa: BLE001 - one tiling's failure is a row of the table
            print(f"| {cls} | {m}x{k}x{n} | {tiling}{mark} | failed: {str(exc)[:80]} | - |", flush=True)
    for leave_out in diagnose:
        original = diagnosed(leave_out, shape)
        try:
            secs = seconds(lambda: gpu_matmul(ga, gb, chosen), inner)
            print(f"| {cls} | {m}x{k}x{n} | {chosen.tiling} with {' '.join(leave_out)} diagnosed | "
                  f"{tflops(m, k, n, secs):.2f} | - |", flush=True)
        finally:
            undiagnosed(original)
    ga.release()
    gb.release()
    return rows


# The fused cells --cell picks: the benchmark's (B read along k, as it lies), and the same product of
# operands stored transposed (At = A.', Bt = B.' made once, resident): both read along m and n, or
# both along k.
CELLS = {"A*B": None, "A*Bt.'": "Y = max(A * Bt.' .* s + bias, 0);", "At.'*B": "Y = max(At.' * B .* s + bias, 0);"}


def fused_sweep(cls, shape, tilings, repeat, diagnose=(), cell="A*B"):
    """Print each tiling's row for the fused matmul_epilogue cell (``cell``, see CELLS and the module
    docstring); return the rows measured."""
    rows, t = [], DTYPES[cls][1]
    m, k, n = shape
    workload = next(w for w in WORKLOADS if w.name == "matmul_epilogue")
    prepared = prepare_matfuse("gpu", workload, cls, {"m": m, "k": k, "n": n})
    provider = get_provider()
    if CELLS[cell] is not None:
        execute(prepared.session, "At = A.'; Bt = B.';", "transposed operands")

    def run():
        if CELLS[cell] is None:
            return prepared.run()
        execute(prepared.session, CELLS[cell], cell)
        provider.sync()
    inputs = workload.inputs(Arrays(), {"m": m, "k": k, "n": n}, cls)        # as the cell makes them
    reference = workload.compute(Arrays(), {key: v.astype(np.float64) for key, v in inputs.items()}, {})["Y"]
    scale = float(np.max(np.abs(reference)))
    kept, preferred = product_launch(t, m, k, n, provider.workgroup_storage).tiling, TILINGS[t]

    def timed(label, tiling, note):
        TILINGS[t] = (tiling, preferred[-1])      # plans made for WORKGROUP_STORAGE take the last
        prepared.session.fusion.reset()
        run()                                   # the plan and its pipeline
        kinds = [(w.device, g.kind) for w in prepared.session.fusion.reports() for g in w.groups]
        if ("GPU", "MatmulEpilogue") not in kinds:      # else the VM's unfused product would be timed
            raise RuntimeError(f"the cell did not run as a fused product: {kinds}")
        busy = time.perf_counter() + BUSY_SECONDS
        while time.perf_counter() < busy:                # the GPU's clock up again after the compile
            run()
        best = float("inf")
        for _ in range(repeat):
            before = gpu_nanoseconds(provider)
            run()
            best = min(best, gpu_nanoseconds(provider) - before)
        error = float(np.max(np.abs(prepared.outputs()["Y"] - reference))) / scale
        rate = tflops(m, k, n, best * 1e-9)
        print(f"| {cls} | {m}x{k}x{n} {cell} | {label} | {best * 1e-6:.3f} ms, {rate:.2f} | {note or f'{error:.1e}'} |",
              flush=True)
        rows.append({"class": cls, "shape": shape, "cell": cell, "tiling": asdict(tiling), "diagnosed": note,
                     "milliseconds": best * 1e-6, "tflops": rate, "error": error})
    limit = int(provider.device.limits["max-compute-workgroup-storage-size"])
    try:
        for tiling in tilings:
            if tiling.workgroup_bytes(DTYPES[cls][0]().itemsize) > limit:
                print(f"| {cls} | {m}x{k}x{n} | {tiling} | over the workgroup memory limit | - |")
                continue
            try:
                timed(f"{tiling}" + (" (chosen)" if tiling == kept else ""), tiling, "")
            except Exception as exc:  # noqa: BLE001 - one tiling's failure is a row of the table
                print(f"| {cls} | {m}x{k}x{n} | {tiling} | failed: {str(exc)[:80]} | - |", flush=True)
        for leave_out in diagnose:
            original = diagnosed(leave_out, shape)
            try:
                timed(f"{kept} with {' '.join(leave_out)} diagnosed", kept,
                      "" if set(leave_out) <= EXACT else "diagnosed")
            finally:
                undiagnosed(original)
    finally:
        TILINGS[t] = preferred
        prepared.session.fusion.reset()
    return rows


def parse_shape(text):
    return tuple(int(x) for x in text.split(","))


def parse_tiling(text):
    """``class:`` and a Tiling's arguments: numbers in order, then name=value (single:256,128,8,8,8,warp=4)."""
    cls, _, args = text.partition(":")
    parts = args.split(",")
    named = {key: int(value) if value.isdigit() else value == "True" for key, value in
             (x.split("=") for x in parts if "=" in x)}
    return cls, Tiling(*(int(x) for x in parts if "=" not in x), **named)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shape", action="append", type=parse_shape, help="m,k,n (repeatable)")
    ap.add_argument("--class", dest="classes", action="append", choices=sorted(DTYPES))
    ap.add_argument("--inner", type=int, default=10, help="products per timed batch (20 times as many, at most 30, for "
                    "thin shapes, under 10 GFLOP)")
    ap.add_argument("--default-only", action="store_true", help="time only the tiling product_launch picks")
    ap.add_argument("--operands", choices=("random", "smooth"), default="random",
                    help="random normal, or matmul_epilogue.m's smooth operands")
    ap.add_argument("--diagnose", action="append", default=[], type=lambda text: tuple(text.split(",")),
                    help="also time the chosen tiling with these parts left out or changed (comma-separated: "
                    f"{', '.join(DIAGNOSES)}; repeatable)")
    ap.add_argument("--fused", action="store_true", help="time the fused matmul_epilogue cell (--inner runs)")
    ap.add_argument("--cell", action="append", choices=sorted(CELLS), help="with --fused: the cells to time "
                    "(repeatable; A*B, the benchmark's, by default)")
    ap.add_argument("--tiling", action="append", type=parse_tiling, help="time these tilings of a class instead "
                    "of its candidates (repeatable; class: then Tiling's arguments, e.g. single:256,128,8,8,8,warp=4)")
    ap.add_argument("--out", type=Path, help="write the measured rows as JSON to this file")
    args = ap.parse_args()
    print(describe())
    rate = "GPU time, TFLOP/s" if args.fused else "TFLOP/s"
    print(f"\n| class | m x k x n | tiling (block m x n x k / per invocation) | {rate} | max rel. error |")
    print("| --- | --- | --- | --- | --- |")
    rows = []
    for cls in args.classes or ["single", "double"]:
        if cls == "double" and not get_provider().f64:
            continue
        for shape in args.shape or SHAPES:
            m, k, n = shape
            chosen = product_launch(DTYPES[cls][1], m, k, n, get_provider().workgroup_storage).tiling
            thin = 2 * m * k * n < 10 ** 10
            candidates = [chosen] if args.default_only else THIN if thin else CANDIDATES[cls]
            candidates = [tiling for c, tiling in args.tiling or () if c == cls] or candidates
            candidates = candidates if chosen in candidates else [chosen, *candidates]
            if args.fused:
                for cell in args.cell or ["A*B"]:
                    rows += fused_sweep(cls, shape, candidates, args.inner, args.diagnose, cell)
            else:
                rows += sweep(cls, shape, candidates, min(30, args.inner * 20) if thin else args.inner,
                              args.operands, args.diagnose)
            if args.out:
                args.out.write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
