"""Expressions: precedence and associativity, literals, postfix chains, anonymous functions."""
import pytest

from engine.frontend import ast, parse
from engine.runtime.errors import MatlabError
from frontend_helpers import B, C, Call, I, M, N, S, T, U, expr


@pytest.mark.parametrize("src, tree", [
    ("a || b && c", B("||", I("a"), B("&&", I("b"), I("c")))),
    ("a && b | c", B("&&", I("a"), B("|", I("b"), I("c")))),
    ("a | b & c", B("|", I("a"), B("&", I("b"), I("c")))),
    ("a & b == c", B("&", I("a"), B("==", I("b"), I("c")))),
    ("a < b:c", B("<", I("a"), ast.Range(I("b"), None, I("c")))),
    ("a:b + c", ast.Range(I("a"), None, B("+", I("b"), I("c")))),
    ("a:s:b", ast.Range(I("a"), I("s"), I("b"))),
    ("a + b * c", B("+", I("a"), B("*", I("b"), I("c")))),
    ("a - b - c", B("-", B("-", I("a"), I("b")), I("c"))),
    ("a / b .* c", B(".*", B("/", I("a"), I("b")), I("c"))),
    ("a \\ b ./ c .\\ d", B(".\\", B("./", B("\\", I("a"), I("b")), I("c")), I("d"))),
    ("-a * b", B("*", U("-", I("a")), I("b"))),
    ("~a == b", B("==", U("~", I("a")), I("b"))),
    ("-2^2", U("-", B("^", N(2), N(2)))),
    ("2^-1", B("^", N(2), U("-", N(1)))),
    ("2^-1^2", B("^", B("^", N(2), U("-", N(1))), N(2))),
    ("a^b^c", B("^", B("^", I("a"), I("b")), I("c"))),
    ("a.^b'", T(B(".^", I("a"), I("b")))),
    ("a'*b.'", B("*", T(I("a")), T(I("b"), ".'"))),
    ("-a'", U("-", T(I("a")))),
    ("a'' ", T(T(I("a")))),
    ("+a - -b", B("-", U("+", I("a")), U("-", I("b")))),
    ("(a + b) * c", B("*", B("+", I("a"), I("b")), I("c"))),
    ("a >= 1 & b ~= 2 | c <= 3", B("|", B("&", B(">=", I("a"), N(1)), B("~=", I("b"), N(2))),
                                   B("<=", I("c"), N(3)))),
    ("a > b < c", B("<", B(">", I("a"), I("b")), I("c"))),
])
def test_precedence(src, tree):
    assert expr(src) == tree


@pytest.mark.parametrize("src, value", [
    ("3", 3.0), ("3.5", 3.5), (".5", 0.5), ("1e-3", 0.001), ("1E3", 1000.0), ("3i", 3j), ("3j", 3j),
    ("2.5e2i", 250j), ("0x1F", 31.0), ("1.e2", 100.0), ("7.", 7.0),
    # Fortran's D exponent, which MATLAB (and Octave) read as E
    ("1.0D-08", 1e-8), ("1d3", 1000.0), (".5D1", 5.0), ("2.5d+2i", 250j), ("0x1D", 29.0),
])
def test_numbers(src, value):
    node = expr(src)
    assert isinstance(node, ast.Number) and node.value == value and node.text == src
    assert type(node.value) is type(value)


def test_d_without_exponent_digits_is_not_part_of_the_number():
    with pytest.raises(MatlabError, match="operator"):
        parse("x = 2d;")


def test_number_before_elementwise_operators_keeps_the_dot_in_the_operator():
    assert expr("1./x") == B("./", N(1), I("x"))
    assert expr("2.^x") == B(".^", N(2), I("x"))
    assert expr("3.'") == T(N(3), ".'")


@pytest.mark.parametrize("src, value, dq", [
    ("'abc'", "abc", False), ("'it''s'", "it's", False), ("''", "", False),
    ('"abc"', "abc", True), ('"say ""hi"""', 'say "hi"', True), ('"it\'s"', "it's", True),
    ("'100% sure'", "100% sure", False), ("'a ... b'", "a ... b", False),
])
def test_strings(src, value, dq):
    assert expr(src) == S(value, dq)


@pytest.mark.parametrize("src, tree", [
    ("a'", T(I("a"))),
    ("a.'", T(I("a"), ".'")),
    ("x(1)'", T(Call("x", N(1)))),
    ("[1 2]'", T(M([N(1), N(2)]))),
    ("c{1}'", T(ast.CellIndex(I("c"), (N(1),)))),
    ("5'", T(N(5))),
    ("x(end)'", T(Call("x", ast.End()))),
    ("x(end')", Call("x", T(ast.End()))),
    ("'a'''", S("a'")),
    ("f('a')", Call("f", S("a"))),
    ("[a ']']", M([I("a"), S("]")])),
    ("s.f'", T(ast.Field(I("s"), "f"))),
])
def test_transpose_versus_quote(src, tree):
    assert expr(src) == tree


@pytest.mark.parametrize("src, tree", [
    ("x(1, 2)", Call("x", N(1), N(2))),
    ("f()", Call("f")),
    ("x(:)", Call("x", ast.Colon())),
    ("x(:, end)", Call("x", ast.Colon(), ast.End())),
    ("x(end+1)", Call("x", B("+", ast.End(), N(1)))),
    ("x{end}", ast.CellIndex(I("x"), (ast.End(),))),
    ("c{:}", ast.CellIndex(I("c"), (ast.Colon(),))),
    ("x([1 end])", Call("x", M([N(1), ast.End()]))),
    ("s.a", ast.Field(I("s"), "a")),
    ("s.(name)", ast.DynField(I("s"), I("name"))),
    ("s.end", ast.Field(I("s"), "end")),
    ("s.a(2).b{3}", ast.CellIndex(ast.Field(Call(ast.Field(I("s"), "a"), N(2)), "b"), (N(3),))),
    ("f(x)(2)", Call(Call("f", I("x")), N(2))),
    ("x(a:b, 1:end-1)", Call("x", ast.Range(I("a"), None, I("b")),
                             ast.Range(N(1), None, B("-", ast.End(), N(1))))),
    ("f(1,\n 2)", Call("f", N(1), N(2))),
])
def test_indexing_and_fields(src, tree):
    assert expr(src) == tree


@pytest.mark.parametrize("src, tree", [
    ("plot(x, LineWidth=2)", Call("plot", I("x"), S("LineWidth", True), N(2))),
    ("f(a, 'b', 1, Name = g(2), c=[])", Call("f", I("a"), S("b"), N(1), S("Name", True), Call("g", N(2)),
                                            S("c", True), M())),
    ("struct(a=1)", Call("struct", S("a", True), N(1))),
    ("x(1, y==2)", Call("x", N(1), B("==", I("y"), N(2)))),
])
def test_name_value_arguments(src, tree):
    """Name=Value in a call (R2021a, a corpus program: ``stft(c, fs, Window = hamming(512), ...)``) is
    the name as a string scalar, then the value."""
    assert expr(src) == tree


@pytest.mark.parametrize("src", ["f(a=1, 2)", "f(a=1, 'b', 2)", "c{a=1}", "[a=1]", "f(1+a=2)"])
def test_name_value_arguments_come_last_in_calls(src):
    with pytest.raises(MatlabError):
        parse(src)


@pytest.mark.parametrize("src, params, body, text", [
    ("@(x, y) x.^2 + y", ("x", "y"), B("+", B(".^", I("x"), N(2)), I("y")), "@(x,y)x.^2+y"),
    ("@() disp('a b')", (), Call("disp", S("a b")), "@()disp('a b')"),
    ("@(x) [x 1; 2 x]", ("x",), M([I("x"), N(1)], [N(2), I("x")]), "@(x)[x,1;2,x]"),
    ("@(x)x'", ("x",), T(I("x")), "@(x)x'"),
    ("@(~, b) b", ("~", "b"), I("b"), "@(~,b)b"),
    ("@(x) x(end) + 1e3", ("x",), B("+", Call("x", ast.End()), N(1000, "1e3")), "@(x)x(end)+1e3"),
])
def test_anonymous_functions(src, params, body, text):
    assert expr(src) == ast.AnonFunc(params, body, text)


def test_anonymous_function_body_is_the_whole_expression():
    node = expr("@(x) x + 1 > 2 || x")
    assert node.body == B("||", B(">", B("+", I("x"), N(1)), N(2)), I("x"))


def test_anonymous_functions_in_lists_stop_at_the_element_end():
    assert expr("{@(x) x+1, @(y) y 2}") == C([ast.AnonFunc(("x",), B("+", I("x"), N(1)), "@(x)x+1"),
                                               ast.AnonFunc(("y",), I("y"), "@(y)y"), N(2)])
    assert expr("f(@(t) t*2, 3)") == Call("f", ast.AnonFunc(("t",), B("*", I("t"), N(2)), "@(t)t*2"), N(3))


def test_nested_anonymous_functions():
    outer = expr("@(x) @(y) f(x, y)+1")
    assert outer.text == "@(x)@(y)f(x,y)+1"
    assert outer.body.text == "@(y)f(x,y)+1"


def test_function_handle():
    assert expr("@sin") == ast.FuncHandle("sin")
    assert expr("cellfun(@numel, c)") == Call("cellfun", ast.FuncHandle("numel"), I("c"))
