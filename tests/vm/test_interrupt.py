"""Session.interrupt() from another thread stops a running loop MATLAB-style; the workspace survives."""
import threading
import time

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
