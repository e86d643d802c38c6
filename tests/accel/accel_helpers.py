"""Shared references for the accel tests."""
import numpy as np

from engine.accel.kernels import gpu_elementwise
from engine.accel.residency import upload


def flushes_subnormals():
    """Whether the adapter flushes single subnormals to zero (NVIDIA's Vulkan driver does; lavapipe
    keeps them)."""
    tiny = upload(np.array([[1e-20]], np.float32))
    return gpu_elementwise("times", tiny, tiny).download()[0, 0] == 0.0


def matlab_round(x):
    """MATLAB round: halves away from zero."""
    t = np.trunc(x)
    with np.errstate(invalid="ignore"):
        return np.where(np.abs(x - t) >= 0.5, t + np.sign(x), t)


def f32_ulps(got, ref64):
    """Error of float32 results in float32 ulps against a float64 reference."""
    with np.errstate(all="ignore"):
        ref = ref64.astype(np.float32)
        err = np.abs(got.astype(np.float64) - ref64) / np.spacing(np.abs(ref)).astype(np.float64)
    same = (got == ref) | (np.isnan(got) & np.isnan(ref))
    return np.where(same, 0.0, np.where(np.isfinite(err), err, np.inf))
