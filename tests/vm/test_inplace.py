"""Value semantics with in-place updates: A(i) = v does not copy A each time, and never aliases."""
import os
import weakref

import numpy as np

from engine.runtime.values import CharArray
from engine.session import Session
from vmhelp import failure, ok


def test_copy_on_assignment_is_not_aliased():
    s = ok("A = [1 2 3]; B = A; A(1) = 5;")
    assert s.get("B").tolist() == [[1.0, 2.0, 3.0]] and s.get("A").tolist() == [[5.0, 2.0, 3.0]]


def test_alias_after_ownership_was_taken():
    s = ok("A = zeros(1, 3); A(1) = 1; B = A; A(2) = 2; C = {A}; A(3) = 3; f = @() A; A(1) = 9;")
    assert s.get("B").tolist() == [[1.0, 0.0, 0.0]]
    assert s.get("C")[0, 0].tolist() == [[1.0, 2.0, 0.0]]
    ok("g = f();", s)
    assert s.get("g").tolist() == [[1.0, 2.0, 3.0]] and s.get("A").tolist() == [[9.0, 2.0, 3.0]]


def test_copy_of_a_variable_built_in_a_loop_is_not_aliased():
    """A wrong answer found by the corpus (chemineer helpde.m, a Gauss-Seidel solver): in a function, a
    matrix first made by indexed assignments inside a loop may be undefined where ``u0 = u`` reads it;
    that copy kept u's in-place claim, so the next ``u(i, j) = ...`` changed u0 too and the convergence
    test max(abs(u - u0)) < tol stopped the iteration at once."""
    code = ("r = f();\nfunction d = f()\n  for k = 1:3, u(k, [1 3]) = [1 2]; end\n  d = 0;\n  for it = 1:3\n"
            "    u(2, 2) = it;\n    if it > 1, d = d + isequal(u, u0); end\n    u0 = u;\n  end\nend")
    s = ok(code)
    assert s.get("r")[0, 0] == 0.0


def test_function_modifying_argument_leaves_caller_intact():
    code = "A = [1 2 3]; A(2) = 7; B = change(A);\nfunction X = change(X)\n  X(1) = 100;\nend"
    s = ok(code)
    assert s.get("A").tolist() == [[1.0, 7.0, 3.0]] and s.get("B").tolist() == [[100.0, 7.0, 3.0]]


def test_slices_taken_before_update_do_not_change():
    s = ok("A = magic(3); A(1, 1) = 0; col = A(:, 1); A(2, 1) = -1; row = A(2, :); A(2, 2) = -2;")
    assert s.get("col").tolist() == [[0.0], [3.0], [4.0]]
    assert s.get("row").tolist() == [[-1.0, 5.0, 7.0]]


def test_vector_transpose_shares_no_value():
    """y' of a vector is a reshape of y's array; updating either afterwards (in place once owned, in a
    loop or not) leaves the other as it was."""
    s = ok("y = zeros(1, 4); y(1) = 1; x = y'; y(2) = 2; x(3) = 3; z = x'; for k = 1:4, x(k) = -k; end\n"
           "w = single(1:3)'; v = w'; v(1) = 7;")
    assert s.get("y").tolist() == [[1.0, 2.0, 0.0, 0.0]]
    assert s.get("x").tolist() == [[-1.0], [-2.0], [-3.0], [-4.0]]
    assert s.get("z").tolist() == [[1.0, 0.0, 3.0, 0.0]]
    assert s.get("w").tolist() == [[1.0], [2.0], [3.0]] and s.get("v").tolist() == [[7.0, 2.0, 3.0]]


def test_colon_index_is_a_new_array_in_either_layout():
    """A(:) copies once: the column-order reshape of a row-major array is already new (no second copy),
    that of a column-major one a view, which is copied; later updates of A leave it as it was."""
    from engine.runtime.indexing import select
    for order in "CF":
        data = np.asarray(np.arange(6.0).reshape(2, 3), order=order)
        column = select(data, [CharArray.from_str(":")])
        assert column.tolist() == [[0.0], [3.0], [1.0], [4.0], [2.0], [5.0]]
        assert not np.shares_memory(column, data)
    s = ok("A = zeros(2, 3); A(1) = 1; c = A(:); A(2) = 5; B = [1 2; 3 4]; B(1) = 0; d = B(:); B(2) = 9;")
    assert s.get("c").ravel().tolist() == [1.0, 0, 0, 0, 0, 0] and s.get("d").ravel().tolist() == [0.0, 3, 2, 4]


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


def test_callee_updates_to_its_arguments_never_reach_the_caller():
    """A function that updates its arguments (a column of an array, a struct's field array, a nested
    field, a cell's content) works on its own copies: the caller's values and the copies the caller took
    stay as they were, however often it is called."""
    code = ("A = reshape(1:6, 2, 3); A(1, 1) = 1; B = A;\n"
            "s.v = zeros(1, 3); s.v(1) = 1; s.inner.w = [1 2 3]; t = s;\n"
            "c = {[1 2], 'x'}; c{1}(1) = 1; d = c; kept = {A, s, c};\n"
            "for k = 1:3\n  [A2, s2, c2] = change(A, s, c);\nend\n"
            "function [A, s, c] = change(A, s, c)\n"
            "  A(:, 2) = [10; 20];\n  A(2, :) = A(1, :);\n  s.v(2) = 5;\n  s.inner.w(3) = 7;\n  c{1}(2) = 9;\nend")
    s = ok(code)
    for name in ("A", "B"):
        assert s.get(name).tolist() == [[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]]
    assert s.get("A2").tolist() == [[1.0, 10.0, 5.0], [1.0, 10.0, 5.0]]
    for name in ("s", "t"):
        assert s.get(name)["v"].tolist() == [[1.0, 0.0, 0.0]] and s.get(name)["inner"]["w"].tolist() == [[1, 2, 3]]
    assert s.get("s2")["v"].tolist() == [[1.0, 5.0, 0.0]] and s.get("s2")["inner"]["w"].tolist() == [[1, 2, 7]]
    for name in ("c", "d"):
        assert s.get(name)[0, 0].tolist() == [[1.0, 2.0]]
    assert s.get("c2")[0, 0].tolist() == [[1.0, 9.0]]
    kept = s.get("kept")
    assert kept[0, 0].tolist() == [[1.0, 3.0, 5.0], [2.0, 4.0, 6.0]] and kept[0, 1]["v"].tolist() == [[1, 0, 0]]
    assert kept[0, 2][0, 0].tolist() == [[1.0, 2.0]]


def test_field_updates_in_place_never_change_values_that_share_the_field():
    """s.v(k) = x updates s.v where it is only when nothing else holds it: a copy of s, the array s.v was
    set from, a value read from s.v, a cell or handle that captured s all keep their values."""
    code = ("A = [1 2 3]; s.v = A; s.v(1) = 10;\n"
            "t = s; s.v(2) = 20;\n"
            "x = s.v; s.v(3) = 30;\n"
            "c = {s}; s.v(1) = 40;\n"
            "f = @() s; s.v(2) = 50;\n"
            "s.a.b = [1 2]; u = s.a; s.a.b(2) = 60; g = f();")
    s = ok(code)
    assert s.get("A").tolist() == [[1.0, 2.0, 3.0]]
    assert s.get("t")["v"].tolist() == [[10.0, 2.0, 3.0]]
    assert s.get("x").tolist() == [[10.0, 20.0, 3.0]]
    assert s.get("c")[0, 0]["v"].tolist() == [[10.0, 20.0, 30.0]]
    assert s.get("g")["v"].tolist() == [[40.0, 20.0, 30.0]]
    assert s.get("s")["v"].tolist() == [[40.0, 50.0, 30.0]]
    assert s.get("u")["b"].tolist() == [[1.0, 2.0]] and s.get("s")["a"]["b"].tolist() == [[1.0, 60.0]]


def test_field_and_cell_content_loops_update_one_buffer():
    """After its first copy, s.v(k) = k and c{1}(k) = k in a loop write into the same array (they copied
    the whole array each time)."""
    s = Session()
    ok("s.v = zeros(1, 6); s.v(1) = 1; c = {zeros(1, 6)}; c{1}(1) = 1;", s)
    field = weakref.ref(s.workspace["s"].data[0, 0]["v"])
    content = weakref.ref(s.workspace["c"].data[0, 0])
    ok("for k = 2:6\n  s.v(k) = k;\n  c{1}(k) = -k;\nend", s)
    assert s.workspace["s"].data[0, 0]["v"] is field() and s.workspace["c"].data[0, 0] is content()
    assert s.get("s")["v"].tolist() == [[1, 2, 3, 4, 5, 6]] and s.get("c")[0, 0].tolist() == [[1, -2, -3, -4, -5, -6]]


def test_column_reads_and_writes_report_errors_at_their_line():
    code = "A = magic(3);\nB = cols(A);\nfunction A = cols(A)\n  x = A(:, 2);\n  A(:, 4) = x;\n  A(:, 1) = [1 2];\nend"
    err = failure(code)
    assert (err.identifier, err.line) == ("MATLAB:subsassigndimmismatch", 6)
    assert err.message == ("Unable to perform assignment because the size of the left side is 3-by-1 and the size "
                           "of the right side is 1-by-2.")
    err = failure("A = magic(3);\nfor k = 1:4\n  x = A(:, k);\nend")
    assert (err.identifier, err.line) == ("MATLAB:badsubscript", 3)
    assert err.message == "Index in position 2 exceeds array bounds. Index must not exceed 3."
    err = failure("A = magic(3);\nfor k = [1 0.5]\n  A(k, :) = 1;\nend")
    assert (err.identifier, err.line) == ("MATLAB:badsubscript", 3)
    assert err.message == "Array indices must be positive integers or logical values."


def test_reading_rows_and_columns_keeps_the_claim_for_in_place_writes():
    """x = A(:, k) makes a new array, so A may still be updated in place after it (each column copy
    used to cost a copy of A); a handle called with A as its subscript may return A itself, and drops it."""
    s = Session()
    ok("A = reshape(1:15, 3, 5); B = A; A(1) = 1;", s)
    before = weakref.ref(s.workspace["A"])
    ok("for k = 1:4\n  A(:, k) = A(:, k + 1);\n  r = A(2, :);\nend", s)
    assert s.workspace["A"] is before()
    assert s.get("A")[:, 3].tolist() == [13.0, 14.0, 15.0] and s.get("B")[:, 0].tolist() == [1.0, 2.0, 3.0]
    ok("f = @(x) x; X = zeros(1, 3); X(1) = 1; for k = 1:1, Y = f(X); X(2) = 2; end", s)
    assert s.get("Y").tolist() == [[1.0, 0.0, 0.0]] and s.get("X").tolist() == [[1.0, 2.0, 0.0]]


def test_a_function_updating_its_parameter_in_a_loop_copies_it_once():
    """x(k) = x(k-1) + 1 on a parameter x whose first read is inside the loop: that read is a check of
    the slot itself (LOADNAME x x), no longer a temporary copy of the reference, which dropped the
    in-place claim at every iteration (a copy of x per step); an argument the caller did not pass
    still raises at its first read."""
    code = ("y = fillp(zeros(1, 5), 5); z = fillp([1 2], 2);\n"
            "function x = fillp(x, n)\n  for k = 2:n\n    x(k) = x(k-1) + 1;\n  end\nend")
    s = ok(code)
    assert s.get("y").tolist() == [[0, 1, 2, 3, 4]] and s.get("z").tolist() == [[1, 2]]
    listing = str(s.vm.cell_functions["fillp"])
    loop = listing.split("FORITER")[1]
    assert "LOADNAME   x x 'x' True" in loop and "DISOWN     x -" not in loop
    assert [line.split()[-3:] for line in loop.splitlines() if "DISOWN" in line] == [["x", "r7", "x"]]
    err = failure("y = twice();\nfunction y = twice(x)\n  y = 0;\n  for k = 1:2\n    y = y + x;\n  end\nend")
    assert (err.identifier, err.line) == ("MATLAB:minrhs", 5)


def test_reading_a_field_keeps_the_struct_updatable_in_place():
    """s.v(k) = s.v(k-1) + s.n reads fields of s while updating one: the reads take the field's value,
    never s's own storage, so s keeps its claim, and the temporaries that held s.v let it go, so the
    field's array is updated where it is (it was copied every iteration); a value read into a variable
    still makes the next update copy."""
    s = Session()
    ok("s.v = zeros(1, 6); s.n = 2; s.v(1) = 1; c = {zeros(1, 3)}; c{1}(1) = 1;", s)
    field = weakref.ref(s.workspace["s"].data[0, 0]["v"])
    content = weakref.ref(s.workspace["c"].data[0, 0])
    ok("for k = 2:6\n  s.v(k) = s.v(k-1) + s.n;\nend\nfor k = 2:3\n  c{1}(k) = c{1}(k-1) * 10;\nend", s)
    assert s.workspace["s"].data[0, 0]["v"] is field() and s.workspace["c"].data[0, 0] is content()
    assert s.get("s")["v"].tolist() == [[1, 3, 5, 7, 9, 11]] and s.get("c")[0, 0].tolist() == [[1, 10, 100]]
    ok("w = s.v; s.v(1) = -1; d = c{1}; c{1}(1) = -1;", s)
    assert s.get("w").tolist() == [[1, 3, 5, 7, 9, 11]] and s.get("s")["v"][0, 0] == -1
    assert s.get("d").tolist() == [[1, 10, 100]] and s.get("c")[0, 0][0, 0] == -1


def test_zeros_and_ones_over_an_owned_variable_refill_its_array(tmp_path, monkeypatch):
    """X = zeros(...) / ones(...) over an array the frame owns, of the same class and size, writes over
    it (registry.set_refill_path): a cell run again keeps X's buffer; a copy taken before, a captured
    value, a cell content or a global keeps its values, and another size or class makes a new array."""
    monkeypatch.chdir(tmp_path)
    os.utime(tmp_path, (1_000_000, 1_000_000))    # builtins stay resolved: the cell's inline call path
    s = Session()
    ok("A = zeros(3); A(2) = 5;", s)
    buffer = weakref.ref(s.workspace["A"])
    ok("A = zeros(3); A(2) = 5;", s)
    assert s.workspace["A"] is buffer()
    ok("B = A; A = ones(3); C = {A}; A(1) = 2; f = @() A; A = zeros(3, 3); global G; A(3) = 1; G = A; "
       "A = ones(3);", s)
    assert s.get("B")[:, 0].tolist() == [0, 5, 0] and s.get("C")[0, 0].tolist() == [[1.0] * 3] * 3
    ok("g = f(); h = G;", s)
    assert s.get("g")[:, 0].tolist() == [2, 1, 1] and s.get("h")[:, 0].tolist() == [0, 0, 1]
    assert s.get("A").tolist() == [[1.0] * 3] * 3
    ok("for k = 1:3, D = zeros(2, 2); D(k) = k; T{k} = D; end\nE = zeros(2); E(1) = 1; E = zeros(1, 4); "
       "F = ones(2); F(1) = 0; F = ones(2, 'single'); H = zeros(2); H(1) = 1; H = zeros(1);", s)
    assert [t[:, :].ravel(order="F").tolist() for t in s.get("T").ravel()] == [[1, 0, 0, 0], [0, 2, 0, 0],
                                                                                [0, 0, 3, 0]]
    assert s.get("E").tolist() == [[0.0] * 4] and s.get("F").dtype == np.float32
    assert s.workspace["H"] == 0.0 and type(s.workspace["H"]) is float
