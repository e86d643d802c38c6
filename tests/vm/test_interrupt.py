"""Session.interrupt() from another thread stops a running loop MATLAB-style; the workspace survives."""
import threading
import time

import pytest

from engine.session import Session


def interrupt_until_done(session: Session, done: threading.Event) -> threading.Thread:
    """Keep interrupting (from 0.2 s on) until the cell returns, like a user pressing Ctrl-C."""
    def press() -> None:
        time.sleep(0.2)
        while not done.is_set():
            session.interrupt()
            time.sleep(0.05)
    thread = threading.Thread(target=press, daemon=True)
    thread.start()
    return thread


def run_interrupted(session: Session, code: str):
    done = threading.Event()
    thread = interrupt_until_done(session, done)
    started = time.perf_counter()
    result = session.execute(code)
    done.set()
    thread.join()
    return result, time.perf_counter() - started


def test_interrupt_stops_infinite_loop_and_keeps_workspace():
    s = Session()
    s.execute("before = 42;")
    r, elapsed = run_interrupted(s, "k = 0;\nwhile true\n  k = k + 1;\nend")
    assert elapsed < 30
    assert r.error is not None and r.error.identifier == "MATLAB:interrupt"
    assert r.error.message == "Operation terminated by user"
    assert s.get("before")[0, 0] == 42.0 and s.get("k")[0, 0] > 0
    assert s.execute("after = before + 1;").error is None and s.get("after")[0, 0] == 43.0


def test_interrupt_reaches_loops_inside_functions_and_is_not_caught():
    s = Session()
    r, _ = run_interrupted(s, "try\n  spin();\ncatch\n  caught = 1;\nend\nfunction spin()\n  while true\n  end\nend")
    assert r.error is not None and r.error.identifier == "MATLAB:interrupt"
    assert "caught" not in s.workspace


def interrupt_once(session: Session, code: str, after: float = 0.3):
    """Run ``code`` with one interrupt ``after`` seconds into it (the cell must run longer than that)."""
    timer = threading.Timer(after, session.interrupt)
    timer.start()
    started = time.perf_counter()
    result = session.execute(code)
    timer.join()
    return result, time.perf_counter() - started


def test_interrupt_during_a_long_operator_stops_before_the_next_statement():
    s = Session(device="cpu")
    s.execute("kept = 7; A = rand(1500);")
    r, _ = interrupt_once(s, "B = A*A; " * 30 + "k = 2;")       # ~0.25 s each, no loop and no call
    assert r.error is not None and r.error.identifier == "MATLAB:interrupt"
    assert "k" not in s.workspace and s.get("kept")[0, 0] == 7.0
    assert s.execute("k = kept + 1;").error is None and s.get("k")[0, 0] == 8.0


def test_interrupt_during_a_long_builtin_stops_as_it_returns():
    s = Session(device="cpu")
    s.execute("A = rand(2000);")
    r, _ = interrupt_once(s, "X = inv(A); k = 2;", after=0.1)      # inv takes a second or more
    assert r.error is not None and r.error.identifier == "MATLAB:interrupt"
    assert "k" not in s.workspace


def test_interrupt_during_the_build_runs_nothing():
    s = Session(device="cpu")
    build = s._build

    def interrupted_build(*args):               # as if the stop button was pressed while compiling
        s.interrupt()
        return build(*args)
    s._build = interrupted_build
    r = s.execute("k = 2;")
    assert r.error is not None and r.error.message == "Operation terminated by user"
    assert "k" not in s.workspace


def test_pause_ends_at_once_when_interrupted():
    s = Session(device="cpu")
    r, elapsed = interrupt_once(s, "pause(100); k = 1;", after=0.2)
    assert r.error is not None and r.error.identifier == "MATLAB:interrupt"
    assert elapsed < 5 and "k" not in s.workspace


def test_a_gpu_wait_ends_at_an_interrupt():
    from engine.accel.provider import interruptible, wait

    class Pending:                      # a device read-back that takes 10 s
        _thread_event = threading.Event()

        def sync_wait(self):
            raise AssertionError("waited for the device to finish despite the interrupt")
    threading.Timer(10, Pending._thread_event.set).start()
    started = time.perf_counter()
    with interruptible(lambda: time.perf_counter() - started > 0.2), pytest.raises(KeyboardInterrupt):
        wait(Pending())
    assert time.perf_counter() - started < 2
