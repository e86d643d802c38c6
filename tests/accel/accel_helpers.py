"""Shared helpers for the accel tests: run a kernel on host arrays, MATLAB references."""
import numpy as np

from engine.accel.residency import GpuTensor, upload


def on_gpu(x):
    return upload(np.asarray(x)) if isinstance(x, np.ndarray) else x


def host(x):
    return x.download() if isinstance(x, GpuTensor) else x


def matlab_round(x):
    t = np.trunc(x)
    with np.errstate(invalid="ignore"):
        return np.where(np.abs(x - t) >= 0.5, t + np.sign(x), t)


def truth(x):
    return (x != 0)


def f32_ulps(got, ref64):
    """Error of float32 results in float32 ulps against a float64 reference."""
    with np.errstate(all="ignore"):
        ref = ref64.astype(np.float32)
        err = np.abs(got.astype(np.float64) - ref64) / np.spacing(np.abs(ref)).astype(np.float64)
    same = (got == ref) | (np.isnan(got) & np.isnan(ref))
    return np.where(same, 0.0, np.where(np.isfinite(err), err, np.inf))
