"""The long fuzz run, outside CI: N generated and N mutated programs, each failure class with its smallest
reproducer.

    python3 tests/fuzz/run.py --programs 20000 [--seed 0] [--devices cpu,gpu,auto] [--mutants 0.5]
    python3 tests/fuzz/run.py --programs 3000 --repeat-cells 3    # each cell three times (the replay)
    python3 tests/fuzz/run.py --programs 300 --sizes large       # arrays of 1e3..3e5 elements
    python3 tests/fuzz/run.py --programs 300 --sizes large --devices cpu-bytecode,cpu-host
    python3 tests/fuzz/run.py --programs 3000 --in-function       # each program as a function's body

``--sizes large`` draws the grammar's large programs (grammar.py) and no mutants; ``--devices`` may name
the oracle's pseudo-devices (oracle.PSEUDO_DEVICES: the cpu device with host kernels off, or on for every
window), which are compared bit for bit against each other.

Program k is drawn from ``random.Random(seed * 1_000_003 + k)``, so any one can be run again alone
(``--only k``). A failure is shrunk by deleting statements, then tokens, while the same failure class
remains; classes are keyed by the kind, the devices and the message with numbers and quoted names
stripped. The run prints counts and one reproducer per class, and exits 1 if anything failed; a program
that does not finish in HANG_LIMIT (an interrupt was lost) is printed with every thread's stack, and the
run exits 2.
Known failures (test_fuzz.KNOWN_FAILURES) are counted like any other: this run reports everything.
"""
from __future__ import annotations

import argparse
import faulthandler
import os
import random
import re
import resource
import sys
import tempfile
import threading
import time
from collections import Counter

from grammar import generate
from mutate import mutant, tokens
import oracle
from oracle import Problem, check

from engine.runtime.builtins.registry import load_all

MEMORY_LIMIT = 8 << 30      # bytes of heap the run may use: a runaway allocation fails instead of swapping
HANG_LIMIT = 120.0          # seconds one program may take on all devices: past it, an interrupt was lost


def program(seed: int, k: int, mutants: float, repeat: int = 1, sizes: str = "small",
            function: bool = False) -> list[str]:
    """Program k of ``seed``; with ``repeat`` > 1 each cell runs that many times in a row, as a notebook
    runs a cell again, and half the generated cells are only assignments ending in ';' (such a cell can
    be one fusion window, which the Session replays when it runs again); ``sizes="large"``: the
    grammar's large programs, never mutants; ``function``: the cells, in order, as the body of a
    function that one cell defines and calls (``in_function``)."""
    rng = random.Random(seed * 1_000_003 + k)
    if sizes == "large":
        cells = [cell for cell in generate(rng, silent=True, sizes=sizes) for _ in range(repeat)]
    else:
        cells = [mutant(rng)] if rng.random() < mutants else generate(rng, silent=repeat > 1)
        cells = [cell for cell in cells for _ in range(repeat)]
    return in_function(cells) if function else cells


def in_function(cells: list[str]) -> list[str]:
    """One cell that runs ``cells`` as a function's body: the compiler takes a function's own paths for
    its variables (a read of a variable that no statement assigned is checked through a LOAD into a
    temporary), which a script's cells never take."""
    return ["fuzz_body();\nfunction fuzz_body()\n" + "\n".join(cells) + "\nend"]


def failure_class(p: Problem) -> str:
    """The class of a failure: its kind and message with numbers and quoted text stripped; for a
    disagreement, the kind and the pair of devices."""
    if p.kind.startswith("disagree"):
        return f"{p.kind} [{','.join(p.devices)}]"
    detail = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", p.detail)
    return f"{p.kind}: " + re.sub(r"\d+(\.\d+)?(e[-+]?\d+)?", "N", detail)[:160]


def shrink(cells: list[str], key: str, devices: tuple[str, ...], builtins: set[str],
           size_limit: int = oracle.SIZE_LIMIT) -> list[str]:
    """A smaller program with a failure of class ``key``: drop cells, lines, statements, then tokens
    (never the spaces between them, which keeps the reproducer readable)."""
    def fails(candidate: list[str]) -> bool:
        return any(failure_class(p) == key for p in check(candidate, devices, builtins, size_limit))

    for split, join in [(lambda c: c.split("\n"), "\n"), (_statements, " "), (_tokens, "")]:
        cells = [c for c in cells if c.strip()]
        k = 0
        while k < len(cells):           # drop whole cells first
            trial = cells[:k] + cells[k + 1:]
            if trial and fails(trial):
                cells = trial
            else:
                k += 1
        for c in range(len(cells)):
            parts = split(cells[c])
            k = 0
            while k < len(parts):
                trial = parts[:k] + parts[k + 1:]
                if parts[k].isspace() or not fails(cells[:c] + [join.join(trial)] + cells[c + 1:]):
                    k += 1
                else:
                    parts = trial
            cells[c] = join.join(parts)
    return cells


def _statements(cell: str) -> list[str]:
    return [s for s in re.split(r"(?<=[;,])\s+", cell) if s]


def _tokens(cell: str) -> list[str]:
    return [text for _, text in tokens(cell)]


def watchdog(k: int, cells: list[str]) -> threading.Timer:
    """A timer that, if the program is still running after HANG_LIMIT (its cells' interrupts were not
    honoured), prints it and every thread's stack and ends the run with status 2."""
    def hung() -> None:
        print(f"\n[{k}] HANG: the program did not finish in {HANG_LIMIT:g} s (an interrupt was lost):\n"
              + "\n%%\n".join(cells), file=sys.stderr, flush=True)
        faulthandler.dump_traceback(all_threads=True)
        os._exit(2)
    timer = threading.Timer(HANG_LIMIT, hung)
    timer.daemon = True
    timer.start()
    return timer


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--programs", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--devices", default="cpu,gpu,auto")
    ap.add_argument("--mutants", type=float, default=0.5, help="share of corpus mutants (the rest: grammar)")
    ap.add_argument("--only", type=int, help="run only program K and print it")
    ap.add_argument("--no-shrink", action="store_true")
    ap.add_argument("--repeat-cells", type=int, default=1, help="run each cell this many times in a row")
    ap.add_argument("--sizes", choices=("small", "large"), default="small",
                    help="large: the grammar's programs over arrays of 1e3 to 3e5 elements")
    ap.add_argument("--in-function", action="store_true", help="each program's cells as one function's body")
    args = ap.parse_args()
    devices = tuple(args.devices.split(","))
    limit = oracle.LARGE_SIZE_LIMIT if args.sizes == "large" else oracle.SIZE_LIMIT
    resource.setrlimit(resource.RLIMIT_DATA, (MEMORY_LIMIT, MEMORY_LIMIT))
    os.chdir(tempfile.mkdtemp(prefix="matfuse-fuzz-"))     # programs may write files: not here
    builtins = set(load_all())
    classes: dict[str, tuple[int, list[str], Problem]] = {}
    counts: Counter = Counter()
    where: dict[str, set[str]] = {}
    start = time.monotonic()
    ks = [args.only] if args.only is not None else range(args.programs)
    for k in ks:
        cells = program(args.seed, k, args.mutants, args.repeat_cells, args.sizes, args.in_function)
        if args.only is not None:
            print("\n%%\n".join(cells))
        timer = watchdog(k, cells)
        problems = check(cells, devices, builtins, limit)
        timer.cancel()
        for p in problems:
            key = failure_class(p)
            counts[key] += 1
            where.setdefault(key, set()).update(p.devices)
            if key not in classes:
                classes[key] = (k, cells, p)
                print(f"[{k}] new: {key}", flush=True)
        if k and k % 500 == 0:
            print(f"... {k} programs, {time.monotonic() - start:.0f} s, {len(classes)} classes", flush=True)
    print(f"\n{len(ks)} programs on {', '.join(devices)} in {time.monotonic() - start:.0f} s: "
          f"{sum(counts.values())} failures in {len(classes)} classes; not compared: "
          f"{dict(oracle.NOT_COMPARED) or 0}")
    for key, (k, cells, p) in sorted(classes.items(), key=lambda item: -counts[item[0]]):
        small = cells if args.no_shrink else shrink(cells, key, devices, builtins, limit)
        detail = next((q.detail for q in check(small, devices, builtins, limit) if failure_class(q) == key),
                      p.detail)
        print(f"\n## {counts[key]} x {key}\ndevices: {', '.join(sorted(where[key]))}; program {k}; "
              "reproducer:\n" + "\n%%\n".join(small) +
              f"\n-> {detail[:600]}")
    return 1 if classes else 0


if __name__ == "__main__":
    sys.exit(main())
