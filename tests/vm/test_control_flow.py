"""Statements: loops, branches, switch, short-circuit logic, display of unsuppressed results."""
import numpy as np

from vmhelp import failure, ok, run, scalar, value


def test_for_over_range_sums():
    assert scalar("s = 0; for i = 1:100, s = s + i; end", "s") == 5050.0


def test_for_with_negative_and_fractional_steps():
    assert value("v = []; for k = 5:-2:1, v(end+1) = k; end", "v").tolist() == [[5.0, 3.0, 1.0]]
    assert value("v = []; for k = 0:0.25:1, v(end+1) = k; end", "v").tolist() == [[0, 0.25, 0.5, 0.75, 1.0]]


def test_for_over_matrix_columns_and_cells():
    assert value("t = []; for c = [1 2; 3 4], t = [t, c(1) * 10 + c(2)]; end", "t").tolist() == [[13.0, 24.0]]
    assert value("n = {}; for c = {1, 'a'}, n{end+1} = class(c); end", "n").tolist() == [["cell", "cell"]]


def test_empty_for_leaves_variable_empty():
    s = ok("for i = 1:0, end")
    assert s.get("i").shape == (1, 0)


def test_loop_variable_keeps_last_value_and_reassignment_does_not_change_iteration():
    s = ok("n = 0; for i = 1:3, n = n + 1; i = 10; end")
    assert s.get("n")[0, 0] == 3.0 and s.get("i")[0, 0] == 10.0


def test_while_break_continue():
    s = ok("k = 0; s = 0; while true, k = k + 1; if k > 10, break, end, if mod(k, 2), continue, end, s = s + k; end")
    assert s.get("s")[0, 0] == 30.0 and s.get("k")[0, 0] == 11.0


def test_nested_break_only_leaves_inner_loop():
    assert scalar("c = 0; for i = 1:3, for j = 1:3, if j == 2, break, end, c = c + 1; end, end", "c") == 3.0


def test_if_elseif_else():
    code = "r = []; for x = [-1 0 1], if x < 0, r(end+1) = -10; elseif x == 0, r(end+1) = 0; else, r(end+1) = 10; end, end"
    assert value(code, "r").tolist() == [[-10.0, 0.0, 10.0]]


def test_if_on_arrays_requires_all_nonzero_and_nonempty():
    assert scalar("a = 0; if [1 1 1], a = 1; end", "a") == 1.0
    assert scalar("a = 0; if [1 0 1], a = 1; end", "a") == 0.0
    assert scalar("a = 0; if [], a = 1; end", "a") == 0.0


def test_short_circuit_skips_right_operand():
    assert scalar("x = 0; if false && undefined_fn(), x = 1; end", "x") == 0.0
    assert scalar("x = 0; if true || undefined_fn(), x = 1; end", "x") == 1.0
    out = value("t = 1 > 2 || 3 > 2", "t")
    assert out.dtype == np.bool_ and out[0, 0]


def test_switch_numbers_strings_and_cells():
    code = """
    r = {};
    for v = {3, 'abc', 'q', 7}
        switch v{1}
            case 3
                r{end+1} = 'three';
            case {'x', 'abc'}
                r{end+1} = 'text';
            case 'q'
                r{end+1} = 'q';
            otherwise
                r{end+1} = 'other';
        end
    end
    """
    assert value(code, "r").tolist() == [["three", "text", "q", "other"]]


def test_parfor_runs_as_for():
    assert scalar("s = 0; parfor i = 1:4, s = s + i; end", "s") == 10.0


def test_display_of_unsuppressed_statements():
    _, r = run("x = 5\ny = 2;\nx\n3 + 4")
    assert r.stdout == "x = 5\nx = 5\nans = 7\n"


def test_expression_statement_sets_ans_but_call_without_output_does_not():
    s = ok("7;\ndisp(1);")
    assert s.get("ans")[0, 0] == 7.0


def test_matrix_and_cell_literals_with_comma_lists():
    s = ok("c = {1, 2, 3}; m = [c{:}]; d = {c{2:3}, 'z'}; st(1).f = 4; st(2).f = 5; v = [st.f];")
    assert s.get("m").tolist() == [[1.0, 2.0, 3.0]]
    assert s.get("d").shape == (1, 3) and s.get("d")[0, 2] == "z"
    assert s.get("v").tolist() == [[4.0, 5.0]]


def test_end_in_indexing_and_growth():
    s = ok("a = [1 2 3 4]; b = a(end); c = a(end-1:end); a(end+1) = 9; m = magic(4); e = m(end, 2);")
    assert s.get("b")[0, 0] == 4.0 and s.get("c").tolist() == [[3.0, 4.0]]
    assert s.get("a").tolist() == [[1, 2, 3, 4, 9]] and s.get("e")[0, 0] == 14.0


def test_end_of_undefined_variable_in_assignment_is_zero():
    assert value("clear q; q(end+1) = 5;", "q").tolist() == [[5.0]]


def test_struct_and_cell_assignment_paths():
    s = ok("s.a.b = 1; s.a.c{2} = 'x'; s.list(3) = 7; f = 'dyn'; s.(f) = 2;")
    got = s.get("s")
    assert got["a"]["b"][0, 0] == 1.0 and got["a"]["c"][0, 1] == "x"
    assert got["list"].tolist() == [[0.0, 0.0, 7.0]] and got["dyn"][0, 0] == 2.0


def test_multiple_assignment_from_comma_list():
    s = ok("c = {10, 20}; [a, b] = c{:};")
    assert s.get("a")[0, 0] == 10.0 and s.get("b")[0, 0] == 20.0


def test_comma_list_targets_take_as_many_outputs_as_elements():
    s = ok("c = cell(1, 2); [c{:}] = deal(10, 20); st = struct('v', {1, 2, 3}); [st.v] = deal(0); "
           "z = {}; [z{1:3}] = deal('x'); [m{1:2}] = max([4 9 1]); [q.a, w] = deal(1, 2); p.x = max([1 3 2]);")
    assert [v[0, 0] for v in s.get("c").ravel()] == [10.0, 20.0]
    assert [e["v"][0, 0] for e in s.get("st").ravel()] == [0.0, 0.0, 0.0]
    assert s.get("z").tolist() == [["x", "x", "x"]]
    assert [v[0, 0] for v in s.get("m").ravel()] == [9.0, 2.0]
    assert s.get("q")["a"][0, 0] == 1.0 and s.get("w")[0, 0] == 2.0 and s.get("p")["x"][0, 0] == 3.0


def test_comma_list_target_with_too_few_outputs_is_an_error():
    assert failure("c = cell(1, 3); [c{:}] = numel(1);").identifier == "MATLAB:TooManyOutputs"
