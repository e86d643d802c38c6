"""The MATLAB abstract syntax tree: dataclasses with slots and source positions.

This module is the contract between the parser (which builds it) and MIR lowering (which reads it).
Every node carries ``line`` and ``col`` (1-based, of its first character) as keyword-only fields; the
parser makes nodes with ``Cls.new`` (every field positional, ``line`` and ``col`` last).

Nodes are values: compared and hashed by their fields (not the position), and never changed once made
(``dataclasses.replace`` makes a changed copy). That is a convention, not ``frozen=True``, whose
``__setattr__`` makes every field of every node go through ``object.__setattr__`` as it is built: a
node took 0.22 us to make that way against 0.13 us, a third of the time the parser takes.

Resolution of ``name(args)`` as a call or as indexing is not the parser's business: it produces
``Index`` for both, and MIR lowering decides. Command syntax (``hold on``, ``format long``) is parsed
into an ``ExprStmt`` whose expression is ``Index(Ident(name), [String(word), ...])``.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields


@dataclass(unsafe_hash=True, slots=True)
class Node:
    line: int = field(default=0, kw_only=True, compare=False)
    col: int = field(default=0, kw_only=True, compare=False)


# ---------------------------------------------------------------- expressions
@dataclass(unsafe_hash=True, slots=True)
class Number(Node):
    value: float | complex          # 3 -> 3.0, 2.5e3 -> 2500.0, 4i -> 4j
    text: str = ""                  # source spelling


@dataclass(unsafe_hash=True, slots=True)
class String(Node):
    value: str
    double_quoted: bool = False     # "..." is a string scalar; '...' is a char row


@dataclass(unsafe_hash=True, slots=True)
class Ident(Node):
    name: str


@dataclass(unsafe_hash=True, slots=True)
class Colon(Node):
    """A bare ``:`` used as an index (all elements)."""


@dataclass(unsafe_hash=True, slots=True)
class End(Node):
    """``end`` inside an index: the last index of the innermost indexed value."""


@dataclass(unsafe_hash=True, slots=True)
class Unary(Node):
    op: str                         # '-', '+', '~'
    operand: "Expr"


@dataclass(unsafe_hash=True, slots=True)
class Postfix(Node):
    op: str                         # "'" (ctranspose) or ".'" (transpose)
    operand: "Expr"


@dataclass(unsafe_hash=True, slots=True)
class Binary(Node):
    op: str                         # + - * / \ ^ .* ./ .\ .^ == ~= < <= > >= & | && ||
    left: "Expr"
    right: "Expr"


@dataclass(unsafe_hash=True, slots=True)
class Range(Node):
    start: "Expr"
    step: "Expr | None"
    stop: "Expr"


@dataclass(unsafe_hash=True, slots=True)
class Index(Node):
    """``base(args)``: paren indexing or a function call."""
    base: "Expr"
    args: tuple["Expr", ...]


@dataclass(unsafe_hash=True, slots=True)
class CellIndex(Node):
    """``base{args}``."""
    base: "Expr"
    args: tuple["Expr", ...]


@dataclass(unsafe_hash=True, slots=True)
class Field(Node):
    """``base.name``."""
    base: "Expr"
    name: str


@dataclass(unsafe_hash=True, slots=True)
class DynField(Node):
    """``base.(expr)``."""
    base: "Expr"
    name: "Expr"


@dataclass(unsafe_hash=True, slots=True)
class Matrix(Node):
    """``[a, b; c d]``: rows of elements."""
    rows: tuple[tuple["Expr", ...], ...]


@dataclass(unsafe_hash=True, slots=True)
class CellLiteral(Node):
    """``{a, b; c d}``."""
    rows: tuple[tuple["Expr", ...], ...]


@dataclass(unsafe_hash=True, slots=True)
class AnonFunc(Node):
    """``@(x, y) body``; ``text`` is the source text of the whole handle, for func2str/display."""
    params: tuple[str, ...]
    body: "Expr"
    text: str = ""


@dataclass(unsafe_hash=True, slots=True)
class FuncHandle(Node):
    """``@name``."""
    name: str


Expr = (Number | String | Ident | Colon | End | Unary | Postfix | Binary | Range | Index | CellIndex | Field
        | DynField | Matrix | CellLiteral | AnonFunc | FuncHandle)


# ---------------------------------------------------------------- statements
@dataclass(unsafe_hash=True, slots=True)
class Tilde(Node):
    """``~`` as an output placeholder in ``[~, i] = max(x)``."""


@dataclass(unsafe_hash=True, slots=True)
class ExprStmt(Node):
    expr: Expr
    show: bool                      # no terminating semicolon: display the result


@dataclass(unsafe_hash=True, slots=True)
class Assign(Node):
    """``x = e``, ``x(i).f{2} = e``, ``[a, ~, c] = f(...)``. Targets are Ident, or Index / CellIndex /
    Field / DynField chains whose innermost base is an Ident, or Tilde."""
    targets: tuple["Expr | Tilde", ...]
    value: Expr
    show: bool


@dataclass(unsafe_hash=True, slots=True)
class If(Node):
    clauses: tuple[tuple[Expr, tuple["Stmt", ...]], ...]   # if and elseif, in order
    orelse: tuple["Stmt", ...] = ()


@dataclass(unsafe_hash=True, slots=True)
class For(Node):
    var: str
    iterable: Expr
    body: tuple["Stmt", ...]
    parfor: bool = False
    workers: Expr | None = None     # parfor (i = 1:n, M): at most M workers


@dataclass(unsafe_hash=True, slots=True)
class While(Node):
    cond: Expr
    body: tuple["Stmt", ...]


@dataclass(unsafe_hash=True, slots=True)
class Switch(Node):
    subject: Expr
    cases: tuple[tuple[Expr, tuple["Stmt", ...]], ...]     # case value (a cell literal matches any member)
    otherwise: tuple["Stmt", ...] | None = None


@dataclass(unsafe_hash=True, slots=True)
class TryCatch(Node):
    body: tuple["Stmt", ...]
    ident: str | None               # ``catch err``
    handler: tuple["Stmt", ...] = ()


@dataclass(unsafe_hash=True, slots=True)
class Break(Node):
    pass


@dataclass(unsafe_hash=True, slots=True)
class Continue(Node):
    pass


@dataclass(unsafe_hash=True, slots=True)
class Return(Node):
    pass


@dataclass(unsafe_hash=True, slots=True)
class Global(Node):
    names: tuple[str, ...]


@dataclass(unsafe_hash=True, slots=True)
class Persistent(Node):
    names: tuple[str, ...]


Stmt = ExprStmt | Assign | If | For | While | Switch | TryCatch | Break | Continue | Return | Global | Persistent


@dataclass(unsafe_hash=True, slots=True)
class FunctionDef(Node):
    """``function [outs] = name(params) ... end``; ``doc`` is the leading comment block (help text);
    ``nested`` the functions defined inside its body (which share its variables), in order."""
    name: str
    params: tuple[str, ...]          # may end with 'varargin'; '~' for an ignored input
    outputs: tuple[str, ...]         # may end with 'varargout'
    body: tuple[Stmt, ...]
    doc: str = ""
    nested: tuple["FunctionDef", ...] = ()


@dataclass(unsafe_hash=True, slots=True)
class Program(Node):
    """A cell, script or function file: script statements, then local functions.
    A function file has an empty body and ``is_function_file`` set."""
    body: tuple[Stmt, ...]
    functions: tuple[FunctionDef, ...] = ()
    is_function_file: bool = False
    source: str = ""


def _positional_constructor(cls: type) -> None:
    """Give a node class ``cls.new``: its constructor with every field positional, ``line`` and ``col``
    last, which the parser calls (it makes a node or more per token, and keyword arguments made a node
    half again as slow to build)."""
    fields_in_order = [f.name for f in sorted(fields(cls), key=lambda f: f.kw_only)]   # line, col last
    stores = "".join(f"\n    self.{name} = {name}" for name in fields_in_order)
    namespace: dict = {"_new_object": object.__new__, "_cls": cls}
    exec(f"def new({', '.join(fields_in_order)}):\n    self = _new_object(_cls){stores}\n    return self\n",
         namespace)
    namespace["new"].__qualname__ = f"{cls.__qualname__}.new"
    cls.new = staticmethod(namespace["new"])


for _node_class in [c for c in list(globals().values()) if isinstance(c, type) and issubclass(c, Node)]:
    _positional_constructor(_node_class)    # (Node.__subclasses__() also lists the classes before slots)
