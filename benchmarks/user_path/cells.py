"""The notebook cells of the user-path benchmark: MATLAB source as a user writes it, and the NumPy and
torch peers that compute the same thing, making their inputs the same way (torch on the device).

A peer is a function ``(ar, ws, p, cls)`` over the array shim of benchmarks/fusion/arrays.py (``ar.xp``
is numpy or torch) that reads its inputs from and leaves its results in ``ws``, a dict standing for the
workspace. Where a cell draws random numbers, its ``compute`` part is kept apart from the draws, so the
runner can recompute the outputs in float64 NumPy from each implementation's own inputs.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from benchmarks.fusion.arrays import Arrays, TorchArrays

Params = dict[str, int]
Workspace = dict[str, Any]
Peer = Callable[[Arrays, Workspace, Params, str], None]

SIZES: dict[str, Params] = {
    "small": {"e": 16, "B": 3, "H": 37, "W": 45, "side": 300, "m": 96},
    "full": {"e": 25, "B": 16, "H": 1080, "W": 1920, "side": 4096, "m": 4096},
}


class HostArrays(Arrays):
    """NumPy, with the constructors the cells use."""

    def linspace(self, a: float, b: float, n: int, cls: str) -> Any:
        """A column, as MATLAB's ``linspace(a, b, n)'`` (computed in double, then converted)."""
        return np.linspace(a, b, n, dtype=self.dtypes[cls])[:, None]

    def rand(self, shape: tuple[int, ...], cls: str) -> Any:
        return self.rng.random(shape, dtype=self.dtypes[cls])


class DeviceArrays(TorchArrays):
    """torch, making every array on its device."""

    def linspace(self, a: float, b: float, n: int, cls: str) -> Any:
        return self.xp.linspace(a, b, n, dtype=self.dtypes[cls], device=self.device)[:, None]

    def rand(self, shape: tuple[int, ...], cls: str) -> Any:
        return self.xp.rand(shape, generator=self.rng, dtype=self.dtypes[cls], device=self.device)


@dataclass(frozen=True)
class Cell:
    """A notebook cell: its MATLAB source (``str.format`` fields from SIZES) and its peer."""
    source: str
    peer: Peer

    def text(self, p: Params) -> str:
        return self.source.format(**p)


@dataclass(frozen=True)
class Case:
    """One row group of the table: ``cell`` is timed, after ``setup`` cells ran once in the same
    workspace. ``outputs`` are checksummed; ``random`` names inputs drawn by ``rand``, which are checked
    for uniform statistics; ``compute`` (given) recomputes the outputs from the random inputs."""
    name: str
    cls: str
    cell: Cell
    outputs: tuple[str, ...]
    setup: tuple[Cell, ...] = ()
    random: tuple[str, ...] = ()
    compute: Callable[[Arrays, Workspace], None] | None = None
    peers: tuple[str, ...] = ("numpy", "torch")


# ---------------------------------------------------------------- 1-3, 7: the elementwise chain

def chain_tail(ar: Arrays, ws: Workspace) -> None:
    xp, x = ar.xp, ws["x"]
    ws["u"] = u = xp.exp(-x ** 2 / 2) * xp.cos(4 * x)
    ws["v"] = v = u * u + 0.5 * xp.sin(x)
    ws["w"] = w = xp.tanh(v) - 0.25 * u
    ws["r"] = ar.reduce("sum", w, 1)


def linspace_peer(ar: Arrays, ws: Workspace, p: Params, cls: str) -> None:
    ws["x"] = ar.linspace(-3, 3, 2 ** p["e"], cls)


def chain_peer(ar: Arrays, ws: Workspace, p: Params, cls: str) -> None:
    linspace_peer(ar, ws, p, cls)
    chain_tail(ar, ws)


def next_peer(ar: Arrays, ws: Workspace, p: Params, cls: str) -> None:
    ws["z"] = z = ws["w"] * ws["u"] + ws["v"]
    ws["s2"] = ar.reduce("sum", z, 1)


CHAIN_TAIL = """u = exp(-x.^2/2) .* cos(4*x);
v = u.*u + 0.5*sin(x);
w = tanh(v) - 0.25*u;
r = sum(w);"""
LINSPACE = Cell("x = linspace(-3, 3, 2^{e})';", linspace_peer)
CHAIN = Cell(LINSPACE.source + "\n" + CHAIN_TAIL, chain_peer)
CHAIN_SINGLE = Cell("x = single(linspace(-3, 3, 2^{e}))';\n" + CHAIN_TAIL, chain_peer)
NEXT = Cell("z = w .* u + v;\ns2 = sum(z);", next_peer)


# ---------------------------------------------------------------- 4: image normalisation

def images_peer(ar: Arrays, ws: Workspace, p: Params, cls: str) -> None:
    ws["imgs"] = ar.rand((p["B"], p["H"], p["W"]), cls)


def normalize(ar: Arrays, ws: Workspace) -> None:
    """benchmarks/fusion/image_normalize.m with its default gain, bias, gamma and eps0."""
    imgs = ws["imgs"]
    ws["mu"] = mu = ar.reduce("mean", imgs, (2, 3))
    ws["sigma"] = sigma = ar.xp.sqrt(ar.reduce("mean", (imgs - mu) ** 2, (2, 3)) + 1e-6)
    out = ((imgs - mu) / sigma) * 1.0123 - 0.02
    ws["out"] = ar.clamp_min(out, 0) ** 1.8


IMAGES = Cell("imgs = rand({B}, {H}, {W}, 'single');", images_peer)
NORMALIZE = Cell("""mu = mean(imgs, [2 3]);
sigma = sqrt(mean((imgs - mu) .^ 2, [2 3]) + 1e-6);
out = ((imgs - mu) ./ sigma) * 1.0123 - 0.02;
out = max(out, 0);
out = out .^ 1.8;""", lambda ar, ws, p, cls: normalize(ar, ws))


# ---------------------------------------------------------------- 5: reductions

def reductions_peer(ar: Arrays, ws: Workspace, p: Params, cls: str) -> None:
    n = p["side"]
    ws["X"] = X = ar.xp.sin(ar.arange(n * n)).reshape(n, n)    # row-major: X' of MATLAB's X
    xcol = X.reshape(-1, 1)                # X(:): every element once, in an order the reductions ignore
    ws["a"] = ar.reduce("sum", xcol ** 2, 1)
    ws["b"] = ar.reduce("mean", ar.xp.abs(xcol), 1)
    ws["c"] = ar.reduce("max", xcol, 1)
    ws["d"] = ar.reduce("std", xcol, 1)


REDUCTIONS = Cell("""X = reshape(sin((1:{side}^2)'), {side}, {side});
a = sum(X(:).^2);
b = mean(abs(X(:)));
c = max(X(:));
d = std(X(:));""", reductions_peer)


# ---------------------------------------------------------------- 6: matmul with an epilogue

def epilogue(ar: Arrays, ws: Workspace) -> None:
    ws["C"] = ar.clamp_min((ws["A"] @ ws["B"]) * ws["r"] + ws["c"], 0) ** 1.5


def matmul_peer(ar: Arrays, ws: Workspace, p: Params, cls: str) -> None:
    m = p["m"]
    ws.update(A=ar.rand((m, m), cls), B=ar.rand((m, m), cls), r=ar.rand((1, m), cls), c=ar.rand((m, 1), cls))
    epilogue(ar, ws)


MATMUL = Cell("""A = rand({m}, 'single');
B = rand({m}, 'single');
r = rand(1, {m}, 'single');
c = rand({m}, 1, 'single');
C = max((A*B) .* r + c, 0) .^ 1.5;""", matmul_peer)


# ---------------------------------------------------------------- 8: small arrays and a scalar loop

def small_tail(ar: Arrays, ws: Workspace) -> None:
    a = ws["a"]
    ws["b"] = b = a @ a.T + ar.xp.eye(50)
    ws["c"] = b.sum()
    t = 0.0
    for k in range(1, 10001):
        t += math.sin(k) / k
    ws["t"] = t


def small_peer(ar: Arrays, ws: Workspace, p: Params, cls: str) -> None:
    ws["a"] = ar.rand((50, 50), cls)
    small_tail(ar, ws)


SMALL = Cell("""a = rand(50);
b = a*a' + eye(50);
c = sum(b(:));
t = 0;
for k = 1:10000
    t = t + sin(k)/k;
end""", small_peer)


CASES = (
    Case("chain", "double", CHAIN, ("x", "u", "v", "w", "r")),
    Case("chain_single", "single", CHAIN_SINGLE, ("x", "u", "v", "w", "r")),
    Case("next_cell", "double", NEXT, ("z", "s2"), setup=(CHAIN,)),
    Case("images_rand", "single", IMAGES, ("imgs",), random=("imgs",)),
    Case("images_normalize", "single", NORMALIZE, ("mu", "sigma", "out"), setup=(IMAGES,), random=("imgs",),
         compute=normalize),
    Case("reductions", "double", REDUCTIONS, ("a", "b", "c", "d")),
    Case("matmul", "single", MATMUL, ("C",), random=("A", "B", "r", "c"), compute=epilogue),
    Case("linspace", "double", LINSPACE, ("x",)),
    Case("small_arrays", "double", SMALL, ("c", "t"), random=("a",), compute=small_tail, peers=("numpy",)),
)
