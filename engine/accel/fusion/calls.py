"""Which builtin calls the fused kernels express, and in what form: one predicate for both sides.

``call_form(name, nargs, nargout, const)`` is asked by the MIR region marking (engine/mir/fusion.py, at
compile time) and by the graph builder (graph.py, at run time) with the same facts: the builtin's name,
its argument count, its output count, and ``const(k)``, the literal value of argument k (or ``MISSING``
when it is computed). It answers a CallForm or the reason the call is not fused, so a region never holds
a call the graph would reject: regions split around such calls and the fusible parts on either side
still fuse.

Imports nothing that starts a device (Session(device="cpu") marks regions too).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from engine.accel.kernels import ELEMENTWISE, REDUCTIONS
from engine.config import flag
from engine.runtime.builtins import registry
from engine.runtime.builtins.sizes import option_text

MISSING = object()
NAN_FLAGS = {"omitnan": True, "omitmissing": True, "includenan": False, "includemissing": False}
# reductions with a 'omitnan' form: sum skips NaN by zeroing it; max/min skip NaN already (their default)
OMITNAN = ("sum", "mean", "max", "min")
STATISTICS = ("std", "var")           # expanded by graph.py into mean -> sum of squared deviations
RANDOM = ("rand", "randn")            # drawn inside the kernel from the GPU stream (engine/accel/random.py)
# computed inside the kernel from the element index (generators.py); colon ranges are generators too
GENERATORS = {"linspace": (), "zeros": ("double", "single"), "ones": ("double", "single"),
              "eye": ("double", "single"), "true": (), "false": ()}      # name -> the class names it takes


@dataclass(frozen=True)
class CallForm:
    """A fusible call: ``kind`` elementwise | reduction | random | generator; ``op`` the ELEMENTWISE /
    REDUCTIONS key (or std / var, rand / randn, a GENERATORS name); reductions: ``dim`` (1-based int, a
    tuple of adjacent dims, "all", or None for the first non-singleton), ``omitnan``, ``weight`` (std/var:
    0 normalises by N-1, 1 by N) and ``nout``; draws and generators: ``sizes`` (how many leading
    arguments are values, the rest a class name) and ``cls`` ("" for linspace: its end points' class)."""
    kind: str
    op: str
    dim: int | tuple[int, ...] | str | None = None
    omitnan: bool = False
    weight: int = 0
    nout: int = 1
    sizes: int = 0
    cls: str = "double"


Const = Callable[[int], Any]


def literal_row(ins: Any, const: Const) -> Any:
    """The value of a ``matrix`` instruction that writes a row of number literals (``[2 3]``, a
    vector of dimensions), else MISSING."""
    rows, spread = ins.attr
    values = [const(k) for k in range(len(ins.args))]
    if rows != (len(values),) or any(spread) or not all(type(v) is float for v in values):
        return MISSING
    return np.array([values])


def instr_call_form(ins: Any, const: Const) -> CallForm | str:
    """call_form of a MIR ``call``/``callname`` instruction (whose attr is (name, nargout, spread))."""
    name, nargout, spread = ins.attr
    if any(spread):
        return f"{name} with a comma-list argument is not fused"
    if nargout < 0:         # an anonymous function's body: as many outputs as its caller asks for
        return f"{name} with the caller's output count is not fused"
    return call_form(name, len(ins.args), nargout, const)


def call_form(name: str, nargs: int, nargout: int, const: Const) -> CallForm | str:
    """The fused form of ``name(args...)`` with ``nargout`` outputs, or why it is not fused."""
    if name in RANDOM:
        return random_form(name, nargs, nargout, const)
    if name in GENERATORS:
        return generator_form(name, nargs, nargout, const)
    entry = registry.BUILTINS.get(name)
    fusion = entry.fusion if entry is not None else "none"
    if name in ("max", "min") and nargs == 2 or fusion == "elementwise":
        spec = ELEMENTWISE.get(name)
        if spec is None or spec.arity != nargs:
            return f"no fused WGSL for {name} with {nargs} arguments"
        if nargout > 1:
            return f"{name} with {nargout} outputs is not fused"
        return CallForm("elementwise", name)
    if fusion == "reduction" and (name in REDUCTIONS or name in STATISTICS):
        return reduction_form(name, nargs, max(nargout, 1), const)
    return f"{name} is not an elementwise or reduction builtin the planner fuses"


def reduction_form(name: str, nargs: int, nout: int, const: Const) -> CallForm | str:
    rest = list(range(1, nargs))
    weight = 0
    if name in ("max", "min") and rest:
        empty = const(rest[0])
        if not (isinstance(empty, np.ndarray) and empty.size == 0):
            return f"{name} with these arguments is not a fused reduction"
        rest = rest[1:]
    elif name in STATISTICS and rest:
        weight = weight_of(const(rest[0]))
        if weight is None:
            return f"{name} weight must be a literal 0, 1 or []"
        rest = rest[1:]
    indexed = name in ("max", "min")
    if nout > (2 if indexed or name in STATISTICS else 1):
        return f"{name} with {nout} outputs is not fused"
    dim, omitnan = None, False
    for position, k in enumerate(rest):
        value = const(k)
        if value is MISSING:
            return f"{name} with a computed dimension or option is not fused"
        text = option_text(value)
        word = text.lower() if text is not None else None
        if word in NAN_FLAGS and position == len(rest) - 1:
            omitnan = NAN_FLAGS[word]
            if omitnan and name not in OMITNAN or not omitnan and indexed:
                return f"{name} option {text!r} is not fused"
        elif position == 0 and word == "all":
            dim = "all"
        elif position == 0 and word is None:
            dim = dims_of(value)
            if isinstance(dim, str):
                return f"{name}: {dim}"
        else:
            return f"{name} option {text if text is not None else value!r} is not fused"
    if indexed and nout == 2 and isinstance(dim, tuple):
        return f"{name} with several dimensions returns no indices (the CPU raises MATLAB's error)"
    return CallForm("reduction", name, dim, omitnan and name in ("sum", "mean"), weight, nout)


def random_form(name: str, nargs: int, nargout: int, const: Const) -> CallForm | str:
    """rand/randn(size args..., ['double' | 'single']): sizes may be computed (they are part of the
    plan's signature). 'gpuArray' draws are not fused (their result is a gpuArray whatever the window
    reads; unfused they take the same GPU stream), nor are 'like' and generator options."""
    if nargout > 1:
        return f"{name} with {nargout} outputs is not fused"
    if flag("MATFUSE_EXACT_RNG"):
        return f"{name} draws MATLAB's host stream (MATFUSE_EXACT_RNG)"
    words = [option_text(v) if v is not MISSING else None for v in map(const, range(nargs))]
    sizes = next((k for k, w in enumerate(words) if w is not None), nargs)
    cls = "double"
    for word in words[sizes:]:
        if word is None or word.lower() not in ("double", "single"):
            return f"{name} option {word!r} is not fused"
        cls = word.lower()
    return CallForm("random", name, sizes=sizes, cls=cls)


def generator_form(name: str, nargs: int, nargout: int, const: Const) -> CallForm | str:
    """linspace(a, b[, n]); zeros / ones / eye(size args..., ['double' | 'single']); true / false(size
    args...). Sizes may be computed (part of the plan's signature, as a draw's); 'like' is not fused."""
    if nargout > 1:
        return f"{name} with {nargout} outputs is not fused"
    if name == "linspace":
        return CallForm("generator", name, sizes=nargs, cls="") if nargs in (2, 3) else \
            f"linspace with {nargs} arguments is not fused"
    words = [option_text(v) if v is not MISSING else None for v in map(const, range(nargs))]
    sizes = next((k for k, w in enumerate(words) if w is not None), nargs)
    cls = "logical" if name in ("true", "false") else "double"
    for word in words[sizes:]:
        if word is None or word.lower() not in GENERATORS[name]:
            return f"{name} option {word!r} is not fused"
        cls = word.lower()
    return CallForm("generator", name, sizes=sizes, cls=cls)


def generator_size_args(op: str, nargs: int) -> tuple[int, ...]:
    """The arguments of a generator (a GENERATORS call or ``colon``) whose values set its size: they
    are part of the plan's signature, so they must be known when the window starts."""
    if op == "linspace":
        return (2,) if nargs == 3 else ()
    return tuple(range(nargs))


def weight_of(value: Any) -> int | None:
    if isinstance(value, np.ndarray) and value.size == 0:
        return 0
    if type(value) is float and value in (0.0, 1.0):
        return int(value)
    return None


def dims_of(value: Any) -> int | tuple[int, ...] | str:
    """A literal dimension or vector of dimensions; adjacent dims reduce as one extent."""
    if type(value) is float:
        dims = [value]
    elif isinstance(value, np.ndarray) and value.dtype.kind == "f" and value.size:
        dims = sorted(set(value.ravel().tolist()))
    else:
        return "a dimension must be a positive integer literal"
    if not all(d.is_integer() and 1 <= d < 2**31 for d in dims):
        return "a dimension must be a positive integer literal"
    if dims[-1] - dims[0] != len(dims) - 1:
        return f"dimensions {[int(d) for d in dims]} are not adjacent (one [pre, n, post] view)"
    return int(dims[0]) if len(dims) == 1 else tuple(int(d) for d in dims)
