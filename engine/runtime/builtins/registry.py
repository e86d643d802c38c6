"""The one table of builtin functions.

Each builtin is registered once, with everything other stages read about it: name, family, help text
(the docstring: signature line, one paragraph, an example), fusion spec, and GPU implementation if any.
The VM calls builtins through this table; the fusion planner, completion and ``help`` read it too.

Calling convention (decided by the Python signature of the implementation):
- positional parameters receive the MATLAB arguments (engine values, see runtime/values.py); use
  ``*args`` for variable argument lists;
- a first parameter named ``ctx`` receives the CallContext (output, calling functions, workspace...);
- a keyword parameter named ``nargout`` receives the number of outputs the caller asked for (0 for an
  expression statement, whose result becomes ``ans`` if a value is returned);
- return one value, a tuple of values for several outputs, or None for no output.

    @builtin("hypot", family="math", fusion="elementwise")
    def hypot(a, b):
        '''hypot(A, B)  square root of the sum of squares, without overflow.
        ...'''
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from ..device import HOOKS, DeviceArray, to_host
from ..errors import MatlabError, internal_error

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


BUILTINS: dict[str, Builtin] = {}


def builtin(name: str, family: str, *, fusion: str = "none", aliases: tuple[str, ...] = ()) -> Callable:
    """Register the decorated function as MATLAB builtin ``name`` (and ``aliases``)."""
    if fusion not in FUSION_KINDS:
        raise ValueError(f"unknown fusion kind {fusion!r}")

    def register(fn: Callable) -> Callable:
        params = list(inspect.signature(fn).parameters)
        entry = Builtin(name=name, family=family, impl=fn, help=inspect.cleandoc(fn.__doc__ or name),
                        fusion=fusion, needs_ctx=bool(params) and params[0] == "ctx",
                        takes_nargout="nargout" in params)
        for n in (name, *aliases):
            if n in BUILTINS:
                raise ValueError(f"builtin {n!r} registered twice")
            BUILTINS[n] = entry if n == name else Builtin(**{**entry.__dict__, "name": n})
        return fn
    return register


def set_gpu_impl(name: str, gpu: Callable[..., Any]) -> None:
    """Attach a GPU implementation to an already registered builtin (used by engine/accel).

    ``gpu(ctx, args, nargout) -> tuple`` runs when an argument is a gpuArray; it raises
    engine.accel.provider.GpuUnavailable to decline (the CPU implementation then runs on the gathered
    arguments and the results are uploaded, see engine/accel/dispatch.py)."""
    entry = BUILTINS[name]
    BUILTINS[name] = Builtin(**{**entry.__dict__, "gpu": gpu})


def replace_impl(name: str, impl: Callable[..., Any], help_more: str = "") -> None:
    """Give builtin ``name`` a new CPU implementation ``impl(ctx, *args, nargout=...)`` that wraps the
    old one (e.g. to accept one more option), keeping family, fusion spec and GPU implementation;
    ``help_more`` is appended to the help text as a paragraph."""
    entry = BUILTINS[name]
    help_text = f"{entry.help}\n\n{help_more}" if help_more else entry.help
    BUILTINS[name] = Builtin(**{**entry.__dict__, "impl": impl, "help": help_text, "needs_ctx": True,
                                "takes_nargout": True})


def call_builtin(entry: Builtin, ctx: Any, args: list, nargout: int) -> tuple:
    """Call a builtin with MATLAB arguments; always returns a tuple of outputs. An implicitly resident
    argument is a plain array here (its host value); a gpuArray argument routes the call through the device
    hooks (engine/accel/dispatch.py: GPU implementation, or gather / CPU / upload)."""
    for arg in args:
        if arg is None:     # a variable the compiler thought assigned (the VM names it: MATLAB:internal)
            raise MatlabError("MATLAB:internal", f"Internal error in {entry.name}: an argument has no value")
        if isinstance(arg, DeviceArray):
            args = [to_host(a) for a in args]
            if any(isinstance(a, DeviceArray) for a in args):
                return HOOKS.call_on_device(entry, ctx, args, nargout, call_host)
            break
    if entry.gpu is not None and ctx is not None and ctx.state.extras.get("policy") == "gpu" \
            and any(type(arg) is np.ndarray and arg.size > 1 for arg in args):
        return HOOKS.call_uploaded(entry, ctx, args, nargout, call_host)   # Session(device="gpu")
    return call_host(entry, ctx, args, nargout)


# Python's own errors escaping an implementation: an engine bug (MATLAB:internal naming the builtin) or
# MemoryError (MATLAB:nomem). Other exceptions (GpuUnavailable, ...) are the callers' control flow.
PYTHON_ERRORS = (ArithmeticError, ValueError, LookupError, AttributeError, MemoryError, AssertionError)


def call_host(entry: Builtin, ctx: Any, args: list, nargout: int) -> tuple:
    """Call a builtin's CPU implementation; always returns a tuple of outputs."""
    kwargs = {"nargout": nargout} if entry.takes_nargout else {}
    try:
        result = entry.impl(ctx, *args, **kwargs) if entry.needs_ctx else entry.impl(*args, **kwargs)
    except TypeError as exc:
        if exc.__traceback__ is not None and exc.__traceback__.tb_next is None:
            # raised while binding the arguments, not inside the implementation: wrong argument count
            if "were given" in str(exc) or "was given" in str(exc):
                raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.") from None
            raise MatlabError("MATLAB:minrhs", "Not enough input arguments.") from None
        raise internal_error(exc, entry.name) from exc
    except PYTHON_ERRORS as exc:
        raise internal_error(exc, entry.name) from exc
    if result is None:
        return ()
    return result if type(result) is tuple else (result,)


# Modules outside this package that register builtins: they need the VM (eval, evalin, assignin) or the
# accelerator (gpuArray, gather... and the GPU forms of math builtins), which the runtime does not import
# statically. load_all imports them by name, so the table is the same whatever was imported before.
EXTENSIONS = ("engine.vm.evaluate", "engine.accel.builtins")
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
    _loaded = True      # first: an extension calls load_all while it is imported (and finds this package loaded)
    try:
        for module in pkgutil.iter_modules(package_path):
            importlib.import_module(f"{__package__}.{module.name}")
        for name in EXTENSIONS:
            importlib.import_module(name)
    except BaseException:
        _loaded = False
        raise
    return BUILTINS
