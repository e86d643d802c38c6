"""Syntax errors: MATLAB-style messages, identifiers and positions; node positions."""
import pytest

from engine.frontend import ast, parse
from frontend_helpers import syntax_error

MISMATCHED = ("Invalid expression. When calling a function or indexing a variable, use parentheses. "
              "Otherwise, check for mismatched delimiters.")


@pytest.mark.parametrize("src, line, column, message", [
    ("x = 1)", 1, 6, MISMATCHED),
    ("x = [1 2)", 1, 9, MISMATCHED),
    ("x = (1", 1, 5, MISMATCHED),
    ("y = 1;\nx = {1, 2", 2, 5, MISMATCHED),
    ("f(1; 2)", 1, 4, MISMATCHED),
    ("x = 1 2", 1, 7, "Invalid expression. Check for missing multiplication operator, missing or unbalanced "
                      "delimiters, or other syntax error. To construct matrices, use brackets instead of "
                      "parentheses."),
    ("x = ", 1, 4, "Invalid expression. Check for missing or extra characters."),
    ("x = 1 +\ny = 2", 1, 8, "Invalid expression. Check for missing or extra characters."),
    ("end", 1, 1, 'Illegal use of reserved keyword "end".'),
    ("x = 1\nelse", 2, 1, 'Illegal use of reserved keyword "else".'),
    ("x = if", 1, 5, 'Illegal use of reserved keyword "if".'),
    ("if x\n  y = 1;\n", 1, 1, "At least one END is missing. The statement beginning here does not have a "
                               "matching end."),
    ("x = 1;\nfor k = 1:3\n  while 1\n  end\n", 2, 1, "At least one END is missing. The statement beginning "
                                                     "here does not have a matching end."),
    ("a != b", 1, 3, "Invalid use of '!': MATLAB writes negation as '~' and inequality as '~='."),
    ("x = !a", 1, 5, "Invalid use of '!': MATLAB writes negation as '~' and inequality as '~='."),
    ("!", 1, 1, "A shell escape '!' needs a command after it."),
    ("x = 'abc", 1, 5, "Character vector is not terminated properly."),
    ('x = "abc', 1, 5, "String is not terminated properly."),
    ("x = 3 $ 4", 1, 7, "The input character '$' is not valid in MATLAB statements or expressions."),
    # digits other than 0-9 are no number (str.isdigit took '²' for one: a Python AttributeError; '٣' read as 3)
    ("x = 2²", 1, 6, "The input character '²' is not valid in MATLAB statements or expressions."),
    ("x = .²", 1, 6, "The input character '²' is not valid in MATLAB statements or expressions."),
    ("x = [1 ٣]", 1, 8, "The input character '٣' is not valid in MATLAB statements or expressions."),
    ("x = 1 +* 2", 1, 8, "Parse error at '*': usage might be invalid MATLAB syntax."),
])
def test_messages_and_positions(src, line, column, message):
    err = syntax_error(src)
    assert err.identifier == "MATLAB:parse"
    assert (err.message, err.line, err.column) == (message, line, column)


def test_report_shows_the_line_and_a_caret():
    err = syntax_error("a = 1;\nb = (2 + 3]")
    assert err.stack[0].name == "<cell>"
    assert err.source_line == "b = (2 + 3]"
    assert err.report().endswith("Error in <cell> (line 2)\nb = (2 + 3]\n          ^")


def test_error_names_the_source():
    with pytest.raises(Exception) as info:
        parse("x = )", name="myscript")
    assert info.value.stack[0].name == "myscript"


def test_positions_of_nodes():
    program = parse("x = 1;\n  if a > b\n    y(2) = -c';\n  end\nz = [1 ...\n  foo]")
    assign, if_stmt, z = program.body
    assert (assign.line, assign.col, assign.value.col) == (1, 1, 5)
    assert (if_stmt.line, if_stmt.col) == (2, 3)
    cond = if_stmt.clauses[0][0]
    assert (cond.line, cond.col, cond.right.col) == (2, 6, 10)
    inner = if_stmt.clauses[0][1][0]
    assert (inner.line, inner.col) == (3, 5)
    assert (inner.targets[0].args[0].line, inner.targets[0].args[0].col) == (3, 7)
    neg = inner.value
    assert isinstance(neg, ast.Unary) and (neg.col, neg.operand.col, neg.operand.operand.col) == (12, 13, 13)
    foo = z.value.rows[0][1]
    assert (foo.name, foo.line, foo.col) == ("foo", 6, 3)


def test_parenthesised_expression_starts_at_its_parenthesis():
    node = parse("v = (a + b) * c").body[0].value
    assert (node.col, node.left.col, node.left.left.col) == (5, 5, 6)


def test_byte_order_mark_is_ignored():
    assert parse("\ufeffx = 1").body[0].col == 1


def test_crlf_line_endings():
    program = parse("x = 1;\r\ny = [1 2\r\n3 4]\r\n")
    assert program.body[1].value.rows[1][0].line == 3
