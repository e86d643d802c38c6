"""GPU device-layer benchmark: transfers, one elementwise kernel against a device copy, reductions and
matrix multiply, with torch on the same GPU when it is installed. Prints a markdown table.

    python benchmarks/gpu/bench.py            # full sizes (meant for a real GPU)
    python benchmarks/gpu/bench.py --quick    # small sizes (lavapipe, CI smoke run)

Every timing submits its work and waits for it (a 4-byte read-back), best of several repeats.
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


def best(fn, repeats=5):
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def rows(n, mat):
    p = get_provider()
    x = np.random.default_rng(0).standard_normal((n, 1)).astype(np.float32)
    gx, gy = upload(x), upload(x)
    p.sync()
    nbytes = x.nbytes
    out = [("upload f32", nbytes / best(lambda: (upload(x), p.sync())), "GB/s", None)]
    out.append(("download f32", nbytes / best(gx.download), "GB/s", None))

    def copy():
        encoder = p.device.create_command_encoder()
        encoder.copy_buffer_to_buffer(gx.buffer, 0, gy.buffer, 0, nbytes)
        p.device.queue.submit([encoder.finish()])
        p.sync()
    out.append(("device copy f32", 2 * nbytes / best(copy), "GB/s", None))
    out.append(("elementwise a+b f32", 3 * nbytes / best(lambda: (gpu_elementwise("plus", gx, gy), p.sync())),
                "GB/s", _torch_bandwidth(x, 3 * nbytes, lambda a: a + a)))
    out.append(("sum over n (f32)", nbytes / best(lambda: (gpu_reduce("sum", gx, 1), p.sync())), "GB/s",
                _torch_bandwidth(x, nbytes, lambda a: a.sum(0))))
    if p.f64:
        xd = x.astype(np.float64)
        gd = upload(xd)
        exp_rate = xd.size / best(lambda: (gpu_elementwise("exp", gd), p.sync())) / 1e9
        out.append(("elementwise exp f64", exp_rate, "Gelem/s", None))
        sum_rate = xd.nbytes / best(lambda: (gpu_reduce("sum", gd, 1), p.sync()))
        torch_rate = _torch_bandwidth(xd, xd.nbytes, lambda a: a.sum(0))
        out.append(("sum over n (f64)", sum_rate, "GB/s", torch_rate))
    for dtype in (np.float32, np.float64) if p.f64 else (np.float32,):
        a = np.random.default_rng(1).standard_normal((mat, mat)).astype(dtype)
        ga = upload(a)
        flops = 2 * mat ** 3
        label = f"matmul {mat}x{mat} {'f32' if dtype == np.float32 else 'f64'}"
        out.append((label, flops / best(lambda: (gpu_matmul(ga, ga), p.sync()), 3) / 1e9, "GFLOP/s",
                    _torch_rate(a, flops, lambda t: t @ t)))
    return out


def _torch_bandwidth(x, nbytes, op):
    seconds = _torch_seconds(x, op)
    return None if seconds is None else nbytes / seconds


def _torch_rate(x, flops, op):
    seconds = _torch_seconds(x, op)
    return None if seconds is None else flops / seconds / 1e9


def _torch_seconds(x, op):
    """Seconds per call of op on x copied to CUDA with torch, or None without torch/CUDA."""
    try:
        import torch
    except ImportError:
        return None
    if not torch.cuda.is_available():
        return None
    t = torch.from_numpy(x).cuda()

    def run():
        op(t)
        torch.cuda.synchronize()
    run()
    return best(run)


def fmt(value, unit):
    if value is None:
        return "-"
    return f"{value / 1e9:.3g}" if unit == "GB/s" else f"{value:.3g}"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="small sizes for software adapters")
    args = parser.parse_args()
    n, mat = (2 ** 20, 256) if args.quick else (2 ** 25, 4096)
    facts = describe()
    print(f"adapter: {facts['name']} ({facts['backend']}, {facts['kind']}); n = {n:,} elements\n")
    print("| measurement | matfuse | torch (same GPU) | unit |")
    print("| --- | --- | --- | --- |")
    for label, value, unit, torch_value in rows(n, mat):
        print(f"| {label} | {fmt(value, unit)} | {fmt(torch_value, unit)} | {unit} |")


if __name__ == "__main__":
    main()
