"""Scalar-loop benchmark: matfuse's interpreter and tier 2 against GNU Octave and numba by hand.

    python benchmarks/scalar_loops/run.py [--repeat N] [--rerun-repeat M] [--no-octave] [workload.m ...]

Each workload is a script that leaves its result in ``checksum``. The runner times, side by side:
matfuse with tier 2 off (the interpreter), tier 2's first run in a fresh cache folder (MATFUSE_TIER2=eager:
the numba compile included; the first workload also pays numba's import), matfuse with the default policy
once the compiled code is on disk (a fresh Session per run, best of N, parsing and compiling included),
the cell re-run in one Session and the same loop written in numba by hand (numba_peers.py, compiled
first), interleaved, best of M (default 200) each, and ``octave-cli``
(tic/toc inside Octave, so its start-up is not counted). It checks that the checksums agree and writes
RESULTS.md next to this file.
"""
from __future__ import annotations

import argparse
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1]))

from engine import Session  # noqa: E402

WORKLOADS = ("loop_scalar.m", "loop_mod.m", "loop_arith.m", "fill_matrix.m", "fill_sin.m", "swap_calls.m",
             "small_vectors.m")


def time_matfuse(path: Path, repeat: int, tier2: str) -> tuple[float, float]:
    best, checksum = float("inf"), float("nan")
    source = path.read_text()
    for _ in range(repeat):
        session = Session(device="cpu")
        session.vm.tier2.mode = tier2
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


def time_rerun_and_numba(path: Path, repeat: int) -> tuple[float, tuple[float, float] | None]:
    """The cell run again in the same Session (a notebook re-running it: the built code and the compiled
    loop are reused, so this is the loop itself plus what an execute costs) and the loop written by hand
    in numba (compiled first; None where numba_peers.py has none), interleaved run for run, best of
    ``repeat`` each."""
    from numba_peers import PEERS
    fn = PEERS.get(path.name)
    session = Session(device="cpu")
    source = path.read_text()
    session.execute(source, path.stem)
    if fn is not None:
        fn()                                  # compile
    best, best_peer, checksum = float("inf"), float("inf"), float("nan")
    for _ in range(repeat):
        started = time.perf_counter()
        session.execute(source, path.stem)
        best = min(best, time.perf_counter() - started)
        if fn is not None:
            started = time.perf_counter()
            checksum = fn()
            best_peer = min(best_peer, time.perf_counter() - started)
    return best, ((best_peer, float(checksum)) if fn is not None else None)


def agree(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(1.0, abs(b))


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
    parser.add_argument("--rerun-repeat", type=int, default=200,
                        help="runs of the re-run and numba columns (milliseconds each: best of many)")
    opts = parser.parse_args()
    os.chdir(HERE)   # function files the workloads call live here
    sys.path.insert(0, str(HERE))
    os.environ["MATFUSE_CACHE_DIR"] = tempfile.mkdtemp(prefix="matfuse-bench-")   # a cold first compile
    rows = []
    for name in opts.workloads:
        path = HERE / name
        interp, interp_sum = time_matfuse(path, opts.repeat, "off")
        first, _ = time_matfuse(path, 1, "eager")
        ours, our_sum = time_matfuse(path, opts.repeat, "auto")
        again, peer = time_rerun_and_numba(path, max(opts.repeat, opts.rerun_repeat))
        theirs = None if opts.no_octave else time_octave(path, opts.repeat)
        sums = [interp_sum] + ([peer[1]] if peer else []) + ([theirs[1]] if theirs else [])
        row = [name, f"{interp:.3f}", f"{first:.3f}", f"{ours:.4f}", f"{again:.5f}",
               f"{peer[0]:.5f}" if peer else "-", f"{theirs[0]:.3f}" if theirs else "-",
               f"{ours / theirs[0]:.4f}x" if theirs else "-", f"{again / peer[0]:.2f}x" if peer else "-",
               f"{our_sum:.17g}", "yes" if all(agree(our_sum, x) for x in sums) else f"NO: {sums!r}"]
        rows.append("| " + " | ".join(row) + " |")
        print(rows[-1], flush=True)
    write_results(rows)


def write_results(rows: list[str]) -> None:
    header = [
        "# Scalar loops: matfuse (interpreter, tier 2) vs numba by hand vs GNU Octave",
        "",
        f"Machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, Octave: {octave_version()}. Seconds, best of the runs (matfuse includes "
        "parsing and compiling the cell).",
        "",
        "Columns: tier 1 = MATFUSE_TIER2=off (the interpreter); first tier 2 = the first run with an empty "
        "cache folder (MATFUSE_TIER2=eager, the numba compile included, and numba's import in the first "
        "row); tier 2 = the default policy once the loop is compiled, a fresh Session per run (parsing and "
        "building the cell included); re-run = the cell executed again in the same Session (the loop plus "
        "the cost of an execute); numba = the loop written by hand in numba_peers.py (compiled first, the "
        "call alone; re-run and numba interleaved run for run, best of --rerun-repeat); then tier 2 as a "
        "fraction of Octave's time, and re-run as a multiple of numba's.",
        "",
        "| workload | tier 1 s | first tier 2 s | tier 2 s | re-run s | numba s | octave s | tier 2 / octave | "
        "re-run / numba | checksum | checksums agree |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    (HERE / "RESULTS.md").write_text("\n".join(header + rows) + "\n")


if __name__ == "__main__":
    main()
