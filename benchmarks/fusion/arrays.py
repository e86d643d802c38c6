"""The few array operations whose spelling differs between NumPy and torch, so each workload's peer is
written once (workloads.py). Elementwise functions come straight from ``xp`` (numpy or torch), which
spell sin, cos, exp, log1p, sqrt, abs the same way. Dimensions are MATLAB's (1-based), and reductions
keep them as MATLAB does.
"""
from __future__ import annotations

from typing import Any

import numpy as np


class Arrays:
    """NumPy: ``xp`` is numpy; arrays stay on the host."""

    name = "numpy"

    def __init__(self, seed: int = 0) -> None:
        self.xp = np
        self.rng = np.random.default_rng(seed)
        self.dtypes = {"double": np.float64, "single": np.float32}
        self.reducers = {"sum": np.sum, "mean": np.mean, "max": np.max, "min": np.min,
                         "std": lambda x, **kw: np.std(x, ddof=1, **kw)}

    def grid(self, count: int, dim: int, ndim: int = 2) -> Any:
        """The double vector 1:count laid along MATLAB dimension ``dim`` of an ndim-dimensional array."""
        shape = [1] * max(ndim, dim)
        shape[dim - 1] = count
        return self.arange(count).reshape(shape)

    def arange(self, count: int) -> Any:
        return np.arange(1, count + 1, dtype=np.float64)

    def cast(self, x: Any, cls: str) -> Any:
        return x.astype(self.dtypes[cls])

    def ones(self, shape: tuple[int, ...], cls: str) -> Any:
        return np.ones(shape, dtype=self.dtypes[cls])

    def randn(self, shape: tuple[int, ...]) -> Any:
        return self.rng.standard_normal(shape)

    def clamp_min(self, x: Any, low: float) -> Any:
        return np.maximum(x, low)

    def reduce(self, op: str, x: Any, dim: int | tuple[int, ...] | str) -> Any:
        """MATLAB's sum/mean/max/min/std (std with N-1) along dim, dims or "all", keeping dimensions."""
        axes = tuple(range(x.ndim)) if dim == "all" else tuple(d - 1 for d in np.atleast_1d(dim))
        return self.reducers[op](x, **self.reduce_args(axes))

    def reduce_args(self, axes: tuple[int, ...]) -> dict[str, Any]:
        return {"axis": axes, "keepdims": True}

    def sync(self) -> None:
        """Wait for queued work (NumPy has none)."""

    def to_numpy(self, x: Any) -> np.ndarray:
        return np.asarray(x, dtype=np.float64)


class TorchArrays(Arrays):
    """torch on CUDA when available, else on the CPU."""

    def __init__(self, seed: int = 0) -> None:
        import torch
        self.xp = torch
        self.device = "cuda" if torch.cuda.is_available() else "cpu"
        self.name = f"torch ({self.device})"
        if self.device == "cuda":
            torch.backends.cuda.matmul.allow_tf32 = False   # full f32 products, like the others
        self.rng = torch.Generator(device=self.device).manual_seed(seed)
        self.dtypes = {"double": torch.float64, "single": torch.float32}
        self.reducers = {"sum": torch.sum, "mean": torch.mean, "max": torch.amax, "min": torch.amin,
                         "std": lambda x, **kw: torch.std(x, correction=1, **kw)}

    def arange(self, count: int) -> Any:
        return self.xp.arange(1, count + 1, dtype=self.xp.float64, device=self.device)

    def cast(self, x: Any, cls: str) -> Any:
        return x.to(self.dtypes[cls])

    def ones(self, shape: tuple[int, ...], cls: str) -> Any:
        return self.xp.ones(shape, dtype=self.dtypes[cls], device=self.device)

    def randn(self, shape: tuple[int, ...]) -> Any:
        return self.xp.randn(shape, generator=self.rng, dtype=self.xp.float64, device=self.device)

    def clamp_min(self, x: Any, low: float) -> Any:
        return self.xp.clamp_min(x, low)

    def reduce_args(self, axes: tuple[int, ...]) -> dict[str, Any]:
        return {"dim": axes, "keepdim": True}

    def sync(self) -> None:
        if self.device == "cuda":
            self.xp.cuda.synchronize()

    def to_numpy(self, x: Any) -> np.ndarray:
        return x.detach().to("cpu", self.xp.float64).numpy()
