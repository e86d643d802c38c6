"""Grammar rules (grammar.lark) -> AST (ast.py): one method per grammar rule, each node stamped with the
line and column of its first character. The descent parser calls these methods as each rule completes,
and lark's LALR parser as it reduces (they are its callbacks: no parse tree is built), so children arrive
already built, left to right. Tokens are the lexer's tuples (lexer.py; lark's are the same tuples with
field names), indexed by ``KIND``, ``TEXT``, ``LINE`` ...; a child that is a tuple is a token, except the
statement lists (``stmts``) and argument lists, which rules tell apart by their place."""
from __future__ import annotations

from bisect import bisect_left
from dataclasses import dataclass, replace

from . import ast
from .diagnostics import BAD_ASSIGN, syntax_error
from .lexer import COLUMN, KIND, LINE, START, TEXT, Comment, Token

OPEN_TYPES = frozenset({"LPAREN", "LBRACK", "LBRACE"})
CLOSE_TYPES = frozenset({"_RPAREN", "_RBRACK", "_RBRACE"})
BODY_ENDS = CLOSE_TYPES | {"_COMMA", "_ROWSEP", "SEMI", "NL"}
LVALUE_CHAIN = (ast.Index, ast.CellIndex, ast.Field, ast.DynField)


def _at(first) -> tuple[int, int]:
    """The line and column of a node whose first token or first child node is ``first``."""
    if isinstance(first, tuple):
        return first[LINE], first[COLUMN]
    return first.line, first.col


# The nodes the parser makes by the hundred thousand, made by their positional constructors (ast.py's
# ``Cls.new``: the fields, then line and column), looked up once.
NEW_NUMBER, NEW_STRING, NEW_IDENT, NEW_END = ast.Number.new, ast.String.new, ast.Ident.new, ast.End.new
NEW_BINARY, NEW_INDEX, NEW_ASSIGN, NEW_EXPR_STMT = ast.Binary.new, ast.Index.new, ast.Assign.new, ast.ExprStmt.new


def _decode_string(text: str) -> str:
    quote = text[0]
    return text[1:-1].replace(quote * 2, quote)


def _number_value(text: str) -> float | complex:
    """The value of a NUMBER token that ``float`` does not read: hex (``0x1F``), Fortran's ``D`` exponent
    (``1.0D-08``) as ``e``, and an imaginary unit suffix."""
    if text[:2] in ("0x", "0X"):
        return float(int(text, 16))
    text = text.replace("d", "e").replace("D", "e")
    if text[-1] in "ij":
        return complex(0.0, float(text[:-1]))
    return float(text)


# The leaves: the node of one token (the rules of the same names call them; the descent parser, at once).
def number_node(tok: Token) -> ast.Number:
    text = tok[TEXT]
    try:
        value = float(text)                 # the common spelling: digits, a point, an e exponent
    except ValueError:
        value = _number_value(text)
    return NEW_NUMBER(value, text, tok[LINE], tok[COLUMN])


def string_node(tok: Token) -> ast.String:
    return NEW_STRING(_decode_string(tok[TEXT]), tok[KIND] == "DQSTRING", tok[LINE], tok[COLUMN])


def ident_node(tok: Token) -> ast.Ident:
    return NEW_IDENT(tok[TEXT], tok[LINE], tok[COLUMN])


def end_node(tok: Token) -> ast.End:
    return NEW_END(tok[LINE], tok[COLUMN])


def binary_node(left, op: Token, right) -> ast.Binary:
    """``left op right`` (the rule ``binary``'s node; the descent parser makes it at once)."""
    return NEW_BINARY(op[TEXT], left, right, left.line, left.col)


SHOWN = "NL"        # the kind of a separator that shows the statement's value (a newline or ``,``; ``;`` is SEMI)


def shows(sep: Token) -> bool:
    """Whether a statement's separator shows its value."""
    return sep[KIND] == SHOWN


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


class AstBuilder:
    """Builds the AST of one source text at a time: ``begin`` before each parse. ``tokens`` (the lexer's
    output) gives anonymous functions their text; ``comments`` gives functions their help text.

    A rule whose children are wrong (``1 = x``) records its error instead of raising: ``start`` raises
    the first one once the whole input has parsed, so a syntax error further on is still reported first
    (as when the tree was built before the AST)."""

    def begin(self, source: str, tokens: list[Token], comments: list[Comment]) -> None:
        self._source = source
        self._tokens = tokens
        self._starts: list[int] | None = None   # token start offsets, made when an anonymous function needs them
        self._comments = {c.line: c for c in comments if c.own_line}
        self._tildes: list[ast.Tilde] = []      # every ``~`` placeholder met
        self._claimed: set[int] = set()         # ids of those that are outputs of a multi-assignment
        self._error: Exception | None = None    # the first error a rule met

    # ------------------------------------------------------------ program and functions
    def start(self, children) -> ast.Program:
        if self._error is not None:
            raise self._error
        self._reject_tildes()
        body, functions = children[0], children[1:]
        ends = {f.has_end for f in functions}
        if len(ends) > 1:
            first = next(f.node for f in functions if f.has_end != functions[0].has_end)
            raise syntax_error("All functions in a file must be terminated with 'end', or none of them.",
                               first.line, first.col)
        nodes = tuple(f.node for f in functions)
        is_file = bool(self._tokens) and self._tokens[0][KIND] == "FUNCTION"
        if is_file and nodes and not nodes[0].doc:
            nodes = (self._with_leading_doc(nodes[0]),) + nodes[1:]
        return ast.Program(body, nodes, is_file, self._source, line=1, col=1)

    def funcdef(self, children) -> _Function:
        keyword, *rest = children
        at = next(i for i, c in enumerate(rest) if isinstance(c, tuple))        # the function name
        outputs = tuple(rest[0]) if at else ()
        params = rest[at + 1] if isinstance(rest[at + 1], list) else []
        has_end = rest[-1] is _END_MARK
        body = rest[-2] if has_end else rest[-1]
        nested = tuple(st for st in body if isinstance(st, ast.FunctionDef))
        if nested:
            body = tuple(st for st in body if not isinstance(st, ast.FunctionDef))
        node = ast.FunctionDef.new(rest[at][TEXT], tuple(params), outputs, body, self._doc_after(keyword[LINE]),
                               nested, *_at(keyword))
        return _Function(node, has_end)

    def nested_funcdef(self, children) -> ast.FunctionDef:
        """A nested function: a statement of its parent's body until ``funcdef`` takes it out."""
        return self.funcdef(children).node

    def func_outputs(self, children) -> list:
        return [c[TEXT] for c in children if c[KIND] == "NAME"]

    def func_params(self, children) -> list:
        return children[1:]

    def func_end(self, children) -> object:
        return _END_MARK

    def param(self, children) -> str:
        return children[0][TEXT]

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
        return replace(node, doc=_doc_text(lines))

    # ------------------------------------------------------------ statements
    def stmts(self, children) -> tuple:
        return tuple(children)

    def sep(self, children) -> bool:
        return shows(children[0])

    def expr_stmt(self, children) -> ast.ExprStmt:
        expr, show = children
        return NEW_EXPR_STMT(expr, show, expr.line, expr.col)

    def assign(self, children) -> ast.Assign:
        return self.assignment(*children)

    def assignment(self, lhs, value, show: bool) -> ast.Assign:
        """``lhs = value`` (the rule ``assign``'s node; the descent parser asks for it at once)."""
        targets = (lhs,) if type(lhs) is ast.Ident else self._targets(lhs)    # a name: its own lvalue
        return NEW_ASSIGN(targets, value, show, lhs.line, lhs.col)

    def _targets(self, lhs) -> tuple:
        if isinstance(lhs, ast.Matrix) and len(lhs.rows) == 1:
            targets = lhs.rows[0]
            self._claimed.update(id(t) for t in targets if isinstance(t, ast.Tilde))
        else:
            targets = (lhs,)
        for target in targets:
            if not (isinstance(target, ast.Tilde) or _is_lvalue(target)) and self._error is None:
                self._error = syntax_error(BAD_ASSIGN, target.line, target.col)
        return targets

    def _reject_tildes(self) -> None:
        stray = [t for t in self._tildes if id(t) not in self._claimed]
        if stray:
            tilde = min(stray, key=lambda t: (t.line, t.col))
            raise syntax_error("Invalid use of '~': it only stands for an ignored output in "
                               "'[a, ~] = f(...)'.", tilde.line, tilde.col)

    def command(self, children) -> ast.ExprStmt:
        name, *words, show = children
        args = tuple(NEW_STRING(w[TEXT], False, *_at(w)) for w in words)
        call = NEW_INDEX(NEW_IDENT(name[TEXT], *_at(name)), args, *_at(name))
        return NEW_EXPR_STMT(call, show, *_at(name))

    def global_stmt(self, children) -> ast.Global:
        return ast.Global.new(tuple(c[TEXT] for c in children[1:-1]), *_at(children[0]))

    def persistent_stmt(self, children) -> ast.Persistent:
        return ast.Persistent.new(tuple(c[TEXT] for c in children[1:-1]), *_at(children[0]))

    def jump(self, children):
        kind = {"BREAK": ast.Break, "CONTINUE": ast.Continue, "RETURN": ast.Return}[children[0][KIND]]
        return kind.new(*_at(children[0]))

    def if_stmt(self, children) -> ast.If:
        keyword, cond, _, body, *clauses, _ = children
        tests = [(c.test, c.body) for c in clauses if c.test is not None]
        orelse = next((c.body for c in clauses if c.test is None), ())
        return ast.If.new(((cond, body), *tests), orelse, *_at(keyword))

    def elseif_clause(self, children) -> _Clause:
        return _Clause(children[0], children[-1])

    def else_clause(self, children) -> _Clause:
        return _Clause(None, children[-1])

    case_clause = elseif_clause
    otherwise_clause = else_clause

    def switch_stmt(self, children) -> ast.Switch:
        keyword, subject, _, *clauses, _ = children
        cases = tuple((c.test, c.body) for c in clauses if c.test is not None)
        otherwise = next((c.body for c in clauses if c.test is None), None)
        return ast.Switch.new(subject, cases, otherwise, *_at(keyword))

    def for_stmt(self, children) -> ast.For:
        keyword, (var, iterable, workers), _, body, _ = children
        return ast.For.new(var, iterable, body, keyword[KIND] == "PARFOR", workers, *_at(keyword))

    def for_head(self, children) -> tuple:
        name, iterable, *workers = [c for c in children if not (isinstance(c, tuple) and c[KIND] == "LPAREN")]
        return name[TEXT], iterable, (workers[0] if workers else None)

    def while_stmt(self, children) -> ast.While:
        keyword, cond, _, body, _ = children
        return ast.While.new(cond, body, *_at(keyword))

    def try_stmt(self, children) -> ast.TryCatch:
        body = next(c for c in children[1:] if isinstance(c, tuple))         # after the ``try`` token
        handler = next((c for c in children if isinstance(c, _Clause)), _Clause(None, ()))
        return ast.TryCatch.new(body, handler.test, handler.body, *_at(children[0]))

    def catch_clause(self, children) -> _Clause:
        ident = children[0][TEXT] if isinstance(children[0], tuple) else None
        return _Clause(ident, children[-1])

    # ------------------------------------------------------------ expressions
    def binary(self, children) -> ast.Binary:
        return binary_node(*children)

    def unary(self, children) -> ast.Unary:
        op, operand = children
        return ast.Unary.new(op[TEXT], operand, op[LINE], op[COLUMN])

    def transpose(self, children) -> ast.Postfix:
        operand, op = children
        return ast.Postfix.new(op[TEXT], operand, operand.line, operand.col)

    def range(self, children) -> ast.Range:
        parts = children[::2]           # drop the COLON tokens
        step = parts[1] if len(parts) == 3 else None
        return ast.Range.new(parts[0], step, parts[-1], parts[0].line, parts[0].col)

    def index(self, children) -> ast.Index:
        base, _, args = children
        return NEW_INDEX(base, args, base.line, base.col)

    def cell_index(self, children) -> ast.CellIndex:
        base, _, args = children
        return ast.CellIndex.new(base, args, base.line, base.col)

    def field(self, children) -> ast.Field:
        base, name = children
        return ast.Field.new(base, name[TEXT], base.line, base.col)

    def dyn_field(self, children) -> ast.DynField:
        base, _, name = children
        return ast.DynField.new(base, name, base.line, base.col)

    def args(self, children) -> tuple:
        return tuple(children)

    def call_args(self, children) -> tuple:
        """A call's arguments: a ``Name=Value`` pair (a ``name_value`` tuple) is two of them."""
        return tuple(a for child in children for a in (child if type(child) is tuple else (child,)))

    def name_value(self, children) -> tuple:
        """``Name=Value`` in a call (R2021a): the name passed as a string scalar, then the value."""
        name, value = children
        return (NEW_STRING(name[TEXT], True, *_at(name)), value)

    def colon(self, children) -> ast.Colon:
        return ast.Colon.new(*_at(children[0]))

    def paren(self, children) -> ast.Node:
        """``(expr)``: the expression, located at its opening parenthesis."""
        line, col = _at(children[0])
        return replace(children[1], line=line, col=col)

    def number(self, children) -> ast.Number:
        return number_node(children[0])

    def string(self, children) -> ast.String:
        return string_node(children[0])

    def ident(self, children) -> ast.Ident:
        return ident_node(children[0])

    def end(self, children) -> ast.End:
        return end_node(children[0])

    def matrix(self, children) -> ast.Matrix:
        return ast.Matrix.new(children[1], *_at(children[0]))

    def cell(self, children) -> ast.CellLiteral:
        return ast.CellLiteral.new(children[1], *_at(children[0]))

    def rows(self, children) -> tuple:
        return tuple(children)

    def row(self, children) -> tuple:
        return tuple(children)

    def tilde(self, children) -> ast.Tilde:
        node = ast.Tilde.new(*_at(children[0]))
        self._tildes.append(node)
        return node

    def handle(self, children) -> ast.FuncHandle:
        return ast.FuncHandle.new(children[1][TEXT], *_at(children[0]))

    def anon(self, children) -> ast.AnonFunc:
        at, _, *params, body = children
        return ast.AnonFunc.new(tuple(params), body, self._anon_text(at), *_at(at))

    def _anon_text(self, at: Token) -> str:
        """MATLAB's func2str spelling: the tokens from ``@`` to the end of the body, without spaces.
        The body is an ``expr``, the loosest construct, so it runs up to the first separator or
        closing bracket that is not nested inside it."""
        tokens = self._tokens
        if self._starts is None:
            self._starts = [t[START] for t in tokens]
        first = bisect_left(self._starts, at[START])
        i = next(j for j in range(first, len(tokens)) if tokens[j][KIND] == "_RPAREN") + 1
        depth = 0
        while i < len(tokens) and not (depth == 0 and tokens[i][KIND] in BODY_ENDS):
            depth += (tokens[i][KIND] in OPEN_TYPES) - (tokens[i][KIND] in CLOSE_TYPES)
            i += 1
        return "".join(t[TEXT] for t in tokens[first:i])


def _doc_text(lines: list[str]) -> str:
    """Help text from comment lines: the marker's following space and trailing blanks removed."""
    return "\n".join(line[1:] if line.startswith(" ") else line for line in lines).strip("\n").rstrip()
