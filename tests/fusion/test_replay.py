"""A cell that is one fusion window, run again over the workspace its last run left, goes straight to
the window's Repeat (Session._replayed, FusionAccelerator.replay): the same values, output, errors,
counters and reports as the normal path, which runs whenever anything could differ: another cell in
between, a value set from Python, a changed class or size, the policy, draws, a display, an error, a
breakpoint, another cell text, a device failure."""
import gc

import numpy as np
import pytest

from engine import Session
from engine.accel.residency import GpuTensor
from engine.runtime.errors import MatlabError
from fusion_helpers import synthetic
from engine.runtime.builtins.interaction import FrontEnd, set_front_end

CHAIN = "u = 1.5 .* x - y ./ 3;\nv = (u .* u + 2) .* (x - 0.5 .* y) ./ (1 + y .* y);"
SETUP = "x = (1:3000)' / 1000; y = cos(x);"


@pytest.fixture(autouse=True)
def collected():
    """The sessions made here (two per test) are freed before the next test: a Session is a reference
    cycle, and its device arrays going back to the pool at a later collection would change the pool
    counts that other tests check (tests/gpu_runtime: reset(gpuDevice) leaves no pooled buffer)."""
    yield
    gc.collect()


def expected(x, y):
    u = 1.5 * x - y / 3
    return u, (u * u + 2) * (x - 0.5 * y) / (1 + y * y)


def spied(s):
    """The Session's replay attempts' answers, in order."""
    answers = []
    attempt = s._replayed

    def replayed(*args):
        answers.append(attempt(*args))
        return answers[-1]
    s._replayed = replayed
    return answers


def run(s, code, **kw):
    r = s.execute(code, **kw)
    assert r.error is None, r.error and r.error.message
    return r


def twins(device="gpu"):
    """A session that replays, with its attempts' answers, and one that never does."""
    s, t = Session(device=device), Session(device=device)
    t._replayed = lambda *args: False
    return s, spied(s), t


def both(sessions, code, **kw):
    """Run ``code`` in both sessions: the same output, error, variables and values."""
    s, t = sessions
    r, q = s.execute(code, **kw), t.execute(code, **kw)
    assert (r.stdout, r.figures) == (q.stdout, q.figures)
    assert (r.error and (r.error.identifier, r.error.message)) == (q.error and (q.error.identifier, q.error.message))
    assert list(s.workspace) == list(t.workspace)
    for name in s.workspace:
        a, b = value(s, name), value(t, name)
        assert type(a) is type(b) and (not isinstance(a, np.ndarray) or a.dtype == b.dtype)
        np.testing.assert_array_equal(a, b)
    return r


def value(s, name):
    """A variable's value, or the identifier of the error reading it gives."""
    try:
        return s.get(name)
    except MatlabError as exc:
        return exc.identifier


def check_chain(s, rtol=1e-15):
    u, v = expected(s.get("x"), s.get("y"))
    np.testing.assert_allclose(s.get("u"), u, rtol=rtol)
    np.testing.assert_allclose(s.get("v"), v, rtol=rtol)


@pytest.mark.parametrize("device, setup", [("gpu", SETUP), ("gpu", f"{SETUP} x = gpuArray(x); y = gpuArray(y);")])
def test_a_cell_run_again_replays_its_window_with_the_normal_paths_results(gpu, device, setup):
    s = Session(device=device)
    run(s, setup)
    answers = spied(s)
    fused, misses = s.fusion.stats.windows_fused, s.fusion.stats.plan_misses
    for _ in range(5):
        r = run(s, CHAIN)
        assert r.stdout == "" and r.figures == []
        check_chain(s)
        (report,) = s.fusion.reports()
        assert (report.runs, report.device) == (1, "GPU")
    # the first run is built without u and v, the second again with them (and recorded): then replays
    assert answers == [False, False, True, True, True]
    stats = s.fusion.stats
    assert (stats.windows_fused - fused, stats.plan_misses - misses) == (5, 1)
    cls = "gpuArray" if "gpuArray" in setup else "double"
    assert s.execute("class(u), size(v)").stdout == f"ans = '{cls}'\nans = 1×2\n\n        3000           1\n"


def test_the_user_path_replays_while_the_cost_model_keeps_the_window_on_the_gpu(gpu):
    """Device auto, plain values kept on the device between cells: replayed while the cost model (here a
    synthetic one) sends the window to the GPU; when it would keep it on the CPU the normal path runs and
    declines it. Each run's decision and values are those of a
    session that never replays."""
    s, answers, t = twins("auto")
    for session in (s, t):
        session.fusion.costs = synthetic()
    both((s, t), SETUP.replace("3000", "2^14"))
    for _ in range(4):
        both((s, t), CHAIN)
        assert s.fusion.reports()[0].device == t.fusion.reports()[0].device == "GPU"
    assert answers[-2:] == [True, True] and type(s.device_workspace["v"]) is GpuTensor
    for session in (s, t):                      # the plan's estimate (kept with it) now favours the CPU
        for repeats in session.fusion.repeats.values():
            plan = repeats.first.plan
            plan.estimate = {**plan.estimate, "gpu": 10.0}
    for _ in range(2):
        both((s, t), CHAIN)
        assert s.fusion.reports()[0].device == t.fusion.reports()[0].device != "GPU"
    assert answers[-2:] == [False, False]


def test_a_replay_streak_checks_the_windows_calls_once(gpu, monkeypatch):
    """The first replay after a normal run checks that the window's calls are the builtins
    (``calls_elsewhere``); the later replays of the streak do not; a cell run the normal way in between
    (here a function-only cell, which keeps the streak's Replay) makes the next replay check again."""
    from engine.accel.fusion.accelerator import FusionAccelerator
    checks = []
    real = FusionAccelerator.calls_elsewhere

    def counted(self, window, frame):
        checks.append(self)
        return real(self, window, frame)
    monkeypatch.setattr(FusionAccelerator, "calls_elsewhere", counted)
    s, answers, t = twins()
    both((s, t), SETUP)

    def runs(count):
        """The replay answers and the checks of ``s`` in each of ``count`` runs of the chain."""
        seen = []
        for _ in range(count):
            before = checks.count(s.fusion)
            both((s, t), CHAIN)
            seen.append((answers[-1], checks.count(s.fusion) - before))
        return seen
    assert runs(5) == [(False, 1), (False, 1), (True, 1), (True, 0), (True, 0)]
    both((s, t), "function r = unused(v)\n  r = v;\nend")
    assert runs(3) == [(True, 1), (True, 0), (True, 0)]
    check_chain(s)


def test_anything_between_the_runs_takes_the_normal_path(gpu):
    s, answers, t = twins()
    both((s, t), SETUP)
    replayed = []
    for between in ("x = single(x);", "y = [y; 1];", "x = x(1:2:end); y = y(1:2:end);", "w = 1;", "clear w",
                    "x = double(x); y = y(1:numel(x));", "y = gpuArray(y);", "u = 'text';", "v = 1:3;",
                    "x = gpuArray(single(x)); y = single(y);"):
        both((s, t), between)
        answers.clear()
        for _ in range(4):
            r = both((s, t), CHAIN)
        fused = r.error is None and s.fusion.reports()[0].device == "GPU"
        # built again with the new types (again after its first run where that made new types), recorded,
        # then replayed where the window runs fused
        assert answers[0] is False and answers[2:] == ([True, True] if fused else [False, False]), between
        replayed += [between] * fused
        assert s.fusion.stats.windows_fused == t.fusion.stats.windows_fused
    assert len(replayed) >= 5, replayed


def test_a_value_set_from_python_is_seen(gpu):
    s, answers, t = twins()
    both((s, t), SETUP)
    for _ in range(3):
        both((s, t), CHAIN)
    for session in (s, t):
        session.set("x", np.full((3000, 1), 2.0, dtype=np.float32))     # in place: the same dict
    answers.clear()
    both((s, t), CHAIN)
    assert answers == [False] and s.get("u").dtype == np.float32


def test_a_different_cell_text_a_display_or_an_error_runs_normally(gpu):
    s, answers, t = twins()
    both((s, t), SETUP)
    for _ in range(3):
        both((s, t), CHAIN + " ")                # another text: its own record
    assert answers == [False, False, False, True]        # (SETUP's first)
    both((s, t), CHAIN)
    assert answers[-1] is False
    shown = "z = x(1:2) .* 2"                    # a display: not one window, never recorded
    for _ in range(3):
        assert both((s, t), shown).stdout == "z = 2×1\n\n    0.0020\n    0.0040\n"
    bad = "q = x .* [1; 2; 3];"                  # an error each time, as MATLAB's
    for _ in range(3):
        assert both((s, t), bad).error.identifier == "MATLAB:sizeDimensionsMustMatch"
    assert answers[-6:] == [False] * 6 and s._replay is None


def test_the_policy_and_lost_data_take_the_normal_path(gpu):
    s, answers, t = twins()
    both((s, t), SETUP)
    for _ in range(3):
        both((s, t), CHAIN)
    for session in (s, t):
        session.fusion.mode = "cpu"              # %fusion cpu: the VM computes it
    both((s, t), CHAIN)
    assert answers[-1] is False and s.fusion.reports() == []
    for session in (s, t):
        session.fusion.mode = None
    for _ in range(3):
        both((s, t), CHAIN)
    assert answers[-1] is True
    for session in (s, t):                       # the normal path recomputes them from their recipes
        lost = [n for n, v in session.device_workspace.items() if isinstance(v, GpuTensor)]
        assert "u" in lost
        for name in lost:
            session.device_workspace[name].storage.lost = "a test lost it"
    both((s, t), "w = u .* 2; " + CHAIN)
    both((s, t), CHAIN)
    assert answers[-1] is False


def test_a_gpuarray_whose_data_is_gone_gives_the_normal_paths_error(gpu):
    s, answers, t = twins()
    both((s, t), f"{SETUP} x = gpuArray(x); y = gpuArray(y);")
    for _ in range(3):
        both((s, t), CHAIN)
    assert answers[-1] is True
    for session in (s, t):
        session.device_workspace["y"].storage.lost = "a test lost it"
    assert both((s, t), CHAIN).error.identifier == "parallel:gpu:array:InvalidData"
    assert answers[-1] is False


def test_draws_are_never_replayed(gpu):
    """A window with draws runs the normal way (a failed replay must not advance the stream): the values
    after rng are the normal path's."""
    s, answers, t = twins()
    both((s, t), SETUP)
    cell = "w = x .* rand(3000, 1, 'gpuArray');"
    for _ in range(2):
        both((s, t), "rng(7);")
        for _ in range(3):
            both((s, t), cell)
    assert answers == [False] * 9                     # (SETUP's first)
    assert not np.array_equal(s.get("w"), s.get("x"))


def test_a_breakpoint_on_the_cell_stops_there(gpu):
    transcript = []
    s = Session(device="gpu", output=transcript.append)
    set_front_end(s.state, FrontEnd(read_line=lambda prompt: transcript.append(prompt) or "dbcont"))
    answers = spied(s)
    run(s, SETUP)
    path = "/tmp/matfuse_replay_cell.m"
    for _ in range(3):
        run(s, CHAIN, file=path)
    assert answers[-1] is True
    s.debugger.set_breakpoint(path, "matfuse_replay_cell", 2)
    run(s, CHAIN, file=path)
    assert answers[-1] is False and transcript[-1] == "K>> "
    check_chain(s)
    s.debugger.clear_breakpoints()
    answers.clear()
    for _ in range(3):          # the stop ran the window unfused: u and v on the host, built again
        run(s, CHAIN, file=path)
    assert answers == [False, False, True]


def test_a_replayed_output_is_not_updated_in_place_through_its_input(gpu):
    """The variables' ownership after a replay is the normal path's: an indexed assignment to an output
    later never writes into another variable."""
    s, answers, t = twins()
    both((s, t), f"{SETUP} y = x;")
    for _ in range(4):
        both((s, t), "y = x .* 2;")
    assert answers[-1] is True
    both((s, t), "y(1) = -1; x(2) = -2;")
    assert s.get("y")[0, 0] == -1 and s.get("x")[1, 0] == -2 and s.get("x")[0, 0] == 0.001
