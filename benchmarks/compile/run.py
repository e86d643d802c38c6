"""Build-time benchmark: how long each stage takes to turn source text into runnable bytecode.

    python3 benchmarks/compile/run.py [--size full|small] [--repeat N] [--profile WORKLOAD] [--out f.json]

Workloads (see README.md in this folder): ``cell``, 1 MB of ``x = x + 1;`` lines; ``mixed cell``, 1 MB of
mixed scalar statements; ``literal``, a 1 MB numeric matrix literal; ``file``, a 600-line function file
(signal_toolkit.m). ``--size small`` makes the cells 50 kB.
Each stage runs alone on the previous stage's output, with the garbage collector paused as ``build.py``
pauses it: lex, parse (tokens -> AST), lower (AST -> MIR), passes (prune, parfor, infer, fusion; the
verifier too under MATFUSE_VERIFY_MIR=1), compile (MIR -> bytecode); then ``execute``: the whole cell in a new ``Session`` (build and
run; a cell's run is a few milliseconds) or, for the file, ``build_file``. Times are CPU seconds, the
least of ``--repeat`` runs. ``--profile NAME`` prints cProfile's top functions of one full build instead.
"""
from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import sys
import time
from pathlib import Path
from typing import Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from engine import Session  # noqa: E402
from engine.frontend.lexer import Lexer  # noqa: E402
from engine.frontend.parser import _parser, mark_nested  # noqa: E402
from engine.mir.lower import LowerOptions, lower_program  # noqa: E402
from engine.mir.passes import compile_mir  # noqa: E402
from engine.vm.build import build_cell, build_file, gc_paused  # noqa: E402
from engine.vm.compiler import compile_module  # noqa: E402

HERE = Path(__file__).resolve().parent
SIZES = {"full": 1_000_000, "small": 50_000}       # characters of each generated cell
STAGES = ("lex", "parse", "lower", "passes", "compile", "execute")
MIXED = ("a = x * 2 - 1;", "b = (a + x) / 3;", "c = max(a, b);", "s = 'label';", "v(2) = c + 1;",
         "flag = a > b && c ~= 0;", "d = sqrt(abs(b)) + mod(x, 7);", "x = x + 1;")


def counting_cell(size: int) -> str:
    return "x = 0;\n" + "x = x + 1;\n" * (size // 11)


def mixed_cell(size: int) -> str:
    lines, total = ["x = 0;"], 7
    while total < size:
        line = MIXED[(len(lines) - 1) % len(MIXED)]
        lines.append(line)
        total += len(line) + 1
    return "\n".join(lines) + "\n"


def matrix_literal(size: int) -> str:
    """``A = [...]``: rows of ten random numbers with ten decimals (13 characters each)."""
    rng = random.Random(0)
    rows = [" ".join(f"{rng.random():.10f}" for _ in range(10)) for _ in range(size // 130)]
    return "A = [" + ";\n".join(rows) + "];\n"


def workloads(size: int) -> dict[str, tuple[str, bool]]:
    """name -> (source, is a function file)."""
    return {"cell": (counting_cell(size), False), "mixed cell": (mixed_cell(size), False),
            "literal": (matrix_literal(size), False),
            "file": ((HERE / "signal_toolkit.m").read_text(), True)}


def cpu_seconds(step: Callable[[], object]) -> tuple[float, object]:
    started = time.process_time()
    result = step()
    return time.process_time() - started, result


def stage_times(source: str, is_file: bool) -> dict[str, float]:
    """CPU seconds of each stage, each run on the previous one's output."""
    times: dict[str, float] = {}
    with gc_paused():
        def lex():
            lexer = Lexer(source)
            tokens = lexer.tokenize()
            mark_nested(tokens, lexer.functions)
            return lexer, tokens
        times["lex"], (lexer, tokens) = cpu_seconds(lex)
        times["parse"], program = cpu_seconds(lambda: _parser().parse(lexer, tokens))
        times["lower"], module = cpu_seconds(lambda: lower_program(program, "bench", LowerOptions()))
        times["passes"], state = cpu_seconds(lambda: compile_mir(module, {}))
        times["compile"], _ = cpu_seconds(lambda: compile_module(state.module, set()))
    if is_file:
        times["execute"], _ = cpu_seconds(lambda: build_file(source, "signal_toolkit", "signal_toolkit.m"))
    else:
        session = Session(device="cpu")
        times["execute"], result = cpu_seconds(lambda: session.execute(source))
        if result.error is not None:
            raise RuntimeError(result.error.report())
    return times


def best_times(source: str, is_file: bool, repeat: int) -> dict[str, float]:
    runs = [stage_times(source, is_file) for _ in range(repeat)]
    return {stage: min(run[stage] for run in runs) for stage in STAGES}


def profile(source: str, is_file: bool, top: int = 40) -> None:
    build = (lambda: build_file(source, "bench", "bench.m")) if is_file else (lambda: build_cell(source, "bench", {}))
    profiler = cProfile.Profile()
    profiler.runcall(build)
    pstats.Stats(profiler).sort_stats("tottime").print_stats(top)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", choices=SIZES, default="full")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--profile", metavar="WORKLOAD", help="one of: " + ", ".join(workloads(100)))
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    sources = workloads(SIZES[args.size])
    if args.profile:
        profile(*sources[args.profile])
        return 0
    results = {name: best_times(source, is_file, args.repeat) for name, (source, is_file) in sources.items()}
    print("| stage | " + " | ".join(f"{name} ({len(sources[name][0]):,} chars)" for name in results) + " |")
    print("| --- " * (len(results) + 1) + "|")
    for stage in STAGES:
        print(f"| {stage} | " + " | ".join(f"{times[stage]:.3f} s" for times in results.values()) + " |")
    if args.out:
        args.out.write_text(json.dumps({"size": args.size, "repeat": args.repeat, "results": results}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
