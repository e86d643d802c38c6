"""Type and shape inference: forward dataflow over the CFG on the lattice of mir/types.py.

The state at a block entry maps variable names to types; instructions set their temporaries' types by
per-op rules (the RULES table); control-flow merges join the states until nothing changes. A state
holds only the variables live there (liveness.py): the others are never read again before a store, and
carrying them made a cell with many variables and many branches quadratic. Shapes are
exact where they follow from constants, implicit expansion, matrix products, constructors with constant
sizes (zeros/ones/rand...), reductions and concatenation; otherwise rank-only or unknown. Calls of builtins
with an Operation record (the registry's: every elementwise operation and reduction) follow the record:
its arity and class rule for the elementwise form, the reduction rule for the reduction form.
"""
from __future__ import annotations

import math
from collections import Counter, deque
from typing import Any, Callable

import numpy as np

from ..runtime.builtins import registry
from ..runtime.device import is_implicit
from ..runtime.values import CLASS_OF_DTYPE, CellArray, CharArray, FunctionHandle, StringArray, StructArray
from .ir import Function, Instr, Temp
from .liveness import live_in
from .passes import PassState, mir_pass
from .types import UNKNOWN, Type, binary_class, broadcast, join, scalar

ELEMENTWISE_OPS = {"+", "-", ".*", "./", ".\\", ".^"}
COMPARE_OPS = {"==", "~=", "<", "<=", ">", ">=", "&", "|"}
CONSTRUCTORS = {"zeros": "double", "ones": "double", "rand": "double", "randn": "double", "eye": "double",
                "nan": "double", "NaN": "double", "inf": "double", "Inf": "double", "true": "logical",
                "false": "logical"}
REDUCTIONS = {"median", "std", "var"}      # reductions with no Operation record (their rule is the same)
SCALAR_QUERIES = {"numel", "length", "ndims", "isempty", "isscalar", "nnz"}

Env = dict[str, Type]
DOUBLE, COMPLEX, LOGICAL = scalar("double"), scalar("double", True), scalar("logical")   # (Types are values)


def type_of_value(value: Any) -> Type:
    t = type(value)
    if t is float:
        return DOUBLE
    if t is complex:
        return COMPLEX
    if t is bool:
        return LOGICAL
    if t is np.ndarray:
        return Type(CLASS_OF_DTYPE.get(value.dtype, "?"), value.dtype.kind == "c", tuple(value.shape))
    if t is CharArray:
        return Type("char", False, tuple(value.shape))
    if t is StringArray:
        return Type("string", False, tuple(value.shape))
    if t is CellArray:
        return Type("cell", False, tuple(value.shape))
    if t is StructArray:
        return Type(value.classname, False, tuple(value.shape))
    if t is FunctionHandle:
        return scalar("function_handle")
    if is_implicit(value):          # a plain array the runtime keeps on the device: typed as its host value
        return Type(value.cls, False, tuple(value.shape))
    return UNKNOWN


@mir_pass("infer")
def infer_types(state: PassState) -> None:
    for fn in state.functions():
        infer_function(fn, state.workspace if fn.kind == "script" else {})


def infer_function(fn: Function, workspace: Env) -> None:
    live = fn.live = live_in(fn)
    first = fn.blocks[0].label
    entry: dict[str, Env] = {first: {k: t for k, t in workspace.items() if k in live[first]}}
    consts: dict[int, Any] = {}
    by_label = {b.label: b for b in fn.blocks}
    todo = deque([first])                    # first in, first out; ``queued`` counts each label in it
    queued = Counter(todo)
    rules = RULES
    while todo:
        label = todo.popleft()
        queued[label] -= 1
        env = dict(entry[label])
        block = by_label[label]
        handlers = []
        for ins in block.instrs:             # each instruction's rule, or its effect on the state
            rule = rules.get(ins.op)
            if rule is not None:
                result = rule(ins, env, consts)
                ins.dest.type = result if result is not None else UNKNOWN     # every ruled op has a dest
                continue
            op = ins.op
            if op == "store":
                env[ins.attr] = ins.args[0].type
            elif op == "setindex":
                old = env.get(ins.attr[0])
                env[ins.attr[0]] = Type(old.cls, old.complex, None) if old is not None and old.cls != "?" else UNKNOWN
            elif op == "trypush":
                handlers.append(ins.attr)
            if ins.dest is not None:
                ins.dest.type = UNKNOWN
        term = block.term
        for k, target in enumerate(term.targets):
            out = env
            if k == 0 and term.op == "fornext":      # the loop body: with the loop variable set
                out = dict(env)
                out[term.attr] = loop_var_type(term.args[0])
            if merge_into(entry, target, only(out, live[target])) and not queued[target]:
                todo.append(target)
                queued[target] += 1
        for handler in handlers:            # each try handler the block enters: the state at its end
            if merge_into(entry, handler, only(env, live[handler])):
                todo.append(handler)
                queued[handler] += 1


def merge_into(entry: dict[str, Env], label: str, env: Env) -> bool:
    """Join ``env`` into the state at ``label``'s entry; whether that changed it. A state is never changed
    in place once made, so a block's successors may share its state (``only``)."""
    old = entry.get(label)
    if old is None:
        entry[label] = env
        return True
    merged = join_env(old, env)
    if merged is old or merged == old:
        return False
    entry[label] = merged
    return True


def only(env: Env, names: frozenset[str]) -> Env:
    """The part of ``env`` about ``names``: ``env`` itself where that is all of it."""
    if env.keys() <= names:
        return env
    return {k: t for k, t in env.items() if k in names}


def loop_var_type(it: Temp) -> Type:
    return it.type if it.type.cls != "?" or it.type.shape is not None else UNKNOWN


def join_env(a: Env, b: Env) -> Env:
    """The join of two states (``a`` itself where ``b`` adds nothing)."""
    if a == b:                  # (compares the Types by identity first: most are the same objects)
        return a
    return {k: join(a.get(k), b.get(k)) or UNKNOWN for k in set(a) | set(b)}


def rule_const(ins: Instr, env: Env, consts: dict[int, Any]) -> Type:
    consts[ins.dest.id] = ins.attr
    return type_of_value(ins.attr)


def rule_load(ins: Instr, env: Env, consts: dict[int, Any]) -> Type:
    return env.get(ins.attr, UNKNOWN)


def rule_binop(ins: Instr, env: Env, consts: dict[int, Any]) -> Type:
    args = ins.args
    a, b = args[0].type, args[1].type
    op = ins.attr
    if op in COMPARE_OPS:
        return Type("logical", False, broadcast(a.shape, b.shape))
    cls = binary_class(a.cls, b.cls)
    cplx = a.complex or b.complex
    if op in ELEMENTWISE_OPS or is_elementwise(op, a, b):
        shape = broadcast(a.shape, b.shape)
        if cls == a.cls and cplx == a.complex and shape == a.shape:
            return a                        # types are values: the operand's type, not a copy
        return Type(cls, cplx, shape)
    if op == "*" and a.shape is not None and b.shape is not None and len(a.shape) == len(b.shape) == 2:
        return Type(cls, cplx, (a.shape[0], b.shape[1]))
    return Type(cls, cplx, None)


def is_elementwise(op: str, a: Type, b: Type) -> bool:
    """Whether binary operator ``op`` acts elementwise on operands of these types (``*`` with a scalar...)."""
    return (op in ELEMENTWISE_OPS or op in COMPARE_OPS or (op == "*" and (a.is_scalar or b.is_scalar))
            or (op == "/" and b.is_scalar) or (op == "\\" and a.is_scalar)
            or (op == "^" and a.is_scalar and b.is_scalar))


def rule_unop(ins: Instr, env: Env, consts: dict[int, Any]) -> Type:
    a = ins.args[0].type
    if ins.attr == "~":
        return Type("logical", False, a.shape)
    if ins.attr in ("'", ".'"):
        shape = tuple(reversed(a.shape)) if a.shape is not None and len(a.shape) == 2 else None
        return Type(a.cls, a.complex, shape)
    return a


def rule_colon(ins: Instr, env: Env, consts: dict[int, Any]) -> Type:
    values = [consts.get(t.id) for t in ins.args]
    if all(type(v) is float for v in values):
        start, step, stop = values if len(values) == 3 else (values[0], 1.0, values[1])
        span = (stop - start) / step if step != 0 else math.nan
        if math.isfinite(span) and abs(span) < 2 ** 48:     # else the run time reports the size error
            n = int(np.floor(span + 1e-10)) + 1
            return Type("double", False, (1, max(n, 0)))
    return Type("double", False, (1, None))


def rule_call(ins: Instr, env: Env, consts: dict[int, Any]) -> Type:
    name, nargout, spread = ins.attr
    if ins.op == "callname" and name in env:
        return index_type(env[name], ins.args, nargout, spread)
    if nargout != 1 or any(spread):
        return UNKNOWN
    args = [t.type for t in ins.args]
    if name in CONSTRUCTORS:
        sizes = [consts.get(t.id) for t in ins.args]
        if all(type(v) is float and math.isfinite(v) for v in sizes):
            dims = (1, 1) if not sizes else (int(sizes[0]), int(sizes[0])) if len(sizes) == 1 \
                else tuple(int(v) for v in sizes)
            return Type(CONSTRUCTORS[name], False, dims)
        return Type(CONSTRUCTORS[name], False, None)
    if name in SCALAR_QUERIES:
        return scalar("logical" if name.startswith("is") else "double")
    op = registry.operation(name)
    if op is not None and op.arity == len(args) and (op.wgsl is not None or op.reduction is None):
        return elementwise_type(op, args)
    if (op is not None and op.reduction is not None or name in REDUCTIONS) and len(args) == 1:
        return reduction_type(name, args[0])
    return UNKNOWN


def elementwise_type(op: registry.Operation, args: list[Type]) -> Type:
    """The type of an elementwise operation: its record's class rule over the operands' classes (``?``
    where one is unknown or they do not combine), implicit expansion of their shapes."""
    shape = args[0].shape
    for t in args[1:]:
        shape = broadcast(shape, t.shape)
    classes = [t.cls for t in args]
    if op.gives_logical(classes):
        return Type("logical", False, shape)
    cls = classes[0]
    for other in classes[1:]:
        cls = binary_class(cls, other)
    return Type(binary_class(cls, cls), False, shape)


def reduction_type(name: str, arg: Type) -> Type:
    cls = "logical" if name in ("any", "all") else "double" if arg.cls in ("logical", "char") else arg.cls
    shape = arg.shape
    if shape is None or any(d is None for d in shape):
        return Type(cls, arg.complex, None if shape is None else tuple(None for _ in shape))
    dim = next((k for k, d in enumerate(shape) if d != 1), 0)
    out = list(shape)
    out[dim] = 1
    return Type(cls, arg.complex and name not in ("any", "all"), tuple(out))


def rule_index(ins: Instr, env: Env, consts: dict[int, Any]) -> Type:
    nargout, spread = ins.attr
    return index_type(ins.args[0].type, ins.args[1:], nargout, spread)


def index_type(base: Type, args: list[Temp], nargout: int, spread: tuple[bool, ...]) -> Type:
    """Type of ``base(args)``: one element when every subscript is a scalar double."""
    if base.cls == "function_handle" or nargout != 1:
        return UNKNOWN
    if base.cls in ("?", "cell") or any(spread):
        return Type(base.cls, base.complex, None) if base.cls == "cell" else UNKNOWN
    if args and all(t.type.is_scalar and t.type.cls == "double" for t in args):
        return Type(base.cls, base.complex, (1, 1))
    return Type(base.cls, base.complex, None)


def rule_matrix(ins: Instr, env: Env, consts: dict[int, Any]) -> Type:
    rows, spread = ins.attr
    types = [t.type for t in ins.args]
    cls = "?"
    for t in types:
        cls = t.cls if cls == "?" else cls if t.cls == cls else binary_class(cls, t.cls)
    if any(spread) or any(t.shape is None or None in t.shape or len(t.shape) != 2 for t in types):
        return Type(cls, any(t.complex for t in types), None)
    return Type(cls, any(t.complex for t in types), concat_shape(rows, [t.shape for t in types]))


def concat_shape(rows: tuple[int, ...], shapes: list[tuple]) -> tuple | None:
    height, width, k = 0, None, 0
    for n in rows:
        row = [s for s in shapes[k:k + n] if s != (0, 0)]
        k += n
        if not row:
            continue
        if len({s[0] for s in row}) != 1:
            return None
        w = sum(s[1] for s in row)
        if width is not None and w != width:
            return None
        width = w
        height += row[0][0]
    return (height, width) if width is not None else (0, 0)


def rule_cell(ins: Instr, env: Env, consts: dict[int, Any]) -> Type:
    rows, spread = ins.attr
    if any(spread) or len(set(rows)) != 1:
        return Type("cell", False, None)
    return Type("cell", False, (len(rows), rows[0]))


def rule_iter(ins: Instr, env: Env, consts: dict[int, Any]) -> Type:
    arg = ins.args[0].type
    if arg.cls in ("?", "cell") or arg.shape is None:
        return Type(arg.cls, arg.complex, None) if arg.cls != "?" else UNKNOWN
    return Type(arg.cls, arg.complex, (arg.shape[0], 1))


def constant(cls: str) -> Callable[[Instr, Env, dict], Type]:
    t = scalar(cls)             # one Type for every such instruction: types are values
    return lambda ins, env, consts: t


RULES: dict[str, Callable[[Instr, Env, dict[int, Any]], Type]] = {
    "const": rule_const, "load": rule_load, "loadname": rule_load, "binop": rule_binop, "unop": rule_unop,
    "colon": rule_colon, "call": rule_call, "callname": rule_call, "index": rule_index,
    "matrix": rule_matrix, "cell": rule_cell, "iter": rule_iter, "rangeiter": constant("double"),
    "end": constant("double"), "nargin": constant("double"), "nargout": constant("double"),
    "truth": constant("logical"), "sctruth": constant("logical"), "decides": constant("logical"),
    "casematch": constant("logical"), "anon": constant("function_handle"),
    "fhandle": constant("function_handle"), "nestedhandle": constant("function_handle"), "caught": constant("MException"),
}
