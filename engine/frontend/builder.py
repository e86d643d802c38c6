"""Parse tree (grammar.lark) -> AST (ast.py): one method per grammar rule, each node stamped with the
line and column of its first character."""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass

from lark import Token, Transformer, v_args

from . import ast
from .lexer import Comment, syntax_error

BAD_ASSIGN = ("Incorrect use of '=' operator. To assign a value to a variable, use '='. To compare values "
              "for equality, use '=='.")
LVALUE_CHAIN = (ast.Index, ast.CellIndex, ast.Field, ast.DynField)


def _pos(meta) -> dict:
    return {"line": meta.line, "col": meta.column}


def _decode_string(text: str) -> str:
    quote = text[0]
    return text[1:-1].replace(quote * 2, quote)


def _number_value(text: str) -> float | complex:
    if text[:2] in ("0x", "0X"):
        return float(int(text, 16))
    if text[-1] in "ij":
        return complex(0.0, float(text[:-1]))
    return float(text)


def _is_lvalue(node) -> bool:
    while isinstance(node, LVALUE_CHAIN):
        node = node.base
    return isinstance(node, ast.Ident)


@dataclass(frozen=True)
class _Clause:
    """An elseif/case clause (``test`` set) or an else/otherwise clause (``test`` None)."""
    test: object
    body: tuple


_END_MARK = object()      # a function closed by ``end``


@dataclass(frozen=True)
class _Function:
    node: ast.FunctionDef
    has_end: bool


@v_args(meta=True)
class AstBuilder(Transformer):
    """Builds the AST of one source text. ``tokens`` (the lexer's output) gives anonymous functions
    their text; ``comments`` gives functions their help text."""

    def __init__(self, source: str, tokens: list[Token], comments: list[Comment]) -> None:
        super().__init__()
        self._source = source
        self._tokens = tokens
        self._starts = [t.start_pos for t in tokens]
        self._comments = {c.line: c for c in comments if c.own_line}
        self._tildes: list[ast.Tilde] = []      # placeholders not yet claimed by a multi-assignment

    # ------------------------------------------------------------ program and functions
    def start(self, meta, children) -> ast.Program:
        body, functions = children[0], children[1:]
        ends = {f.has_end for f in functions}
        if len(ends) > 1:
            first = next(f.node for f in functions if f.has_end != functions[0].has_end)
            raise syntax_error("All functions in a file must be terminated with 'end', or none of them.",
                               first.line, first.col)
        nodes = tuple(f.node for f in functions)
        is_file = bool(self._tokens) and self._tokens[0].type == "_FUNCTION"
        if is_file and nodes and not nodes[0].doc:
            nodes = (self._with_leading_doc(nodes[0]),) + nodes[1:]
        return ast.Program(body, nodes, is_file, self._source, line=1, col=1)

    def funcdef(self, meta, children) -> _Function:
        at = next(i for i, c in enumerate(children) if isinstance(c, Token))     # the function name
        outputs = children[0] if at else ()
        params = children[at + 1] if isinstance(children[at + 1], list) else []
        has_end = children[-1] is _END_MARK
        body = children[-2] if has_end else children[-1]
        node = ast.FunctionDef(str(children[at]), tuple(params), outputs, body, self._doc_after(meta.line),
                               **_pos(meta))
        return _Function(node, has_end)

    def func_outputs(self, meta, children) -> tuple:
        return tuple(str(c) for c in children)

    def func_params(self, meta, children) -> list:
        return children

    def func_end(self, meta, children) -> object:
        return _END_MARK

    def param(self, meta, children) -> str:
        return str(children[0])

    def _doc_after(self, line: int) -> str:
        lines, n = [], line + 1
        while n in self._comments:
            lines.append(self._comments[n].text)
            n += 1
        return _doc_text(lines)

    def _with_leading_doc(self, node: ast.FunctionDef) -> ast.FunctionDef:
        lines, n = [], node.line - 1
        while n in self._comments:
            lines.insert(0, self._comments[n].text)
            n -= 1
        return ast.FunctionDef(node.name, node.params, node.outputs, node.body, _doc_text(lines),
                               line=node.line, col=node.col)

    # ------------------------------------------------------------ statements
    def stmts(self, meta, children) -> tuple:
        self._reject_tildes()
        return tuple(children)

    def sep(self, meta, children) -> bool:
        return children[0].type == "NL"

    def expr_stmt(self, meta, children) -> ast.ExprStmt:
        return ast.ExprStmt(children[0], children[1], **_pos(meta))

    def assign(self, meta, children) -> ast.Assign:
        lhs, value, show = children
        return ast.Assign(self._targets(lhs), value, show, **_pos(meta))

    def _targets(self, lhs) -> tuple:
        if isinstance(lhs, ast.Matrix) and len(lhs.rows) == 1:
            targets = lhs.rows[0]
            self._tildes = [t for t in self._tildes if not any(t is x for x in targets)]
        else:
            targets = (lhs,)
        for target in targets:
            if not (isinstance(target, ast.Tilde) or _is_lvalue(target)):
                raise syntax_error(BAD_ASSIGN, target.line, target.col)
        return targets

    def _reject_tildes(self) -> None:
        if self._tildes:
            tilde = self._tildes[0]
            self._tildes = []
            raise syntax_error("Invalid use of '~': it only stands for an ignored output in "
                               "'[a, ~] = f(...)'.", tilde.line, tilde.col)

    def command(self, meta, children) -> ast.ExprStmt:
        name, *words, show = children
        args = tuple(ast.String(str(w), line=w.line, col=w.column) for w in words)
        call = ast.Index(ast.Ident(str(name), **_pos(meta)), args, **_pos(meta))
        return ast.ExprStmt(call, show, **_pos(meta))

    def global_stmt(self, meta, children) -> ast.Global:
        return ast.Global(tuple(str(c) for c in children[:-1]), **_pos(meta))

    def persistent_stmt(self, meta, children) -> ast.Persistent:
        return ast.Persistent(tuple(str(c) for c in children[:-1]), **_pos(meta))

    def jump(self, meta, children):
        kind = {"BREAK": ast.Break, "CONTINUE": ast.Continue, "RETURN": ast.Return}[children[0].type]
        return kind(**_pos(meta))

    def if_stmt(self, meta, children) -> ast.If:
        cond, _, body, *clauses, _ = children
        tests = [(c.test, c.body) for c in clauses if c.test is not None]
        orelse = next((c.body for c in clauses if c.test is None), ())
        return ast.If(((cond, body), *tests), orelse, **_pos(meta))

    def elseif_clause(self, meta, children) -> _Clause:
        return _Clause(children[0], children[-1])

    def else_clause(self, meta, children) -> _Clause:
        return _Clause(None, children[-1])

    case_clause = elseif_clause
    otherwise_clause = else_clause

    def switch_stmt(self, meta, children) -> ast.Switch:
        subject, _, *clauses, _ = children
        cases = tuple((c.test, c.body) for c in clauses if c.test is not None)
        otherwise = next((c.body for c in clauses if c.test is None), None)
        return ast.Switch(subject, cases, otherwise, **_pos(meta))

    def for_stmt(self, meta, children) -> ast.For:
        keyword, (var, iterable), _, body, _ = children
        return ast.For(var, iterable, body, keyword.type == "PARFOR", **_pos(meta))

    def for_head(self, meta, children) -> tuple:
        return str(children[0]), children[1]

    def while_stmt(self, meta, children) -> ast.While:
        cond, _, body, _ = children
        return ast.While(cond, body, **_pos(meta))

    def try_stmt(self, meta, children) -> ast.TryCatch:
        body = next(c for c in children if isinstance(c, tuple))
        handler = next((c for c in children if isinstance(c, _Clause)), _Clause(None, ()))
        return ast.TryCatch(body, handler.test, handler.body, **_pos(meta))

    def catch_clause(self, meta, children) -> _Clause:
        ident = str(children[0]) if isinstance(children[0], Token) else None
        return _Clause(ident, children[-1])

    # ------------------------------------------------------------ expressions
    def binary(self, meta, children) -> ast.Binary:
        left, op, right = children
        return ast.Binary(str(op), left, right, **_pos(meta))

    def unary(self, meta, children) -> ast.Unary:
        op, operand = children
        return ast.Unary(str(op), operand, **_pos(meta))

    def transpose(self, meta, children) -> ast.Postfix:
        operand, op = children
        return ast.Postfix(str(op), operand, **_pos(meta))

    def range(self, meta, children) -> ast.Range:
        if len(children) == 2:
            return ast.Range(children[0], None, children[1], **_pos(meta))
        return ast.Range(children[0], children[1], children[2], **_pos(meta))

    def index(self, meta, children) -> ast.Index:
        return ast.Index(children[0], children[1], **_pos(meta))

    def cell_index(self, meta, children) -> ast.CellIndex:
        return ast.CellIndex(children[0], children[1], **_pos(meta))

    def field(self, meta, children) -> ast.Field:
        return ast.Field(children[0], str(children[1]), **_pos(meta))

    def dyn_field(self, meta, children) -> ast.DynField:
        return ast.DynField(children[0], children[1], **_pos(meta))

    def args(self, meta, children) -> tuple:
        return tuple(children)

    def colon(self, meta, children) -> ast.Colon:
        return ast.Colon(**_pos(meta))

    def number(self, meta, children) -> ast.Number:
        text = str(children[0])
        return ast.Number(_number_value(text), text, **_pos(meta))

    def string(self, meta, children) -> ast.String:
        tok = children[0]
        return ast.String(_decode_string(str(tok)), tok.type == "DQSTRING", **_pos(meta))

    def ident(self, meta, children) -> ast.Ident:
        return ast.Ident(str(children[0]), **_pos(meta))

    def end(self, meta, children) -> ast.End:
        return ast.End(**_pos(meta))

    def matrix(self, meta, children) -> ast.Matrix:
        return ast.Matrix(children[0], **_pos(meta))

    def cell(self, meta, children) -> ast.CellLiteral:
        return ast.CellLiteral(children[0], **_pos(meta))

    def rows(self, meta, children) -> tuple:
        return tuple(children)

    def row(self, meta, children) -> tuple:
        return tuple(children)

    def tilde(self, meta, children) -> ast.Tilde:
        node = ast.Tilde(**_pos(meta))
        self._tildes.append(node)
        return node

    def handle(self, meta, children) -> ast.FuncHandle:
        return ast.FuncHandle(str(children[0]), **_pos(meta))

    def anon(self, meta, children) -> ast.AnonFunc:
        *params, body = children
        return ast.AnonFunc(tuple(params), body, self._source_text(meta.start_pos, meta.end_pos),
                            **_pos(meta))

    def _source_text(self, start: int, end: int) -> str:
        """The tokens in [start, end) joined without spaces: MATLAB's func2str spelling."""
        first, last = bisect_left(self._starts, start), bisect_left(self._starts, end)
        return "".join(str(t) for t in self._tokens[first:last])


def _doc_text(lines: list[str]) -> str:
    """Help text from comment lines: the marker's following space and trailing blanks removed."""
    return "\n".join(line[1:] if line.startswith(" ") else line for line in lines).rstrip()
