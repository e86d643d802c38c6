"""eval, evalin and assignin: MATLAB text run in a caller's or the base workspace."""
from vmhelp import failure, ok


def test_eval_statement_and_expression():
    s = ok("eval('x = 3 * 4;'); y = eval('x + 1'); [p, q] = eval('size(ones(2, 3))');")
    assert s.get("x")[0, 0] == 12.0 and s.get("y")[0, 0] == 13.0
    assert (s.get("p")[0, 0], s.get("q")[0, 0]) == (2.0, 3.0)


def test_eval_catch_expression_and_errors():
    assert ok("eval('error(''boom'')', 'z = 7;');").get("z")[0, 0] == 7.0
    assert failure("eval('error(''my:id'', ''bad'')')").identifier == "my:id"


def test_eval_in_function_creates_local_variable():
    s = ok("r = f(2);\nfunction r = f(a)\n  eval('b = a * 10;');\n  r = b;\nend")
    assert s.get("r")[0, 0] == 20.0 and "b" not in s.workspace


def test_assignin_and_evalin_reach_base_and_caller():
    code = """
    outer();
    function outer()
      v = 1;
      inner();
      assignin('base', 'seen', v);
    end
    function inner()
      assignin('caller', 'v', 41);
      evalin('base', 'fromg = 2;');
    end
    """
    s = ok(code)
    assert s.get("seen")[0, 0] == 41.0 and s.get("fromg")[0, 0] == 2.0


def test_run_runs_a_script_in_the_calling_workspace(tmp_path, monkeypatch):
    """run('poisson.m') (a course's programs; MATLAB's run was missing): by name or path, with or without
    .m; a script elsewhere runs in its own folder, and the current folder comes back, even after an error."""
    import os
    monkeypatch.chdir(tmp_path)
    (tmp_path / "setup.m").write_text("a = b * 2;\n")
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "where.m").write_text("w = numel(pwd); c = 3;\n")
    (sub / "fails.m").write_text("error('my:stop', 'stopped');\n")
    (sub / "shout.m").write_text("function shout()\n  assignin('base', 'heard', 1);\nend\n")
    s = ok("b = 5; run('setup.m'); x = a; run setup; run('sub/where'); run(fullfile('sub', 'shout.m'))")
    assert s.get("x")[0, 0] == 10.0 and s.get("a")[0, 0] == 10.0 and s.get("c")[0, 0] == 3.0
    assert s.get("w")[0, 0] == len(str(sub)) and os.getcwd() == str(tmp_path) and s.get("heard")[0, 0] == 1.0
    assert failure("run('sub/fails.m')").identifier == "my:stop" and os.getcwd() == str(tmp_path)
    assert failure("run('nothere')").identifier == "MATLAB:run:FileNotFound"
    assert failure("run('data.txt')").identifier == "MATLAB:run:CannotExecute"
