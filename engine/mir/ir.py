"""MIR: a control-flow graph of basic blocks per function, cell or script.

Values computed inside a block are SSA temporaries (``%3``), each assigned once; named MATLAB variables
live in frame slots and are read and written with ``load``/``store`` (they survive the cell: a script's
slots are its workspace). Every instruction keeps the source line and column of the expression it came
from. A block ends in one terminator: ``jump``, ``branch``, ``fornext`` or ``return``.

Instruction set (``op attr args``; ``spread`` flags mark comma-list arguments that expand in place):

    const V                 a literal value              load x / store x %v    frame slot (variable)
    loadname x              script: variable x, else the function x called with no arguments
    gload/gstore x          a global variable            pload/pstore x         a persistent variable
    binop OP %a %b          operator (ops.BINARY)        unop OP %a             operator (ops.UNARY)
    colon %a [%s] %b        start:step:stop              end (k,n) %base        ``end`` in subscript k of n
    index (nargout,spread) %base %args..                 paren index (or call, when base is a handle)
    call (name,nargout,spread) %args..                   function call by name
    callname (name,nargout,spread) %args..               script: index variable ``name`` if it exists, else call
    cellindex spread %base %args..  -> list              field NAME %base -> list    dynfield %base %n -> list
    method NAME %base -> list   ``base.NAME(args)``: a handle object's method NAME (bound to the object, for
                            the ``index`` that follows to call), else the same as field
    first %list             the one value of a comma list (error when empty)
    out K %tuple            output K of a multi-output call
    matrix rows %els..      [a, b; c]                    cell rows %els..       {a, b; c}
    anon SPEC               @(x) body (captures free variables by value)      fhandle NAME   @name
    setindex (x,steps) %rhs %args..                      x(i).f{j} = rhs (indexed/member store; a step
                                                         (kind, n, spread) has comma lists in its subscripts)
    truth %v                if/while condition           casematch %subject %case  switch case test
    decides OP %a           condition ``a | b`` / ``a & b``: ``a`` alone decides it (short-circuit)
    display NAME %v         print ``NAME = ...``         setans SHOW %v        expression statement result
    caught                  the error being handled, as an MException value
    trypush LABEL / trypop  enter / leave a try block    global x / persistent x   declarations
    iter %v -> it           for-loop iterator over columns (rangeiter %a %s %b: over a range, lazily)
    nargin / nargout        of the running function      loadopt x               x, or [] if undefined
    parfor SPEC %range [%M] a parfor loop: SPEC holds its body unit and the classification (mir/parfor.py)
    showname x SHOW         script statement ``x``: show the variable, or call the function x
    eload (x,up,opt)        nested functions: shared variable x of the environment ``up`` levels up
                            (opt: None when undefined, else an error); estore (x,up) %v stores it
    callnested (name,key,up,nargout,spread) %args..      call nested function ``key`` in that environment
    nestedhandle (name,key,up)                           @name of a nested function (keeps the environment)
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .types import UNKNOWN, Type


@dataclass(eq=False, slots=True)
class Temp:
    id: int
    type: Type = UNKNOWN

    def __str__(self) -> str:
        return f"%{self.id}"


@dataclass(eq=False, slots=True)
class Instr:
    op: str
    dest: Temp | None = None
    args: list[Temp] = field(default_factory=list)
    attr: Any = None
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.op == "setindex":
            return f"setindex {format_target(self.attr, self.args[1:])} = {self.args[0]}"
        parts = [self.op]
        text = format_attr(self.op, self.attr)
        if text:
            parts.append(text)
        parts.extend(str(a) for a in self.args)
        body = " ".join(parts)
        return f"{self.dest}:{self.dest.type} = {body}" if self.dest is not None else body


@dataclass(eq=False, slots=True)
class Terminator:
    op: str                         # jump | branch | fornext | return
    targets: list[str] = field(default_factory=list)
    args: list[Temp] = field(default_factory=list)
    attr: Any = None                # fornext: the loop variable name
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.op == "fornext":
            return f"fornext {self.args[0]} -> {self.attr} ? {self.targets[0]} : {self.targets[1]}"
        if self.op == "branch":
            return f"branch {self.args[0]} ? {self.targets[0]} : {self.targets[1]}"
        return " ".join([self.op, *self.targets])


@dataclass(eq=False, slots=True)
class Block:
    label: str
    instrs: list[Instr] = field(default_factory=list)
    term: Terminator | None = None


@dataclass
class Region:
    """A fusion candidate: instructions ``start..end`` (inclusive) of one block."""
    id: int
    block: str
    start: int
    end: int
    kinds: tuple[str, ...]          # fusion kinds of the member ops, e.g. ("elementwise", "reduction")


@dataclass(eq=False)
class Function:
    """One code unit: a script/cell (``kind == "script"``), a function, or an anonymous function body."""
    name: str
    kind: str                                   # script | function | anon
    params: list[str] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    variables: list[str] = field(default_factory=list)   # frame slots, in order of first mention
    blocks: list[Block] = field(default_factory=list)
    regions: list[Region] = field(default_factory=list)
    globals: set[str] = field(default_factory=set)
    persistents: set[str] = field(default_factory=set)
    source: str = ""
    file: str = ""
    ntemps: int = 0
    nested: bool = False                        # one of a nest of nested functions (mir/nested.py)
    shared: dict[str, int] = field(default_factory=dict)   # shared variable -> environment levels up
    live: dict[str, frozenset[str]] | None = field(default=None, repr=False)   # liveness.live_in, kept by
    # inference for the compiler, which sets it back to None (no pass after inference changes the blocks)

    def __str__(self) -> str:
        head = f"{self.kind} {self.name}"
        if self.kind != "script":
            head += f"({', '.join(self.params)}) -> [{', '.join(self.outputs)}]"
        lines = [head + ":"]
        starts = {(r.block, r.start): r for r in self.regions}
        ends = {(r.block, r.end): r for r in self.regions}
        for b in self.blocks:
            lines.append(f"  {b.label}:")
            for k, ins in enumerate(b.instrs):
                region = starts.get((b.label, k))
                if region is not None:
                    lines.append(f"    ; fusion region {region.id} [{', '.join(region.kinds)}]")
                lines.append(f"    {ins}")
                if (b.label, k) in ends:
                    lines.append(f"    ; end region {ends[(b.label, k)].id}")
            if b.term is not None:
                lines.append(f"    {b.term}")
        return "\n".join(lines)


@dataclass(eq=False)
class Module:
    """The MIR of one cell or file: its main unit and its local functions."""
    main: Function
    functions: dict[str, Function] = field(default_factory=dict)

    def __str__(self) -> str:
        return "\n\n".join(str(f) for f in [self.main, *self.functions.values()])


@dataclass(frozen=True)
class AnonSpec:
    """What ``anon`` needs: parameter names, the compiled body unit and the source text."""
    params: tuple[str, ...]
    body: Function
    text: str

    def __str__(self) -> str:
        return self.text


def format_value(value: Any) -> str:
    if isinstance(value, float):
        return repr(int(value)) if value.is_integer() and abs(value) < 1e15 else repr(value)
    if isinstance(value, np.ndarray):
        return f"<{value.dtype} {'x'.join(map(str, value.shape))}>"
    text = getattr(value, "to_str", None)
    if text is not None:
        return repr(text())
    if type(value).__name__ == "StringArray":
        return '"' + str(value.data.flat[0]) + '"'
    return repr(value)


def format_attr(op: str, attr: Any) -> str:
    if attr is None:
        return ""
    if op == "const":
        return format_value(attr)
    if op in ("call", "callname"):
        name, nargout, spread = attr
        return f"{name} nargout={nargout}" + spread_text(spread)
    if op == "index":
        nargout, spread = attr
        return f"nargout={nargout}" + spread_text(spread)
    if op == "cellindex":
        return spread_text(attr).strip()
    if op == "end":
        return f"{attr[0] + 1}/{attr[1]}"
    if op in ("matrix", "cell"):
        rows, spread = attr
        return "rows=" + ",".join(map(str, rows)) + spread_text(spread)
    if op == "anon":
        return attr.text
    if op == "setans":
        return "show" if attr else "quiet"
    if op == "showname":
        return f"{attr[0]} {'show' if attr[1] else 'quiet'}"
    return str(attr)


def spread_text(spread: tuple[bool, ...]) -> str:
    return " spread=" + "".join("*" if s else "." for s in spread) if any(spread) else ""


def format_target(attr: tuple, args: list[Temp]) -> str:
    """``x(%1,%2).f{%3}`` for a setindex whose steps consume ``args`` in order (``%4*``: a comma list
    spread into the subscripts, from a step ``(kind, count, spread)``)."""
    name, steps = attr
    text, k = name, 0
    for kind, info, *spread in steps:
        if kind == ".":
            text += "." + info
            continue
        n = 1 if kind == ".()" else info
        flags = spread[0] if spread else (False,) * n
        inner = ",".join(str(a) + "*" * s for a, s in zip(args[k:k + n], flags))
        k += n
        text += f".({inner})" if kind == ".()" else kind[0] + inner + kind[1]
    return text
