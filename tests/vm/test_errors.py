"""Errors: identifiers, stack and line numbers, try/catch and MException values, no Python tracebacks."""
import numpy as np

from engine.runtime.errors import MatlabError
from vmhelp import failure, ok, run, value


def test_undefined_name_reports_line_column_and_source():
    err = failure("a = 1;\nb = a + nosuch;")
    assert err.identifier == "MATLAB:UndefinedFunction"
    assert err.message == "Unrecognized function or variable 'nosuch'."
    assert (err.line, err.column) == (2, 9)
    assert err.report() == ("Unrecognized function or variable 'nosuch'.\n\nError in <cell> (line 2)\n"
                            "b = a + nosuch;\n        ^")


def test_error_inside_function_has_call_stack():
    err = failure("x = 1;\ny = f(2);\nfunction r = f(v)\n  r = v + [1 2] * [3 4];\nend")
    assert err.identifier == "MATLAB:innerdim"
    assert [(f.name, f.line) for f in err.stack] == [("f", 4), ("<cell>", 2)]


def test_workspace_keeps_assignments_made_before_the_error():
    s, r = run("a = 1;\nb = undefined_thing;\nc = 3;")
    assert r.error is not None and "a" in s.workspace and "c" not in s.workspace


def test_try_catch_gives_mexception_value():
    s = ok("try\n  error('my:id', 'value %d too big', 7);\ncatch err\n  m = err.message; i = err.identifier; k = class(err);\nend")
    assert s.get("m") == "value 7 too big" and s.get("i") == "my:id" and s.get("k") == "MException"
    stack = s.get("err")["stack"]
    assert stack["line"][0, 0] == 2.0 and stack["name"] == "<cell>"


def test_try_catch_without_identifier_and_nested_rethrow():
    code = """
    log = {};
    try
        try
            x = [1 2](5);
        catch inner
            log{end+1} = inner.identifier;
            rethrow(inner);
        end
    catch outer
        log{end+1} = outer.message;
    end
    try
        error('plain');
    catch
        log{end+1} = 'caught';
    end
    """
    got = value(code, "log")
    assert got[0, 0] == "MATLAB:badsubscript"
    assert got[0, 1] == "Index exceeds the number of array elements. Index must not exceed 2."
    assert got[0, 2] == "caught"


def test_error_in_called_function_is_caught_by_caller():
    code = "try\n  boom();\ncatch e\n  s = e.stack(1).name;\nend\nfunction boom()\n  error('x:y', 'no');\nend"
    assert value(code, "s") == "boom"


def test_break_out_of_try_inside_loop_restores_handlers():
    code = "for i = 1:3\n  try\n    break\n  catch\n  end\nend\ntry\n  error('a:b', 'c');\ncatch e\n  ok = 1;\nend"
    assert value(code, "ok")[0, 0] == 1.0


def test_syntax_error_is_reported_not_raised():
    _, r = run("x = (1 + ;")
    assert isinstance(r.error, MatlabError) and r.error.line == 1


def test_python_exceptions_become_matlab_internal(monkeypatch):
    from engine.runtime import ops

    def broken(a, b):
        raise ZeroDivisionError("synthetic")
    monkeypatch.setitem(ops.HOST_BINARY, ".^", broken)      # the table the VM calls for plain operands
    err = failure("x = [1 2] .^ 2;")
    assert err.identifier == "MATLAB:internal" and "synthetic" in err.message and err.line == 1


def test_a_builtin_called_by_bare_name_fails_as_itself(monkeypatch):
    """`F = getframe;` (no parentheses: LOADNAME, which reads the name's variable slot) whose builtin
    failed was reported as 'Unrecognized function or variable', the undefined slot taken for the cause."""
    import dataclasses

    from engine.runtime.builtins.registry import BUILTINS

    def broken():
        raise AttributeError("synthetic")
    monkeypatch.setitem(BUILTINS, "pi", dataclasses.replace(BUILTINS["pi"], impl=broken, needs_ctx=False,
                                                            takes_nargout=False))
    err = failure("x = 1;\ny = pi;")
    assert err.identifier == "MATLAB:internal" and "pi" in err.message and err.line == 2


def test_catch_does_not_catch_interrupt_or_recursion_limit():
    err = failure("try\n  down(1);\ncatch\n  x = 1;\nend\nfunction down(n)\n  down(n + 1);\nend")
    assert err.identifier == "MATLAB:recursionLimit"


def test_stack_of_caught_error_from_function_lists_every_frame():
    code = "try\n  outer();\ncatch e\n  n = numel(e.stack);\nend\nfunction outer()\n  inner();\nend\nfunction inner()\n  error('a:b', 'deep');\nend"
    s = ok(code)
    assert s.get("n")[0, 0] == 3.0
    names = [frame["name"] for frame in s.get("e")["stack"].ravel()]
    assert names == ["inner", "outer", "<cell>"]


def test_variable_cleared_mid_cell_reports_undefined():
    err = failure("a = 1;\nb = a + 1;\nclear a\nc = a + 1;")
    assert err.identifier == "MATLAB:UndefinedFunction" and "'a'" in err.message and err.line == 4


def test_nan_condition_is_an_error_and_division_by_zero_is_not():
    assert failure("if NaN, x = 1; end").identifier != "MATLAB:internal"
    s = ok("a = 1 / 0; b = -1 / 0; c = 0 / 0;")
    assert s.get("a")[0, 0] == np.inf and s.get("b")[0, 0] == -np.inf and np.isnan(s.get("c")[0, 0])


def test_nan_and_inf_subscripts_on_the_scalar_index_fast_path():
    for code in ("A = [1 2 3]; x = A(NaN);", "A = [1 2 3]; x = A(Inf);", "A = magic(3); x = A(1, NaN);"):
        err = failure(code)
        assert (err.identifier, err.message) == (
            "MATLAB:badsubscript", "Array indices must be positive integers or logical values.")
