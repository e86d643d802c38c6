"""Value semantics with in-place updates: A(i) = v does not copy A each time, and never aliases."""
import numpy as np

from engine.session import Session
from vmhelp import ok


def test_copy_on_assignment_is_not_aliased():
    s = ok("A = [1 2 3]; B = A; A(1) = 5;")
    assert s.get("B").tolist() == [[1.0, 2.0, 3.0]] and s.get("A").tolist() == [[5.0, 2.0, 3.0]]


def test_alias_after_ownership_was_taken():
    s = ok("A = zeros(1, 3); A(1) = 1; B = A; A(2) = 2; C = {A}; A(3) = 3; f = @() A; A(1) = 9;")
    assert s.get("B").tolist() == [[1.0, 0.0, 0.0]]
    assert s.get("C")[0, 0].tolist() == [[1.0, 2.0, 0.0]]
    ok("g = f();", s)
    assert s.get("g").tolist() == [[1.0, 2.0, 3.0]] and s.get("A").tolist() == [[9.0, 2.0, 3.0]]


def test_function_modifying_argument_leaves_caller_intact():
    code = "A = [1 2 3]; A(2) = 7; B = change(A);\nfunction X = change(X)\n  X(1) = 100;\nend"
    s = ok(code)
    assert s.get("A").tolist() == [[1.0, 7.0, 3.0]] and s.get("B").tolist() == [[100.0, 7.0, 3.0]]


def test_slices_taken_before_update_do_not_change():
    s = ok("A = magic(3); A(1, 1) = 0; col = A(:, 1); A(2, 1) = -1; row = A(2, :); A(2, 2) = -2;")
    assert s.get("col").tolist() == [[0.0], [3.0], [4.0]]
    assert s.get("row").tolist() == [[-1.0, 5.0, 7.0]]


def test_loop_updates_one_buffer_in_place():
    s = Session()
    ok("A = zeros(1, 5); A(1) = 1;", s)
    before = s.workspace["A"]
    ok("for k = 2:5, A(k) = k; end", s)
    assert s.workspace["A"] is before
    assert s.get("A").tolist() == [[1.0, 2.0, 3.0, 4.0, 5.0]]


def test_value_from_workspace_is_copied_before_first_update():
    s = Session()
    arr = np.array([[1.0, 2.0]])
    s.set("A", arr)
    ok("A(1) = 9;", s)
    assert arr.tolist() == [[1.0, 2.0]] and s.get("A").tolist() == [[9.0, 2.0]]


def test_cell_element_shared_with_variable_is_not_changed():
    s = ok("x = [1 2]; c = {x}; c{1}(2) = 5; c{1}(1) = 4;")
    assert s.get("x").tolist() == [[1.0, 2.0]] and s.get("c")[0, 0].tolist() == [[4.0, 5.0]]


def test_brace_stores_in_a_loop_update_in_place_and_keep_value_semantics():
    """c{k} = v with a variable k: one element, in place when c is owned (it was a full copy each time),
    never changing a copy taken earlier; the same store works on string arrays (s{k} = 'text')."""
    s = ok("c = cell(1, 3); d = c; for k = 1:3, c{k} = k * 2; end\n"
           "t = [\"ab\", \"c\"]; for k = 1:2, t{k} = upper(t{k}); end")
    assert [v[0, 0] for v in s.get("c").ravel()] == [2.0, 4.0, 6.0]
    assert all(v.size == 0 for v in s.get("d").ravel())
    assert s.get("t").tolist() == [["AB", "C"]]
