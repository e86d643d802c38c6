"""Statements: separators and display, assignments, control flow, command syntax, comments."""
import pytest

from engine.frontend import ast, parse
from frontend_helpers import B, Call, I, M, N, S, stmt_of, syntax_error


def test_separators_decide_display():
    body = parse("a = 1; b = 2, c = 3\nd\ne;").body
    assert [s.show for s in body] == [False, True, True, True, False]


def test_first_separator_of_a_run_decides_display():
    assert [s.show for s in parse("a = 1;, b = 2,; c").body] == [False, True, True]


def test_comment_after_semicolon_keeps_output_hidden():
    assert parse("x = 1; % set x\ny = 2 % shown").body == (
        ast.Assign((I("x"),), N(1), False), ast.Assign((I("y"),), N(2), True))


def test_blank_lines_and_comments_only():
    assert parse("").body == ()
    assert parse("\n\n  % only a comment\n\n").body == ()


def test_block_comments_nest():
    src = "x = 1\n%{\ny = 2\n  %{\n  z = 3\n  %}\nw = 4\n%}\nv = 5"
    assert [s.targets[0].name for s in parse(src).body] == ["x", "v"]


def test_block_comment_marker_with_text_is_a_line_comment():
    assert [s.targets[0].name for s in parse("%{ not a block\nx = 1").body] == ["x"]


def test_continuation_joins_lines():
    assert stmt_of("x = 1 + ...  comment here\n    2;") == ast.Assign((I("x"),), B("+", N(1), N(2)), False)


def test_hash_is_not_a_comment():
    err = syntax_error("x = 1 # no")
    assert (err.line, err.column) == (1, 7)


@pytest.mark.parametrize("src, targets", [
    ("x = 1", (I("x"),)),
    ("x(2) = 1", (Call("x", N(2)),)),
    ("x(end+1) = 1", (Call("x", B("+", ast.End(), N(1))),)),
    ("s.a(2).b{3} = 1", (ast.CellIndex(ast.Field(Call(ast.Field(I("s"), "a"), N(2)), "b"), (N(3),)),)),
    ("s.(f) = 1", (ast.DynField(I("s"), I("f")),)),
    ("c{2} = 1", (ast.CellIndex(I("c"), (N(2),)),)),
    ("[a, b] = 1", (I("a"), I("b"))),
    ("[a b] = 1", (I("a"), I("b"))),
    ("[a, ~, c] = 1", (I("a"), ast.Tilde(), I("c"))),
    ("[~] = 1", (ast.Tilde(),)),
    ("[s.a, c{2}] = 1", (ast.Field(I("s"), "a"), ast.CellIndex(I("c"), (N(2),)))),
    ("[x(1), y] = 1", (Call("x", N(1)), I("y"))),
])
def test_assignment_targets(src, targets):
    node = stmt_of(src)
    assert isinstance(node, ast.Assign) and node.targets == targets and node.value == N(1)


def test_matrix_statement_is_not_an_assignment():
    assert stmt_of("[a, b]") == ast.ExprStmt(M([I("a"), I("b")]), True)


def test_comparison_is_not_an_assignment():
    assert stmt_of("x == 1") == ast.ExprStmt(B("==", I("x"), N(1)), True)


@pytest.mark.parametrize("src", ["1 = 2", "f(x) + 1 = 2", "[a, 1] = f", "[a; b] = f", "@sin = 1"])
def test_bad_assignment_targets(src):
    err = syntax_error(src)
    assert err.identifier == "MATLAB:parse"
    assert err.message.startswith("Incorrect use of '=' operator.")


def test_compound_assignment_is_rejected():
    for op in ("+=", "-=", "*=", "/="):
        err = syntax_error(f"x {op} 1")
        assert f"'{op}'" in err.message and err.column == 3


def test_tilde_outside_output_list_is_rejected():
    assert syntax_error("y = [~, 1]").column == 6
    assert syntax_error("f(~)").identifier == "MATLAB:parse"


def test_if_elseif_else():
    node = stmt_of("if a\n  x\nelseif b\n  y;\nelseif c, z\nelse\n  w\nend")
    assert node == ast.If(((I("a"), (ast.ExprStmt(I("x"), True),)),
                           (I("b"), (ast.ExprStmt(I("y"), False),)),
                           (I("c"), (ast.ExprStmt(I("z"), True),))),
                          (ast.ExprStmt(I("w"), True),))


def test_one_line_blocks():
    assert stmt_of("if a, x = 1; end") == ast.If(((I("a"), (ast.Assign((I("x"),), N(1), False),)),))
    assert stmt_of("if a, x, end;") == ast.If(((I("a"), (ast.ExprStmt(I("x"), True),)),))
    assert stmt_of("if a, f(x) end") == ast.If(((I("a"), (ast.ExprStmt(Call("f", I("x")), True),)),))
    assert stmt_of("if a, if b, x, end end").clauses[0][1][0].clauses[0][0] == I("b")


def test_block_header_ends_before_a_name_without_separator():
    """MATLAB reads ``for k = 1:3 disp(k), end`` and ``if x y = 1; end`` (old one-line style)."""
    assert stmt_of("for k = 1:n disp(k), end") == ast.For(
        "k", ast.Range(N(1), None, I("n")), (ast.ExprStmt(Call("disp", I("k")), True),))
    assert stmt_of("if f(a) x = 1; end") == ast.If(((Call("f", I("a")), (ast.Assign((I("x"),), N(1), False),)),))
    assert stmt_of("while a < 3 a = a + 1; end") == ast.While(
        B("<", I("a"), N(3)), (ast.Assign((I("a"),), B("+", I("a"), N(1)), False),))
    assert stmt_of("if a - 1 x, end").clauses[0][0] == B("-", I("a"), N(1))


def test_block_header_in_parentheses_ends_before_a_name_at_once():
    """``if(i>n)disp(i)``: no expression goes on with a name right after ``)``, so MATLAB (and Octave)
    start the block's first statement there (a corpus program's ``if(i>n)fprintf(...)``)."""
    assert stmt_of("if(a>n)f(a)\nend") == ast.If(((B(">", I("a"), I("n")), (ast.ExprStmt(Call("f", I("a")), True),)),))
    assert stmt_of("while(a<3)a = a + 1; end") == ast.While(
        B("<", I("a"), N(3)), (ast.Assign((I("a"),), B("+", I("a"), N(1)), False),))
    node = stmt_of("if(a)x,elseif(b)y,end")
    assert [c[0] for c in node.clauses] == [I("a"), I("b")]
    assert stmt_of("if f(a)==1, x, end").clauses[0][0] == B("==", Call("f", I("a")), N(1))


def test_empty_bodies():
    assert stmt_of("if a\nend") == ast.If(((I("a"), ()),))
    assert stmt_of("while a, end") == ast.While(I("a"), ())


@pytest.mark.parametrize("src, parfor, workers", [
    ("for k = 1:n\n  x(k) = k;\nend", False, None),
    ("for (k = 1:n)\n  x(k) = k;\nend", False, None),
    ("parfor k = 1:n\n  x(k) = k;\nend", True, None),
    ("parfor (k = 1:n, 4)\n  x(k) = k;\nend", True, N(4)),
])
def test_for_loops(src, parfor, workers):
    assert stmt_of(src) == ast.For("k", ast.Range(N(1), None, I("n")),
                                   (ast.Assign((Call("x", I("k")),), I("k"), False),), parfor, workers)


def test_for_over_a_matrix_expression():
    assert stmt_of("for v = [1 2; 3 4], v, end").iterable == M([N(1), N(2)], [N(3), N(4)])


def test_while_break_continue_return():
    node = stmt_of("while true\n  if x, break; end\n  continue\n  return\nend")
    assert node.cond == I("true")
    assert node.body[0].clauses[0][1] == (ast.Break(),)
    assert node.body[1:] == (ast.Continue(), ast.Return())


def test_switch():
    node = stmt_of("switch x\n  case 1\n    a\n  case {2, 3}\n    b;\n  otherwise\n    c\nend")
    assert node == ast.Switch(I("x"), ((N(1), (ast.ExprStmt(I("a"), True),)),
                                       (ast.CellLiteral(((N(2), N(3)),)), (ast.ExprStmt(I("b"), False),))),
                              (ast.ExprStmt(I("c"), True),))


def test_switch_without_otherwise_and_on_one_line():
    assert stmt_of("switch s, case 'a', x, end") == ast.Switch(I("s"), ((S("a"), (ast.ExprStmt(I("x"), True),)),))


@pytest.mark.parametrize("src, ident, handler", [
    ("try\n  x\ncatch err\n  y\nend", "err", (ast.ExprStmt(I("y"), True),)),
    ("try\n  x\ncatch\n  err\nend", None, (ast.ExprStmt(I("err"), True),)),
    ("try, x, catch, y, end", None, (ast.ExprStmt(I("y"), True),)),
    ("try, x, catch ME, y, end", "ME", (ast.ExprStmt(I("y"), True),)),
    ("try\n  x\nend", None, ()),
])
def test_try_catch(src, ident, handler):
    assert stmt_of(src) == ast.TryCatch((ast.ExprStmt(I("x"), True),), ident, handler)


def test_global_and_persistent():
    assert parse("global a b c\npersistent n;").body == (ast.Global(("a", "b", "c")), ast.Persistent(("n",)))


@pytest.mark.parametrize("src", ["if x\n  y\nendif", "for k = 1:2\nendfor", "while 1\nendwhile",
                                 "function f\nendfunction", "try\ncatch\nend_try_catch", "switch x\nendswitch"])
def test_octave_block_endings_are_rejected(src):
    err = syntax_error(src)
    assert err.message.endswith("is Octave syntax: MATLAB closes every block with 'end'.")
    assert (err.line, err.column) == (src.count("\n") + 1, 1)


def _command(name, *words, show=True):
    return ast.ExprStmt(Call(name, *(S(w) for w in words)), show)


@pytest.mark.parametrize("src, stmt", [
    ("hold on", _command("hold", "on")),
    ("format long", _command("format", "long")),
    ("format long g", _command("format", "long", "g")),
    ("clear all", _command("clear", "all")),
    ("clear x y", _command("clear", "x", "y")),
    ("close all;", _command("close", "all", show=False)),
    ("disp hello", _command("disp", "hello")),
    ("warning off", _command("warning", "off")),
    ("axis equal", _command("axis", "equal")),
    ("grid on % with a comment", _command("grid", "on")),
    ("more off", _command("more", "off")),
    ("pkg load statistics", _command("pkg", "load", "statistics")),
    ("clear -all", _command("clear", "-all")),
    ("disp 'hello world'", _command("disp", "hello world")),
    ("disp 'it''s'", _command("disp", "it's")),
    ("disp 42", _command("disp", "42")),
    ("cd ..", _command("cd", "..")),
    ("cd ../data", _command("cd", "../data")),
    ("syms f(x,y) g(t)", _command("syms", "f(x,y)", "g(t)")),   # commas inside a word's parentheses
])
def test_command_syntax(src, stmt):
    assert stmt_of(src) == stmt


def test_command_syntax_ends_at_separators():
    assert parse("hold on; plot(x), grid on").body == (
        _command("hold", "on", show=False), ast.ExprStmt(Call("plot", I("x")), True), _command("grid", "on"))


def test_command_syntax_ends_at_a_comma_outside_parentheses():
    assert parse("disp a(1,2), disp b").body == (_command("disp", "a(1,2)"), _command("disp", "b"))
    assert parse("disp x); disp y").body == (_command("disp", "x)", show=False), _command("disp", "y"))


def test_command_syntax_inside_blocks():
    assert stmt_of("if x\n  hold on\nend").clauses[0][1] == (_command("hold", "on"),)


@pytest.mark.parametrize("src, stmt", [
    ("warning('off', 'all')", ast.ExprStmt(Call("warning", S("off"), S("all")), True)),
    ("clc", ast.ExprStmt(I("clc"), True)),
    ("x = 1", ast.Assign((I("x"),), N(1), True)),
    ("x == 1", ast.ExprStmt(B("==", I("x"), N(1)), True)),
    ("x -1", ast.ExprStmt(B("-", I("x"), N(1)), True)),
    ("x - 1", ast.ExprStmt(B("-", I("x"), N(1)), True)),
    ("x (1)", ast.ExprStmt(Call("x", N(1)), True)),
    ("x * y", ast.ExprStmt(B("*", I("x"), I("y")), True)),
    ("x'", ast.ExprStmt(ast.Postfix("'", I("x")), True)),
])
def test_not_command_syntax(src, stmt):
    assert stmt_of(src) == stmt


@pytest.mark.parametrize("src, column", [("a = b c", 7), ("a b = 1", 3)])
def test_words_that_are_not_command_syntax_are_syntax_errors(src, column):
    assert syntax_error(src).column == column


def test_command_syntax_only_at_statement_start():
    assert parse("x = 1, disp hi").body[1] == _command("disp", "hi")
    assert syntax_error("y = disp hi").identifier == "MATLAB:parse"


@pytest.mark.parametrize("src, line, column", [
    ("classdef Point < handle\nend", 1, 1),
    ("function f(x)\n  arguments\n    x double\n  end\nend", 2, 3),
    ("spmd\n  x = 1;\nend", 1, 1),
])
def test_unsupported_blocks_are_reported(src, line, column):
    err = syntax_error(src)
    assert err.identifier == "matfuse:unsupportedSyntax"
    assert (err.line, err.column) == (line, column)


def test_words_of_unsupported_blocks_stay_names_elsewhere():
    assert stmt_of("arguments = 3") == ast.Assign((I("arguments"),), N(3), True)


def test_statement_positions():
    program = parse("x = 1;\nif a\n  b\nelse\n  c\nend\n  for k = 1:2, end\nwhile 0, end\n"
                    "switch s, end\ntry, catch, end\nglobal g\n  persistent p\nbreak\nhold on\n")
    assert [(s.line, s.col) for s in program.body] == [(1, 1), (2, 1), (7, 3), (8, 1), (9, 1), (10, 1),
                                                      (11, 1), (12, 3), (13, 1), (14, 1)]
    command = program.body[-1].expr
    assert (command.args[0].line, command.args[0].col) == (14, 6)


def test_tilde_outputs_in_several_statements_and_blocks():
    body = parse("[~, i] = max(x); if a, [~] = f; end\nfor k = 1:2, [p, ~] = g; end").body
    assert body[0].targets[0] == ast.Tilde() and body[1].clauses[0][1][0].targets == (ast.Tilde(),)
    assert body[2].body[0].targets == (I("p"), ast.Tilde())


def test_long_operator_chains_and_deep_nesting_parse():
    chain = parse("x = " + " + ".join(["1"] * 3000)).body[0].value
    assert isinstance(chain, ast.Binary) and chain.right == N(1)
    nested = parse("y = " + "(" * 2000 + "1" + ")" * 2000).body[0].value
    assert nested == N(1)
