"""GPU device-layer benchmark: transfers at several sizes, a device-to-device copy as the bandwidth
ceiling, elementwise kernels as a fraction of that copy, reductions and matrix multiply, with torch on
the same GPU when it is installed (matmul twice: with TF32 tensor cores, torch's default, and in true
FP32, the fair peer of our FP32 kernel). Prints markdown tables.

    python benchmarks/gpu/bench.py            # full sizes (meant for a real GPU)
    python benchmarks/gpu/bench.py --quick    # small sizes (lavapipe, CI smoke run)

Method: an operation's device time is taken from ``inner`` calls encoded back to back into one command
buffer (no submit in between; the function checks that none happened), then submitted and waited for
once: the wall time from that submit to the end of the wait, less the cost of an empty sync (a 4-byte
read-back), divided by ``inner``; best of three batches. Python's encoding time is outside the timed
span, so this is GPU time even where Python is the slower side (the "Fixed costs" table gives Python's
per-operation cost). Uploads (each a queue write) are timed from the first write to the end of one sync;
downloads one by one (each ends in a sync by nature). torch is timed the same way as uploads: ``inner``
calls, then torch.cuda.synchronize(). The bandwidth ceiling is the device-to-device copy: Vulkan's
copy_buffer_to_buffer (through the provider), our vectorised copy kernel, and torch's CUDA copy.
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine.accel.kernels import gpu_elementwise, gpu_matmul, gpu_reduce  # noqa: E402
from engine.accel.provider import describe, get_provider  # noqa: E402
from engine.accel.residency import upload  # noqa: E402

MB = 2 ** 20


def best(fn, repeats=3):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def seconds(op, inner):
    """Device seconds per call of ``op`` (encoded GPU work), ``inner`` calls per batch; see the
    module docstring."""
    p = get_provider()

    def batch():
        submits = p.stats.submits
        for _ in range(inner):
            op()
        if p.stats.submits != submits:
            raise RuntimeError("the batch was submitted while encoding: lower inner")
        start = time.perf_counter()
        p.sync()
        return time.perf_counter() - start
    batch()                                   # warm-up: pipelines, pooled buffers, staging
    sync = best(p.sync, 5)
    return max(min(batch() for _ in range(3)) - sync, 1e-9) / inner


def wall_seconds(op, inner):
    """Seconds per call of ``op`` from the first call to the end of one sync (uploads, Python costs)."""
    p = get_provider()

    def batch():
        for _ in range(inner):
            op()
        p.sync()
    batch()
    return best(batch) / inner


def torch_seconds(op, inner):
    """Seconds per call of a torch CUDA operation, timed like ``seconds``; None without torch/CUDA."""
    try:
        import torch
    except ImportError:
        return None
    if not torch.cuda.is_available():
        return None

    def batch():
        for _ in range(inner):
            op()
        torch.cuda.synchronize()
    batch()
    return best(batch) / inner


def cuda(x):
    """x on the GPU as a torch tensor, or None without torch/CUDA."""
    try:
        import torch
    except ImportError:
        return None
    return torch.from_numpy(x).cuda() if torch.cuda.is_available() else None


class Table:
    def __init__(self, title, columns):
        self.title, self.columns, self.rows = title, columns, []

    def add(self, *cells):
        self.rows.append([c if isinstance(c, str) else "-" if c is None else
                          f"{c:,.0f}" if c >= 100 else f"{c:.3g}" for c in cells])

    def print(self):
        print(f"\n### {self.title}\n")
        print("| " + " | ".join(self.columns) + " |")
        print("|" + " --- |" * len(self.columns))
        for row in self.rows:
            print("| " + " | ".join(row) + " |")


def rate(nbytes, secs):
    return None if secs is None else nbytes / secs / 1e9


def transfers(sizes):
    p = get_provider()
    table = Table("Transfers (f32)", ["size", "upload GB/s", "download GB/s"])
    for size in sizes:
        x = np.random.default_rng(0).standard_normal(size // 4).astype(np.float32)
        gx = upload(x)
        data = memoryview(x).cast("B")
        up = wall_seconds(lambda: p.write(gx.buffer, data), 8 if size <= 64 * MB else 3)
        gx.download()
        down = best(gx.download)
        table.add(f"{size // MB} MB", rate(x.nbytes, up), rate(x.nbytes, down))
        gx.release()
    return table


def bandwidth(n, inner):
    """The copy ceiling, elementwise kernels and reductions over n elements, as GB/s and as a fraction
    of the CUDA copy (torch) where torch runs, else of Vulkan's copy."""
    p = get_provider()
    table = Table(f"Bandwidth (n = {n:,} elements)",
                  ["operation", "matfuse GB/s", "matfuse / copy", "torch GB/s", "torch / copy"])
    dtypes = (np.float32, np.float64) if p.f64 else (np.float32,)
    for dtype in dtypes:
        name = "f32" if dtype == np.float32 else "f64"
        x = np.random.default_rng(0).standard_normal((n, 1)).astype(dtype)
        gx, gy = upload(x), upload(x)
        tx = cuda(x)
        ty = None if tx is None else tx.clone()
        nb = x.nbytes
        vulkan_copy = rate(2 * nb, seconds(lambda: p.copy(gx.buffer, gy.buffer, nb), inner))
        cuda_copy = None if tx is None else rate(2 * nb, torch_seconds(lambda: ty.copy_(tx), inner))
        ceiling = cuda_copy or vulkan_copy

        def row(label, moved, op, torch_op):
            mine = rate(moved, seconds(op, inner))
            theirs = None if tx is None or torch_op is None else rate(moved, torch_seconds(torch_op, inner))
            table.add(f"{label} {name}", mine, f"{mine / ceiling:.2f}",
                      theirs, "-" if theirs is None else f"{theirs / ceiling:.2f}")
        table.add(f"device copy {name} (Vulkan copy_buffer_to_buffer / CUDA copy_)", vulkan_copy,
                  f"{vulkan_copy / ceiling:.2f}", cuda_copy, "1.00" if cuda_copy else "-")
        row("copy kernel (vectorised uplus)", 2 * nb, lambda: gpu_elementwise("uplus", gx), None)
        row("a+b", 3 * nb, lambda: gpu_elementwise("plus", gx, gy), lambda: tx + ty)
        row("2*a (scalar operand)", 2 * nb, lambda: gpu_elementwise("times", gx, 2.0), lambda: 2.0 * tx)
        row("sum over n", nb, lambda: gpu_reduce("sum", gx, 1), lambda: tx.sum(0))
        row("max over n (with index)", nb, lambda: gpu_reduce("max", gx, 1, with_index=True),
            lambda: tx.max(0))
        rows = 1 << (n.bit_length() - 1) // 2          # A is rows x n/rows (column-major)
        gm, tm = gx.share((rows, n // rows)), None if tx is None else tx.view(n // rows, rows)
        row(f"sum(A,2), A {rows}x{n // rows}", nb, lambda: gpu_reduce("sum", gm, 2), lambda: tm.sum(0))
        if dtype == np.float64:
            exp = seconds(lambda: gpu_elementwise("exp", gx), inner)
            table.add("exp f64 (Gelem/s)", n / exp / 1e9, "-", None, "-")
        for t in (gx, gy, gm):
            t.release()
    return table


def matmul(size, inner):
    p = get_provider()
    table = Table(f"Matrix multiply {size}x{size}", ["class", "matfuse GFLOP/s", "torch GFLOP/s",
                                                     "torch TF32 GFLOP/s"])
    flops = 2 * size ** 3
    for dtype in (np.float32, np.float64) if p.f64 else (np.float32,):
        a = np.random.default_rng(1).standard_normal((size, size)).astype(dtype)
        ga = upload(a)
        mine = flops / seconds(lambda: gpu_matmul(ga, ga), inner) / 1e9
        ta, fair, tf32 = cuda(a), None, None
        if ta is not None:
            import torch
            torch.backends.cuda.matmul.allow_tf32 = False
            fair = flops / torch_seconds(lambda: ta @ ta, inner) / 1e9
            if dtype == np.float32:
                torch.backends.cuda.matmul.allow_tf32 = True
                tf32 = flops / torch_seconds(lambda: ta @ ta, inner) / 1e9
                torch.backends.cuda.matmul.allow_tf32 = False
        table.add("single" if dtype == np.float32 else "double", mine, fair, tf32)
        ga.release()
    return table


def overhead():
    """Per-operation costs seen from Python on a 1,024-element a+b (device time negligible)."""
    p = get_provider()
    x = upload(np.ones((1024, 1), dtype=np.float32))

    def submitted():
        gpu_elementwise("plus", x, x)
        p.flush()
    table = Table("Fixed costs", ["what", "microseconds"])
    table.add("one small elementwise operation, encoded (batched)", wall_seconds(
        lambda: gpu_elementwise("plus", x, x), 50) * 1e6)
    table.add("... encoded and submitted on its own", wall_seconds(submitted, 50) * 1e6)
    table.add("one sync (4-byte read-back)", best(p.sync, 20) * 1e6)
    return table


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="small sizes for software adapters")
    args = parser.parse_args()
    if args.quick:
        sizes, n, inner, mat, mat_inner = [MB, 4 * MB], 2 ** 20, 3, 256, 2
    else:
        sizes, n, inner, mat, mat_inner = [MB, 4 * MB, 16 * MB, 64 * MB, 256 * MB], 2 ** 25, 20, 4096, 5
    facts = describe()
    print(f"adapter: {facts['name']} ({facts['backend']}, {facts['kind']})")
    for table in (overhead(), transfers(sizes), bandwidth(n, inner), matmul(mat, mat_inner)):
        table.print()


if __name__ == "__main__":
    main()
