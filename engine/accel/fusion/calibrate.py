"""Calibrated costs for auto-offload: how long the CPU (numpy) and the GPU take for each kind of work.

On first use of a device under the auto policy, ``cost_model(provider)`` measures, with the real
kernels and provider, at two sizes each:

- elementwise: one ``.*`` and one ``exp`` per element (work: elements x operations),
- reduction: ``sum`` along a column (work: elements read),
- matmul: a square product (work: floating-point operations, 2mnk),
- transfers: upload and download (work: bytes),

and fits ``seconds = fixed + per * work`` to each (a ``Line``). A GPU time is that of a few kernels
encoded back to back and one wait for all of them, per kernel: in a chain of windows the host waits
only where it reads data back, and that wait is part of the download line. The model is cached on disk
per adapter (name, backend, driver), ``VERSION`` and a hash of the accelerator's sources (its .py and
.wgsl files: changed kernels are measured again) as
JSON in ``MATFUSE_CACHE_DIR``, else ``$XDG_CACHE_HOME/matfuse``, else ``~/.cache/matfuse``, and in
memory for the process; ``MATFUSE_CALIBRATE=1`` measures again. A missing, corrupt or unwritable cache
only means measuring again: never an error.
"""
from __future__ import annotations

import functools
import hashlib
import json
import math
import os
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable

import numpy as np

from engine.accel.kernels import gpu_elementwise, gpu_matmul, gpu_reduce
from engine.accel.provider import Provider
from engine.accel.residency import upload
from engine.config import cache_dir, flag

VERSION = 5                   # bump when what is measured or how changes: old cache entries are ignored
KINDS = ("elementwise", "reduction", "matmul")
SIZES = {"elementwise": (4096, 262144), "reduction": (4096, 262144), "matmul": (32, 128),
         "transfer": (4096, 262144)}          # elements (matmul: the side of a square matrix)
REPEAT = 3                    # GPU timings per size (the best batch is kept)
CPU_REPEAT = 10               # CPU timings per size (the best is kept)
CALLS = {"elementwise": 2, "reduction": 1, "matmul": 1}     # operations (numpy calls, kernels) per workload


@dataclass(frozen=True)
class Line:
    """Seconds as ``fixed + per * work``."""
    fixed: float
    per: float

    def __call__(self, work: float) -> float:
        return self.fixed + self.per * work


@dataclass
class CostModel:
    """Measured costs of one adapter: CPU and GPU lines per kind, transfer lines per byte."""
    adapter: str
    cpu: dict[str, Line]
    gpu: dict[str, Line]
    upload: Line
    download: Line
    seconds: float = 0.0          # how long the calibration took

    def to_json(self) -> dict[str, Any]:
        return {"version": VERSION, **asdict(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "CostModel":
        if data.get("version") != VERSION:
            raise ValueError("calibration of another version")
        lines = {side: {k: Line(float(v["fixed"]), float(v["per"])) for k, v in data[side].items()}
                 for side in ("cpu", "gpu")}
        if any(set(lines[side]) != set(KINDS) for side in lines):
            raise ValueError("calibration lacks a kind")
        return cls(str(data["adapter"]), lines["cpu"], lines["gpu"],
                   Line(float(data["upload"]["fixed"]), float(data["upload"]["per"])),
                   Line(float(data["download"]["fixed"]), float(data["download"]["per"])),
                   float(data.get("seconds", 0.0)))

    def rows(self) -> list[tuple[str, str, str]]:
        """(what, CPU, GPU) rows for reports: fixed cost and cost per unit of work."""
        unit = {"elementwise": "element-op", "reduction": "element", "matmul": "flop"}
        out = [(f"{k} (per {unit[k]})", text(self.cpu[k]), text(self.gpu[k])) for k in KINDS]
        return out + [("upload (per byte)", "-", text(self.upload)),
                      ("download (per byte)", "-", text(self.download))]


def text(line: Line) -> str:
    return f"{line.fixed * 1e6:.1f} us + {line.per * 1e9:.4g} ns"


# ------------------------------------------------------------------ where the model comes from

_models: dict[str, CostModel] = {}


def adapter_key(provider: Provider) -> str:
    """Stable name of the adapter and driver, and of the code measured on it (sha256: never Python's
    salted hash for anything stored)."""
    info = provider.adapter.info
    facts = [provider.info.name, provider.info.backend, info.get("description", ""),
             info.get("vendor_id", ""), info.get("device_id", ""), f"v{VERSION}", sources_hash()]
    return hashlib.sha256("|".join(map(str, facts)).encode()).hexdigest()[:20]


@functools.lru_cache(maxsize=None)
def sources_hash() -> str:
    """sha256 of the accelerator's sources (every .py and .wgsl file of engine/accel, by path and
    content): a changed kernel, shader or provider makes a new cache entry, measured again."""
    root = Path(__file__).resolve().parents[1]
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".wgsl")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def cache_file(provider: Provider) -> Path:
    return cache_dir() / f"calibration-{adapter_key(provider)}.json"


def cost_model(provider: Provider) -> CostModel:
    """The adapter's model: from memory, else from the disk cache, else measured now (and cached)."""
    key = adapter_key(provider)
    force = flag("MATFUSE_CALIBRATE")
    if key in _models and not force:
        return _models[key]
    model = None if force else load(cache_file(provider))
    if model is None:
        model = calibrate(provider)
        save(cache_file(provider), model)
    _models[key] = model
    return model


def load(path: Path) -> CostModel | None:
    try:
        return CostModel.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def save(path: Path, model: CostModel) -> None:
    """Write the cache atomically; a folder that cannot be written is skipped."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(f".{os.getpid()}.tmp")
        partial.write_text(json.dumps(model.to_json(), indent=1), encoding="utf-8")
        os.replace(partial, path)
    except OSError:
        pass


# ------------------------------------------------------------------ measuring

def calibrate(provider: Provider) -> CostModel:
    """Measure every line (about a second on lavapipe, well under on a real GPU)."""
    started = time.perf_counter()
    cls = np.float64 if provider.f64 else np.float32
    rng = np.random.default_rng(0)
    cpu: dict[str, Line] = {}
    gpu: dict[str, Line] = {}
    for kind in KINDS:
        cpu_points, gpu_points = [], []
        for size in SIZES[kind]:
            work, cpu_run, gpu_run = WORKLOADS[kind](size, cls, rng, provider)
            cpu_points.append((work, timed(cpu_run)))
            gpu_points.append((work, timed_gpu(gpu_run, provider)))
        cpu[kind], gpu[kind] = fit(cpu_points, CALLS[kind]), fit(gpu_points, CALLS[kind])
    up, down = [], []
    for size in SIZES["transfer"]:
        host = rng.random(size).astype(cls)
        tensor = upload(host, provider)
        up.append((host.nbytes, timed_gpu(lambda: [upload(host, provider)], provider)))
        down.append((host.nbytes, timed(tensor.download)))
        tensor.release()
    return CostModel(provider.info.name, cpu, gpu, fit(up), fit(down), time.perf_counter() - started)


def timed(run: Callable[[], Any]) -> float:
    """Best seconds of CPU_REPEAT runs of ``run``, after an untimed one. A BLAS whose threads slept (the
    GPU's measurement before, an idle moment) takes milliseconds to wake them for its next products,
    more where other work shares the cores: a median of three kept such runs, and a matmul line 300
    times too steep (0.3 GFLOP/s on a host that does 100) stayed in the cache for good."""
    run()
    best = math.inf
    for _ in range(CPU_REPEAT):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best


def timed_gpu(run: Callable[[], list], provider: Provider) -> float:
    """Seconds per call of ``run`` (which encodes kernels and returns their outputs) when REPEAT calls
    are encoded back to back and waited for once; best of two batches, after an untimed call that
    compiles the pipelines."""
    best = math.inf
    for batch in range(3):
        started = time.perf_counter()
        outputs = [t for _ in range(REPEAT if batch else 1) for t in run()]
        provider.sync()
        if batch:
            best = min(best, (time.perf_counter() - started) / REPEAT)
        for tensor in outputs:
            tensor.release()
    return best


def fit(points: list[tuple[float, float]], calls: int = 1) -> Line:
    """The line through the smallest and largest measurement, never negative; the fixed cost is per
    operation when each measurement made ``calls`` of them."""
    (w0, t0), (w1, t1) = min(points), max(points)
    per = max((t1 - t0) / (w1 - w0), 0.0) if w1 > w0 else 0.0
    return Line(max(t0 - per * w0, 0.0) / calls, per)


def elementwise_work(n: int, cls: Any, rng: Any, provider: Provider) -> tuple[float, Callable, Callable]:
    a, b = rng.random((n, 1)).astype(cls), rng.random((n, 1)).astype(cls)
    ta, tb = upload(a, provider), upload(b, provider)

    def on_gpu() -> list:
        product = gpu_elementwise("times", ta, tb)
        return [product, gpu_elementwise("exp", product)]
    return 2.0 * n, lambda: np.exp(np.multiply(a, b)), on_gpu


def reduction_work(n: int, cls: Any, rng: Any, provider: Provider) -> tuple[float, Callable, Callable]:
    a = rng.random((n, 1)).astype(cls)
    ta = upload(a, provider)

    return float(n), lambda: a.sum(axis=0, keepdims=True), lambda: [gpu_reduce("sum", ta, 1)]


def matmul_work(n: int, cls: Any, rng: Any, provider: Provider) -> tuple[float, Callable, Callable]:
    a, b = rng.random((n, n)).astype(cls), rng.random((n, n)).astype(cls)
    ta, tb = upload(a, provider), upload(b, provider)

    return 2.0 * math.pow(n, 3), lambda: a @ b, lambda: [gpu_matmul(ta, tb)]


WORKLOADS = {"elementwise": elementwise_work, "reduction": reduction_work, "matmul": matmul_work}
