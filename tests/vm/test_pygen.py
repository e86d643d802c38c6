"""The specialised Python functions that run code objects (engine/vm/pygen.py)."""
import math

from engine.vm.build import build_cell
from engine.vm.code import JUMPS
from engine.vm.pygen import GROUP, block_starts, specialise
from vmhelp import failure, ok


def source_of(text: str) -> str:
    code, _ = build_cell(text, "cell", {})
    return specialise(code).source


def test_scalar_arithmetic_is_inline_with_literal_constants():
    src = source_of("s = 0;\nfor i = 1:10\n  s = s + i * 0.5;\nend")
    fast, slow = src.split("if type(x) is float:\n", 1)[1].split("else:\n", 1)
    assert fast.strip().endswith("= x * 0.5") and slow.lstrip().split("\n")[0].endswith("= binop('*', x, 0.5)")
    assert slow.split("\n")[1].strip() == "if vm.interrupted:"       # only the slow path checks
    assert "R[1] = 0.0" in src or "= 0.0\n" in src
    assert "advance(vm, R, st," in src and "continue" in src


def test_blocks_start_at_targets_and_after_jumps():
    code, _ = build_cell("x = 1;\nif x > 0\n  y = 2;\nelse\n  y = 3;\nend\nz = 4;", "cell", {})
    starts = block_starts(code)
    assert starts[0] == 0 and starts == sorted(set(starts))
    for pc, a in enumerate(code.args):
        if code.ops[pc] in JUMPS:
            assert a[-1] in starts


def test_many_blocks_and_a_loop_at_the_end_jump_back_across_groups():
    # more than GROUP blocks before the loop: its back edge skips whole groups
    ifs = "\n".join(f"if k0 > {k}, a{k} = {k}; else, a{k} = -1; end" for k in range(GROUP * 2))
    s = ok(f"k0 = 5;\n{ifs}\nt = 0;\nfor i = 1:1000\n  if mod(i, 2) == 0\n    t = t + i;\n  end\nend")
    assert s.get("t")[0, 0] == 250500.0 and s.get("a3")[0, 0] == 3.0 and s.get("a7")[0, 0] == -1.0


def test_error_line_comes_from_the_failing_instruction():
    err = failure("x = 1;\ny = x + 2;\nv = [1 2 3];\nw = v(x + 5);\nz = 3;")
    assert err.stack[0].line == 4
    err = failure("s = 0;\nfor k = 1:3\n  s = s + k;\n  if k == 2\n    q = undefined_thing + 1;\n  end\nend")
    assert err.stack[0].line == 5 and "undefined_thing" in err.message


def test_try_catch_inside_a_loop_resumes_at_the_handler():
    s = ok("n = 0;\nfor k = 1:5\n  try\n    if mod(k, 2)\n      error('a:b', 'odd');\n    end\n"
           "    n = n + 1;\n  catch e\n    n = n + 10;\n  end\nend")
    assert s.get("n")[0, 0] == 32.0


def test_undefined_after_clear_names_the_variable():
    err = failure("x = 1;\nclear x\ny = x * 2;")
    assert "x" in err.message and err.stack[0].line == 3


def test_while_loop_with_break_continue_and_nan_condition():
    s = ok("k = 0; c = 0;\nwhile true\n  k = k + 1;\n  if k > 10, break; end\n  if mod(k, 3), continue; end\n"
           "  c = c + 1;\nend\nif NaN > 0, d = 1; else, d = 2; end")
    assert s.get("c")[0, 0] == 3.0 and s.get("d")[0, 0] == 2.0


def test_float_literals_keep_sign_and_value():
    s = ok("a = -0; b = 1/a; c = 1e308 * 10; d = 3 - 0.1;")
    assert s.get("b")[0, 0] == -math.inf and s.get("c")[0, 0] == math.inf and s.get("d")[0, 0] == 2.9


def test_element_reads_and_inplace_writes_fall_back_outside_the_fast_case():
    s = ok("A = zeros(2, 3);\nfor i = 1:2\n  for j = 1:3\n    A(i, j) = i * 10 + j;\n  end\nend\n"
           "B = A; B(2, 2) = -1; A(2, 4) = 5; c = A(2, 3); d = A(3); e = A(end); C = {1, 2}; C{2} = 7;")
    assert s.get("A").tolist() == [[11, 12, 13, 0], [21, 22, 23, 5]]
    assert s.get("B")[1, 1] == -1.0 and s.get("A")[1, 1] == 22.0
    assert s.get("c")[0, 0] == 23.0 and s.get("d")[0, 0] == 12.0 and s.get("e")[0, 0] == 5.0


def test_brace_assignment_to_a_double_matrix_is_an_error():
    # the in-place scalar write is for A(i) = x only: A{i} = x on a matrix stays MATLAB's error
    err = failure("A = zeros(1, 3);\nA(1) = 2;\nfor k = 1:2\n  A{k} = 1;\nend")
    assert err.stack[0].line == 4
