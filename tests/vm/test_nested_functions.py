"""Nested functions (engine/mir/nested.py): shared variables live in per-activation environments, calls
and handles reach them, in cells and in function files (also when loaded from the disk cache)."""
from engine.mir.nested import nest_scopes
from engine.frontend import parse
from vmhelp import failure, ok

COUNTER = ("function h = makeCounter(start)\n  count = start;\n  h = @increment;\n"
           "  function c = increment()\n    count = count + 1;\n    c = count;\n  end\nend\n")


def test_scopes_share_what_the_parent_also_uses():
    src = ("function out = outer(p)\n  a = 1;\n  mid();\n  out = a + b;\n"
           "  function mid\n    a = a + p;\n    b = 2;\n    tmp = 3;\n    function deep\n      a = tmp;\n    end\n"
           "  end\nend")
    (_, top), (_, mid), (_, deep) = nest_scopes(parse(src).functions[0])
    assert (top.key, mid.key, deep.key) == ("outer", "outer/mid", "outer/mid/deep")
    assert top.shared == {"a": 0, "b": 0, "p": 0}          # b: read by outer, assigned in mid
    assert mid.shared == {"a": 1, "b": 1, "p": 1, "tmp": 0}
    assert deep.shared == {"a": 2, "tmp": 1}
    assert mid.nested_call("deep") == ("outer/mid/deep", 0) and deep.nested_call("mid") == ("outer/mid", 2)


def test_own_parameters_and_outputs_are_not_shared():
    src = "function r = f(x)\n  y = 1;\n  r = g(x) + y;\n  function y = g(x)\n    y = 2 * x;\n  end\nend"
    (_, top), (_, inner) = nest_scopes(parse(src).functions[0])
    assert top.shared == {} and inner.shared == {}
    assert ok("r = f(3);\n" + src).get("r")[0, 0] == 7.0


def test_a_handle_keeps_its_parents_workspace_across_calls_and_cells():
    s = ok("h = makeCounter(5); a = h(); b = cellfun(@(f) f(), {h, h});\n" + COUNTER)
    assert s.get("a")[0, 0] == 6.0 and s.get("b").tolist() == [[7.0, 8.0]]
    assert ok("c = h(); n = func2str(h); k = class(h);", s).get("c")[0, 0] == 9.0
    assert s.get("n") == "increment" and s.get("k") == "function_handle"


def test_function_file_with_nested_functions_and_the_disk_cache(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MATFUSE_CACHE_DIR", str(tmp_path / "cache"))
    (tmp_path / "makeCounter.m").write_text(COUNTER)
    for _ in range(2):          # compiled, then loaded from the cache
        s = ok("h = makeCounter(1); a = h(); b = h();")
        assert (s.get("a")[0, 0], s.get("b")[0, 0]) == (2.0, 3.0)
    assert len(list((tmp_path / "cache" / "code").glob("*.pickle"))) == 1


def test_errors_name_the_nested_function():
    err = failure("k = failing(1);\nfunction y = failing(x)\n  y = inner(x);\n"
                  "  function r = inner(t)\n    r = t + undefined_name;\n  end\nend")
    assert err.identifier == "MATLAB:UndefinedFunction"
    assert [(f.name, f.line) for f in err.stack] == [("failing/inner", 5), ("failing", 3), ("<cell>", 1)]


def test_a_shared_variable_read_before_any_assignment_is_undefined():
    err = failure("k = unset();\nfunction y = unset()\n  helper();\n  y = v;\n  function helper\n    v2 = 1;\n"
                  "  end\n  v = 0;\nend")
    assert err.identifier == "MATLAB:UndefinedFunction" and "'v'" in err.message


def test_nested_functions_are_not_visible_outside_their_parent():
    err = failure("x = outer();\ny = inner();\nfunction r = outer\n  r = inner();\n"
                  "  function q = inner\n    q = 1;\n  end\nend")
    assert err.identifier == "MATLAB:UndefinedFunction" and err.line == 2


def test_the_mir_of_a_nest():
    text = ok("a = 1;").mir(COUNTER)
    assert "function makeCounter/increment() -> [c]:" in text
    assert "eload ('count', 1, False)" in text and "nestedhandle ('increment', 'makeCounter/increment', 0)" in text


def test_shared_variables_are_the_nested_functions_workspace_for_exist_eval_clear_and_who():
    # MATLAB: a variable the nested function shares with its parent (one its text uses) is in its
    # workspace, so exist, eval and clear inside the nested function see and change the parent's variable
    src = ("r = outer();\nfunction r = outer()\n  x = 5;\n  y = 1;\n  z = 0;\n  inner();\n  r = [x y z];\n"
           "  function inner()\n    before = x;\n    e = exist('x', 'var');\n    v = eval('x + 1');\n    clear y\n"
           "    ey = exist('y', 'var');\n    eval('x = 10;');\n    y = 2 + 0 * ey;\n    z = e * 100 + v;\n"
           "    w = who;\n    z = z + numel(w) / 10;\n  end\nend")
    assert ok(src).get("r").tolist() == [[10.0, 2.0, 106.7]]     # who: before e ey v x y z
