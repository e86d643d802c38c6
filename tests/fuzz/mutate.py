"""Mutations of the conformance corpus, for the fuzz tests (test_fuzz.py) and the long run (run.py).

The corpus is the MATLAB code of every ``case(...)`` in tests/conformance/test_conf_*.py (read with
``ast``, nothing imported). A mutant is a snippet with a few token edits: delete, duplicate or swap
tokens, replace a number with an edge value, an operator with another, a name with another name of the
snippet, or insert a bracket, separator or keyword. Snippets that touch files, folders, the keyboard or
the clock, or draw random numbers, are left out, and so is a mutant that names any of those: every
device must then give the same result.
"""
from __future__ import annotations

import ast
import random
import re
from functools import cache
from pathlib import Path

CONFORMANCE = Path(__file__).resolve().parent.parent / "conformance"

# Names a program must not use: they block (or set breakpoints), touch the file system or the clock, or
# are random.
EXCLUDED = {"input", "keyboard", "pause", "cd", "addpath", "rmpath", "path", "print", "saveas", "save",
            "load", "delete", "mkdir", "rmdir", "system", "unix", "dos", "fopen", "fclose", "fwrite",
            "diary", "exit", "quit", "tic", "toc", "clock", "now", "datetime", "cputime", "rand", "randn",
            "randi", "randperm", "rng", "gpurng", "figure", "plot", "surf", "mesh", "scatter", "bar",
            "histogram", "imagesc", "contour", "contourf", "subplot", "semilogx", "semilogy", "loglog",
            "help", "pwd", "dir", "ls", "what", "which", "evalin", "assignin", "eval", "gpuDevice",
            "gpuArray", "gather", "reset", "type", "edit", "open", "web", "drawnow", "clf", "close",
            "colorbar", "legend", "title", "xlabel", "ylabel", "zlabel", "axis", "grid", "hold", "xlim",
            "ylim", "colormap", "exist", "dbstop", "dbclear", "dbstatus", "dbstack", "dbup", "dbdown", "dbcont",
            "dbstep", "dbquit"}
WORD = re.compile(r"[A-Za-z_]\w*")
TOKEN = re.compile(r"""
    (?P<number>\d+\.?\d*(?:[eE][-+]?\d+)?[ij]?|\.\d+(?:[eE][-+]?\d+)?)
  | (?P<name>[A-Za-z_]\w*)
  | (?P<string>'(?:[^'\n]|'')*'|"(?:[^"\n]|"")*")
  | (?P<op>\.\^|\.\*|\./|\.\\|\.'|==|~=|<=|>=|&&|\|\||[-+*/\\^<>&|~=:'.])
  | (?P<space>[ \t]+)
  | (?P<other>.|\n)
""", re.VERBOSE)
EDGE_NUMBERS = ["0", "-1", "1", "2", "0.5", "-0", "NaN", "Inf", "-Inf", "1e19", "1e308", "1e-320", "eps",
                "2^53", "1.5", "uint64(18446744073709551615)", "int8(-1)", "1i", "[]", "''", "true"]
OPERATORS = ["+", "-", ".*", "*", "./", "/", "\\", ".^", "^", "==", "~=", "<", ">=", "&", "|", "&&", "||",
             ":", "'", ".'", "~", "="]
INSERTS = ["(", ")", "[", "]", "{", "}", ",", ";", "\n", "end", "end,", ":", "'", ".", "@", "(:)", "{:}",
           "if 1,", "for q = 1:2,", "try,", "break;", "1", "x", "[]", "{}", "''", "\"\"", "@(x) x"]


@cache
def corpus() -> tuple[str, ...]:
    """The MATLAB code of every conformance case that is safe to mutate, in file order."""
    snippets = []
    for path in sorted(CONFORMANCE.glob("test_conf_*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "case" and len(node.args) > 1 \
                    and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
                snippets.append(node.args[1].value)
    return tuple(s for s in snippets if safe(s))


def safe(code: str) -> bool:
    """Whether ``code`` names nothing in EXCLUDED and has no large literal (which could allocate much)."""
    if any(word in EXCLUDED for word in WORD.findall(code)):
        return False
    numbers = re.findall(r"(?<![\w.])\d+\.?\d*(?:[eE][-+]?\d+)?", code)
    return all(float(n) <= 1000 or float(n) >= 1e16 for n in numbers) and "!" not in code


def tokens(code: str) -> list[tuple[str, str]]:
    """(kind, text) tokens of ``code``; joining the texts gives ``code`` back."""
    return [(m.lastgroup, m.group()) for m in TOKEN.finditer(code)]


def mutate(code: str, rng: random.Random, edits: int = 0) -> str:
    """``code`` with ``edits`` (1 to 3 if 0) random token edits; it may no longer parse."""
    toks = [t for t in tokens(code)]
    for _ in range(edits or rng.randint(1, 3)):
        if not toks:
            break
        toks = rng.choice(MUTATIONS)(toks, rng)
    return "".join(text for _, text in toks)


def _at(toks: list, rng: random.Random, kind: str | None = None) -> int | None:
    places = [k for k, (kd, _) in enumerate(toks) if kd != "space" and (kind is None or kd == kind)]
    return rng.choice(places) if places else None


def _delete(toks: list, rng: random.Random) -> list:
    k = _at(toks, rng)
    return toks if k is None else toks[:k] + toks[k + 1:]


def _duplicate(toks: list, rng: random.Random) -> list:
    k = _at(toks, rng)
    return toks if k is None else toks[:k + 1] + [toks[k]] + toks[k + 1:]


def _swap(toks: list, rng: random.Random) -> list:
    k, j = _at(toks, rng), _at(toks, rng)
    if k is None:
        return toks
    toks = list(toks)
    toks[k], toks[j] = toks[j], toks[k]
    return toks


def _replace(kind: str, choices) -> callable:
    def edit(toks: list, rng: random.Random) -> list:
        k = _at(toks, rng, kind)
        if k is None:
            return toks
        options = choices(toks) if callable(choices) else choices
        return toks[:k] + [(kind, rng.choice(options))] + toks[k + 1:]
    return edit


def _names(toks: list) -> list[str]:
    return sorted({text for kind, text in toks if kind == "name"}) or ["x"]


def _insert(toks: list, rng: random.Random) -> list:
    k = rng.randrange(len(toks) + 1)
    return toks[:k] + [("other", rng.choice(INSERTS))] + toks[k:]


MUTATIONS = [_delete, _duplicate, _swap, _insert, _replace("number", EDGE_NUMBERS),
             _replace("number", EDGE_NUMBERS), _replace("op", OPERATORS), _replace("name", _names)]


def mutant(rng: random.Random) -> str:
    """A mutated corpus snippet that is still safe to run."""
    snippets = corpus()
    while True:
        code = mutate(snippets[rng.randrange(len(snippets))], rng)
        if safe(code):
            return code
