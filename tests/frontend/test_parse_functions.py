"""Function definitions: signatures, with and without end, local functions, function files, help text."""
import pytest

from engine.frontend import ast, parse
from frontend_helpers import I, N, syntax_error


@pytest.mark.parametrize("line, name, params, outputs", [
    ("function name", "name", (), ()),
    ("function name()", "name", (), ()),
    ("function name(a, b)", "name", ("a", "b"), ()),
    ("function y = name(a)", "name", ("a",), ("y",)),
    ("function y = name", "name", (), ("y",)),
    ("function [a, b] = name(x, varargin)", "name", ("x", "varargin"), ("a", "b")),
    ("function [a b] = name(x)", "name", ("x",), ("a", "b")),
    ("function [] = name(x)", "name", ("x",), ()),
    ("function varargout = name(~, y)", "name", ("~", "y"), ("varargout",)),
])
def test_signatures(line, name, params, outputs):
    fn = parse(f"{line}\n  x = 1;\nend").functions[0]
    assert (fn.name, fn.params, fn.outputs) == (name, params, outputs)
    assert fn.body == (ast.Assign((I("x"),), N(1), False),)


def test_function_file_with_end():
    program = parse("function y = f(x)\n  y = g(x);\nend\n\nfunction z = g(x)\n  z = x;\nend\n")
    assert program.is_function_file and program.body == ()
    assert [f.name for f in program.functions] == ["f", "g"]


def test_function_file_without_end():
    program = parse("function y = f(x)\n  if x\n    y = 1;\n  end\nfunction z = g(x)\n  z = x;\n")
    assert program.is_function_file
    f, g = program.functions
    assert isinstance(f.body[0], ast.If) and len(f.body) == 1
    assert g.body == (ast.Assign((I("z"),), I("x"), False),)


def test_leading_comments_do_not_stop_a_function_file():
    assert parse("% a file\n\nfunction f\nend").is_function_file


def test_script_with_local_functions():
    program = parse("x = f(2)\ny = 3;\n\nfunction r = f(a)\n  r = a;\nend\nfunction g\nend\n")
    assert not program.is_function_file
    assert [type(s) for s in program.body] == [ast.Assign, ast.Assign]
    assert [f.name for f in program.functions] == ["f", "g"]


def test_mixing_end_styles_is_an_error():
    err = syntax_error("function f\nend\nfunction g\n  x = 1;\n")
    assert "terminated with 'end'" in err.message and (err.line, err.column) == (3, 1)


def test_statement_after_a_function_is_an_error():
    err = syntax_error("function y = f(x)\n  y = x;\nend\nz = 1")
    assert err.message.startswith("This statement is not inside any function.")
    assert '"f"' in err.message and (err.line, err.column) == (4, 1)
    err = syntax_error("function a\nend\nfunction [p, q] = b(x)\nend\nz = 1")
    assert err.message.endswith('definition of the function "b".)')


def test_help_text_after_the_function_line():
    src = "function y = f(x)\n% F  Square a number.\n%   y = f(x) squares x.\n\n% not help\ny = x^2;\nend"
    assert parse(src).functions[0].doc == "F  Square a number.\n  y = f(x) squares x."


def test_help_text_before_the_function_line_in_a_file():
    src = "% G  Do nothing.\n%   Really.\nfunction g\nend"
    assert parse(src).functions[0].doc == "G  Do nothing.\n  Really."


def test_no_help_text():
    assert parse("function g\n  x = 1; % not help\nend").functions[0].doc == ""


def test_local_function_help_text():
    src = "x = 1;\nfunction h\n  % H  Helper.\nend"
    assert parse(src).functions[0].doc == "H  Helper."


def test_block_comment_help_text():
    src = "function f\n%{\n F  Block help.\n   Second line.\n%}\nend"
    assert parse(src).functions[0].doc == "F  Block help.\n  Second line."


def test_nested_functions_belong_to_their_parent():
    src = ("function h = counter()\n  n = 0;\n  function c = bump\n    n = n + 1;\n    function deep\n    end\n"
           "  end\n  h = @bump;\nend\nfunction other\nend")
    outer, other = parse(src).functions
    assert [f.name for f in outer.nested] == ["bump"] and [f.name for f in outer.nested[0].nested] == ["deep"]
    assert [type(st).__name__ for st in outer.body] == ["Assign", "Assign"] and other.nested == ()
    assert (outer.nested[0].line, outer.nested[0].col, outer.nested[0].outputs) == (3, 3, ("c",))


def test_a_function_inside_a_control_block_is_not_nested():
    err = syntax_error("function a\n  if 1\n    function b\n    end\n  end\nend")
    assert err.message.startswith("At least one END is missing") and (err.line, err.column) == (2, 3)


def test_without_ends_a_function_line_starts_the_next_function():
    outer, second = parse("function outer\n  x = 1;\nfunction second\n  y = 2;\n").functions
    assert outer.nested == () and second.name == "second"
    err = syntax_error("function outer\n  x = 1;\n  function inner\n  end\n")
    assert err.message.startswith("All functions in a file must be terminated with 'end'")


def test_function_inside_an_unclosed_block_points_at_the_block():
    err = syntax_error("function f\n  if x\n    y = 1;\nfunction g\n")
    assert err.message.startswith("At least one END is missing") and (err.line, err.column) == (2, 3)


def test_function_after_a_separator_inside_an_expression_context():
    err = syntax_error("x = [1\nfunction g]")
    assert err.identifier == "MATLAB:parse"
