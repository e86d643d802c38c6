"""Tier 2's types: what each variable and temporary of a loop holds, from the values at the loop's entry.

The MIR's own types (mir/infer.py) are static: a function's parameters are unknown, a cell's variables
are what the workspace held when the cell was built. Tier 2 specialises a loop on the values it actually
meets at the ``TIER2`` instruction, so it runs its own forward dataflow over the loop's blocks on a
small lattice of the types it compiles:

    f8      a real double scalar (a Python float)       b1      a logical scalar (a Python bool)
    f8[]    a real double matrix (2-D numpy float64)    b1[]    a logical matrix (2-D numpy bool)
    it      a for loop's range iterator                 undef   a variable with no value
    ?T      T or undef (a variable first assigned inside the loop)

Two different types meeting at a join make the loop unstable: it is not compiled, and the reason says
which variable changed class. So are operations outside tier 2's set (``Unsupported``: the reason is
shown by ``%fusion tier2``). ``TypeMap`` is the fixpoint: each block's entry environment and each
temporary's type.
"""
from __future__ import annotations

from abc import ABC, abstractmethod

from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ..mir.ir import Block, Instr
from .builtins import ARRAY_QUERIES, CONSTANTS, NOT_BIT_EXACT, SCALAR_FUNCTIONS

Env = dict[str, str]
SCALARS = ("f8", "b1")
ARRAYS = ("f8[]", "b1[]")
ARITHMETIC = {"+", "-", "*", ".*", "/", "./", "\\", ".\\", "^", ".^"}
COMPARISONS = {"<", "<=", ">", ">=", "==", "~="}
LOGICAL = {"&", "|"}


class Unsupported(Exception):
    """A loop tier 2 does not compile, and why (a sentence for ``%fusion tier2``)."""

    def __init__(self, reason: str, line: int = 0):
        super().__init__(reason)
        self.reason = reason
        self.line = line


def type_of(value: Any) -> str:
    """The tier-2 type of a run-time value ('' when tier 2 does not handle it)."""
    t = type(value)
    if t is float:
        return "f8"
    if t is bool:
        return "b1"
    if value is None:
        return "undef"
    if t is np.ndarray and value.ndim == 2:
        if value.dtype == np.float64:
            return "f8[]"
        if value.dtype == np.bool_:
            return "b1[]"
    return ""


def describe(value: Any) -> str:
    """A value's class and size in words, for a reason."""
    from ..runtime.values import class_of, size_of
    try:
        return f"{class_of(value)} {'x'.join(map(str, size_of(value)))}"
    except Exception:  # noqa: BLE001 - any value at all
        return type(value).__name__


def join(a: str | None, b: str | None) -> str | None:
    """Least upper bound of two types (None: not reached yet); raises ValueError when they differ."""
    if a is None or a == b:
        return b
    if b is None:
        return a
    pa, pb = a.lstrip("?"), b.lstrip("?")
    if pa == "undef":
        return "?" + pb if pb != "undef" else "undef"
    if pb == "undef":
        return "?" + pa
    if pa == pb:
        return "?" + pa
    raise ValueError(f"{a} / {b}")


@dataclass
class TypeMap:
    """The dataflow fixpoint of one loop (or function body) for one set of entry types."""
    entry: dict[str, Env] = field(default_factory=dict)       # block label -> variable types at entry
    temps: dict[int, str] = field(default_factory=dict)       # temp id -> type
    calls: dict[int, str] = field(default_factory=dict)       # id(instr) -> how a call/callname/loadname runs:
                                                              # "index", "builtin:<name>", "const:<name>", "user"
    variables: set[str] = field(default_factory=set)          # every variable the loop reads or writes
    callees: dict[int, "Callee"] = field(default_factory=dict)   # id(instr) -> the user function it calls


@dataclass(eq=False)
class Callee:
    """A user function called with scalar arguments, typed for them (compiled as a function of its own)."""
    name: str
    blocks: list[Block]
    params: list[str]
    output: str
    args: tuple[str, ...]
    tm: TypeMap
    result: str
    loops: dict[str, list[str]]                               # header -> blocks, of the loops in its body


class Resolver(ABC):
    """How the VM would run a name (run-time facts infer_loop asks for: runner.CallContext)."""

    @abstractmethod
    def how(self, name: str) -> str:
        """"builtin", "user" (a local or file function) or "" (unknown)."""

    @abstractmethod
    def callee(self, name: str, args: tuple[str, ...], line: int) -> Callee:
        """The user function ``name`` typed for ``args`` (or Unsupported)."""


def infer_loop(blocks: list[Block], entry_types: Env, resolve: Resolver) -> TypeMap:
    """Types of a loop's blocks (``blocks[0]`` its header) given the variables' types at the header."""
    tm = TypeMap()
    inside = {b.label: b for b in blocks}
    tm.entry[blocks[0].label] = dict(entry_types)
    todo = [blocks[0].label]
    while todo:
        label = todo.pop()
        block = inside[label]
        env = dict(tm.entry[label])
        for ins in block.instrs:
            step(ins, env, tm, resolve)
        for target, out in successors(block, env, tm):
            if target not in inside:
                continue
            old = tm.entry.get(target)
            try:
                merged = {k: join(old.get(k) if old else None, out.get(k)) or "undef"
                          for k in set(out) | set(old or ())}
            except ValueError as exc:
                name = next(k for k in set(out) | set(old or ())
                            if not compatible(old.get(k) if old else None, out.get(k)))
                raise Unsupported(f"variable '{name}' changes type in the loop ({exc})",
                                  block.term.line) from None
            if merged != old:
                tm.entry[target] = merged
                todo.append(target)
    return tm


def compatible(a: str | None, b: str | None) -> bool:
    try:
        join(a, b)
        return True
    except ValueError:
        return False


def successors(block: Block, env: Env, tm: TypeMap) -> list[tuple[str, Env]]:
    term = block.term
    if term.op == "fornext":
        if tm.temps.get(term.args[0].id, "it") != "it":
            raise Unsupported("a for loop over an array (not a range)", term.line)
        body = dict(env)
        body[term.attr] = "f8"
        tm.variables.add(term.attr)
        return [(term.targets[0], body), (term.targets[1], env)]
    if term.op == "branch" and tm.temps.get(term.args[0].id) not in SCALARS:
        raise Unsupported("a condition that is not a scalar", term.line)
    return [(t, env) for t in term.targets]


def step(ins: Instr, env: Env, tm: TypeMap, resolve: Resolver) -> None:
    """One instruction's effect on ``env`` and its result's type (or Unsupported)."""
    rule = RULES.get(ins.op)
    if rule is None:
        raise Unsupported(f"'{ins.op}' is not compiled by tier 2", ins.line)
    result = rule(ins, env, tm, resolve)
    if ins.dest is not None:
        tm.temps[ins.dest.id] = result


def arg_types(ins: Instr, tm: TypeMap) -> list[str]:
    return [tm.temps[t.id] for t in ins.args]


def rule_const(ins: Instr, env: Env, tm: TypeMap, resolve: Resolver) -> str:
    kind = type_of(ins.attr)
    if kind not in SCALARS:
        raise Unsupported(f"a constant of class {describe(ins.attr)}", ins.line)
    return kind


def rule_load(ins: Instr, env: Env, tm: TypeMap, resolve: Resolver) -> str:
    name = ins.attr
    kind = env.get(name, "undef")
    tm.variables.add(name)
    if kind == "undef" and ins.op == "loadname" and resolve.how(name) == "builtin" and name in CONSTANTS:
        tm.calls[id(ins)] = "const:" + name
        return type_of(CONSTANTS[name])
    if kind == "undef" or kind.startswith("?"):
        raise Unsupported(f"'{name}' may be read before it is assigned", ins.line)
    if kind not in SCALARS + ARRAYS:
        raise Unsupported(f"'{name}' holds a value tier 2 does not compile", ins.line)
    return kind


def rule_store(ins: Instr, env: Env, tm: TypeMap, resolve: Resolver) -> None:
    kind = tm.temps[ins.args[0].id]
    if kind not in SCALARS:
        raise Unsupported(f"assigning an array to '{ins.attr}' (only element assignment is compiled)", ins.line)
    tm.variables.add(ins.attr)
    env[ins.attr] = kind


def rule_binop(ins: Instr, env: Env, tm: TypeMap, resolve: Resolver) -> str:
    a, b = arg_types(ins, tm)
    if a not in SCALARS or b not in SCALARS:
        raise Unsupported(f"operator {ins.attr} on an array", ins.line)
    if ins.attr in ARITHMETIC:
        return "f8"
    if ins.attr in COMPARISONS or ins.attr in LOGICAL:
        return "b1"
    raise Unsupported(f"operator {ins.attr}", ins.line)


def rule_unop(ins: Instr, env: Env, tm: TypeMap, resolve: Resolver) -> str:
    (a,) = arg_types(ins, tm)
    if a not in SCALARS:
        raise Unsupported(f"operator {ins.attr} on an array", ins.line)
    if ins.attr == "~":
        return "b1"
    if ins.attr in ("'", ".'"):
        return a
    return "f8"                       # - and + make a logical double


def rule_truth(ins: Instr, env: Env, tm: TypeMap, resolve: Resolver) -> str:
    (a,) = arg_types(ins, tm)
    if a not in SCALARS:
        raise Unsupported("a condition that is not a scalar", ins.line)
    return "b1"


def rule_call(ins: Instr, env: Env, tm: TypeMap, resolve: Resolver) -> str:
    name, nargout, spread = ins.attr
    args = arg_types(ins, tm)
    if any(spread) or nargout != 1:
        what = "as a statement" if nargout == 0 else "for several values" if nargout > 1 else "with a comma list"
        raise Unsupported(f"a call of {name} {what}", ins.line)
    if ins.op == "callname":
        tm.variables.add(name)
        kind = env.get(name, "undef")
        if kind in ARRAYS:
            tm.calls[id(ins)] = "index"
            return index_type(kind, args, ins)
        if kind != "undef":
            raise Unsupported(f"'{name}' may or may not be a variable here", ins.line)
    how = resolve.how(name)
    if how.startswith("user"):
        if any(a not in SCALARS for a in args):
            raise Unsupported(f"a call of the user function {name} with a matrix argument", ins.line)
        callee = tm.callees[id(ins)] = resolve.callee(name, tuple(args), ins.line)
        tm.calls[id(ins)] = "user"
        return callee.result
    if how != "builtin":
        raise Unsupported(f"a call of {name}, {'a variable made at run time' if how else 'an unknown function'}",
                          ins.line)
    if name in SCALAR_FUNCTIONS:
        spec = SCALAR_FUNCTIONS[name]
        if len(args) != spec.arity or any(a != "f8" for a in args):
            raise Unsupported(f"{name} with {len(args)} argument(s) of types {', '.join(args) or 'none'}",
                              ins.line)
        tm.calls[id(ins)] = "builtin:" + name
        return spec.result
    if name in ARRAY_QUERIES:
        if not args or args[0] not in ARRAYS or any(a != "f8" for a in args[1:]) \
                or len(args) != ARRAY_QUERIES[name]:
            raise Unsupported(f"{name} with arguments of types {', '.join(args) or 'none'}", ins.line)
        tm.calls[id(ins)] = "query:" + name
        return "f8"
    if not args and name in CONSTANTS:
        tm.calls[id(ins)] = "const:" + name
        return type_of(CONSTANTS[name])
    if name in NOT_BIT_EXACT:
        raise Unsupported(f"{name}: compiled code would not match numpy's vectorised {name} in the last bit",
                          ins.line)
    raise Unsupported(f"the builtin {name} is not compiled by tier 2", ins.line)


def index_type(base: str, subs: list[str], ins: Instr) -> str:
    if len(subs) not in (1, 2) or any(s != "f8" for s in subs):
        raise Unsupported("indexing other than A(i) or A(i, j) with double scalars", ins.line)
    return base[:-2]


def rule_index(ins: Instr, env: Env, tm: TypeMap, resolve: Resolver) -> str:
    nargout, spread = ins.attr
    base, *subs = arg_types(ins, tm)
    if any(spread) or nargout != 1 or base not in ARRAYS:
        raise Unsupported("indexing a value that is not a double or logical matrix", ins.line)
    return index_type(base, subs, ins)


def rule_end(ins: Instr, env: Env, tm: TypeMap, resolve: Resolver) -> str:
    (base,) = arg_types(ins, tm)
    if base not in ARRAYS or ins.attr[1] > 2:
        raise Unsupported("'end' in an index of a value that is not a matrix", ins.line)
    return "f8"


def rule_setindex(ins: Instr, env: Env, tm: TypeMap, resolve: Resolver) -> None:
    name, steps = ins.attr
    rhs, *subs = arg_types(ins, tm)
    target = env.get(name, "undef")
    tm.variables.add(name)
    if len(steps) != 1 or steps[0][0] != "()" or len(steps[0]) > 2 and any(steps[0][2]):
        raise Unsupported(f"assignment into '{name}' other than {name}(i) or {name}(i, j)", ins.line)
    if target not in ARRAYS:
        raise Unsupported(f"element assignment into '{name}', which is not a double or logical matrix",
                          ins.line)
    if rhs not in SCALARS or target == "b1[]" and rhs != "b1":
        raise Unsupported(f"assigning a {rhs} into '{name}' ({target})", ins.line)
    index_type(target, subs, ins)


def rule_rangeiter(ins: Instr, env: Env, tm: TypeMap, resolve: Resolver) -> str:
    if any(t != "f8" for t in arg_types(ins, tm)):
        raise Unsupported("a for range whose bounds are not double scalars", ins.line)
    return "it"


RULES: dict[str, Callable[..., str | None]] = {
    "const": rule_const, "load": rule_load, "loadname": rule_load, "store": rule_store, "binop": rule_binop,
    "unop": rule_unop, "truth": rule_truth, "sctruth": rule_truth, "call": rule_call, "callname": rule_call,
    "index": rule_index, "end": rule_end, "setindex": rule_setindex, "rangeiter": rule_rangeiter,
}
