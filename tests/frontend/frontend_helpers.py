"""Short constructors for expected ASTs (positions are not compared: Node.line/col have compare=False)."""
from __future__ import annotations

import pytest

from engine.frontend import ast, parse
from engine.runtime.errors import MatlabError


def expr(src: str) -> ast.Node:
    """The expression of a one-statement source (the value, for an assignment)."""
    stmt = stmt_of(src)
    return stmt.value if isinstance(stmt, ast.Assign) else stmt.expr


def stmt_of(src: str) -> ast.Node:
    body = parse(src).body
    assert len(body) == 1, body
    return body[0]


def syntax_error(src: str) -> MatlabError:
    with pytest.raises(MatlabError) as info:
        parse(src)
    return info.value


def N(value: float | complex, text: str | None = None) -> ast.Number:
    """A number literal; ``text`` defaults to the shortest spelling (3.0 -> "3", 2j -> "2i")."""
    if text is None:
        text = f"{value.imag:g}i" if isinstance(value, complex) else f"{value:g}"
    return ast.Number(value, text)


def I(name: str) -> ast.Ident:
    return ast.Ident(name)


def S(value: str, double_quoted: bool = False) -> ast.String:
    return ast.String(value, double_quoted)


def B(op: str, left, right) -> ast.Binary:
    return ast.Binary(op, left, right)


def U(op: str, operand) -> ast.Unary:
    return ast.Unary(op, operand)


def T(operand, op: str = "'") -> ast.Postfix:
    return ast.Postfix(op, operand)


def Call(base, *args) -> ast.Index:
    return ast.Index(I(base) if isinstance(base, str) else base, tuple(args))


def M(*rows) -> ast.Matrix:
    return ast.Matrix(tuple(tuple(r) for r in rows))


def C(*rows) -> ast.CellLiteral:
    return ast.CellLiteral(tuple(tuple(r) for r in rows))
