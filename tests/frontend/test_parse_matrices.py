"""Matrix and cell literals: MATLAB's whitespace rules, rows, comments and continuations inside."""
import pytest

from engine.frontend import ast
from frontend_helpers import B, C, Call, I, M, N, S, T, U, expr


@pytest.mark.parametrize("src, tree", [
    ("[1 -2]", M([N(1), U("-", N(2))])),
    ("[1 - 2]", M([B("-", N(1), N(2))])),
    ("[1 -2 + 3]", M([N(1), B("+", U("-", N(2)), N(3))])),
    ("[1 +2]", M([N(1), U("+", N(2))])),
    ("[1-2]", M([B("-", N(1), N(2))])),
    ("[1 -  2]", M([B("-", N(1), N(2))])),
    ("[a' b']", M([T(I("a")), T(I("b"))])),
    ("[a 'str']", M([I("a"), S("str")])),
    ("[a (1)]", M([I("a"), N(1)])),
    ("[a(1)]", M([Call("a", N(1))])),
    ("[f(1) 2]", M([Call("f", N(1)), N(2)])),
    ("[f(1, 2) 3]", M([Call("f", N(1), N(2)), N(3)])),
    ("[f(1 -2) 3]", M([Call("f", B("-", N(1), N(2))), N(3)])),
    ("[1 ~0]", M([N(1), U("~", N(0))])),
    ("[a ~= b]", M([B("~=", I("a"), I("b"))])),
    ("[a == b]", M([B("==", I("a"), I("b"))])),
    ("[a .5]", M([I("a"), N(0.5, ".5")])),
    ("[a .* b]", M([B(".*", I("a"), I("b"))])),
    ("[1 : 3]", M([ast.Range(N(1), None, N(3))])),
    ("[x.y z]", M([ast.Field(I("x"), "y"), I("z")])),
    ("[c{1} c{2}]", M([ast.CellIndex(I("c"), (N(1),)), ast.CellIndex(I("c"), (N(2),))])),
    ("[@sin @cos]", M([ast.FuncHandle("sin"), ast.FuncHandle("cos")])),
    ("[x(end) 1]", M([Call("x", ast.End()), N(1)])),
    ("[1\t2]", M([N(1), N(2)])),
])
def test_whitespace_separates_elements(src, tree):
    assert expr(src) == tree


@pytest.mark.parametrize("src, tree", [
    ("[1, 2; 3 4]", M([N(1), N(2)], [N(3), N(4)])),
    ("[1 2\n3 4]", M([N(1), N(2)], [N(3), N(4)])),
    ("[1, 2, ; 3, 4, ]", M([N(1), N(2)], [N(3), N(4)])),
    ("[1 2;]", M([N(1), N(2)])),
    ("[1 2\n]", M([N(1), N(2)])),
    ("[\n1 2\n3 4\n]", M([N(1), N(2)], [N(3), N(4)])),
    ("[1;;2]", M([N(1)], [N(2)])),
    ("[1,\n2]", M([N(1)], [N(2)])),
    ("[]", M()),
    ("[ ]", M()),
    ("[\n]", M()),
    ("{}", C()),
    ("[[1 2]; [3 4]]", M([M([N(1), N(2)])], [M([N(3), N(4)])])),
    ("{1, 'a'; [1 2], {}}", C([N(1), S("a")], [M([N(1), N(2)]), C()])),
    ("{1 -1}", C([N(1), U("-", N(1))])),
])
def test_rows_and_nesting(src, tree):
    assert expr(src) == tree


@pytest.mark.parametrize("src, tree", [
    ("[1 2 % first row\n 3 4]", M([N(1), N(2)], [N(3), N(4)])),
    ("[1 2 ...\n 3]", M([N(1), N(2), N(3)])),
    ("[1 2 ... a comment\n 3]", M([N(1), N(2), N(3)])),
    ("[1 2 ...\n ; 3]", M([N(1), N(2)], [N(3)])),
    ("[1 2\n%{\nblock\n%}\n3 4]", M([N(1), N(2)], [N(3), N(4)])),
    ("{'a' ... \n 'b'}", C([S("a"), S("b")])),
])
def test_comments_and_continuations_inside_brackets(src, tree):
    assert expr(src) == tree


def test_parentheses_inside_brackets_turn_the_whitespace_rule_off():
    assert expr("[(1 -2) 3]") == M([B("-", N(1), N(2)), N(3)])
    assert expr("[f(a ', b) 1]") == M([Call("f", T(I("a")), I("b")), N(1)])


def test_brackets_inside_parentheses_turn_it_on_again():
    assert expr("f([1 -2])") == Call("f", M([N(1), U("-", N(2))]))


@pytest.mark.parametrize("src, tree", [
    ("c{n +1}", ast.CellIndex(I("c"), (B("+", I("n"), N(1)),))),
    ("c{1 -1, 2}", ast.CellIndex(I("c"), (B("-", N(1), N(1)), N(2)))),
    ("[c{n +1} 2]", M([ast.CellIndex(I("c"), (B("+", I("n"), N(1)),)), N(2)])),
    ("{c{n -1} {2}}", C([ast.CellIndex(I("c"), (B("-", I("n"), N(1)),)), C([N(2)])])),
    ("[c {1}]", M([I("c"), C([N(1)])])),
])
def test_braces_that_index_turn_the_whitespace_rule_off(src, tree):
    """A corpus program's c{n +1} read c{n, +1}: inside braces that index a value, as inside
    parentheses, whitespace separates nothing (MATLAB and Octave: c = {1, 2}; c{1 +1} is 2)."""
    assert expr(src) == tree
