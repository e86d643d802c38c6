"""Scalar-loop benchmark: matfuse's VM against GNU Octave on the same .m files.

    python benchmarks/scalar_loops/run.py [--repeat N] [--no-octave] [workload.m ...]

Each workload is a script that leaves its result in ``checksum``. The runner times matfuse (a fresh
Session per run, best of N, compile time included) and ``octave-cli`` (tic/toc inside Octave, so its
start-up is not counted), checks that both checksums agree, and writes RESULTS.md next to this file.
"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from engine import Session  # noqa: E402

WORKLOADS = ("loop_scalar.m", "loop_arith.m", "fill_matrix.m")


def time_matfuse(path: Path, repeat: int) -> tuple[float, float]:
    best, checksum = float("inf"), float("nan")
    source = path.read_text()
    for _ in range(repeat):
        session = Session(device="cpu")
        started = time.perf_counter()
        result = session.execute(source, path.stem)
        elapsed = time.perf_counter() - started
        if result.error is not None:
            raise SystemExit(f"{path.name} failed in matfuse:\n{result.error.report()}")
        best = min(best, elapsed)
        checksum = float(session.get("checksum")[0, 0])
    return best, checksum


def time_octave(path: Path, repeat: int) -> tuple[float, float] | None:
    octave = shutil.which("octave-cli")
    if octave is None:
        return None
    script = (f"best = Inf; for r = 1:{repeat}, clear -x best; t0 = tic; run('{path.name}'); "
              "best = min(best, toc(t0)); end; printf('%.17g %.6f\\n', checksum, best);")
    out = subprocess.run([octave, "--no-gui", "--norc", "--quiet", "--eval", script], cwd=path.parent,
                         capture_output=True, text=True, timeout=3600)
    if out.returncode != 0:
        raise SystemExit(f"{path.name} failed in Octave:\n{out.stderr}")
    checksum, seconds = out.stdout.split()[-2:]
    return float(seconds), float(checksum)


def octave_version() -> str:
    octave = shutil.which("octave-cli")
    if octave is None:
        return "not installed"
    out = subprocess.run([octave, "--version"], capture_output=True, text=True)
    return out.stdout.splitlines()[0] if out.stdout else "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("workloads", nargs="*", default=list(WORKLOADS))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-octave", action="store_true")
    opts = parser.parse_args()
    os.chdir(HERE)   # function files the workloads call live here
    rows = []
    for name in opts.workloads:
        path = HERE / name
        ours, our_sum = time_matfuse(path, opts.repeat)
        theirs = None if opts.no_octave else time_octave(path, opts.repeat)
        if theirs is None:
            rows.append(f"| {name} | {ours:.3f} | - | - | {our_sum:.17g} | - |")
        else:
            octave_s, octave_sum = theirs
            same = abs(our_sum - octave_sum) <= 1e-9 * max(1.0, abs(octave_sum))
            rows.append(f"| {name} | {ours:.3f} | {octave_s:.3f} | {octave_s / ours:.2f}x | {our_sum:.17g} | "
                        f"{'yes' if same else 'NO: ' + repr(octave_sum)} |")
        print(rows[-1], flush=True)
    write_results(rows)


def write_results(rows: list[str]) -> None:
    header = [
        "# Scalar loops: matfuse VM vs GNU Octave",
        "",
        f"Machine: {platform.processor() or platform.machine()}, Python {platform.python_version()}, "
        f"Octave: {octave_version()}. Best of the runs, seconds (matfuse includes parsing and compiling).",
        "Speed-up is Octave time / matfuse time (above 1: matfuse is faster).",
        "",
        "| workload | matfuse s | octave s | speed-up | checksum | checksums agree |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    (HERE / "RESULTS.md").write_text("\n".join(header + rows) + "\n")


if __name__ == "__main__":
    main()
