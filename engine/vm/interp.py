"""The interpreter: each code object runs as its specialised Python function (pygen.py).

The function is generated on a code object's first run. Arithmetic and comparisons on two Python
floats, conditional jumps, ``for`` over integer ranges, scalar element reads and in-place writes of
double matrices, and builtin calls on real double scalars never leave it (no numpy, no ops module);
every other case goes to a slow-path method of the VM (vm.py, slowpath.py). Errors unwind through
``handle_error``: the frame is added to the error's stack, and a ``try`` handler of this frame, if any,
takes over.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from numpy import ndarray

from ..runtime.errors import MatlabError, undefined
from .code import OP
from .debugger import Deoptimise, FrameFinished
from .frame import annotate, internal_error, interrupt_error
from .pygen import specialise

if TYPE_CHECKING:
    from .code import Code
    from .frame import Frame
    from .vm import VM


UNCATCHABLE = ("MATLAB:interrupt", "MATLAB:recursionLimit", "MATLAB:quit", "MATLAB:dbquit")   # no try takes these


def run(vm: "VM", frame: "Frame") -> None:
    """Execute a frame to its end (RETURN); MatlabErrors propagate with this frame on their stack. (The
    debugger may finish the frame in its traced loop: FrameFinished, see debugger.py.)"""
    code = frame.code
    runner = code.runner
    if runner is None:
        runner = code.runner = specialise(code)
    try:
        runner(vm, frame)
    except FrameFinished:
        pass


def position(b: ndarray, R: list, regs: tuple) -> tuple[int, int] | None:
    """(row, column) of ``b(i)`` / ``b(i, j)`` for in-range whole-number float subscripts of a matrix."""
    shape = b.shape
    if len(shape) != 2:
        return None
    if len(regs) == 2:
        i = R[regs[0]]
        j = R[regs[1]]
        if type(i) is float and type(j) is float and 1.0 <= i <= shape[0] and 1.0 <= j <= shape[1]:
            r = int(i)              # the range test first: NaN and Inf fail it (int() would raise)
            c = int(j)
            if r == i and c == j:
                return r - 1, c - 1
        return None
    if len(regs) == 1:
        i = R[regs[0]]
        if type(i) is float and 1.0 <= i <= shape[0] * shape[1]:
            k = int(i)
            if k == i:
                return (k - 1) % shape[0], (k - 1) // shape[0]
    return None


def handle_error(vm: "VM", frame: "Frame", exc: BaseException, pc: int) -> int:
    """Turn ``exc`` into a MatlabError on this frame's stack; return the try handler's offset or raise.
    A failure (a Python exception or MATLAB:internal) of an instruction that read an undefined variable
    is that variable's error; other Python exceptions name the builtin the instruction called. The
    debugger takes over here too: a step from ``keyboard`` continues the frame traced (Deoptimise), and
    ``dbstop if error`` stops at an error no handler will catch."""
    code = frame.code
    if type(exc) is Deoptimise:
        vm.debugger.deoptimise(frame, pc)
    if isinstance(exc, MatlabError) and (exc.identifier != "MATLAB:internal" or getattr(exc, "vm_seen", False)):
        err = exc
    elif isinstance(exc, KeyboardInterrupt):
        err = interrupt_error()
    elif isinstance(exc, RecursionError):
        err = vm.recursion_error()
    else:
        err = undefined_operand(frame, pc) or (exc if isinstance(exc, MatlabError)
                                               else internal_error(exc, called_name(code, pc)))
    annotate(err, code, pc)
    vm.state.last_error = (err.message, err.identifier)
    if frame.handlers and err.identifier not in UNCATCHABLE:
        frame.caught = err.with_traceback(None)   # the traceback's frames would keep their values alive
        return frame.handlers.pop()
    if vm.debugger.stop_on_error:
        vm.debugger.error_stop(frame, pc, err)
    if err is exc:
        raise err
    raise err from None


def called_name(code: "Code", pc: int) -> str:
    """The function a CALL instruction at ``pc`` calls ('' for other instructions)."""
    if 0 <= pc < len(code.ops) and code.ops[pc] == OP["CALL"]:
        return code.args[pc][1]
    return ""


def undefined_operand(frame: "Frame", pc: int) -> MatlabError | None:
    """A variable read by the failing instruction that is undefined (e.g. after ``clear``); the
    variable slot of a CALL's function name is no operand, nor LOADNAME's (its name, when no variable,
    is the function it called: that function's failure is its own)."""
    code = frame.code
    if 0 <= pc < len(code.reads):
        op = code.ops[pc]
        callee = code.args[pc][5] if op == OP["CALL"] else code.args[pc][1] if op == OP["LOADNAME"] else -1
        for r in code.reads[pc]:
            if r != callee and frame.regs[r] is None:
                return undefined(code.varnames[r])
    return None
