"""Fuzz tests (issue 16): generated and mutated MATLAB programs never leak Python to the user, and the
cpu, gpu and auto devices agree on them.

Programs come from a grammar (grammar.py) and from token mutations of the conformance corpus
(mutate.py); oracle.py says what is checked. Hypothesis draws them with a fixed seed (derandomize) and
no example database, so every run checks the same programs; a failure shows the program text. The
counts below keep the file at about 30 s here; tests/fuzz/run.py is the long run outside CI
(docs/testing.md).

A failure the engine still has, found by the fuzzer and not fixed yet, goes in KNOWN_FAILURES with its
smallest reproducer: programs containing its construct may fail with its message, nothing else does.
test_known_failures_still_fail fails as soon as a fix lands, so the entry is then removed.
"""
from __future__ import annotations

import os
import random
import re
import time
from dataclasses import dataclass

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grammar import generate
from mutate import corpus, mutant
from oracle import (ADAPTIVE, LARGE_SIZE_LIMIT, PSEUDO_DEVICES, Problem, Run, assigned_names, canon, check,
                    disagreements, leaks, python_isms, same, same_text)

from engine import Session
from engine.accel import provider
from engine.runtime.builtins.registry import load_all

GRAMMAR_PROGRAMS = 250      # hypothesis examples of generated programs
MUTANT_PROGRAMS = 250       # hypothesis examples of mutated corpus snippets
REPEAT_PROGRAMS = 60        # hypothesis examples of generated programs whose every cell runs three times
LARGE_PROGRAMS = 60         # large programs (grammar.py, run.py --sizes large), drawn from random.Random(k)
TIME_BUDGET = 40.0          # seconds either property test may spend; examples past it are skipped

DEVICES = ("cpu", "gpu", "auto") if provider.available() else ("cpu",)
BUILTINS = frozenset(load_all())
FUZZ = settings(derandomize=True, database=None, deadline=None, print_blob=False,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@dataclass(frozen=True)
class Known:
    """A failure class the engine still has: programs matching ``construct`` may fail with a problem
    whose ``kind: detail`` matches ``failure``; ``reproducer`` is the smallest such program."""
    reproducer: str
    construct: str
    failure: str


KNOWN_FAILURES: list[Known] = [
]


def _known(cells: list[str], p: Problem) -> bool:
    text = "\n".join(cells)
    return any(re.search(k.construct, text) and re.search(k.failure, f"{p.kind}: {p.detail}")
               for k in KNOWN_FAILURES)


def _report(cells: list[str], problems: list[Problem]) -> str:
    program = "\n%%\n".join(cells)
    return f"program:\n{program}\n" + "\n".join(f"{p.kind} on {'/'.join(p.devices)}: {p.detail}"
                                                for p in problems)


@pytest.fixture(scope="module", autouse=True)
def scratch_folder(tmp_path_factory):
    """Programs may write files (fprintf to a name, a script): into a temporary folder, never the repo."""
    here = os.getcwd()
    os.chdir(tmp_path_factory.mktemp("fuzz"))
    yield
    os.chdir(here)


class Budget:
    """Skips the examples of a property test once TIME_BUDGET has passed (slow CI machines)."""

    def __init__(self) -> None:
        self.start: float | None = None

    def spent(self) -> bool:
        self.start = self.start or time.monotonic()
        return time.monotonic() - self.start > TIME_BUDGET


def _check(cells: list[str]) -> None:
    problems = [p for p in check(cells, DEVICES, BUILTINS) if not _known(cells, p)]
    assert not problems, _report(cells, problems)


GRAMMAR_BUDGET, MUTANT_BUDGET, REPEAT_BUDGET, LARGE_BUDGET = Budget(), Budget(), Budget(), Budget()


@settings(FUZZ, max_examples=GRAMMAR_PROGRAMS)
@given(st.randoms(use_true_random=False))
def test_generated_programs(rng):
    cells = generate(rng)               # drawn in any case: hypothesis needs the same draws on replay
    if not GRAMMAR_BUDGET.spent():
        _check(cells)


@settings(FUZZ, max_examples=MUTANT_PROGRAMS)
@given(st.randoms(use_true_random=False))
def test_mutated_corpus(rng):
    cells = [mutant(rng)]
    if not MUTANT_BUDGET.spent():
        _check(cells)


@settings(FUZZ, max_examples=REPEAT_PROGRAMS)
@given(st.randoms(use_true_random=False))
def test_cells_run_again(rng):
    """Every cell three times in a row, half of them quiet array assignments (run.py --repeat-cells), as
    a notebook runs a cell again: the runs reuse the cell's code object, and a cell that is one fusion
    window is replayed from its second or third run on (the gpu and auto devices; few generated cells
    are); each must leave what the cpu device's normal path leaves."""
    cells = [cell for cell in generate(rng, silent=True) for _ in range(3)]
    if not REPEAT_BUDGET.spent():
        _check(cells)


@pytest.mark.parametrize("k", range(LARGE_PROGRAMS))
def test_large_programs(k):
    """Large programs (run.py --sizes large: arrays of 1e3 to 3e5 elements) on the devices and on the cpu
    device with host kernels off and on for every window (oracle.PSEUDO_DEVICES), the two CPU variants
    bit for bit: the paths small arrays never take (host kernels, reductions over many workgroups).
    Drawn from plain seeds, not hypothesis (whose health check refuses draws this large)."""
    cells = generate(random.Random(k), silent=True, sizes="large")
    if not LARGE_BUDGET.spent():
        problems = check(cells, ("cpu-bytecode", "cpu-host", *DEVICES), BUILTINS, LARGE_SIZE_LIMIT)
        assert not problems, _report(cells, problems)


def test_cpu_host_runs_host_kernels():
    """The cpu-host pseudo-device runs windows of small arrays as host kernels, in several blocks;
    cpu-bytecode runs none."""
    code = "x = (1:3000)'; y = sqrt(x) .* x + 1; z = std(reshape(y, 30, 100), 0, 2);"
    for device, kernels in [("cpu-host", True), ("cpu-bytecode", False)]:
        name, env = PSEUDO_DEVICES[device]
        with pytest.MonkeyPatch.context() as mp:
            for key, value in env.items():
                mp.setenv(key, value)
            s = Session(device=name)
            assert s.execute(code).error is None
            assert (s.fusion.stats.host_kernels > 0) == kernels, device
    assert check([code], ("cpu-bytecode", "cpu-host"), BUILTINS) == []


def test_cpu_variants_compare_bit_for_bit():
    """Two CPU variants must agree exactly (host kernels are the bytecode's numpy loops); a CPU and a GPU
    device to the tolerances. Large arrays are compared by numpy, with the same rules."""
    def run(device, value):
        return Run(device, errors=[None], stdout=[""], workspace={"x": value})
    ulp = ("float64", (1, 1), (1.0 + 2.0 ** -52,))
    one, zero, negzero = ("float64", (1, 1), (1.0,)), ("float64", (1, 1), (0.0,)), ("float64", (1, 1), (-0.0,))
    assert disagreements([run("cpu-bytecode", one), run("cpu-host", ulp)])
    assert disagreements([run("cpu-bytecode", zero), run("cpu-host", negzero)])
    assert not disagreements([run("cpu", one), run("gpu", ulp)])
    big = np.linspace(0, 1, 5000)
    near, nan = big.copy(), big.copy()
    near[4321] = np.nextafter(near[4321], 2)
    nan[17] = np.nan
    a, b, c = canon(big), canon(near), canon(nan)
    assert same(a, a, exact=True) and same(c, c, exact=True) and same(a, b) and not same(a, c)
    assert disagreements([run("cpu-bytecode", a), run("cpu-host", b)])
    assert "element 4322 is" in disagreements([run("cpu-bytecode", a), run("cpu-host", b)])[0].detail
    assert not disagreements([run("cpu", a), run("gpu", b)])
    assert not same(canon(big.astype(np.float32)), a)


@pytest.mark.parametrize("known", KNOWN_FAILURES, ids=lambda k: k.reproducer[:40])
def test_known_failures_still_fail(known):
    """An entry of KNOWN_FAILURES whose reproducer passes now is stale: remove it."""
    cells = known.reproducer.split("\n%%\n")
    assert re.search(known.construct, known.reproducer)
    problems = check(cells, DEVICES, BUILTINS)
    assert any(re.search(known.failure, f"{p.kind}: {p.detail}") for p in problems), \
        "fixed: remove this entry from KNOWN_FAILURES"


# ---------------------------------------------------------------------- the checker itself
@pytest.mark.parametrize("message", [
    "Internal error: TypeError: not an engine value: _MagicColon",
    "'NoneType' object has no attribute 'shape'",
    "unsupported operand type(s) for +: 'int' and 'str'",
    "index 5 is out of bounds for axis 0 with size 3",
    "f() takes 2 positional arguments but 3 were given",
    "Python int too large to convert to C long",
    "cannot convert float NaN to integer",
    "operands could not be broadcast together with shapes (3,) (4,)",
])
def test_python_text_is_detected(message):
    assert python_isms(message)


@pytest.mark.parametrize("message", [
    "Index exceeds the number of array elements. Index must not exceed 3.",
    "Arrays have incompatible sizes for this operation.",
    "Unrecognized function or variable 'x'.",
    "Array indices must be positive integers or logical values.",
    "Conversion to int32 from struct is not possible.",
    "Undefined function 'sin' for input arguments of type 'cell'.",
    "Number of elements must not change. Use [] as one of the size inputs to automatically calculate "
    "the appropriate size for that dimension.",
])
def test_matlab_text_passes(message):
    assert not python_isms(message)


def test_leaks_name_each_failure_class():
    run = Run("cpu", errors=[("MATLAB:internal", "Internal error: KeyError: 'x'"),
                             ("MATLAB:UndefinedFunction", "Unrecognized function or variable 'hypot'."),
                             ("MATLAB:UndefinedFunction", "Unrecognized function or variable 'A'."),
                             ("MATLAB:badsubscript", "index 9 is out of bounds for axis 0 with size 3")],
              stdout=["", "", "", "ans = 1\n"])
    assert [p.kind for p in leaks(run, {"hypot"})] == ["internal", "disguised", "python-text"]
    warned = Run("cpu", errors=[None], stdout=[""], warned=["RuntimeWarning: overflow encountered in cast"])
    assert [p.kind for p in leaks(warned, set())] == ["python-warning"]


def test_a_builtin_name_the_program_assigns_is_not_disguised():
    """In a function, ``numel = numel(x)`` reads the variable numel before it is set: MATLAB's error
    names it, and the program made that name a variable (the fuzzer's seed 6, program 4388)."""
    assert {"numel", "x", "p", "q", "c", "s"} <= assigned_names(
        ["numel = 1; x(2) = 1; [p, q] = deal(1); c{2} = 1; s.f = 2; if a == b, end"])
    cells = ["b = countargs(1, {});\nfunction n = countargs(varargin)\n  numel = numel(varargin);\nend"]
    assert not check(cells, ("cpu",), BUILTINS)


def test_disagreements_compare_with_tolerance():
    def run(device, value, errors=(None,), text="x = 1\n"):
        return Run(device, errors=list(errors), stdout=[text], workspace={"x": value})
    double = ("float64", (1, 1), (1.0,))
    assert not disagreements([run("cpu", double), run("gpu", ("float64", (1, 1), (1.0 + 1e-14,)))])
    assert disagreements([run("cpu", double), run("gpu", ("float64", (1, 1), (1.0 + 1e-9,)))])
    assert not disagreements([run("cpu", ("float32", (1, 1), (1.0,))),
                              run("gpu", ("float32", (1, 1), (1.0 + 1e-6,)))])
    assert disagreements([run("cpu", double), run("gpu", ("gpuArray", double))])
    assert disagreements([run("cpu", double), run("gpu", double, [("MATLAB:badsubscript", "")])])
    assert disagreements([run("cpu", double), run("gpu", double, text="x = gpuArray 1\n")])
    # a program with an adaptive routine: class and size must agree, the values need not (ADAPTIVE)
    pole = [run("cpu", ("float64", (1, 1), (-0.134,))), run("gpu", ("float64", (1, 1), (-0.094,)))]
    assert disagreements(pole) and not disagreements(pole, adaptive=True)
    assert disagreements([run("cpu", double), run("gpu", ("float32", (1, 1), (1.0,)))], adaptive=True)
    assert check(["q = 1;"], ("cpu",), BUILTINS) == [] and ADAPTIVE.search("q = quad(@(x) x, 0, 1);")


def test_same_values():
    nan = float("nan")
    assert same(("float64", (1, 2), (nan, 1.0)), ("float64", (1, 2), (nan, 1.0)))
    assert not same(("int8", (1, 1), (1,)), ("int8", (1, 1), (2,)))
    assert not same(("char", (1, 1), "a"), ("string", (1, 1), ("a",)))
    assert same_text("x = 0.3333\n", "x = 0.3334\n") and not same_text("x = 1\n", "y = 1\n")


def test_corpus_is_read():
    """The mutation corpus is the conformance cases: about 1,500 snippets."""
    assert len(corpus()) > 1000 and "x = 6 * 7 / 2;" in corpus()


def test_the_oracle_compares_tables():
    """canon read a table left in the workspace with numpy's .item (an AttributeError in the oracle)."""
    assert not check(["T = table([1; 2], {'a'; 'b'}); c = {T}; s.t = T;"], ("cpu",), BUILTINS)
    s = Session(device="cpu")
    s.execute("a = table([1; 2]); b = table([1; 3]); c = a; c.Properties.VariableNames = {'x'};")
    a, b, c = (canon(s.workspace[n]) for n in "abc")
    assert a[:2] == ("table", (2, 1)) and same(a, a) and not same(a, b) and not same(a, c)


def test_the_oracle_compares_datetimes_and_durations():
    """canon read a duration left in the workspace with numpy's .item (an AttributeError in the oracle)."""
    assert not check(["d = hours(1.5); t = datetime(2020, 1, 2) + d; c = {d}; s.t = t;"], ("cpu",), BUILTINS)
    s = Session(device="cpu")
    s.execute("a = hours(1.5); b = minutes(90); c = hours(2); d = datetime(2020, 1, 2);")
    a, b, c, d = (canon(s.workspace[n]) for n in "abcd")
    assert a[:2] == ("duration", (1, 1)) and d[0] == "datetime"
    assert same(a, a) and not same(a, c) and not same(a, b)      # b shows in minutes: another format
