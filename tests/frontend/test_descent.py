"""The descent parser (engine/frontend/descent.py) against lark's LALR parser over grammar.lark: the same
AST, positions included, for every rule and for every MATLAB text of the repository (.m files, notebook
cells) and mutants of them, and no parse where the grammar has none (the error is then lark's)."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from engine.frontend.lexer import Lexer
from engine.runtime.errors import MatlabError
from engine.frontend.parser import LarkToken, _parser, mark_nested

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
    "plot(x, y, 'r', LineWidth=2, Color = [1 0 0]); s = struct(a=1); g(Name=h(k=1))",
]
ERRORS = ["a:b:c:d", "x = y = 1;", "1 + @(x) x", "x = (1;", "if x, end end", "f(:+1)", "a.b.", "x = [1 2",
          "function f\nend\nx = 1;", "catch", "for = 1", "x = 1 2", "@(x)", "f(a=1, 2)", "c{a=1}"]


def tokens_of(source: str):
    lexer = Lexer(source)
    tokens = lexer.tokenize()
    mark_nested(tokens, lexer.functions)
    return lexer, tokens


def both(source: str):
    """(descent's result, lark's result): a Program, None (descent: no parse) or the exception raised
    (lark: a syntax error; both: an error a rule of the builder found)."""
    parser = _parser()
    lexer, tokens = tokens_of(source)
    results = []
    for run in (lambda: parser.descent.parse(tokens), lambda: parser.lark.parse([LarkToken(*t) for t in tokens])):
        parser.builder.begin(lexer.src, tokens, lexer.comments)
        try:
            results.append(run())
        except Exception as exc:  # noqa: BLE001 - the parsers' verdict, compared by the tests
            results.append(exc)
    parser.builder.begin("", [], [])
    return tuple(results)


def error_text(exc: Exception) -> str:
    return f"{type(exc).__name__}: {exc} {[(f.line, f.column) for f in getattr(exc, 'stack', [])]}"


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


def repository_texts() -> list[str]:
    """Every .m file of the repository and every code cell of its notebooks."""
    texts = [p.read_text() for p in sorted(ROOT.rglob("*.m")) if ".git" not in p.parts]
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(notebook.read_text())["cells"]
        texts += ["".join(c["source"]) for c in cells if c["cell_type"] == "code"]
    return texts


def mutants(texts: list[str], seed: int = 16) -> list[str]:
    """Each text with a character deleted and with a few characters copied elsewhere, twice (syntax
    errors, mostly, and some other valid programs)."""
    rng = random.Random(seed)
    found = []
    for text in texts:
        for _ in range(2):
            i, j = rng.randrange(len(text)), rng.randrange(len(text))
            found += [text[:i] + text[i + 1:], text[:i] + text[j:j + rng.randrange(1, 6)] + text[i:]]
    return found


def test_repository_texts_and_their_mutants_parse_as_the_grammar_does():
    texts = repository_texts()
    assert len(texts) > 20
    parsed = failed = 0
    for source in texts + mutants(texts) + PROGRAMS + ERRORS:
        try:
            tokens_of(source)
        except Exception:  # noqa: BLE001 - the lexer rejects it first: nothing for the parsers
            continue
        fast, slow = both(source)
        if isinstance(fast, MatlabError):          # a rule of the builder: the same for both
            assert error_text(fast) == error_text(slow), source
        elif isinstance(slow, Exception):
            assert fast is None, source
            failed += 1
        else:
            assert fast is not None and repr(fast) == repr(slow), source
            parsed += 1
    assert parsed > 20 and failed > 20


def test_nesting_past_the_recursion_limit_goes_to_the_grammar():
    from engine.frontend import parse
    assert parse("y = " + "-" * 20000 + "1;").body[0].value.operand.op == "-"
