"""MATLAB errors as the engine raises and reports them.

Every failure a user can cause is a ``MatlabError`` carrying MATLAB's identifier and message. The VM adds
the stack (function name, line, column) while unwinding; ``try/catch err`` turns it into an MException
value; Session reports it on the result. Python exceptions never reach the user: a builtin that fails with
one raises ``MATLAB:internal`` naming the builtin (``internal_error``), Python's MemoryError becomes
``MATLAB:nomem``, and the VM converts any other exception into ``MATLAB:internal``.
"""
from __future__ import annotations

import inspect
import math
import os
import weakref
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Callable


@dataclass
class StackFrame:
    name: str   # function name, or the cell/script name
    line: int
    column: int = 0
    file: str = ""


@dataclass
class MatlabError(Exception):
    identifier: str
    message: str
    stack: list[StackFrame] = field(default_factory=list)
    source_line: str = ""     # text of the offending line, when known (for the caret display)

    def __post_init__(self) -> None:
        Exception.__init__(self, self.message)

    def __str__(self) -> str:
        return self.message

    @property
    def line(self) -> int:
        return self.stack[0].line if self.stack else 0

    @property
    def column(self) -> int:
        return self.stack[0].column if self.stack else 0

    def report(self) -> str:
        """What MATLAB prints for an uncaught error: ``Error using f`` / the message / the location."""
        text = self.message
        if self.stack:
            top = self.stack[0]
            where = f"Error in {top.name} (line {top.line})" if top.line else f"Error in {top.name}"
            text = f"{text}\n\n{where}"
            if self.source_line:
                text += f"\n{self.source_line}"
                if top.column:
                    text += "\n" + " " * (top.column - 1) + "^"
        return text


# Where warnings of code without a CallContext (the operators) go: the running cell's ``ctx.warn``, set
# by Session.execute with ``warnings_to``. Outside a cell they are dropped. A bound method is held weakly:
# asyncio tasks and threads started during a cell (a parallel pool's client) copy the context, and must
# not keep the Session alive through it.
_WARNING_SINK: ContextVar[Callable[[], Callable[[str, str], None] | None] | None] = \
    ContextVar("matlab_warning_sink", default=None)


def warn(identifier: str, message: str) -> None:
    """Issue a MATLAB warning from an operator (``Warning: message``, subject to ``warning off``)."""
    reference = _WARNING_SINK.get()
    sink = reference() if reference is not None else None
    if sink is not None:
        sink(identifier, message)


class warnings_to:   # noqa: N801 - used like contextlib's context managers (a class: entered at every cell)
    """``with warnings_to(sink):`` sends ``warn`` calls made while the block runs to ``sink(identifier,
    message)``."""
    __slots__ = ("reference", "token")

    def __init__(self, sink: Callable[[str, str], None]) -> None:
        self.reference = weakref.WeakMethod(sink) if inspect.ismethod(sink) else (lambda: sink)

    def __enter__(self) -> None:
        self.token = _WARNING_SINK.set(self.reference)

    def __exit__(self, *exc: object) -> None:
        _WARNING_SINK.reset(self.token)


def error(identifier: str, message: str) -> MatlabError:
    """Build a MatlabError; raise the result: ``raise error("MATLAB:badsubscript", "...")``."""
    return MatlabError(identifier, message)


# Messages MATLAB uses, kept in one place so the wording is the same everywhere.
def undefined(name: str) -> MatlabError:
    return MatlabError("MATLAB:UndefinedFunction", f"Unrecognized function or variable '{name}'.")


def incompatible_sizes() -> MatlabError:
    return MatlabError("MATLAB:sizeDimensionsMustMatch", "Arrays have incompatible sizes for this operation.")


def integer_matrix_operation(operator: str) -> MatlabError:
    """A matrix operator (``operator``: "MTIMES (*)", ...) of two nonscalar operands of an integer class."""
    return MatlabError("MATLAB:integerNotSupported", f"{operator} is not fully supported for integer classes. "
                                                     "At least one argument must be scalar.")


def inner_dimensions() -> MatlabError:
    return MatlabError(
        "MATLAB:innerdim",
        "Incorrect dimensions for matrix multiplication. Check that the number of columns in the first "
        "matrix matches the number of rows in the second matrix. To operate on each element of the "
        "matrix individually, use TIMES (.*) for elementwise multiplication.")


def index_out_of_bounds(index: int, bound: int) -> MatlabError:
    return MatlabError("MATLAB:badsubscript",
                       f"Index exceeds the number of array elements. Index must not exceed {bound}.")


def too_many_outputs() -> MatlabError:
    return MatlabError("MATLAB:TooManyOutputs", "Too many output arguments.")


def too_many_inputs() -> MatlabError:
    return MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")


def not_enough_inputs() -> MatlabError:
    return MatlabError("MATLAB:minrhs", "Not enough input arguments.")


def out_of_memory() -> MatlabError:
    return MatlabError("MATLAB:nomem", 'Out of memory. Type "help memory" for your options.')


def internal_error(exc: BaseException, where: str = "") -> MatlabError:
    """The MATLAB error for a Python exception (an engine bug; out of memory is MATLAB's own error)."""
    if isinstance(exc, MemoryError):
        return out_of_memory()
    place = f" in {where}" if where else ""
    return MatlabError("MATLAB:internal", f"Internal error{place}: {type(exc).__name__}: {exc}")


# ---- array size limits


def _physical_memory() -> int:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 2 ** 36


MAX_BYTES = _physical_memory()   # MATLAB's default array size limit: the physical memory
MAX_DIMS = 32                    # numpy allows 64 dimensions; results of several inputs combine dims
MAX_NUMEL = 2 ** 48 - 1          # MATLAB's largest number of elements (and dimension) on 64-bit platforms


def too_many_dimensions() -> MatlabError:
    return MatlabError("MATLAB:array:TooManyDimensions",
                       f"Arrays with more than {MAX_DIMS} dimensions are not supported.")


def max_size_error() -> MatlabError:
    return MatlabError("MATLAB:pmaxsize", "Maximum variable size allowed by the program is exceeded.")


def _gigabytes(nbytes: int) -> str:
    try:
        return f"{nbytes / 2 ** 30:.1f}"
    except OverflowError:            # past the double range (magic(1e300))
        return "Inf"


def check_size(shape: tuple[int, ...], itemsize: int = 8) -> tuple[int, ...]:
    """``shape`` if an array of that size fits in memory, else MATLAB's size-limit error. Sizes are
    Python ints, so a requested size past the int64 range is reported exactly."""
    if len(shape) > MAX_DIMS:
        raise too_many_dimensions()
    count = math.prod(shape)
    if count * itemsize > MAX_BYTES:
        raise MatlabError("MATLAB:array:SizeLimitExceeded",
                          f"Requested {'x'.join(map(str, shape))} ({_gigabytes(count * itemsize)}GB) array "
                          f"exceeds maximum array size preference ({MAX_BYTES / 2 ** 30:.1f}GB). This might "
                          "cause the session to become unresponsive.")
    if math.prod(d for d in shape if d) > MAX_NUMEL:     # an empty array with huge dimensions
        raise max_size_error()
    return shape
