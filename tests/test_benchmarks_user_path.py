"""benchmarks/user_path at its small size: every cell runs in matfuse (``Session()`` and device "cpu") and
in its NumPy peer (torch where CUDA is), and every check passes. Timing is never asserted."""
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.user_path.cells import CASES, SIZES, Case, Cell, HostArrays, matmul_peer  # noqa: E402
from benchmarks.user_path.run import run_one  # noqa: E402
from benchmarks.user_path.verify import check_rows, own_problems  # noqa: E402

MATMUL = next(case for case in CASES if case.name == "matmul")


def test_small_run_checks_pass(tmp_path):
    out = tmp_path / "results.json"
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "user_path" / "run.py"), "--size", "small",
                           "--repeat", "1", "--out", str(out)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    data = json.loads(out.read_text())
    assert [r["case"] for r in data["results"]] == [case.name for case in CASES]
    for result in data["results"]:
        ran = {row["implementation"] for row in result["rows"]}
        assert {"numpy", "matfuse", "matfuse-cpu"} <= ran
        for row in result["rows"]:
            assert row["problems"] == [], (result["case"], row["label"])
            assert row["verdict"].startswith("yes")
    assert data["failed"] == []


def matmul_values():
    ar, ws = HostArrays(), {}
    matmul_peer(ar, ws, SIZES["small"], "single")
    return {name: ar.to_numpy(ws[name]) for name in MATMUL.outputs + MATMUL.random}


def test_random_cells_are_checked_against_their_own_inputs():
    values = matmul_values()
    assert own_problems(MATMUL, values) == []
    values["C"] = np.maximum(values["A"] @ values["B"] * values["r"], 0) ** 1.5     # the bias c left out
    problems = own_problems(MATMUL, values)
    assert problems and all(p.startswith("C ") for p in problems)


def test_random_inputs_must_look_uniform():
    values = matmul_values()
    values["B"][:] = 0.5                       # a constant "draw": the mean is right, the variance is not
    values["C"] = np.maximum(values["A"] @ values["B"] * values["r"] + values["c"], 0) ** 1.5
    problems = own_problems(MATMUL, values)
    assert len(problems) == 1 and problems[0].startswith("B: variance 0.0, expected 0.0833333")


def test_a_failing_matfuse_cell_is_an_error_row():
    bad = Case("bad", "double", Cell("x = 1:3; y = x(7);", lambda ar, ws, p, cls: ws.update(y=np.ones(1))),
               ("y",))
    rows = [run_one("numpy", bad, {}, 1), run_one("matfuse", bad, {}, 1)]
    check_rows(bad, rows)
    assert rows[0]["problems"] == [] and rows[0]["verdict"] == "yes"
    assert rows[1]["verdict"] == "ERROR"
    assert "Index exceeds the number of array elements" in rows[1]["problems"][0]
