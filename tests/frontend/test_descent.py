"""The descent parser (engine/frontend/descent.py) against lark's LALR parser over grammar.lark: the same
AST, positions included, for every rule, and no parse where the grammar has none."""
from __future__ import annotations

from pathlib import Path

import pytest

from engine.frontend.lexer import Lexer
from engine.frontend.parser import _parser, mark_nested

ROOT = Path(__file__).resolve().parents[2]

PROGRAMS = [
    "y = 2 * x + 1;",
    "a = -b ^ -c' .^ 2 + ~d * e / f \\ g - h';\nz = 2^-1'",
    "r = 1:n; s = a:2:b == c:d; t = x(end-1:-1:1, :)",
    "q = a || b && c | d & e == f ~= g < h <= i > j >= k",
    "m = [1 -2, 3; 4 - 5 (6)]; c = {1, 'a'; \"s\", [1 2]}; e = []; f = {}; g = [a' b']",
    "s.f(2).g{3} = 4; s.(name) = 5; v = s.(n)(2); [~, i] = max(x); [a, b] = deal(1, 2)",
    "f = @(x, ~) x.^2 + a(:, end); h = @sin; k = @() disp(1); g = cellfun(@(c) c{1}, x)",
    "if a, b = 1; elseif c\n d = 2\nelseif e, f\nelse, g = 3; end\nif x y = 1, end",
    "for k = 1:3, s = s + k; end\nparfor (i = 1:n, 4)\n x(i) = i;\nend\nfor (j = v) disp(j), end",
    "while k < 3\n k = k + 1; if k == 2, break; end, continue\nend\nreturn",
    "switch s\n case 1\n  a = 1;\n case {2, 3}, b = 2;\n otherwise\n  c = 3;\nend\nswitch t, otherwise, end",
    "try\n x = f();\ncatch err\n disp(err.message)\nend\ntry, y = 1; catch, y = 2; end\ntry x = 1; end",
    "global g h\npersistent p\nhold on\nformat long g\ndisp 'a b'\n!echo hi",
    "x = 3 % comment\n%{\nblock\n%}\ny = [1, 2, ...\n 3];",
    "function r = f(a, b)\n% help\n r = a + b;\nend\nfunction [p, q] = g(~, varargin)\n p = 1; q = h;\n"
    "  function w = h()\n   w = 2;\n  end\nend\nfunction k\n k = 1;\nend",
    "function f\n x = 1;\nfunction g()\n y = 2;",
    "x = 1;\nfunction r = f()\n r = 2;\nend",
]
ERRORS = ["a:b:c:d", "x = y = 1;", "1 + @(x) x", "x = (1;", "if x, end end", "f(:+1)", "a.b.", "x = [1 2",
          "function f\nend\nx = 1;", "catch", "for = 1", "x = 1 2", "@(x)"]


def tokens_of(source: str):
    lexer = Lexer(source)
    tokens = lexer.tokenize()
    mark_nested(tokens)
    return lexer, tokens


def both(source: str):
    """(descent's result, lark's result): a Program, or None / the exception for a syntax error."""
    parser = _parser()
    lexer, tokens = tokens_of(source)
    parser.builder.begin(lexer.src, tokens, lexer.comments)
    fast = parser.descent.parse(tokens)
    parser.builder.begin(lexer.src, tokens, lexer.comments)
    try:
        slow = parser.lark.parse(tokens)
    except Exception as exc:  # noqa: BLE001 - the grammar's verdict, compared below
        slow = exc
    parser.builder.begin("", [], [])
    return fast, slow


@pytest.mark.parametrize("source", PROGRAMS + [(ROOT / "benchmarks/compile/signal_toolkit.m").read_text()])
def test_the_same_tree_as_the_grammar(source):
    fast, slow = both(source)
    assert fast is not None
    assert repr(fast) == repr(slow)        # repr shows line and column, which == does not compare


@pytest.mark.parametrize("source", ERRORS)
def test_no_tree_where_the_grammar_has_none(source):
    try:
        _, tokens = tokens_of(source)
    except Exception:  # noqa: BLE001 - the lexer rejects it first: nothing for the parsers
        return
    fast, slow = both(source)
    assert fast is None and isinstance(slow, Exception)


def test_nesting_past_the_recursion_limit_goes_to_the_grammar():
    from engine.frontend import parse
    assert parse("y = " + "-" * 20000 + "1;").body[0].value.operand.op == "-"
