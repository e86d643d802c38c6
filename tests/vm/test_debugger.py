"""MATLAB's debugging commands in a Session: dbstop / dbclear / dbstatus, the K>> prompt (keyboard and
breakpoints), dbstep, dbstack, dbup / dbdown, dbcont, dbquit, dbstop if error; fused windows and the
specialised functions under the debugger (engine/vm/debugger.py, engine/vm/dbcommands.py).

The K>> prompt reads through the front end's read_line; here a script of answers plays the user, and
the transcript (prompts, answers and output) is compared with what MATLAB shows."""
from __future__ import annotations

import pytest

from engine import Session
from engine.runtime.builtins.interaction import FrontEnd, set_front_end

CALC = "function r = calc(x)\n  y = x * 2;\n  r = helper(y) + 1;\nend\nfunction q = helper(z)\n  q = z * 10;\nend\n"
CHAIN = "function w = chain(x)\n  n = numel(x);\n  y = x .* 2;\n  z = y + n;\n  w = z .* z;\nend\n"


@pytest.fixture
def folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "calc.m").write_text(CALC)
    (tmp_path / "chain.m").write_text(CHAIN)
    return tmp_path


def session(answers: list[str], device: str = "cpu") -> tuple[Session, list[str]]:
    """A Session whose K>> prompt takes ``answers`` in turn; the transcript collects everything shown."""
    transcript: list[str] = []
    s = Session(device=device, output=transcript.append)
    queue = iter(answers)

    def read_line(prompt: str) -> str:
        answer = next(queue)
        transcript.append(f"{prompt}{answer}\n")
        return answer
    set_front_end(s.state, FrontEnd(read_line=read_line))
    return s, transcript


def test_a_breakpoint_stops_in_a_function_file_and_the_prompt_works_in_its_workspace(folder):
    s, out = session(["x", "y = 100", "dbcont"])
    assert s.execute("dbstop in calc at 3").error is None
    r = s.execute("v = calc(4)")
    assert r.error is None
    assert "".join(out) == ("3   r = helper(y) + 1;\nK>> x\nx = 4\nK>> y = 100\ny = 100\nK>> dbcont\n"
                            "v = 1001\n")


def test_dbstep_in_out_and_next_move_through_the_calls(folder):
    s, out = session(["dbstep in", "dbstack", "dbstep out", "dbstack", "dbstep", "dbcont"])
    s.execute("dbstop in calc")                   # no line: the first line with code (2)
    r = s.execute("v = calc(1);\nw = v + 1;")
    assert r.error is None and s.get("w")[0, 0] == 22
    assert "".join(out) == ("2   y = x * 2;\nK>> dbstep in\n"
                            "3   r = helper(y) + 1;\nK>> dbstack\n> In calc (line 3)\n  In <cell> (line 1)\n"
                            "K>> dbstep out\n2   w = v + 1;\nK>> dbstack\n> In <cell> (line 2)\n"
                            "K>> dbstep\n")


def test_dbstep_in_enters_a_local_function_and_dbup_dbdown_change_the_workspace(folder):
    s, out = session(["dbstep in", "dbstack", "dbup", "y", "dbup", "dbdown", "dbdown", "z", "dbcont"])
    s.execute("dbstop in calc at 3")
    r = s.execute("v = calc(2);")
    assert r.error is None and s.get("v")[0, 0] == 41
    assert "".join(out) == (
        "3   r = helper(y) + 1;\nK>> dbstep in\n6   q = z * 10;\nK>> dbstack\n"
        "> In calc>helper (line 6)\n  In calc (line 3)\n  In <cell> (line 1)\n"
        "K>> dbup\nIn workspace belonging to calc.\nK>> y\ny = 4\n"
        "K>> dbup\nIn base workspace.\nK>> dbdown\nIn workspace belonging to calc.\n"
        "K>> dbdown\nIn workspace belonging to calc>helper.\nK>> z\nz = 4\nK>> dbcont\n")


def test_a_conditional_breakpoint_stops_only_where_its_expression_is_true(folder):
    (folder / "total.m").write_text("function t = total(n)\n  t = 0;\n  for k = 1:n\n    t = t + k;\n  end\nend\n")
    s, out = session(["k", "dbcont"])
    s.execute("dbstop in total at 4 if k == 3")
    assert s.execute("dbstatus").stdout == "Breakpoint for total is on line 4 (if k == 3).\n"
    r = s.execute("t = total(5);")
    assert r.error is None and s.get("t")[0, 0] == 15
    assert "".join(out).startswith("Breakpoint for total") and "K>> k\nk = 3\nK>> dbcont\n" in "".join(out)


def test_dbstop_if_error_stops_where_an_uncaught_error_happens(folder):
    (folder / "bad.m").write_text("function r = bad(v)\n  r = v(5);\nend\n")
    s, out = session(["v", "dbstack", "dbcont"])
    s.execute("dbstop if error")
    r = s.execute("a = [1 2 3];\nb = bad(a);")
    assert r.error is not None and r.error.identifier == "MATLAB:badsubscript"
    shown = "".join(out)
    assert shown == ("Index exceeds the number of array elements. Index must not exceed 3.\n2   r = v(5);\n"
                     "K>> v\nv = 1×3\n\n     1     2     3\nK>> dbstack\n> In bad (line 2)\n"
                     "  In <cell> (line 2)\nK>> dbcont\n")
    out.clear()
    r = s.execute("try\n  bad(a);\ncatch err\n  disp(err.identifier)\nend")   # caught: no stop
    assert r.error is None and "".join(out) == "MATLAB:badsubscript\n"
    s.execute("dbclear if error")
    assert s.execute("bad(a);").error is not None and "".join(out) == "MATLAB:badsubscript\n"


def test_keyboard_then_dbstep_runs_the_rest_of_its_frame_line_by_line():
    s, out = session(["x = 7", "dbstep", "dbstep", "y", "dbcont"])
    r = s.execute("x = 1;\nkeyboard\ny = x + 1;\nz = y * 2;\n")
    assert r.error is None and s.get("z")[0, 0] == 16
    assert "".join(out) == ("K>> x = 7\nx = 7\nK>> dbstep\n3   y = x + 1;\nK>> dbstep\n4   z = y * 2;\n"
                            "K>> y\ny = 8\nK>> dbcont\n")


def test_dbquit_ends_the_program_and_no_try_catches_it(folder):
    s, out = session(["dbquit"])
    s.execute("dbstop in calc at 2")
    r = s.execute("try\n  calc(1);\ncatch\n  disp('caught');\nend\nafter = 1;")
    assert r.error is not None and r.error.identifier == "MATLAB:dbquit"
    assert "caught" not in "".join(out) and "after" not in s.workspace


def test_a_stop_at_the_prompt_nests_and_each_dbcont_ends_one(folder):
    s, out = session(["v = calc(1)", "dbstack", "dbcont", "dbcont"])
    s.execute("dbstop in calc at 2")
    r = s.execute("keyboard")
    assert r.error is None and s.get("v")[0, 0] == 21
    assert "".join(out) == ("K>> v = calc(1)\n2   y = x * 2;\nK>> dbstack\n> In calc (line 2)\n"
                            "  In <cell> (line 1)\nK>> dbcont\nv = 21\nK>> dbcont\n")


def test_dbstatus_lists_and_returns_the_breakpoints_and_dbclear_removes_them(folder):
    s, _ = session([])
    s.execute("dbstop in calc at 2\ndbstop in calc at 4\ndbstop in calc>helper\ndbstop if error")
    assert s.execute("dbstatus").stdout == "Breakpoints for calc are on lines 2, 6.\nStop if error.\n"
    r = s.execute("st = dbstatus;\nn = numel(st); name = st(1).name; lines = st(1).line; cond = st(2).cond;")
    assert r.error is None
    assert s.get("n")[0, 0] == 2 and s.get("name") == "calc" and s.get("cond") == "error"
    assert s.get("lines").tolist() == [[2.0, 6.0]]        # line 4 has no code: the breakpoint moved to 6
    s.execute("dbclear in calc at 6")
    assert s.execute("dbstatus calc").stdout == "Breakpoint for calc is on line 2.\n"
    s.execute("dbclear all")
    assert s.execute("dbstatus").stdout == ""
    assert "run_frame" not in s.vm.__dict__           # no breakpoint: frames run their specialised code


@pytest.mark.parametrize("code, identifier", [
    ("dbstop in nosuch", "MATLAB:dbstop:fileNotFound"),
    ("dbstop in calc>nosub", "MATLAB:dbstop:fileNotFound"),
    ("dbstop in calc at 99", "MATLAB:dbstop:invalidLine"),
    ("dbstop in calc at x", "MATLAB:dbstop:invalidLine"),
    ("dbstop if naninf", "MATLAB:dbstop:unsupported"),
    ("dbstop(3)", "MATLAB:dbstop:invalidInput"),
    ("dbcont", "MATLAB:debugger:notInDebugMode"),
    ("dbstep", "MATLAB:debugger:notInDebugMode"),
    ("dbquit", "MATLAB:debugger:notInDebugMode"),
    ("dbup", "MATLAB:debugger:notInDebugMode"),
    ("dbstack('x')", "MATLAB:dbstack:invalidInput"),
])
def test_unsupported_or_misplaced_debug_commands_give_matlab_errors(folder, code, identifier):
    s, _ = session([])
    r = s.execute(code)
    assert r.error is not None and r.error.identifier == identifier, r.error


def test_dbstack_outside_a_stop_lists_the_running_functions(folder):
    (folder / "outer.m").write_text("function outer()\n  inner();\nend\nfunction inner()\n  dbstack\n"
                                    "  [st, i] = dbstack;\n  fprintf('%s:%d %s:%d %d\\n', st(1).name, st(1).line, st(2).name, "
                                    "st(2).line, i)\nend\n")
    s, _ = session([])
    r = s.execute("outer()")
    assert r.error is None
    assert r.stdout == "In outer>inner (line 5)\nIn outer (line 2)\nIn <cell> (line 1)\nouter>inner:6 outer:2 1\n"


def test_a_prompt_without_input_fails_at_once(folder):
    s = Session(device="cpu")
    s.execute("dbstop in calc at 2")
    r = s.execute("calc(1)")
    assert r.error is not None and r.error.identifier == "MATLAB:input:noStdin"


def test_a_breakpoint_inside_a_fused_window_runs_that_window_unfused(folder, gpu):
    s, out = session(["y", "z", "dbcont"], device="gpu")
    r = s.execute("w = chain(1:4);")
    assert r.error is None and s.fusion.stats.windows_fused == 1
    expected = s.get("w")
    s.execute("dbstop in chain at 4")             # z = y + n: inside the window of lines 3-5
    fused = s.fusion.stats.windows_fused
    r = s.execute("w2 = chain(1:4);")
    assert r.error is None and (s.get("w2") == expected).all()
    assert s.fusion.stats.windows_fused == fused      # the window ran unfused, line by line
    assert "".join(out) == ("4   z = y + n;\nK>> y\ny = 1×4\n\n     2     4     6     8\nK>> z\n"
                            "Error: Unrecognized function or variable 'z'.\nK>> dbcont\n")
    s.execute("dbclear all\ndbstop in chain at 2")     # a breakpoint outside the window keeps it fused
    out.clear()
    queue_answers = iter(["dbcont"])
    set_front_end(s.state, FrontEnd(read_line=lambda prompt: next(queue_answers)))
    r = s.execute("w3 = chain(1:4);")
    assert r.error is None and (s.get("w3") == expected).all()
    assert s.fusion.stats.windows_fused == fused + 1


def test_a_breakpoint_in_a_loop_that_tier_2_compiles_stops_there(folder):
    (folder / "total.m").write_text("function t = total(n)\n  t = 0;\n  for k = 1:n\n    t = t + k;\n  end\nend\n")
    s, out = session(["k", "dbclear all", "dbcont"])
    s.vm.tier2.mode = "eager"
    assert s.execute("a = total(50);").error is None
    compiled = len(s.vm.tier2.variants)
    assert compiled == 1 and s.vm.tier2.variants[0].fn is not None     # the loop ran compiled
    s.execute("dbstop in total at 4")
    r = s.execute("b = total(50);")             # the traced interpreter never enters tier 2
    assert r.error is None and s.get("b")[0, 0] == s.get("a")[0, 0] == 1275
    assert "".join(out) == "4   t = t + k;\nK>> k\nk = 1\nK>> dbclear all\nK>> dbcont\n"
    assert len(s.vm.tier2.variants) == compiled


def test_echo_shows_each_line_of_a_script_as_it_runs(folder):
    """echo on (Downey's Physical Modeling programs): each statement's line before it runs, with the
    comments and blank lines before it; a loop's body each time round, its head and end once; the lines
    of a branch not taken as they are passed. echo off ends it (its own line shown)."""
    s, out = session([])
    (folder / "demo.m").write_text("% not shown\necho on\n% 4.1 halving\nn = 3;\nfor i = 1:n - 1\n"
                                   "  A(i) = i/2;\nend\nif n > 5\n  n = 0;\nend\nA\necho off\nz = 1\n")
    r = s.execute("demo")
    assert r.error is None and s.get("z")[0, 0] == 1
    assert "".join(out) == ("% 4.1 halving\nn = 3;\nfor i = 1:n - 1\n  A(i) = i/2;\n  A(i) = i/2;\nend\n"
                            "if n > 5\n  n = 0;\nend\nA\nA = 1×2\n\n    0.5000    1.0000\necho off\nz = 1\n")


def test_echo_on_all_shows_functions_and_echo_alone_toggles(folder):
    s, out = session([])
    assert s.execute("echo on all\nv = calc(1);").error is None
    assert "".join(out) == "v = calc(1);\n  y = x * 2;\n  r = helper(y) + 1;\n  q = z * 10;\n"
    out.clear()
    s.execute("echo off all\nv = calc(1);\necho\nw = 2;\necho")
    assert "".join(out) == "echo off all\nw = 2;\necho\n"
    out.clear()
    s.execute("echo on\nv = calc(1);")                       # scripts only: calc's lines are not shown
    assert "".join(out) == "v = calc(1);\n"
    s.execute("echo off")
    for command, ident in [("echo calc on", "MATLAB:echo:notSupported"), ("echo up", "MATLAB:echo:invalidArgument")]:
        assert s.execute(command).error.identifier == ident


def test_a_function_first_run_under_the_debugger_calls_builtins(folder):
    """A function that never ran outside the debugger has no specialised function: its builtin calls
    (gcd of two doubles, which has no scalar path) were an internal error in the traced loop (a corpus
    program's find_triples9 under echo on; any breakpoint set elsewhere did the same)."""
    s, out = session([])
    (folder / "triples.m").write_text("function res = triples(n)\n  res = 0;\n  for a = 1:n\n    for b = a:n\n"
                                      "      if gcd(a, b) > 1\n        continue\n      end\n"
                                      "      res = res + 1;\n    end\n  end\nend\n")
    s.execute("dbstop in calc at 2")
    r = s.execute("r = triples(5);")
    assert r.error is None and s.get("r")[0, 0] == 10
