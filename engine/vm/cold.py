"""Cold code: a script's instructions outside its loops, run by a table of handlers instead of being
compiled into the specialised Python function (pygen.py).

A script (a cell) runs such an instruction at most once per execution, and CPython compiles the lines
that pygen writes per instruction far more slowly than they run (20-40 us an instruction against well
under one): a cell of 90,000 statements spent seconds in ``compile()``. pygen therefore writes a region
of at least ``pygen.COLD_RUN`` instructions outside loops as a call, ``run_cold(vm, frame, R, pc, stop,
HOST)`` at each place control can enter it, and the handlers here do per instruction what the generated
lines would: the same float fast paths (arithmetic and comparisons on two Python floats, scalar element
reads and in-place writes of double matrices, builtin scalar paths), the same slow-path calls
(slowpath.py), the same interrupt checks, and before an instruction the same residency checks (``HOST``:
offset -> the variables pygen would bring to the host there). Keep each handler next to its generated
form in mind: a change to one is a change to the other (tests/vm/test_cold.py runs programs both ways).

``run_cold`` follows jumps inside its region and returns the offset where control leaves it (the
start of a loop, or ``stop``), or None after RETURN. A failure inside it leaves the offset of the
failing instruction on the exception (``COLD_PC``): the generated ``run`` hands that offset, not the
call's, to ``interp.handle_error``.
"""
from __future__ import annotations

import operator
from typing import Any, Callable

from numpy import dtype, float64, ndarray

from ..runtime.builtins.registry import Builtin
from ..runtime.device import DeviceArray, to_host
from .code import OP, OPNAMES, Code
from .frame import FRESH_INDEX, SCALAR_TYPES, interrupt_error

COLD_PC = "matfuse_cold_pc"     # attribute of an exception raised inside a run: the failing offset
F64 = dtype(float64)
Handler = Callable[[Any, Any, list, tuple], None]
Control = Callable[[Any, Any, list, tuple, int], "int | None"]


def run_cold(vm: Any, frame: Any, R: list, pc: int, stop: int, host: dict[int, tuple[int, ...]]) -> int | None:
    """Run from ``pc`` while control stays in the region that ends at ``stop`` (regions start after a
    loop, and their jumps go forward); the offset where it leaves, or None after RETURN."""
    code = frame.code
    ops, args = code.ops, code.args
    handlers, control = HANDLERS, CONTROL
    try:
        while pc < stop:
            if host and pc in host:
                for r in host[pc]:               # pygen.Generator.materialise
                    if isinstance(R[r], DeviceArray) and R[r].implicit:
                        R[r] = to_host(R[r])
            op = ops[pc]
            jump = control[op]
            if jump is None:
                handlers[op](vm, frame, R, args[pc])
                pc += 1
            else:
                pc = jump(vm, frame, R, args[pc], pc)
                if pc is None:
                    return None
        return pc
    except BaseException as exc:
        try:
            setattr(exc, COLD_PC, pc)
        except (AttributeError, TypeError):     # an exception type without attributes: the run's start
            pass
        raise


def failing_offset(exc: BaseException, pcs: list[int], cold_lines: frozenset[int], line: int) -> int:
    """The offset of the failing instruction, from the generated line that raised (0-based)."""
    if line in cold_lines:
        return getattr(exc, COLD_PC, pcs[line])
    return pcs[line]


def check(vm: Any) -> None:
    """pygen.CHECK: after an instruction that may take long, stop at an interrupt."""
    if vm.interrupted:
        raise interrupt_error()


# ---------------------------------------------------------------- arithmetic and comparisons
def arith(fast: Callable[[float, float], Any], divide: bool = False) -> Handler:
    def handler(vm: Any, frame: Any, R: list, a: tuple) -> None:
        x = R[a[1]]
        y = R[a[2]]
        if type(x) is float and type(y) is float:
            R[a[0]] = (fast(x, y) if y else vm.binop(a[3], x, y)) if divide else fast(x, y)
        else:
            R[a[0]] = vm.binop(a[3], x, y)
            check(vm)
    return handler


def op_binop(vm: Any, frame: Any, R: list, a: tuple) -> None:
    R[a[0]] = vm.binop(a[3], R[a[1]], R[a[2]])
    check(vm)


def op_unop(vm: Any, frame: Any, R: list, a: tuple) -> None:
    x = R[a[1]]
    if a[2] == "-":
        R[a[0]] = -x if type(x) is float else vm.unop("-", x)
        return
    R[a[0]] = vm.unop(a[2], x)
    check(vm)


# ---------------------------------------------------------------- registers and variables
def op_move(vm: Any, frame: Any, R: list, a: tuple) -> None:
    dest, src = a
    x = R[src]
    if x is None and src < frame.code.nvars:   # a variable that ``clear`` removed: the function
        x = vm.call_named(frame, frame.code.varnames[src], [], 1)
    R[dest] = x


def op_loadname(vm: Any, frame: Any, R: list, a: tuple) -> None:
    x = R[a[1]]
    R[a[0]] = x if x is not None else vm.loadname(frame, a)


def op_disown(vm: Any, frame: Any, R: list, a: tuple) -> None:
    if a[1] < 0 or type(R[a[1]]) not in SCALAR_TYPES and (len(a) < 3 or type(R[a[2]]) not in FRESH_INDEX):
        frame.owned.pop(a[0], None)


# ---------------------------------------------------------------- indexing
def element(b: Any, R: list, regs: tuple) -> tuple[int, int] | None:
    """pygen's element test: the position of a whole-number in-range subscript of a double matrix."""
    from .interp import position
    if type(b) is ndarray and b.dtype is F64:
        return position(b, R, regs)
    return None


def op_index(vm: Any, frame: Any, R: list, a: tuple) -> None:
    dest, base, regs, spread, nargout = a
    if spread is None and 0 <= nargout <= 1 and len(regs) in (1, 2):
        b = R[base]
        k = element(b, R, regs)
        if k is not None:
            R[dest] = b.item(k)
            return
    vm.index(frame, a)
    check(vm)


def op_setindex(vm: Any, frame: Any, R: list, a: tuple) -> None:
    slot, steps, rhs, regs = a
    if steps == (("()", len(regs)),) and len(regs) in (1, 2):
        x = R[rhs]
        b = R[slot]
        if type(b) is ndarray and type(x) is float and frame.owned.get(slot) is b:
            k = element(b, R, regs)
            if k is not None:
                b[k] = x
                return
    vm.setindex(frame, a)
    check(vm)


# ---------------------------------------------------------------- calls
def op_call(vm: Any, frame: Any, R: list, a: tuple) -> None:
    dest, name, regs, spread, nargout, slot = a
    if slot >= 0 and R[slot] is not None:          # ``name(args)`` where name is a variable: indexing
        op_index(vm, frame, R, (dest, slot, regs, spread, nargout))
        return
    if spread is None and nargout == 1 and name not in frame.code.locals:
        call_one(vm, frame, R, a)
        return
    vm.call(frame, a)
    check(vm)


def call_one(vm: Any, frame: Any, R: list, a: tuple) -> None:
    """pygen's ``call_one``: a builtin (its scalar path for real double scalars) or a function file
    inline; anything else through the slow path."""
    from .pygen import builtin1, builtin_on_device
    dest, name, regs = a[0], a[1], a[2]
    xs = [R[r] for r in regs]
    t = vm.resolved.get(name)
    if type(t) is Builtin:
        if vm.interrupted:
            raise interrupt_error()
        if regs:
            f = t.scalar
            if f is not None and f[0] == len(regs) and all(type(x) is float for x in xs):
                v = f[1](*xs)
                if v is not None:
                    R[dest] = v
                    return
        runner = frame.code.runner       # None: the frame never ran specialised (started under the debugger)
        on_device = runner is not None and dest in runner.made_on_device
        R[dest] = (builtin_on_device if on_device else builtin1)(vm, t, xs)
        check(vm)
    elif type(t) is Code and t.kind == "function":
        R[dest] = vm.call_code_outputs(t, xs, 1)[0]
    else:
        vm.call(frame, a)
        check(vm)


def rare(op: int) -> Handler:
    def handler(vm: Any, frame: Any, R: list, a: tuple) -> None:
        vm.dispatch(frame, op, a)
        check(vm)
    return handler


# ---------------------------------------------------------------- control flow (offset of the next instruction)
def compare_jump(fast: Callable[[float, float], bool], which: int) -> Control:
    def jump(vm: Any, frame: Any, R: list, a: tuple, pc: int) -> int:
        x = R[a[0]]
        y = R[a[1]]
        go = fast(x, y) if type(x) is float and type(y) is float else vm.compare(which, x, y)
        return pc + 1 if go else a[2]
    return jump


def op_jfalse(vm: Any, frame: Any, R: list, a: tuple, pc: int) -> int:
    c = R[a[0]]
    return pc + 1 if c is True or c is not False and vm.truth(c) else a[1]


def op_jump(vm: Any, frame: Any, R: list, a: tuple, pc: int) -> int:
    return a[0]


def op_loop(vm: Any, frame: Any, R: list, a: tuple, pc: int) -> int:
    check(vm)
    return a[0]


def op_foriter(vm: Any, frame: Any, R: list, a: tuple, pc: int) -> int:
    from .pygen import advance
    it, var, back, target = a
    st = R[it]
    if type(st) is list and st[0] < st[1]:
        k = st[0]
        R[var] = st[2] + k * st[3]
        st[0] = k + 1
        more = True
    else:
        more = advance(vm, R, st, var)
    if back:
        if more:
            check(vm)
            return target
        return pc + 1
    return pc + 1 if more else target


def op_window(vm: Any, frame: Any, R: list, a: tuple, pc: int) -> int:
    accel = vm.accel
    w = frame.code.windows[a[0]]
    nxt = pc + 1
    if accel is not None and accel.try_run(w, frame):
        nxt = w.end
        for slot in w.disowns:          # the skipped span's DISOWNs: the window may have shared them
            frame.owned.pop(slot, None)
    check(vm)
    return nxt


def op_loopwindow(vm: Any, frame: Any, R: list, a: tuple, pc: int) -> int:
    accel = vm.accel
    loop = frame.code.fused_loops[a[1]]
    nxt = pc + 1
    if accel is not None and accel.try_loop(loop, frame):
        nxt = a[2]
        for slot in loop.disowns:       # the skipped body's DISOWNs, as op_window's
            frame.owned.pop(slot, None)
    check(vm)
    return nxt


def op_tier2(vm: Any, frame: Any, R: list, a: tuple, pc: int) -> int:
    """A loop's head (pygen.op_tier2); cold code holds no loops, and a run that tier 2 resumes stops at
    block starts, so this only passes on."""
    return pc + 1


def op_return(vm: Any, frame: Any, R: list, a: tuple, pc: int) -> None:
    return None


def op_trypush(vm: Any, frame: Any, R: list, a: tuple, pc: int) -> int:
    vm.dispatch(frame, OP["TRYPUSH"], a)        # a handler offset to remember: no jump
    check(vm)
    return pc + 1


PYTHON_OPS = {"ADD": operator.add, "SUB": operator.sub, "MUL": operator.mul, "DIV": operator.truediv,
              "LT": operator.lt, "LE": operator.le, "GT": operator.gt, "GE": operator.ge, "EQ": operator.eq,
              "NE": operator.ne}
SPECIAL = {"BINOP": op_binop, "UNOP": op_unop, "MOVE": op_move, "LOADNAME": op_loadname, "DISOWN": op_disown,
           "INDEX": op_index, "SETINDEX": op_setindex, "CALL": op_call}
HANDLERS: list[Handler] = [
    arith(PYTHON_OPS[name], name == "DIV") if name in PYTHON_OPS else SPECIAL.get(name) or rare(k)
    for k, name in enumerate(OPNAMES)
]
JUMP_OPS: dict[str, Control] = {
    **{"J" + name: compare_jump(PYTHON_OPS[name], k) for k, name in enumerate(("LT", "LE", "GT", "GE", "EQ", "NE"))},
    "JFALSE": op_jfalse, "JUMP": op_jump, "LOOP": op_loop, "FORITER": op_foriter, "WINDOW": op_window,
    "LOOPWINDOW": op_loopwindow, "TIER2": op_tier2, "RETURN": op_return, "TRYPUSH": op_trypush,
}
CONTROL: list[Control | None] = [JUMP_OPS.get(name) for name in OPNAMES]   # None: the next instruction follows
