"""The VM's CallContext: workspace access (clear/who/exist), handles, warnings, output, figures."""
from engine.session import Session
from engine.vm.context import VMContext
from vmhelp import ok


def test_clear_removes_variables_with_and_without_slots_in_the_cell():
    s = ok("a = 1; b = 2; c = 3;")
    ok("clear a", s)
    assert sorted(s.workspace) == ["b", "c"]
    ok("x = b; clear b x", s)
    assert sorted(s.workspace) == ["c"]
    ok("clear", s)
    assert dict(s.workspace) == {}


def test_clear_inside_function_affects_only_its_frame():
    s = ok("k = 5; r = f();\nfunction r = f()\n  t = 1;\n  clear t\n  r = exist('t');\nend")
    assert s.get("r")[0, 0] == 0.0 and s.get("k")[0, 0] == 5.0


def test_who_lists_the_whole_workspace():
    s = ok("alpha = 1; beta = 2;")
    r = s.execute("who")
    assert "alpha" in r.stdout and "beta" in r.stdout and "ans" not in s.workspace


def test_exist_and_function_kinds():
    s = ok("v = 1; a = exist('v'); b = exist('sin'); c = exist('nosuchthing');")
    assert [s.get(n)[0, 0] for n in "abc"] == [1.0, 5.0, 0.0]
    ctx = VMContext(Session().vm)
    assert ctx.function_exists("sin") == "builtin" and ctx.function_exists("nosuch") is None


def test_str2func_makes_anonymous_and_named_handles_without_capturing_workspace():
    s = ok("a = 10; f = str2func('@(x) x + 1'); g = str2func('max'); r = f(a); m = g([4 7 1]);")
    assert s.get("r")[0, 0] == 11.0 and s.get("m")[0, 0] == 7.0
    assert s.execute("h = str2func('@() a'); h()").error is not None


def test_warnings_print_and_can_be_turned_off():
    s = Session()
    assert s.execute("warning('my:id', 'careful %d', 3)").stdout == "Warning: careful 3\n"
    assert s.execute("warning('off', 'my:id'); warning('my:id', 'quiet')").stdout == ""
    s.state.warnings_off.add("all")
    s.vm.write = lambda text: (_ for _ in ()).throw(AssertionError(text))
    s.vm.ctx.warn("other:id", "not shown")


def test_ctx_call_runs_handles_and_names():
    s = Session()
    ok("sq = @(x) x .^ 2;", s)
    ctx = s.vm.ctx
    assert ctx.call(s.workspace["sq"], [3.0], 1) == (9.0,)
    assert ctx.call("abs", [-2.0], 1) == (2.0,)


def test_add_figure_reaches_the_result():
    s = Session()
    s.vm.begin_execute()
    s.vm.ctx.add_figure("image")
    assert s.vm.figures == ["image"]
