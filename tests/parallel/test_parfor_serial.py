"""parfor without a pool: MATLAB's classification of its variables (engine/mir/parfor.py) and the loop
run serially in the client (engine/parallel/loop.py). Expected values of valid loops come from GNU Octave
(which runs parfor as a for loop: the same values where the loop is valid)."""
import numpy as np
import pytest

from engine import Session
from engine.vm.build import build_mir


def classes_of(code: str, workspace=None):
    state = build_mir(code, "<cell>", workspace or {})
    found = [ins.attr.classes for b in state.module.main.blocks for ins in b.instrs if ins.op == "parfor"]
    return found[0]


def run(code: str) -> Session:
    s = Session(device="cpu")
    r = s.execute(code)
    assert r.error is None, r.error.report()
    return s


def error_of(code: str):
    r = Session(device="cpu").execute(code)
    assert r.error is not None
    return r.error


def test_classification_of_matlab_documentation_example():
    code = ("a = 0; c = pi; z = 0; r = rand(1,10);\n"
            "parfor i = 1:10\n  a = i;\n  z = z + i;\n  b(i) = r(i);\n  if i <= c\n    d = 2*a;\n  end\nend")
    classes = classes_of(code)
    assert classes.loop == "i"
    assert list(classes.sliced_inputs) == ["r"] and list(classes.sliced_outputs) == ["b"]
    assert classes.broadcasts == ["c"]
    assert {n: str(f) for n, f in classes.reductions.items()} == {"z": "+"}
    assert sorted(classes.temporaries) == ["a", "d"]


def test_slicing_forms_and_reduction_forms():
    code = ("k = 2; A = rand(4, 6); x = 1; y = []; m = 0;\n"
            "parfor i = 1:4\n  B(i+k, :, end) = A(i, :);\n  x = x * i;\n  y = [i; y];\n  m = max(m, i);\nend")
    classes = classes_of(code)
    assert str(classes.sliced_inputs["A"]) == "(i,:)"
    assert str(classes.sliced_outputs["B"]) == "(i+k,:,end)"
    assert {n: str(f) for n, f in classes.reductions.items()} == {"x": "*", "y": "[;] (right)", "m": "max"}
    assert classes.broadcasts == ["k"]


def test_read_at_two_subscripts_is_a_broadcast():
    classes = classes_of("A = 1:5; parfor i = 1:4, b(i) = A(i) + A(i+1); end")
    assert classes.broadcasts == ["A"] and list(classes.sliced_outputs) == ["b"]


@pytest.mark.parametrize("code, name", [
    ("parfor i = 1:3, x(2*i) = i; end", "x"),                 # not i, i+k, i-k, k+i or k-i
    ("parfor i = 1:3, x(1) = i; end", "x"),                   # assigned without the loop variable
    ("x = zeros(1,3); parfor i = 1:3, x(i) = i; y = x; end", "x"),   # sliced, also read whole
    ("parfor i = 1:3, i = 2; end", "i"),                      # assigning the loop variable
    ("s = 0; parfor i = 1:3, s(i) = s + 1; end", "s"),
])
def test_unclassifiable_variables_are_matlab_static_errors(code, name):
    err = error_of(code)
    assert err.identifier == "MATLAB:parfor:VariableNotClassified"
    assert err.message == f"The variable {name} in a parfor cannot be classified."


def test_a_reduction_used_elsewhere_is_a_temporary():
    # MATLAB: s is a temporary (cleared before each iteration), so reading it is an error
    classes = classes_of("s = 0; parfor i = 1:3, s = s + i; t = s; end")
    assert "s" in classes.temporaries and not classes.reductions
    err = error_of("s = 0; parfor i = 1:3, s = s + i; t = s; end")
    assert err.identifier == "MATLAB:UndefinedFunction"


@pytest.mark.parametrize("code, identifier", [
    ("parfor i = 1:2:7, end", "MATLAB:parfor:InvalidParforLoopRangeStep"),
    ("parfor i = 3:-1:1, end", "MATLAB:parfor:InvalidParforLoopRangeStep"),
    ("parfor i = 0:0.5:2, end", "MATLAB:parfor:range_endpoint"),
    ("parfor i = [1; 2], end", "MATLAB:parfor:range_not_row_vector"),
    ("parfor (i = 1:3, -1), end", "MATLAB:parfor:InvalidNumWorkers"),
    ("parfor i = 1:3, break; end", "MATLAB:parfor:InvalidStatement"),
])
def test_invalid_loops(code, identifier):
    assert error_of(code).identifier == identifier


def test_serial_loop_matches_octave():
    s = run("r = (1:6).^2; b = zeros(1,6); s = 0; p = 1; c = []; m = Inf;\n"
            "parfor i = 1:6, t = r(i) + 1; b(i) = t * 2; s = s + t; p = p * i; c = [c; i]; m = min(m, r(i) - 10); end\n"
            "A = magic(4); parfor k = 1:4, B(k, :) = A(k, :) .* k; end")
    # GNU Octave 9
    np.testing.assert_array_equal(s.get("b"), np.array([[4., 10., 20., 34., 52., 74.]]))
    assert s.get("s")[0, 0] == 97.0 and s.get("p")[0, 0] == 720.0 and s.get("m")[0, 0] == -9.0
    np.testing.assert_array_equal(s.get("c"), np.arange(1.0, 7.0).reshape(6, 1))
    np.testing.assert_array_equal(s.get("B"), np.array([[16., 2., 3., 13.], [10., 22., 20., 16.],
                                                        [27., 21., 18., 36.], [16., 56., 60., 4.]]))


def test_temporaries_and_loop_variable_leave_the_workspace_alone():
    # MATLAB documentation (Temporary Variables): a temporary has no effect on a variable of the same name
    # outside the loop (Octave runs a for loop, which leaves a = 10)
    s = run("a = 7; i = 100; parfor i = 1:10, a = i; b(i) = a; end")
    assert s.get("a")[0, 0] == 7.0 and s.get("i")[0, 0] == 100.0
    assert "t" not in Session(device="cpu").workspace
    s = run("parfor i = 1:3, t = i; end")
    assert "t" not in s.workspace and "i" not in s.workspace


def test_empty_range_and_continue():
    s = run("s = 5; parfor i = 1:0, s = s + i; end")
    assert s.get("s")[0, 0] == 5.0
    s = run("s = 0; parfor i = 1:6\n  if mod(i, 2), continue; end\n  s = s + i;\nend")
    assert s.get("s")[0, 0] == 12.0


def test_error_inside_an_iteration_names_its_line():
    err = error_of("parfor i = 1:3\n  y = i + 1;\n  if i == 2, error('my:id', 'boom %d', i); end\nend")
    assert (err.identifier, err.message, err.stack[0].line) == ("my:id", "boom 2", 3)


def test_parfor_in_a_function_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "squares.m").write_text(
        "function [v, total] = squares(n)\n  total = 0;\n  parfor k = 1:n\n    v(k) = helper(k);\n"
        "    total = total + v(k);\n  end\nend\nfunction y = helper(x)\n  y = x^2;\nend\n")
    s = run("[v, t] = squares(4);")
    np.testing.assert_array_equal(s.get("v"), np.array([[1.0, 4.0, 9.0, 16.0]]))
    assert s.get("t")[0, 0] == 30.0
