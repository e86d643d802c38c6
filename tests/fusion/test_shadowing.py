"""A function the user defines with a builtin's name (a cell function, a function file on the path, a
local function of the cell) is what MATLAB calls, fused window or not: a window that calls that name
runs its bytecode (FusionAccelerator.shadowed, VM.calls_builtin), also when the window's code was built
and fused before the function existed, in a fused loop, and in a cell run again (the Session's replay)."""
import gc
import time

import numpy as np
import pytest

from engine import Session

CELL = "y = abs(x) .* 2;"
NEGATE = "function r = abs(v)\n  r = -v;\nend"
X = np.arange(1.0, 5001.0).reshape(-1, 1)


@pytest.fixture(autouse=True)
def collected():
    yield
    gc.collect()          # (the sessions' device arrays back to the pool before the next test)


def run(s, code):
    r = s.execute(code)
    assert r.error is None, r.error and r.error.message


@pytest.mark.parametrize("device, setup", [("gpu", "x = (1:5000)';"), ("gpu", "x = gpuArray((1:5000)');"),
                                           ("cpu", "x = (1:5000)';")])
def test_a_cell_function_defined_later_shadows_the_builtin_of_a_fused_window(gpu, device, setup, monkeypatch):
    monkeypatch.setenv("MATFUSE_CPU_FUSION_MIN_ELEMENTS", "1000")     # the cpu policy: host kernels
    s = Session(device=device)
    run(s, setup)
    for _ in range(3):                       # built, built again with y, then replayed
        run(s, CELL)
        np.testing.assert_array_equal(s.get("y"), 2 * X)
    run(s, NEGATE)                           # a function-only cell: the workspace is unchanged
    for _ in range(2):
        run(s, CELL)
        np.testing.assert_array_equal(s.get("y"), -2 * X)


def test_a_function_file_added_later_shadows_the_builtin(gpu, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = Session(device="gpu")
    run(s, "x = (1:5000)';")
    for _ in range(3):
        run(s, CELL)
    time.sleep(0.01)
    (tmp_path / "abs.m").write_text("function r = abs(v)\n  r = v + 100;\nend\n")
    run(s, CELL)
    np.testing.assert_array_equal(s.get("y"), 2 * (X + 100))


def test_a_local_function_of_the_cell_shadows_the_builtin(gpu):
    s = Session(device="gpu")
    run(s, "x = (1:5000)';")
    run(s, CELL + "\n" + NEGATE)
    np.testing.assert_array_equal(s.get("y"), -2 * X)


def test_a_fused_loop_calls_the_users_function(gpu):
    s = Session(device="gpu")
    run(s, "S = (1:5000)';")
    loop = "for k = 1:3\n  S = abs(S) .* 0.5 - 1;\nend"
    run(s, loop)
    assert s.fusion.reports()[0].device == "GPU"
    expected = X.copy()
    for _ in range(3):
        expected = np.abs(expected) * 0.5 - 1
    np.testing.assert_array_equal(s.get("S"), expected)
    run(s, NEGATE)
    run(s, "S = (1:5000)';")
    run(s, loop)
    expected = X.copy()
    for _ in range(3):
        expected = -expected * 0.5 - 1
    np.testing.assert_array_equal(s.get("S"), expected)
