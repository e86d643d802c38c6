"""The one table of builtin functions.

Each builtin is registered once, with everything other stages read about it (a ``Builtin`` entry):
name, family, help text (the docstring: signature line, one paragraph, an example), fusion spec, GPU
implementation if any, scalar fast path if any, and Operation record if it has elementwise or reduction
semantics. The VM calls builtins through this table; MIR, the accelerator, completion and ``help`` read
it too. ``load_all()`` is the whole table, whatever was imported first; docs/functions.md is generated
from it (``python3 -m engine.runtime.builtins.catalog``).

Calling convention (decided by the Python signature of the implementation):
- positional parameters receive the MATLAB arguments (engine values, see runtime/values.py); use
  ``*args`` for variable argument lists;
- a first parameter named ``ctx`` receives the CallContext (output, calling functions, workspace...);
- a keyword parameter named ``nargout`` receives the number of outputs the caller asked for (0 for an
  expression statement, whose result becomes ``ans`` if a value is returned);
- return one value, a tuple of values for several outputs, or None for no output.

    @builtin("hypot", family="math", op=Operation(arity=2, wgsl="{m}_hypot({a}, {b})", costly=True,
                                                  nonneg="always"))
    def hypot(a, b):
        '''hypot(A, B)  square root of the sum of squares, without overflow.
        ...'''

An operation with elementwise or reduction semantics also has an ``Operation`` record (``op=``, or
``define_operation`` for one that is no builtin): its arity, class rule, real domain, WGSL form
(expression or reduction), value facts and cost. Type inference, fusion marking, the accelerator's
graph, WGSL code generation, the domain checks and the one-operation GPU kernels all read that record,
so a GPU elementwise builtin is this one registration (docs/adding-builtins.md).
"""
from __future__ import annotations

import inspect
import math
from dataclasses import dataclass, replace
from typing import Any, Callable, Sequence

import numpy as np

from ..categoricals import CategoricalArray
from ..device import HOOKS, DeviceArray, to_host
from ..errors import MatlabError, internal_error
from ..semantics import promote_all
from ..tables import Table
from ..times import TimeArray
from ..values import PLAIN_NUMERIC, SparseMatrix, simplify, sparse_unsupported

FUSION_KINDS = ("elementwise", "reduction", "matmul", "none")


@dataclass(frozen=True)
class Builtin:
    name: str
    family: str
    impl: Callable[..., Any]
    help: str
    fusion: str = "none"
    needs_ctx: bool = False
    takes_nargout: bool = False
    gpu: Callable[..., Any] | None = None
    op: Operation | None = None             # elementwise / reduction semantics (Operation below)
    scalar: tuple[int, Callable[..., Any]] | None = None    # (arity, path): see set_scalar_path
    sparse: str | Callable[..., Any] = ""   # what a sparse argument gets: see set_sparse_form
    overloads: tuple[tuple[type, Callable[..., Any]], ...] = ()    # methods of value classes: set_overload
    refill: Callable[[Any, list], bool] | None = None     # in place over a variable: see set_refill_path


@dataclass(frozen=True)
class Reduction:
    """The WGSL of a reduction, for reduce.wgsl (one operation) and fused_reduce.wgsl: the accumulator is
    ``Acc(v, i)`` (value, index); in the snippets ``{t}`` is the float type and ``{m}`` the math
    library's prefix (m64 / m32)."""
    identity: str                       # the accumulator's identity value
    load: str                           # an Acc from element x (a {t} value) at index j
    combine: str                        # body of combine(a, b) -> Acc
    logical: bool = False               # the result is logical (any/all accumulate u32)
    indexed: bool = False               # max/min: the index travels with the value ([m, i] = max(...))
    mean: bool = False                  # divided by the reduced extent at the end
    empty_value: float | None = 0.0     # the result over an empty dimension (None: an empty result)
    paired: bool = False                # v is a vec2 (mean, sum of squared deviations), i the element
    # count (identity 0); the result is v.y divided by the divisor: a variance in one pass (Welford)
    update: str = ""                    # body of update(a, x, j) -> Acc: element x at index j, past
    # every index a holds, into a (fused_reduce.wgsl's loop over a line); "": combine(a, load(x, j))
    centered: bool = False              # v is a vec2 (sum, sum of squares) of deviations from a mean
    # taken before: the result is (v.y - v.x^2 / count) / divisor (the corrected two-pass variance)
    block: str = ""                     # body of block(a, x0, x1, x2, x3) -> Acc: four elements (their
    # load's values) past every index a holds, into a at once (fused_reduce.wgsl's blocked accumulate)


@dataclass(frozen=True)
class Operation:
    """What an operation with elementwise or reduction semantics is, for every stage that reasons about it.

    ``arity`` and ``wgsl`` are its elementwise form (a WGSL expression over ``{a}``, ``{b}``, with ``{m}``
    the math library's prefix m64 / m32; None: no GPU form), ``reduction`` its reduction form; a builtin
    may have both (max(A, B) and max(A)). ``result`` is the class rule: "float" (semantics.promote_all:
    integer, then single, then double; logical and char count as double), "logical", or "keeps_logical"
    (logical when every operand is, else "float"). ``domain`` is the interval of real arguments with a real
    result (outside it MATLAB's result is complex): the CPU implementation, the domain checks of fused
    kernels and of one-operation GPU kernels, and the value facts that drop those checks all derive from
    it; ``check`` is a WGSL condition for checks no interval says (a negative base to a fractional power,
    NaN into a logical operator). Value facts: ``nonneg`` "always" (the result is never negative),
    "kept" (never negative when no operand is), "any" (when some operand is not). ``costly``: a
    transcendental, computed once rather than again where it is read. ``host``: the numpy ufunc the CPU
    implementation computes it with on real float operands of the result's class, without checks (None:
    none, or it checks more than ``domain`` says); host kernels call it on their blocks directly
    (accel/fusion/host.py)."""
    name: str = ""
    arity: int = 1
    wgsl: str | None = None
    result: str = "float"
    domain: tuple[float, float] | None = None
    check: str | None = None
    nonneg: str = ""
    costly: bool = False
    reduction: Reduction | None = None
    host: Callable[..., Any] | None = None

    def gives_logical(self, classes: Sequence[str]) -> bool:
        """Whether the result is logical for operands of these classes."""
        return self.result == "logical" or \
            self.result == "keeps_logical" and all(c == "logical" for c in classes)

    def result_class(self, classes: Sequence[str]) -> str:
        """The class of the result from the operands' classes (MATLAB:mixedClasses: two integer classes)."""
        return "logical" if self.gives_logical(classes) else promote_all(classes)

    @property
    def domain_check(self) -> str | None:
        """The WGSL condition (over ``{a}``, ``{b}``, ``{m}``) under which MATLAB's answer is complex or an
        error: ``check``, or the arguments outside ``domain`` (NaN is inside: a NaN result stays real)."""
        if self.check is not None or self.domain is None:
            return self.check
        lo, hi = self.domain
        if lo == -hi:
            return f"abs({{a}}) > {float(hi)!r}"
        return " || ".join(([f"{{a}} < {float(lo)!r}"] if lo > -math.inf else [])
                           + ([f"{{a}} > {float(hi)!r}"] if hi < math.inf else []))

    def inside(self, x: Any) -> Any:
        """Whether (elementwise) ``x`` lies in the real domain (NaN does not)."""
        lo, hi = self.domain
        return (x >= lo) & (x <= hi)


BUILTINS: dict[str, Builtin] = {}
COMPOSED: dict[str, Operation] = {}     # operations the fused kernels compose that are no builtin


def builtin(name: str, family: str, *, fusion: str = "none", aliases: tuple[str, ...] = (),
            op: Operation | None = None, sparse: str = "") -> Callable:
    """Register the decorated function as MATLAB builtin ``name`` (and ``aliases``), with its Operation
    record ``op`` if it has elementwise or reduction semantics (``fusion`` then defaults to the record's);
    ``sparse="native"`` when the implementation takes sparse arguments itself (set_sparse_form)."""
    if fusion not in FUSION_KINDS:
        raise ValueError(f"unknown fusion kind {fusion!r}")
    if op is not None and fusion == "none":
        fusion = "reduction" if op.reduction is not None else "elementwise"

    def register(fn: Callable) -> Callable:
        params = list(inspect.signature(fn).parameters)
        entry = Builtin(name=name, family=family, impl=fn, help=inspect.cleandoc(fn.__doc__ or name),
                        fusion=fusion, needs_ctx=bool(params) and params[0] == "ctx",
                        takes_nargout="nargout" in params, sparse=sparse)
        for n in (name, *aliases):
            if n in BUILTINS:
                raise ValueError(f"builtin {n!r} registered twice")
            BUILTINS[n] = replace(entry, name=n, op=None if op is None else replace(op, name=n))
        return fn
    return register


def define_operation(op: Operation) -> None:
    """Record an operation the fused kernels compose that is no builtin (``nan_to_zero`` of 'omitnan');
    a builtin's record is its entry's ``op`` (``builtin(..., op=...)``)."""
    if op.name in COMPOSED:
        raise ValueError(f"operation {op.name!r} defined twice")
    COMPOSED[op.name] = op


def operation(name: str) -> Operation | None:
    """The Operation record of ``name``: its builtin's, else a composed one's, else None (the whole
    table is loaded first)."""
    entry = load_all().get(name)
    return entry.op if entry is not None and entry.op is not None else COMPOSED.get(name)


def operations() -> dict[str, Operation]:
    """Every Operation record by name (the whole table loaded)."""
    return {**COMPOSED, **{name: entry.op for name, entry in load_all().items() if entry.op is not None}}


def set_scalar_path(name: str, arity: int, path: Callable[..., Any]) -> None:
    """Give builtin ``name`` a scalar fast path: ``path`` takes ``arity`` real double scalars (Python
    floats) and returns exactly what the implementation returns for them, or None where it declines
    (the full call then runs). The VM calls it directly for all-float arguments, skipping the generic
    call; replace_impl drops it (the new implementation may differ)."""
    entry = BUILTINS[name]
    BUILTINS[name] = replace(entry, scalar=(arity, path))


def set_refill_path(name: str, path: Callable[[Any, list], bool]) -> None:
    """Give builtin ``name`` an in-place form for ``X = name(args)``: ``path(out, args)`` either fills
    ``out`` (X's ndarray, which the running frame owns: nothing else holds it) with exactly the value the
    implementation returns for ``args`` and returns True, or returns False (``out`` of another class or
    size, arguments not of its plain form) and the call runs as usual. ``X = zeros(m, n)`` in a loop or
    a cell run again then writes over X's memory, which the code around it has in cache, instead of
    allocating another array. replace_impl keeps it: a replacement wraps the old implementation to
    accept more options, and the refill's plain form is the old one's."""
    BUILTINS[name] = replace(BUILTINS[name], refill=path)


def set_gpu_impl(name: str, gpu: Callable[..., Any]) -> None:
    """Attach a GPU implementation to an already registered builtin (used by engine/accel).

    ``gpu(ctx, args, nargout) -> tuple`` runs when an argument is a gpuArray; it raises
    engine.accel.provider.GpuUnavailable to decline (the CPU implementation then runs on the gathered
    arguments and the results are uploaded, see engine/accel/dispatch.py)."""
    BUILTINS[name] = replace(BUILTINS[name], gpu=gpu)


SPARSE_FORMS = ("native", "full")


def set_sparse_form(name: str, form: str | Callable[..., Any]) -> None:
    """Say what builtin ``name`` does with a sparse argument (runtime/sparse.py): "native", its
    implementation takes SparseMatrix values as they are (class, size...); "full", the arguments are
    made full first (MATLAB's result is full too); or a function ``form(ctx, *args, nargout=...)`` that
    computes the sparse case. A builtin with none raises matfuse:sparse:unsupported naming itself, so
    no implementation ever meets a sparse value it does not expect."""
    if not callable(form) and form not in SPARSE_FORMS:
        raise ValueError(f"unknown sparse form {form!r}")
    BUILTINS[name] = replace(BUILTINS[name], sparse=form)


def set_overload(name: str, value_type: type, form: Callable[..., Any]) -> None:
    """Give builtin ``name`` a method for arguments of ``value_type`` (MATLAB's class methods: ``sort``
    of a datetime array): a call with such an argument runs ``form(ctx, *args, nargout=...)`` instead of
    the implementation. An argument of a value class (runtime/times.py) that reaches an implementation
    without one, and makes it fail, is MATLAB's undefined-function error, never an internal one."""
    entry = BUILTINS[name]
    BUILTINS[name] = replace(entry, overloads=entry.overloads + ((value_type, form),))


def _overload(entry: Builtin, args: list) -> Callable[..., Any] | None:
    for arg in args:
        if type(arg) in PLAIN_NUMERIC:
            continue
        for value_type, form in entry.overloads:
            if isinstance(arg, value_type):
                return form
    return None


def replace_impl(name: str, impl: Callable[..., Any], help_more: str = "") -> None:
    """Give builtin ``name`` a new CPU implementation ``impl(ctx, *args, nargout=...)`` that wraps the
    old one (e.g. to accept one more option), keeping family, fusion spec, GPU implementation and refill path;
    ``help_more`` is appended to the help text as a paragraph."""
    entry = BUILTINS[name]
    help_text = f"{entry.help}\n\n{help_more}" if help_more else entry.help
    BUILTINS[name] = replace(entry, impl=impl, help=help_text, needs_ctx=True, takes_nargout=True, scalar=None)


def call_builtin(entry: Builtin, ctx: Any, args: list, nargout: int) -> tuple:
    """Call a builtin with MATLAB arguments; always returns a tuple of outputs. An implicitly resident
    argument is a plain array here (its host value); a gpuArray argument routes the call through the device
    hooks (engine/accel/dispatch.py: GPU implementation, or gather / CPU / upload)."""
    if entry.overloads and _overload(entry, args) is not None:
        return call_host(entry, ctx, [to_host(a) for a in args], nargout)
    for arg in args:
        if type(arg) in PLAIN_NUMERIC:
            continue
        if arg is None:     # a variable the compiler thought assigned (the VM names it: MATLAB:internal)
            raise MatlabError("MATLAB:internal", f"Internal error in {entry.name}: an argument has no value")
        if type(arg) is SparseMatrix:       # the CPU computes it (call_host), never the device
            if any(isinstance(a, DeviceArray) and not a.implicit for a in args):
                raise sparse_unsupported(f"{entry.name} with a gpuArray argument")
            return call_host(entry, ctx, [to_host(a) for a in args], nargout)
        if isinstance(arg, DeviceArray):
            args = [to_host(a) for a in args]
            if any(isinstance(a, DeviceArray) for a in args):
                if any(type(a) is SparseMatrix for a in args):
                    raise sparse_unsupported(f"{entry.name} with a gpuArray argument")
                return HOOKS.call_on_device(entry, ctx, args, nargout, call_host)
            break
    if entry.gpu is not None and ctx is not None and ctx.state.extras.get("policy") == "gpu" \
            and any(type(arg) is np.ndarray and arg.size > 1 for arg in args) \
            and not any(type(arg) is SparseMatrix for arg in args):
        return HOOKS.call_uploaded(entry, ctx, args, nargout, call_host)   # Session(device="gpu")
    return call_host(entry, ctx, args, nargout)


# Python's own errors escaping an implementation: an engine bug (MATLAB:internal naming the builtin) or
# MemoryError (MATLAB:nomem). Other exceptions (GpuUnavailable, ...) are the callers' control flow.
PYTHON_ERRORS = (ArithmeticError, ValueError, LookupError, AttributeError, MemoryError, AssertionError)


def call_host(entry: Builtin, ctx: Any, args: list, nargout: int) -> tuple:
    """Call a builtin's CPU implementation; always returns a tuple of outputs. A sparse argument goes
    where the builtin's sparse form says (set_sparse_form), an argument with a method of its class to
    that method (set_overload)."""
    form = _overload(entry, args) if entry.overloads else None
    if form is not None:
        entry = replace(entry, impl=form, needs_ctx=True, takes_nargout=True, sparse="native")
    elif entry.sparse != "native":
        for arg in args:
            if type(arg) is SparseMatrix:
                entry, args = sparse_call(entry, args)
                break
    kwargs = {"nargout": nargout} if entry.takes_nargout else {}
    try:
        result = entry.impl(ctx, *args, **kwargs) if entry.needs_ctx else entry.impl(*args, **kwargs)
    except TypeError as exc:
        if exc.__traceback__ is not None and exc.__traceback__.tb_next is None:
            # raised while binding the arguments, not inside the implementation: wrong argument count
            if "were given" in str(exc) or "was given" in str(exc):
                raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.") from None
            raise MatlabError("MATLAB:minrhs", "Not enough input arguments.") from None
        raise _internal(exc, entry.name, args) from exc
    except PYTHON_ERRORS as exc:
        raise _internal(exc, entry.name, args) from exc
    if result is None:
        return ()
    return result if type(result) is tuple else (result,)


VALUE_CLASSES = (TimeArray, Table, CategoricalArray)     # value types whose missing methods are MATLAB's undefined-function error


def _internal(exc: BaseException, name: str, args: list) -> MatlabError:
    """The error for a Python exception out of builtin ``name``: MATLAB's undefined function where an
    argument is of a value class the builtin has no method for, else an engine bug (MATLAB:internal)."""
    other = next((a for a in args if isinstance(a, VALUE_CLASSES)), None)
    if other is not None and not isinstance(exc, MemoryError):
        return MatlabError("MATLAB:UndefinedFunction", f"Undefined function '{name}' for input arguments of "
                           f"type '{other.matlab_class}'.")
    return internal_error(exc, name)


def sparse_call(entry: Builtin, args: list) -> tuple[Builtin, list]:
    """The entry and arguments that compute ``entry`` with a sparse argument (see set_sparse_form)."""
    form = entry.sparse
    if form == "full":
        return entry, [simplify(a.to_full()) if type(a) is SparseMatrix else a for a in args]
    if callable(form):
        return replace(entry, impl=form, needs_ctx=True, takes_nargout=True, sparse="native"), args
    raise sparse_unsupported(entry.name)


_AFTER_LOAD: list[Callable[[], None]] = []


def after_load(fn: Callable[[], None]) -> Callable[[], None]:
    """Run ``fn`` once the whole table is loaded (it configures builtins of other modules: the sparse
    forms of builtins/sparsefun.py)."""
    _AFTER_LOAD.append(fn)
    return fn


# Modules outside this package that register builtins: they need the VM (eval, evalin, assignin, the db*
# commands) or the accelerator (gpuArray, gather... and the GPU forms of math builtins), which the runtime
# does not import statically. load_all imports them by name, so the table is the same whatever was imported before.
EXTENSIONS = ("engine.vm.evaluate", "engine.vm.dbcommands", "engine.accel.builtins")
_loaded = False


def load_all() -> dict[str, Builtin]:
    """The whole table: every builtin family module of this package and every EXTENSIONS module imported
    (each registers on import), once; later calls return the table at once."""
    global _loaded
    if _loaded:
        return BUILTINS
    import importlib
    import pkgutil
    from . import __path__ as package_path
    _loaded = True      # first: an extension calls load_all while it is imported (the package is loaded)
    try:
        for module in pkgutil.iter_modules(package_path):
            importlib.import_module(f"{__package__}.{module.name}")
        for name in EXTENSIONS:
            importlib.import_module(name)
        for fn in _AFTER_LOAD:
            fn()
    except BaseException:
        _loaded = False
        raise
    return BUILTINS
