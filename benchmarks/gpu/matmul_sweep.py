"""Tilings of the register-tiled matrix product (engine/accel/matmul_tiling.py), measured side by side
on one device: for each class, each candidate tiling's device time on an m x k by k x n product
(``--shape``, several allowed), as TFLOP/s, next to torch (FP32 without TF32; FP64) on the same GPU when
torch with CUDA is there, and each result's largest error against a double-precision reference. The
tilings in ``TILINGS`` were chosen from this table (docs/gpu.md records the run).

    python benchmarks/gpu/matmul_sweep.py                       # 4096^3, thin shapes, all candidates
    python benchmarks/gpu/matmul_sweep.py --shape 4096,4096,1 --class single

Device time as in benchmarks/gpu/bench.py (``inner`` products encoded back to back, one submit, less
an empty sync; best of three batches).
"""
import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench import cuda, seconds, torch_seconds  # noqa: E402
from engine.accel.kernels import gpu_matmul  # noqa: E402
from engine.accel.matmul_tiling import FLAT, NARROW, Tiling, product_launch, split  # noqa: E402
from engine.accel.provider import describe, get_provider  # noqa: E402
from engine.accel.residency import upload  # noqa: E402

CANDIDATES = {
    "single": [Tiling(128, 128, 8, 8, 8), Tiling(128, 128, 8, 8, 8, fma=False), Tiling(128, 128, 16, 8, 8),
               Tiling(128, 64, 8, 8, 4), Tiling(64, 128, 8, 4, 8), Tiling(128, 128, 8, 4, 8),
               Tiling(128, 256, 8, 8, 16), Tiling(256, 128, 8, 16, 8), Tiling(64, 64, 8, 4, 4)],
    "double": [Tiling(128, 128, 8, 4, 8), Tiling(128, 128, 8, 4, 8, fma=False), Tiling(64, 128, 8, 4, 8),
               Tiling(128, 128, 8, 8, 8), Tiling(128, 64, 8, 8, 4), Tiling(64, 64, 8, 4, 4),
               Tiling(64, 64, 16, 4, 4), Tiling(128, 64, 8, 4, 4)]}
THIN = [NARROW, FLAT, Tiling(256, 4, 8, 4, 4), Tiling(4, 256, 8, 4, 4), Tiling(64, 64, 8, 4, 4)]
SHAPES = [(4096, 4096, 4096), (4095, 4093, 4097), (4096, 4096, 1), (1, 4096, 4096), (4096, 16, 4096)]
DTYPES = {"single": (np.float32, "f32"), "double": (np.float64, "f64")}


def tflops(m, k, n, secs):
    return 2 * m * k * n / secs / 1e12


def sweep(cls, shape, tilings, inner):
    dtype, t = DTYPES[cls]
    m, k, n = shape
    rng = np.random.default_rng(0)
    a = rng.standard_normal((m, k)).astype(dtype)
    b = rng.standard_normal((k, n)).astype(dtype)
    ga, gb = upload(a), upload(b)
    reference = a.astype(np.float64) @ b.astype(np.float64)
    scale = np.abs(a).astype(np.float64) @ np.abs(b).astype(np.float64)
    limit = int(get_provider().device.limits["max-compute-workgroup-storage-size"])
    ta, tb = cuda(a), cuda(b)
    if ta is not None:
        import torch
        torch.backends.cuda.matmul.allow_tf32 = False
        print(f"| {cls} | {m}x{k}x{n} | torch | {tflops(m, k, n, torch_seconds(lambda: ta @ tb, inner)):.2f} | - |")
    chosen = product_launch(t, m, k, n)
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
        except Exception as exc:  # noqa: BLE001 - one tiling's failure is a row of the table
            print(f"| {cls} | {m}x{k}x{n} | {tiling}{mark} | failed: {str(exc)[:80]} | - |", flush=True)
    ga.release()
    gb.release()


def parse_shape(text):
    return tuple(int(x) for x in text.split(","))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shape", action="append", type=parse_shape, help="m,k,n (repeatable)")
    ap.add_argument("--class", dest="classes", action="append", choices=sorted(DTYPES))
    ap.add_argument("--inner", type=int, default=10, help="products per timed batch (20 times as many, at most 30, for "
                    "thin shapes, under 10 GFLOP)")
    ap.add_argument("--default-only", action="store_true", help="time only the tiling product_launch picks")
    args = ap.parse_args()
    print(describe())
    print("\n| class | m x k x n | tiling (block m x n x k / per invocation) | TFLOP/s | max rel. error |")
    print("| --- | --- | --- | --- | --- |")
    for cls in args.classes or ["single", "double"]:
        if cls == "double" and not get_provider().f64:
            continue
        for shape in args.shape or SHAPES:
            m, k, n = shape
            chosen = product_launch(DTYPES[cls][1], m, k, n).tiling
            thin = 2 * m * k * n < 10 ** 10
            candidates = [chosen] if args.default_only else THIN if thin else CANDIDATES[cls]
            candidates = candidates if chosen in candidates else [chosen, *candidates]
            sweep(cls, shape, candidates, min(30, args.inner * 20) if thin else args.inner)


if __name__ == "__main__":
    main()
