"""The implementations a workload runs in: matfuse with device "gpu" (fused) and "cpu" (the unfused VM),
and the NumPy and torch peers (torch eager, and the same peer through ``torch.compile``). ``prepare``
builds the inputs (not timed) and returns a ``Prepared`` whose ``run`` is the timed part; ``device_copy``
and ``cuda_copy`` measure the device-to-device copies (through wgpu, and through CUDA where torch has it)
the fused elementwise bandwidth is compared with.
"""
from __future__ import annotations

import dataclasses
import importlib.util
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from engine import Session
from engine.accel.provider import available, get_provider

from .arrays import Arrays, TorchArrays
from .workloads import Params, Values, Workload

IMPLEMENTATIONS = ("numpy", "torch", "torch-compile", "matfuse-cpu", "matfuse-gpu")


@dataclass
class Prepared:
    """One workload's inputs in one implementation: ``run()`` computes (and waits for) the outputs."""
    label: str
    run: Callable[[], None]
    outputs: Callable[[], dict[str, Any]]                  # output name -> numpy array (float64)
    counters: Callable[[], dict[str, int]] = dict          # cumulative counters, compared around a run
    describe: Callable[[], dict[str, Any]] = dict          # what the last run did (fusion reports)
    notes: dict[str, Any] = field(default_factory=dict)
    session: Session | None = None                         # matfuse: the session that runs the cell
    run_host: Callable[[], None] | None = None             # matfuse gpu: run without the sync at its end


def unavailable(name: str) -> str | None:
    """Why implementation ``name`` cannot run here, or None."""
    if name.startswith("torch") and importlib.util.find_spec("torch") is None:
        return "torch is not installed"
    if name == "matfuse-gpu" and not available():
        return "no GPU adapter"
    return None


def prepare(name: str, workload: Workload, cls: str, params: Params) -> Prepared:
    if name.startswith("matfuse-"):
        return prepare_matfuse(name.removeprefix("matfuse-"), workload, cls, params)
    return prepare_peer(TorchArrays() if name.startswith("torch") else Arrays(), workload, cls, params,
                        compiled=name == "torch-compile")


# ---------------------------------------------------------------- NumPy and torch

def prepare_peer(ar: Arrays, workload: Workload, cls: str, params: Params, compiled: bool = False) -> Prepared:
    """The peer's inputs made; ``run`` computes the outputs and waits for them. ``compiled``: the
    compute function through ``torch.compile`` (default mode; compiled in the untimed warm-up run)."""
    inputs = workload.inputs(ar, params, cls)
    ar.sync()
    state: dict[str, Values] = {}

    def compute(values: Values) -> Values:
        return workload.compute(ar, values, params)
    if compiled:
        import torch
        compute = torch.compile(compute)

    def run() -> None:
        state["out"] = compute(inputs)
        ar.sync()

    def outputs() -> dict[str, Any]:
        return {name: ar.to_numpy(state["out"][name]) for name in workload.outputs}
    return Prepared(ar.name.replace("torch", "torch.compile") if compiled else ar.name, run, outputs)


# ---------------------------------------------------------------- matfuse

def execute(session: Session, source: str, what: str) -> None:
    result = session.execute(source, what)
    if result.error is not None:
        raise RuntimeError(f"{what} failed in matfuse:\n{result.error.report()}")


def prepare_matfuse(device: str, workload: Workload, cls: str, params: Params) -> Prepared:
    """A Session with the script's inputs made; in the GPU session every input array is a gpuArray
    (resident), so the outputs stay resident too, and ``run`` ends with a provider sync."""
    session = Session(device=device)
    for name, value in params.items():
        session.set(name, float(value))
    session.set("cls", cls)
    parts = workload.sections()
    execute(session, parts["preamble"], f"{workload.name}.m")
    execute(session, parts["inputs"], f"{workload.name}.m")
    if device == "gpu":
        execute(session, " ".join(f"{v} = gpuArray({v});" for v in workload.arrays), "gpuArray inputs")
        provider = get_provider()
        provider.sync()
    compute = parts["compute"]

    def run_host() -> None:
        execute(session, compute, f"{workload.name}.m")

    def run() -> None:
        run_host()
        if device == "gpu":
            provider.sync()

    def outputs() -> dict[str, Any]:
        return {name: session.get(name).astype(float) for name in workload.outputs}

    prepared = Prepared(f"matfuse {device}", run, outputs,
                        notes={"compile_ms": 1e3 * compile_seconds(session, compute)}, session=session,
                        run_host=run_host if device == "gpu" else None)
    if device == "gpu":
        own_submits = [0]           # the read-backs of gpu_nanoseconds, not the workload's

        def counters() -> dict[str, int]:
            before = provider.stats.submits
            gpu = gpu_nanoseconds(provider)
            own_submits[0] += provider.stats.submits - before
            return {**dataclasses.asdict(session.fusion.stats), "gpu_nanoseconds": gpu,
                    "provider_dispatches": provider.stats.dispatches,
                    "provider_submits": provider.stats.submits - own_submits[0]}
        prepared.counters = counters
        prepared.describe = lambda: fusion_summary(session)
    return prepared


def gpu_nanoseconds(provider: Any) -> int:
    """The device's compute time so far from its timestamp queries (0 without them); reading it waits for
    the device, so it is taken between timed runs, never inside one."""
    seconds = provider.gpu_seconds()
    return 0 if seconds is None else round(seconds * 1e9)


def host_and_sync(prepared: Any, provider: Any, repeat: int) -> tuple[float, float, float]:
    """Best of ``repeat`` runs of a prepared matfuse cell, in seconds: the cell (execute + sync), the host's
    part (``Session.execute``) and the sync after it; the device is idle when each run starts."""
    cell = host = wait = float("inf")
    for _ in range(repeat):
        provider.sync()
        started = time.perf_counter()
        prepared.run_host()
        middle = time.perf_counter()
        provider.sync()
        ended = time.perf_counter()
        cell, host, wait = min(cell, ended - started), min(host, middle - started), min(wait, ended - middle)
    return cell, host, wait


def compile_seconds(session: Session, source: str, repeat: int = 3) -> float:
    """Parse + compile time of ``source`` in the session's workspace (paid on the first ``execute`` of a
    cell; a re-run over a workspace of the same types reuses the code object)."""
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        session.bytecode(source)
        best = min(best, time.perf_counter() - started)
    return best


def fusion_summary(session: Session) -> dict[str, Any]:
    """The last cell's windows: lines, device, runs, the kinds of their groups, and rejections."""
    return {"policy": session.fusion.cell_policy, "windows": [
        {"lines": w.lines, "device": w.device, "runs": w.runs, "reason": w.reason,
         "groups": [{"kind": g.kind, "lines": g.lines, "ops": len(g.ops)} for g in w.groups],
         "rejected": [f"line {line}: {op}: {why}" for line, op, why in w.rejected]}
        for w in session.fusion.reports()]}


# ---------------------------------------------------------------- timing and the copy baseline

def best_time(prepared: Prepared, repeat: int) -> tuple[float, dict[str, float]]:
    """Best wall time of ``repeat`` runs after one warm-up run (pipelines compiled, caches filled), and
    the counters' change per run, read before and after the timed runs together: reading them waits for
    the device and reads its timestamps back, which between runs would change the state every timed run
    starts from (no compute pass left open, as a cell leaves one)."""
    prepared.run()
    before = prepared.counters()
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        prepared.run()
        best = min(best, time.perf_counter() - started)
    after = prepared.counters()
    return best, {k: per_run(after[k] - before[k], repeat) for k in after}


def per_run(total: int, runs: int) -> float:
    """A counter's change per run: a whole number where every run counted the same."""
    share = total / runs
    return int(share) if share == int(share) else round(share, 3)


def device_copy(nbytes: int, copies: int, repeat: int) -> dict[str, float]:
    """Bandwidth of copy_buffer_to_buffer through the provider's device: each copy reads and writes
    nbytes/2 (so it moves ``nbytes``, like the workload), ``copies`` of them per submit and sync."""
    provider = get_provider()
    size = min(nbytes // 2, int(provider.device.limits["max-buffer-size"])) // 4 * 4
    src, dst = provider.create_buffer(size), provider.create_buffer(size)

    def run() -> None:
        encoder = provider.device.create_command_encoder()
        for _ in range(copies):
            encoder.copy_buffer_to_buffer(src, 0, dst, 0, size)
        provider.device.queue.submit([encoder.finish()])
        provider.sync()
    measured = _copy_rate(run, size, copies, repeat)
    src.destroy()
    dst.destroy()
    return measured


def cuda_copy(nbytes: int, copies: int, repeat: int) -> dict[str, float] | None:
    """The same copies as ``device_copy`` through CUDA (torch's ``Tensor.copy_`` on the GPU), or None where
    torch has no CUDA device."""
    if unavailable("torch") is not None:
        return None
    import torch
    if not torch.cuda.is_available():
        return None
    size = nbytes // 2 // 4 * 4
    src = torch.empty(size, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)

    def run() -> None:
        for _ in range(copies):
            dst.copy_(src)
        torch.cuda.synchronize()
    return _copy_rate(run, size, copies, repeat)


def _copy_rate(run: Callable[[], None], size: int, copies: int, repeat: int) -> dict[str, float]:
    """The best of ``repeat`` timed runs (after one untimed) of ``copies`` copies of ``size`` bytes."""
    run()
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return {"bytes_per_copy": 2 * size, "copies": copies, "seconds": best,
            "bandwidth": 2 * size * copies / best}
