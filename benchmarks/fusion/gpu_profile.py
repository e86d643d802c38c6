"""Where a fused cell's time goes: the host's part, the wait for the device, and each dispatch's GPU time.

    python3 benchmarks/fusion/gpu_profile.py [--size small|full] [--only NAME]... [--repeat R] [--replays K]
                                         [--host-profile] [--out profile.json]

Each workload's compute cell runs as run.py times it (matfuse gpu, inputs resident as gpuArrays, outputs
left on the device), once to warm up, then R times. Per run it measures the wall time of
``Session.execute`` (the host: the VM, the accelerator's hooks, encoding and submitting the work) and of
the ``Provider.sync`` after it (what the host then waits for: the device finishing, the read-back), and
the GPU time of the run's compute passes from timestamp queries (``Provider.gpu_seconds``, where the
adapter has them). Then every dispatch the run encoded is replayed K times back to back (one batch,
timed by the timestamp queries, else by the wall clock around a sync): its GPU time per dispatch, with
the group it belongs to (the window's plan), its entry point and workgroups. ``--host-profile`` adds the
25 costliest functions of one run's host part (cProfile, cumulative time). Best of R everywhere, but
``--host-breakdown``: the wall time inside the hot path's main functions (HOT_PATH, each wrapped with a
clock before the session starts), per run, averaged over 20 runs of the host part.
"""
from __future__ import annotations

import argparse
import cProfile
import io
import json
import pstats
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks.fusion.implementations import host_and_sync, prepare_matfuse  # noqa: E402
from benchmarks.fusion.workloads import WORKLOADS, Workload  # noqa: E402
from engine.accel.provider import Provider, get_provider  # noqa: E402


HOT_PATH = [("engine.session", "Session", "execute"),
            ("engine.accel.fusion.accelerator", "FusionAccelerator", "try_run"),
            ("engine.accel.fusion.accelerator", "FusionAccelerator", "attempt"),
            ("engine.accel.fusion.accelerator", "FusionAccelerator", "run"),
            ("engine.accel.fusion.accelerator", "FusionAccelerator", "keep_recipe"),
            ("engine.accel.fusion.accelerator", None, "store_outputs"),
            ("engine.accel.fusion.execute", "Runner", "run"),
            ("engine.accel.fusion.execute", "Straight", "run"),
            ("engine.accel.fusion.execute", "Runner", "collect"),
            ("engine.accel.fusion.execute", None, "dispatch_one_pass"),
            ("engine.accel.fusion.execute", None, "dispatch_reduction"),
            ("engine.accel.fusion.execute", None, "encode_one_pass"),
            ("engine.accel.fusion.execute", None, "encode_chunked"),
            ("engine.accel.fusion.execute", None, "uniform"),
            ("engine.accel.fusion.execute", None, "made"),
            ("engine.accel.fusion.execute", "Run", "release"),
            ("engine.accel.provider", "Provider", "dispatch"),
            ("engine.accel.provider", "Provider", "flush"),
            ("engine.accel.provider", "Provider", "_site")]


class Clocks:
    """Wall time and calls inside each HOT_PATH function (wrapped in place, module functions before
    anything binds them)."""

    def __init__(self) -> None:
        import importlib
        self.seconds: dict[str, float] = {}
        self.calls: dict[str, int] = {}
        for module, owner, name in HOT_PATH:
            target = importlib.import_module(module)
            target = getattr(target, owner) if owner else target
            label = f"{owner + '.' if owner else ''}{name}"
            if hasattr(target, name):              # a tree without it: left out
                setattr(target, name, self.wrap(getattr(target, name), label))

    def wrap(self, fn: Any, label: str) -> Any:
        import functools

        @functools.wraps(fn)
        def timed(*args, **kwargs):
            started = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self.seconds[label] = self.seconds.get(label, 0.0) + time.perf_counter() - started
                self.calls[label] = self.calls.get(label, 0) + 1
        return timed

    def clear(self) -> None:
        self.seconds.clear()
        self.calls.clear()

    def table(self, runs: int) -> list[dict[str, Any]]:
        return [{"function": label, "calls": self.calls[label] / runs, "us": self.seconds[label] / runs * 1e6}
                for label in self.seconds]


class Recorder:
    """The dispatches ``provider`` encodes inside the block: (pipeline, buffers, uniform, workgroups)."""

    def __init__(self, provider: Provider) -> None:
        self.provider = provider
        self.dispatches: list[tuple] = []

    def __enter__(self) -> "Recorder":
        saved = self.saved = self.provider.dispatch

        def recorded(pipeline, buffers, uniform, workgroups):
            self.dispatches.append((pipeline, list(buffers), uniform, workgroups))
            return saved(pipeline, buffers, uniform, workgroups)
        self.provider.dispatch = recorded
        return self

    def __exit__(self, *exc) -> None:
        del self.provider.dispatch            # the class's method again


def gpu_time(provider: Provider, work: Any, repeat: int) -> float:
    """Best GPU seconds of ``work()`` (timestamp queries; without them, wall time around a sync)."""
    best = float("inf")
    for _ in range(repeat):
        provider.sync()
        before, started = provider.gpu_seconds(), time.perf_counter()
        work()
        after = provider.gpu_seconds()
        wall = time.perf_counter() - started
        best = min(best, wall if after is None else after - before)
    return best


def labels(session: Any, provider: Provider) -> dict[int, str]:
    """id(pipeline) -> 'group k Kind entry' (or 'group k finish') for the last cell's plans."""
    texts = {}
    for w, report in enumerate(session.fusion.reports()):
        plan = report.plan
        for k, group in enumerate(plan.groups if plan is not None else []):
            for part in [group, *getattr(group, "parts", [])]:
                if part.wgsl:
                    texts.setdefault(part.wgsl, f"window {w} group {k} {group.kind}")
                if part.finish:
                    texts.setdefault(part.finish[0], f"window {w} group {k} finish")
    found = {}
    for (source, entry, _), made in provider._pipelines.items():
        found[id(made)] = f"{texts.get(source, 'library kernel')} {entry}"
    return found


def profile_one(workload: Workload, cls: str, params: dict, repeat: int, replays: int,
                host_profile: bool, clocks: Clocks | None = None) -> dict[str, Any]:
    prepared = prepare_matfuse("gpu", workload, cls, params)
    provider = get_provider()
    prepared.run()
    breakdown = None
    if clocks is not None:
        prepared.run()
        clocks.clear()
        for _ in range(20):
            prepared.run_host()
            provider.sync()
        breakdown = clocks.table(20)
    total, host, wait = host_and_sync(prepared, provider, repeat)
    gpu = gpu_time(provider, prepared.run, repeat)
    with Recorder(provider) as rec:
        prepared.run()
    names = labels(prepared.session, provider)
    rows = []
    for pipeline, buffers, uniform, workgroups in rec.dispatches:
        def again(args=(pipeline, buffers, uniform, workgroups)) -> None:
            for _ in range(replays):
                provider.dispatch(*args)
        seconds = gpu_time(provider, again, repeat) / replays
        rows.append({"kernel": names.get(id(pipeline), "?"), "workgroups": list(workgroups), "us": seconds * 1e6})

    def everything() -> None:
        for _ in range(replays):
            for args in rec.dispatches:
                provider.dispatch(*args)
    replayed = gpu_time(provider, everything, repeat) / replays
    result = {"workload": workload.name, "class": cls, "total_ms": total * 1e3, "host_ms": host * 1e3,
              "sync_ms": wait * 1e3, "gpu_ms": gpu * 1e3, "replayed_ms": replayed * 1e3,
              "dispatches": rows, **({"host_breakdown": breakdown} if breakdown else {})}
    if host_profile:
        profiler = cProfile.Profile()
        profiler.enable()
        prepared.run_host()
        profiler.disable()
        provider.sync()
        text = io.StringIO()
        pstats.Stats(profiler, stream=text).sort_stats("cumulative").print_stats(25)
        result["host_profile"] = text.getvalue()
    return result


def report(r: dict[str, Any]) -> str:
    lines = [f"## {r['workload']} {r['class']}",
             f"cell {r['total_ms']:.3f} ms = execute (host) {r['host_ms']:.3f} ms + sync {r['sync_ms']:.3f} ms; "
             f"GPU time of the run's passes {r['gpu_ms']:.3f} ms; its dispatches replayed back to back "
             f"{r['replayed_ms']:.3f} ms", "", "| dispatch | kernel | workgroups | us |", "| --- | --- | --- | --- |"]
    lines += [f"| {k} | {d['kernel']} | {d['workgroups']} | {d['us']:.1f} |" for k, d in enumerate(r["dispatches"])]
    lines.append(f"| sum | | | {sum(d['us'] for d in r['dispatches']):.1f} |")
    if "host_breakdown" in r:
        lines += ["", "| host function | calls per run | us per run |", "| --- | --- | --- |"]
        lines += [f"| {b['function']} | {b['calls']:g} | {b['us']:.1f} |" for b in r["host_breakdown"]]
    if "host_profile" in r:
        lines += ["", "```", r["host_profile"].strip(), "```"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=("small", "full"), default="full")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--replays", type=int, default=20)
    parser.add_argument("--only", action="append", choices=[w.name for w in WORKLOADS])
    parser.add_argument("--host-profile", action="store_true")
    parser.add_argument("--host-breakdown", action="store_true")
    parser.add_argument("--out", type=Path)
    opts = parser.parse_args(argv)
    clocks = Clocks() if opts.host_breakdown else None
    print(json.dumps({"adapter": get_provider().describe()["name"]}))
    results = []
    for workload in WORKLOADS:
        if opts.only and workload.name not in opts.only:
            continue
        for cls in workload.classes:
            r = profile_one(workload, cls, workload.sizes[opts.size], opts.repeat, opts.replays,
                            opts.host_profile, clocks)
            results.append(r)
            print("\n" + report(r), flush=True)
    if opts.out:
        opts.out.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
