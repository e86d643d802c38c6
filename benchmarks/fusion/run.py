"""Fusion benchmark: MATLAB workloads in matfuse (fused on the GPU, unfused on the CPU), NumPy and torch.

Each workload's NumPy and torch peers compute the same thing from the same inputs; checksums are compared.

    python3 benchmarks/fusion/run.py [--size small|full] [--repeat N] [--only NAME]...
                                     [--impl numpy,torch,torch-compile,matfuse-cpu,matfuse-gpu] [--out results.json]

Prints a markdown table (best of N seconds after a warm-up run, speed-up over NumPy and torch, checksum
agreement), then what the fused run did per workload and the elementwise chains' bandwidth against a
device-to-device copy. Exits with status 1 when any checksum disagrees or an implementation fails.
See README.md in this folder.
"""
from __future__ import annotations

import argparse
import gc
import json
import platform
import sys
import traceback
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks.fusion.checks import RTOL, agree, checksum, headline  # noqa: E402
from benchmarks.fusion.implementations import (IMPLEMENTATIONS, best_time, cuda_copy,  # noqa: E402
                                               device_copy, prepare, unavailable)
from benchmarks.fusion.workloads import WORKLOADS, Params, Workload  # noqa: E402

REFERENCE_ORDER = ("matfuse-cpu", "numpy", "torch", "torch-compile", "matfuse-gpu")   # the first that ran is the reference
ITEMSIZE = {"double": 8, "single": 4}
COPIES = {"small": 4, "full": 50}         # device copies per submit and sync
SEEN_ERRORS: set[str] = set()


def run_one(impl: str, workload: Workload, cls: str, params: Params, repeat: int) -> dict[str, Any]:
    """Time one implementation and checksum its outputs; an exception becomes the row's error."""
    try:
        prepared = prepare(impl, workload, cls, params)
        seconds, counters = best_time(prepared, repeat)
        outputs = prepared.outputs()
        row = {"implementation": impl, "label": prepared.label, "seconds": seconds, "counters": counters,
               "fusion": prepared.describe(), **prepared.notes}
    except Exception as exc:  # noqa: BLE001 - report it in the table and go on with the others
        error = f"{type(exc).__name__}: {exc}"
        if error not in SEEN_ERRORS:          # the traceback once, the message in every row it breaks
            SEEN_ERRORS.add(error)
            traceback.print_exc()
        return {"implementation": impl, "label": impl, "error": error}
    if workload.statistics is not None:
        row["statistics"] = stats = workload.statistics(outputs, params)
        row["problems"] = [f"{name} {m!r}, expected {e!r} +- {tol:.3g}" for name, m, e, tol in stats
                           if not abs(m - e) <= tol]
    else:
        row["checksum"] = checksum(outputs)
    del prepared, outputs
    gc.collect()
    return row


def compare(rows: list[dict[str, Any]], cls: str) -> None:
    """Fill each row's ``problems`` from its checksum against the reference implementation's."""
    ran = {r["implementation"]: r for r in rows if "checksum" in r}
    ref = next((ran[name] for name in REFERENCE_ORDER if name in ran), None)
    for r in rows:
        if "error" in r:
            r["problems"] = [r["error"]]
        elif "checksum" in r:
            r["reference"] = ref["implementation"]
            r["problems"] = agree(ref["checksum"], r["checksum"], RTOL[cls])


def ratios(rows: list[dict[str, Any]]) -> None:
    """Speed-up of each row over NumPy, torch and torch.compile (their time / this time)."""
    times = {r["implementation"]: r.get("seconds") for r in rows}
    for r in rows:
        for peer in ("numpy", "torch", "torch-compile"):
            if times.get(peer) and r.get("seconds"):
                r[f"vs_{peer}"] = times[peer] / r["seconds"]


def bandwidth(rows: list[dict[str, Any]], workload: Workload, cls: str, params: Params, size: str,
              repeat: int) -> dict[str, Any] | None:
    """Achieved bandwidth of every row and, with the fused run, the device copies (wgpu's and, where torch
    has CUDA, CUDA's) of the same byte count."""
    if workload.traffic is None:
        return None
    nbytes = workload.traffic(params) * ITEMSIZE[cls]
    for r in rows:
        if r.get("seconds"):
            r["bandwidth"] = nbytes / r["seconds"]
    if not any(r["implementation"] == "matfuse-gpu" for r in rows):
        return {"bytes": nbytes}
    copy = device_copy(nbytes, COPIES[size], repeat)
    cuda = cuda_copy(nbytes, COPIES[size], repeat)
    for r in rows:
        if "bandwidth" in r:
            r["copy_fraction"] = r["bandwidth"] / copy["bandwidth"]
            if cuda is not None:
                r["cuda_copy_fraction"] = r["bandwidth"] / cuda["bandwidth"]
        if r.get("counters", {}).get("gpu_nanoseconds"):      # the kernels' own time, without the host's
            r["kernel_bandwidth"] = nbytes / (r["counters"]["gpu_nanoseconds"] * 1e-9)
    return {"bytes": nbytes, "copy": copy, "cuda_copy": cuda}


# ---------------------------------------------------------------- printing

def fmt_ratio(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}x"


def table_row(name: str, cls: str, r: dict[str, Any]) -> str:
    if "error" in r:
        return f"| {name} | {cls} | {r['label']} | - | - | - | - | - | ERROR |"
    check = r["statistics"][0][1] if "statistics" in r else headline(r["checksum"])
    verdict = "NO" if r["problems"] else ("yes (statistics)" if "statistics" in r else "yes")
    return (f"| {name} | {cls} | {r['label']} | {r['seconds']:.4f} | {fmt_ratio(r.get('vs_numpy'))} | "
            f"{fmt_ratio(r.get('vs_torch'))} | {fmt_ratio(r.get('vs_torch-compile'))} | {check:.10g} | {verdict} |")


def notes_for(name: str, cls: str, rows: list[dict[str, Any]], traffic: dict[str, Any] | None) -> list[str]:
    notes = []
    for r in rows:
        for problem in r.get("problems", []):
            notes.append(f"- {name} {cls}, {r['label']}: {problem}")
        if "compile_ms" in r:
            notes.append(f"- {name} {cls}, {r['label']}: parse + compile {r['compile_ms']:.1f} ms on a cell's "
                         "first run (timed runs repeat the cell, so Session reuses its code object)")
        if r.get("fusion"):
            notes.append(f"- {name} {cls}, {r['label']}: {fusion_text(r['fusion'], r['counters'])}")
    if traffic is not None:
        copy, cuda = traffic.get("copy"), traffic.get("cuda_copy")
        parts = [f"{r['label']} {r['bandwidth'] / 1e9:.3g} GB/s"
                 + (f" ({100 * r['copy_fraction']:.0f}% of the copy" if "copy_fraction" in r else "")
                 + (f", {100 * r['cuda_copy_fraction']:.0f}% of CUDA's" if "cuda_copy_fraction" in r else "")
                 + (")" if "copy_fraction" in r else "")
                 + (f", kernels alone {r['kernel_bandwidth'] / 1e9:.3g} GB/s"
                    + (f" ({100 * r['kernel_bandwidth'] / cuda['bandwidth']:.0f}% of CUDA's copy)" if cuda else "")
                    if "kernel_bandwidth" in r else "")
                 for r in rows if "bandwidth" in r]
        base = (f"device copy {copy['bandwidth'] / 1e9:.3g} GB/s ({copy['copies']} copies of "
                f"{copy['bytes_per_copy'] / 1e6:.4g} MB moved per sync)" if copy else "no device copy measured")
        if cuda:
            base += f", CUDA's copy {cuda['bandwidth'] / 1e9:.3g} GB/s"
        notes.append(f"- {name} {cls} bandwidth ({traffic['bytes'] / 1e6:.4g} MB read + written per run): "
                     f"{base}; " + "; ".join(parts))
    return notes


def fusion_text(summary: dict[str, Any], counters: dict[str, int]) -> str:
    windows = []
    for w in summary["windows"]:
        kinds = ", ".join(f"{g['kind']} (lines {'-'.join(map(str, (g['lines'][0], g['lines'][-1])))}, "
                          f"{g['ops']} ops)" for g in w["groups"])
        text = f"window lines {w['lines'][0]}-{w['lines'][-1]}" if w["lines"] else "window"
        text += f": {w['device']} x{w['runs']}" + (f" [{kinds}]" if kinds else "")
        if w["device"] != "GPU" and w["reason"]:
            text += f" ({w['reason']}" + (f"; {'; '.join(w['rejected'])}" if w["rejected"] else "") + ")"
        windows.append(text)
    per_run = (f"per run: {counters.get('groups_run', 0)} fused groups, {counters.get('dispatches', 0)} fused "
               f"dispatches, {counters.get('provider_dispatches', 0)} dispatches in all, "
               f"{counters.get('provider_submits', 0)} submits, {counters.get('uploads', 0)} uploads, "
               f"{counters.get('downloads', 0)} downloads, {counters.get('fallbacks', 0)} fallbacks"
               + (f", {counters['gpu_nanoseconds'] / 1e6:.3f} ms of GPU time (timestamps)"
                  if counters.get("gpu_nanoseconds") else ""))
    return f"policy {summary['policy']}; " + ("; ".join(windows) or "no fusion windows") + f"; {per_run}"


def environment(impls: list[str]) -> dict[str, Any]:
    import numpy as np
    facts: dict[str, Any] = {"machine": platform.processor() or platform.machine(),
                             "python": platform.python_version(), "numpy": np.__version__}
    if "matfuse-gpu" in impls:
        from engine.accel.provider import describe
        facts["adapter"] = describe()
    if "torch" in impls:
        import torch
        facts["torch"] = torch.__version__
        facts["torch_device"] = torch.cuda.get_device_name() if torch.cuda.is_available() else "cpu"
    return facts


# ---------------------------------------------------------------- main

def parse_args(argv: list[str] | None) -> argparse.Namespace:
    return bench_args(__doc__, ("small", "full"), [w.name for w in WORKLOADS], IMPLEMENTATIONS, argv)


def bench_args(doc: str, sizes: tuple[str, ...], names: list[str], implementations: tuple[str, ...],
               argv: list[str] | None, what: str = "workload") -> argparse.Namespace:
    """The options every benchmark runner takes: --size, --repeat, --only, --impl, --out."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--size", choices=sizes, default="full")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", action="append", choices=names, help=f"run only this {what} (repeatable)")
    parser.add_argument("--impl", default=",".join(implementations),
                        help="comma-separated implementations (default: all that are available)")
    parser.add_argument("--out", type=Path, help="write the results as JSON to this file")
    opts = parser.parse_args(argv)
    unknown = set(opts.impl.split(",")) - set(implementations)
    if unknown:
        parser.error(f"unknown implementation(s): {', '.join(sorted(unknown))}")
    return opts


def main(argv: list[str] | None = None) -> int:
    opts = parse_args(argv)
    wanted = opts.impl.split(",")
    impls = []
    for name in IMPLEMENTATIONS:
        why = unavailable(name) if name in wanted else "not asked for"
        if why is None:
            impls.append(name)
        elif name in wanted:
            print(f"skipping {name}: {why}")
    facts = environment(impls)
    print(json.dumps(facts))
    print(f"\nsize {opts.size}, best of {opts.repeat} after a warm-up run; vs NumPy / torch / torch.compile: "
          "their time divided by this time (above 1: faster)\n")
    print("| workload | class | implementation | best s | vs NumPy | vs torch | vs torch.compile | checksum | "
          "agrees |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |", flush=True)
    results, notes = [], []
    for workload in WORKLOADS:
        if opts.only and workload.name not in opts.only:
            continue
        params = workload.sizes[opts.size]
        for cls in workload.classes:
            rows = [run_one(impl, workload, cls, params, opts.repeat) for impl in impls]
            compare(rows, cls)
            ratios(rows)
            traffic = bandwidth(rows, workload, cls, params, opts.size, opts.repeat)
            for r in rows:
                print(table_row(workload.name, cls, r), flush=True)
            notes += notes_for(workload.name, cls, rows, traffic)
            results.append({"workload": workload.name, "class": cls, "params": params, "traffic": traffic,
                            "rows": rows})
    print("\n" + "\n".join(notes))
    failed = [f"{r['workload']} {r['class']} {row['label']}" for r in results for row in r["rows"]
              if row.get("problems")]
    if opts.out:
        opts.out.write_text(json.dumps({"size": opts.size, "repeat": opts.repeat, "environment": facts,
                                        "results": results, "failed": failed}, indent=1))
    if failed:
        print(f"\nchecks failed: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
