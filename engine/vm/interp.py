"""The interpreter loop.

One plain loop over ``code.ops``/``code.args`` with the frame's registers in a local list. Opcodes are
tested most frequent first; arithmetic and comparisons on two Python floats, conditional jumps on bools
and floats, and ``for`` over integer ranges never leave this function (no numpy, no ops module). Every
other case goes to a slow-path method of the VM (vm.py). Errors unwind through ``handle_error``: the
frame is added to the error's stack, and a ``try`` handler of this frame, if any, takes over.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from numpy import dtype, float64, ndarray

from ..runtime.builtins.elementwise import SCALAR_PATHS
from ..runtime.builtins.registry import Builtin, call_builtin
from ..runtime.errors import MatlabError, too_many_outputs, undefined
from .code import OP
from .frame import SCALAR_TYPES, annotate, internal_error, interrupt_error

if TYPE_CHECKING:
    from .frame import Frame
    from .vm import VM

(ADD, SUB, MUL, DIV, LT, LE, GT, GE, EQ, NE, JLT, JLE, JGT, JGE, JEQ, JNE, JFALSE, JUMP, LOOP, FORITER,
 MOVE, INDEX, CALL, SETINDEX, BINOP, UNOP, LOADNAME, DISOWN) = (
    OP[n] for n in ("ADD", "SUB", "MUL", "DIV", "LT", "LE", "GT", "GE", "EQ", "NE", "JLT", "JLE", "JGT",
                    "JGE", "JEQ", "JNE", "JFALSE", "JUMP", "LOOP", "FORITER", "MOVE", "INDEX", "CALL",
                    "SETINDEX", "BINOP", "UNOP", "LOADNAME", "DISOWN"))
RETURN = OP["RETURN"]
WINDOW = OP["WINDOW"]
F64 = dtype(float64)


def run(vm: "VM", frame: "Frame") -> None:  # noqa: C901 - one loop, by design
    """Execute a frame to its end (RETURN); MatlabErrors propagate with this frame on their stack."""
    code = frame.code
    ops = code.ops
    args = code.args
    R = frame.regs
    slow = vm                  # the VM's slow paths (slowpath.SlowPaths), named for what they are
    resolved = vm.resolved
    local_fns = code.locals
    ctx = vm.ctx
    scalar_paths = SCALAR_PATHS
    pc = 0
    while True:
        try:
            while True:
                op = ops[pc]
                a = args[pc]
                pc += 1
                if op <= NE:
                    x = R[a[1]]
                    y = R[a[2]]
                    if type(x) is float and type(y) is float:
                        if op == ADD:
                            R[a[0]] = x + y
                        elif op == SUB:
                            R[a[0]] = x - y
                        elif op == MUL:
                            R[a[0]] = x * y
                        elif op == DIV:
                            R[a[0]] = x / y if y else slow.binop(a[3], x, y)
                        elif op == LT:
                            R[a[0]] = x < y
                        elif op == LE:
                            R[a[0]] = x <= y
                        elif op == GT:
                            R[a[0]] = x > y
                        elif op == GE:
                            R[a[0]] = x >= y
                        elif op == EQ:
                            R[a[0]] = x == y
                        else:
                            R[a[0]] = x != y
                    else:
                        R[a[0]] = slow.binop(a[3], x, y)
                elif op <= JNE:
                    x = R[a[0]]
                    y = R[a[1]]
                    if type(x) is float and type(y) is float:
                        if op == JLT:
                            go = x < y
                        elif op == JLE:
                            go = x <= y
                        elif op == JGT:
                            go = x > y
                        elif op == JGE:
                            go = x >= y
                        elif op == JEQ:
                            go = x == y
                        else:
                            go = x != y
                    else:
                        go = slow.compare(op - JLT, x, y)
                    if not go:
                        pc = a[2]
                elif op == JFALSE:
                    c = R[a[0]]
                    if c is True:
                        pass
                    elif c is False:
                        pc = a[1]
                    elif not slow.truth(c):
                        pc = a[1]
                elif op == JUMP:
                    pc = a[0]
                elif op == LOOP:
                    if vm.interrupted:
                        raise interrupt_error()
                    pc = a[0]
                elif op == FORITER:
                    # (iterator, variable, back, target): advance the loop; at the top of a loop
                    # (back False) jump to the exit when done, at the bottom (back True) jump to the body
                    st = R[a[0]]
                    if type(st) is list:
                        k = st[0]
                        more = k < st[1]
                        if more:
                            R[a[1]] = st[2] + k * st[3]
                            st[0] = k + 1
                    else:
                        x = next(st, st)
                        more = x is not st
                        if more:
                            R[a[1]] = x
                    if not more:
                        slow.loop_done(R, a[1], st[0] if type(st) is list else -1)
                    if more is a[2]:
                        if more and vm.interrupted:
                            raise interrupt_error()
                        pc = a[3]
                elif op == MOVE:
                    R[a[0]] = R[a[1]]
                elif op == INDEX:
                    b = R[a[1]]
                    if type(b) is ndarray and b.dtype is F64 and a[3] is None and 0 <= a[4] <= 1:
                        k = position(b, R, a[2])
                        if k is not None:
                            R[a[0]] = b.item(k)
                            continue
                    slow.index(frame, a)
                elif op == CALL:
                    # a[5] >= 0: a script's name(args), which indexes variable a[5] when it is defined
                    b = R[a[5]] if a[5] >= 0 else None
                    if b is None:
                        t = resolved.get(a[1])
                        if type(t) is Builtin and a[4] == 1 and a[3] is None and a[1] not in local_fns:
                            # the common case inline: a builtin asked for one value
                            if vm.interrupted:
                                raise interrupt_error()
                            argv = [R[r] for r in a[2]]
                            fast = scalar_paths.get(t.impl)
                            if fast is not None and len(argv) == fast[0]:
                                # real double scalars: the builtin's scalar path (no GpuTensor possible)
                                for x in argv:
                                    if type(x) is not float:
                                        break
                                else:
                                    x = fast[1](*argv)
                                    if x is not None:
                                        R[a[0]] = x
                                        continue
                            outs = call_builtin(t, ctx, argv, 1)
                            if vm.exported:
                                vm.sync_exported()
                            if not outs:
                                raise too_many_outputs()
                            R[a[0]] = outs[0]
                        else:
                            slow.call(frame, a)
                    else:
                        if type(b) is ndarray and b.dtype is F64 and a[3] is None and 0 <= a[4] <= 1:
                            k = position(b, R, a[2])
                            if k is not None:
                                R[a[0]] = b.item(k)
                                continue
                        slow.index(frame, (a[0], a[5], a[2], a[3], a[4]))
                elif op == SETINDEX:
                    b = R[a[0]]
                    x = R[a[2]]
                    if type(b) is ndarray and type(x) is float and b.dtype is F64 and len(a[1]) == 1 \
                            and frame.owned.get(a[0]) is b:
                        k = position(b, R, a[3])
                        if k is not None:
                            b[k] = x
                            continue
                    slow.setindex(frame, a)
                elif op == BINOP:
                    R[a[0]] = slow.binop(a[3], R[a[1]], R[a[2]])
                elif op == UNOP:
                    x = R[a[1]]
                    R[a[0]] = -x if type(x) is float and a[2] == "-" else slow.unop(a[2], x)
                elif op == LOADNAME:
                    x = R[a[1]]
                    R[a[0]] = x if x is not None else slow.loadname(frame, a)
                elif op == DISOWN:
                    if a[1] < 0 or type(R[a[1]]) not in SCALAR_TYPES:
                        frame.owned.pop(a[0], None)
                elif op == RETURN:
                    return
                elif op == WINDOW:
                    if vm.accel is not None:
                        w = code.windows[a[0]]
                        if vm.accel.try_run(w, frame):
                            pc = w.end
                else:
                    jump = slow.dispatch(frame, op, a)
                    if jump is not None:
                        pc = jump
        except BaseException as exc:  # noqa: BLE001 - every failure becomes a MATLAB error here
            pc = handle_error(vm, frame, exc, pc - 1)


def position(b: ndarray, R: list, regs: tuple) -> tuple[int, int] | None:
    """(row, column) of ``b(i)`` / ``b(i, j)`` for in-range whole-number float subscripts of a matrix."""
    shape = b.shape
    if len(shape) != 2:
        return None
    if len(regs) == 2:
        i = R[regs[0]]
        j = R[regs[1]]
        if type(i) is float and type(j) is float:
            r = int(i)
            c = int(j)
            if r == i and c == j and 0 < r <= shape[0] and 0 < c <= shape[1]:
                return r - 1, c - 1
        return None
    if len(regs) == 1:
        i = R[regs[0]]
        if type(i) is float:
            k = int(i)
            if k == i and 0 < k <= shape[0] * shape[1]:
                return (k - 1) % shape[0], (k - 1) // shape[0]
    return None


def handle_error(vm: "VM", frame: "Frame", exc: BaseException, pc: int) -> int:
    """Turn ``exc`` into a MatlabError on this frame's stack; return the try handler's offset or raise."""
    code = frame.code
    if isinstance(exc, MatlabError):
        err = exc
    elif isinstance(exc, KeyboardInterrupt):
        err = interrupt_error()
    elif isinstance(exc, RecursionError):
        err = vm.recursion_error()
    else:
        err = undefined_operand(frame, pc) or internal_error(exc)
    annotate(err, code, pc)
    if frame.handlers and err.identifier not in ("MATLAB:interrupt", "MATLAB:recursionLimit"):
        frame.caught = err
        return frame.handlers.pop()
    if err is exc:
        raise err
    raise err from None


def undefined_operand(frame: "Frame", pc: int) -> MatlabError | None:
    """A variable read by the failing instruction that is undefined (e.g. after ``clear``)."""
    code = frame.code
    if 0 <= pc < len(code.reads):
        for r in code.reads[pc]:
            if frame.regs[r] is None:
                return undefined(code.varnames[r])
    return None
