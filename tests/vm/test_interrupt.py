"""Session.interrupt() from another thread stops a running loop MATLAB-style; the workspace survives."""
import threading
import time

from engine.session import Session


def test_interrupt_stops_infinite_loop_and_keeps_workspace():
    s = Session()
    s.execute("before = 42;")
    timer = threading.Timer(0.3, s.interrupt)
    timer.start()
    started = time.perf_counter()
    r = s.execute("k = 0;\nwhile true\n  k = k + 1;\nend")
    timer.join()
    assert time.perf_counter() - started < 10
    assert r.error is not None and r.error.identifier == "MATLAB:interrupt"
    assert r.error.message == "Operation terminated by user"
    assert s.get("before")[0, 0] == 42.0 and s.get("k")[0, 0] > 0
    assert s.execute("after = before + 1;").error is None and s.get("after")[0, 0] == 43.0


def test_interrupt_reaches_loops_inside_functions_and_is_not_caught():
    s = Session()
    threading.Timer(0.3, s.interrupt).start()
    r = s.execute("try\n  spin();\ncatch\n  caught = 1;\nend\nfunction spin()\n  while true\n  end\nend")
    assert r.error is not None and r.error.identifier == "MATLAB:interrupt"
    assert "caught" not in s.workspace
