"""User-path benchmark: plain MATLAB notebook cells in matfuse's default Session, against NumPy and torch.

Each cell makes its inputs and leaves its results in the workspace; the whole cell is timed with
``Session.execute`` in ``Session()`` (device "auto", no gpuArray), and in ``Session(device="cpu")``.

    python3 benchmarks/user_path/run.py [--size small|full] [--repeat N] [--only NAME]...
                                        [--impl numpy,torch,matfuse,matfuse-cpu] [--out results.json]

Prints a markdown table (first run and best of N seconds after a warm-up run, speed-up over NumPy and
torch, checksum agreement), then per cell what the fused run did and the bytes it moved. Exits with
status 1 when any check fails or an implementation fails. See README.md in this folder.
"""
from __future__ import annotations

import argparse
import dataclasses
import gc
import importlib.util
import json
import sys
import time
import traceback
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks.fusion.checks import checksum, headline, matlab_size  # noqa: E402
from benchmarks.fusion.implementations import Prepared, best_time, execute, fusion_summary  # noqa: E402
from benchmarks.fusion.run import bench_args, environment, fmt_ratio, fusion_text, ratios  # noqa: E402
from benchmarks.user_path.cells import CASES, SIZES, Case, DeviceArrays, HostArrays, Params  # noqa: E402
from benchmarks.user_path.verify import check_rows, own_problems  # noqa: E402
from engine import Session  # noqa: E402
from engine.accel.provider import available, current_provider, describe  # noqa: E402

IMPLEMENTATIONS = ("numpy", "torch", "matfuse", "matfuse-cpu")
SEEN_ERRORS: set[str] = set()


def unavailable(name: str) -> str | None:
    """Why implementation ``name`` cannot run here, or None."""
    if name != "torch":
        return None
    if importlib.util.find_spec("torch") is None:
        return "torch is not installed"
    import torch
    return None if torch.cuda.is_available() else "CUDA is not available"


# ---------------------------------------------------------------- the implementations

def prepare(name: str, case: Case, p: Params) -> Prepared:
    """The setup cells run once; ``run`` runs the timed cell; ``outputs`` gives every checked value."""
    return prepare_matfuse(name, case, p) if name.startswith("matfuse") else prepare_peer(name, case, p)


def prepare_peer(name: str, case: Case, p: Params) -> Prepared:
    ar = DeviceArrays() if name == "torch" else HostArrays()
    ws: dict[str, Any] = {}
    for cell in case.setup:
        cell.peer(ar, ws, p, case.cls)
    ar.sync()

    def run() -> None:
        case.cell.peer(ar, ws, p, case.cls)
        ar.sync()
    return Prepared(ar.name, run, lambda: {n: ar.to_numpy(ws[n]) for n in case.outputs + case.random})


def prepare_matfuse(name: str, case: Case, p: Params) -> Prepared:
    """``Session()`` as a user meets it (device "auto"), or ``Session(device="cpu")``. The default
    session's run ends with a provider sync when the cell used the device, so the work it queued is done."""
    auto = name == "matfuse"
    session = Session() if auto else Session(device="cpu")
    for cell in case.setup:
        execute(session, cell.text(p), "setup")
    source = case.cell.text(p)

    def run() -> None:
        before = device_work()
        execute(session, source, case.name)
        if auto and device_work() != before:
            current_provider().sync()

    def outputs() -> dict[str, np.ndarray]:
        return {n: np.asarray(session.get(n), dtype=np.float64) for n in case.outputs + case.random}
    prepared = Prepared(f"matfuse {session.device}", run, outputs)
    if auto:
        prepared.counters = lambda: counters(session)
        prepared.describe = lambda: fusion_summary(session)
    return prepared


def device_work() -> tuple[int, int, int]:
    """The provider's dispatch and transfer counts so far (zeros before a provider exists)."""
    provider = current_provider()
    if provider is None:
        return (0, 0, 0)
    return (provider.stats.dispatches, provider.stats.bytes_uploaded, provider.stats.bytes_downloaded)


def counters(session: Session) -> dict[str, Any]:
    """The session's fusion counters and the provider's (zero before a provider exists)."""
    stats = current_provider().stats if current_provider() is not None else None
    provider = {f"provider_{k}": getattr(stats, k, 0)
                for k in ("dispatches", "submits", "bytes_uploaded", "bytes_downloaded")}
    return {**dataclasses.asdict(session.fusion.stats), **provider}


def run_one(name: str, case: Case, p: Params, repeat: int) -> dict[str, Any]:
    """Time one implementation (the first run, then best of ``repeat`` after a warm-up run) and take
    its checksums outside the timed runs; an exception becomes the row's error."""
    try:
        prepared = prepare(name, case, p)
        started = time.perf_counter()
        prepared.run()
        first = time.perf_counter() - started
        seconds, deltas = best_time(prepared, repeat)
        values = prepared.outputs()
    except Exception as exc:  # noqa: BLE001 - report it in the table and go on with the others
        error = f"{type(exc).__name__}: {exc}"
        if error not in SEEN_ERRORS:          # the traceback once, the message in every row it breaks
            SEEN_ERRORS.add(error)
            traceback.print_exc()
        return {"implementation": name, "label": name, "error": error}
    row = {"implementation": name, "label": prepared.label, "first_seconds": first, "seconds": seconds,
           "counters": deltas, "fusion": prepared.describe(),
           "checksum": checksum({n: values[n] for n in case.outputs}),
           "sizes": {n: matlab_size(v) for n, v in values.items()}}
    if case.random:
        row["own_problems"] = own_problems(case, values)
    del prepared, values
    gc.collect()
    return row


# ---------------------------------------------------------------- printing

def table_row(case: Case, r: dict[str, Any]) -> str:
    if "error" in r:
        return f"| {case.name} | {case.cls} | {r['label']} | - | - | - | - | - | ERROR |"
    return (f"| {case.name} | {case.cls} | {r['label']} | {r['first_seconds']:.4f} | {r['seconds']:.4f} | "
            f"{fmt_ratio(r.get('vs_numpy'))} | {fmt_ratio(r.get('vs_torch'))} | "
            f"{headline(r['checksum']):.10g} | {r['verdict']} |")


def notes_for(case: Case, rows: list[dict[str, Any]]) -> list[str]:
    notes = [f"- {case.name}, {r['label']}: {problem}" for r in rows for problem in r["problems"]]
    for r in rows:
        if r.get("fusion"):
            notes.append(f"- {case.name}, {r['label']}: {fusion_text(r['fusion'], r['counters'])}; "
                         f"{transfer_text(r['counters'])}")
    times = {r["implementation"]: r.get("seconds") for r in rows}
    if times.get("matfuse") and times.get("matfuse-cpu"):
        notes.append(f"- {case.name}: matfuse auto takes {times['matfuse'] / times['matfuse-cpu']:.2f}x "
                     "the time of matfuse cpu")
    return notes


def transfer_text(c: dict[str, Any]) -> str:
    return (f"windows fused {c.get('windows_fused', 0)} of {c.get('windows_offered', 0)} offered; moved "
            f"{c.get('provider_bytes_uploaded', 0) / 1e6:.4g} MB up, "
            f"{c.get('provider_bytes_downloaded', 0) / 1e6:.4g} MB down (all transfers of the run)")


# ---------------------------------------------------------------- main

def parse_args(argv: list[str] | None) -> argparse.Namespace:
    return bench_args(__doc__, tuple(SIZES), [c.name for c in CASES], IMPLEMENTATIONS, argv, "cell")


def chosen_implementations(wanted: list[str]) -> list[str]:
    impls = []
    for name in IMPLEMENTATIONS:
        why = unavailable(name) if name in wanted else "not asked for"
        if why is None:
            impls.append(name)
        elif name in wanted:
            print(f"skipping {name}: {why}")
    return impls


def main(argv: list[str] | None = None) -> int:
    opts = parse_args(argv)
    impls = chosen_implementations(opts.impl.split(","))
    facts = environment([name for name in impls if name == "torch"])
    if "matfuse" in impls and available():
        facts["adapter"] = describe()
    print(json.dumps(facts))
    print(f"\nsize {opts.size}; first run, then best of {opts.repeat} after a warm-up run; vs NumPy / vs "
          "torch: their time divided by this time (above 1: faster)\n")
    print("| cell | class | implementation | first s | best s | vs NumPy | vs torch | checksum | agrees |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |", flush=True)
    p = SIZES[opts.size]
    results, notes = [], []
    for case in CASES:
        if opts.only and case.name not in opts.only:
            continue
        rows = [run_one(name, case, p, opts.repeat) for name in impls
                if name.startswith("matfuse") or name in case.peers]
        check_rows(case, rows)
        ratios(rows)
        for r in rows:
            print(table_row(case, r), flush=True)
        notes += notes_for(case, rows)
        results.append({"case": case.name, "class": case.cls, "cell": case.cell.text(p),
                        "setup": [cell.text(p) for cell in case.setup], "rows": rows})
    print("\n" + "\n".join(notes))
    failed = [f"{r['case']} {row['label']}" for r in results for row in r["rows"] if row["problems"]]
    if opts.out:
        opts.out.write_text(json.dumps({"size": opts.size, "params": p, "repeat": opts.repeat,
                                        "environment": facts, "results": results, "failed": failed}, indent=1))
    if failed:
        print(f"\nchecks failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
