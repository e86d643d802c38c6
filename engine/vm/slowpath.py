"""The general case of every instruction (whatever the interpreter loop does not finish inline).

``SlowPaths`` is mixed into the VM: the loop calls ``vm.binop(...)``, ``vm.index(frame, args)``...
and ``vm.dispatch(frame, op, args)`` for the rarer opcodes (returns a jump target or None).
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from ..runtime import indexing, ops
from ..runtime.builtins import graphics_objects
from ..runtime.builtins.registry import Builtin
from ..runtime.categoricals import CategoricalArray
from ..runtime.tables import Table, numbered_variable
from ..runtime.errors import MatlabError, not_enough_inputs, too_many_outputs, undefined
from ..runtime.values import (PLAIN_NUMERIC, BoundMethod, CellArray, CharArray, FunctionHandle, StringArray,
                              StructArray, is_array_like, to_array)
from .code import OP, OPNAMES, Code
from .frame import NOVALUE, Frame, NoColumns, columns, exception_value, range_state

COMPARE_OPS = ("<", "<=", ">", ">=", "==", "~=")
EMPTY_ROW = np.zeros((1, 0))
COLON_TEXT = CharArray.from_str(":")


def expand(R: list, regs: tuple[int, ...], spread: tuple[bool, ...] | None) -> list:
    """Argument values, with comma lists (``c{:}``, ``s.f``) spliced in place."""
    if spread is None:
        return [R[r] for r in regs]
    out: list = []
    for r, s in zip(regs, spread):
        if s:
            out.extend(R[r])
        else:
            out.append(R[r])
    return out


def colons_as_text(argv: list) -> list:
    """Call arguments: a bare ``:`` is passed to a function as the char ':' (the compiler does the same
    for names it compiles as calls)."""
    return [COLON_TEXT if a is indexing.MAGIC_COLON else a for a in argv]


def undefined_at(frame: Frame, reg: int) -> MatlabError:
    """The error for reading register ``reg`` that holds no value: its variable, if it is one, is
    undefined."""
    return undefined(frame.code.varnames[reg]) if reg < frame.code.nvars else undefined("?")


def cleared(vm: Any, frame: Frame, reg: int) -> Any:
    """What an instruction reads from a variable slot that holds no value although the compiler thought
    it assigned (a ``clear`` it could not see, through a handle or a script): the name then means the
    function of that name, as in MATLAB (``clear pi; pi``), or it is undefined. Instructions that would
    keep the value (a cell literal, a field read, a switch) ask this instead of storing None."""
    if reg < frame.code.nvars:
        return vm.call_named(frame, frame.code.varnames[reg], [], 1)
    raise undefined("?")


def text_of(value: Any) -> str | None:
    if type(value) is CharArray and value.shape[0] <= 1:
        return value.to_str()
    if type(value) is StringArray and value.data.size == 1:
        return value.data.flat[0]
    return None


def switch_expression_error() -> MatlabError:
    return MatlabError("MATLAB:switch:expression", "SWITCH expression must be a scalar or a character vector.")


def case_matches(subject: Any, case: Any) -> bool:
    """MATLAB switch: a cell case matches when any member does; text compares as strcmp; numbers and
    categoricals by ==."""
    if type(case) is CellArray:
        return any(case_matches(subject, c) for c in case.data.ravel(order="F"))
    if type(subject) is CategoricalArray:      # an object: its case matches by its == (category names)
        if subject.shape != (1, 1):
            raise switch_expression_error()
        return bool(ops.BINARY["=="](subject, case) is True)
    subject_text, case_text = text_of(subject), text_of(case)
    if subject_text is not None or case_text is not None:
        return subject_text is not None and subject_text == case_text
    if not is_array_like(subject) or not is_array_like(case):
        raise switch_expression_error()
    a, b = to_array(subject), to_array(case)
    if a.size != 1:
        raise switch_expression_error()
    return b.size == 1 and bool(a.flat[0] == b.flat[0])


def field_name(value: Any, base: Any = None) -> str:
    """The name in ``s.(name)``; on a table, a number names a variable by its position (``T.(2)``)."""
    text = text_of(value)
    if text is None and type(base) is Table and type(value) in (float, np.ndarray):
        return numbered_variable(base, value)
    if text is None:
        raise MatlabError("MATLAB:dynamicFieldName", "Dynamic structure field names must be text.")
    return text


class SlowPaths:
    """Instruction semantics outside the float fast paths (mixed into VM)."""

    # provided by VM
    resolved: dict[str, Any]
    interrupted: bool
    exported: list
    ctx: Any

    def sync_exported(self) -> None: ...
    def invoke(self, target: Any, args: list, nargout: int) -> tuple: ...
    def call_code_outputs(self, code: Any, args: list, nargout: int) -> tuple: ...
    def call_value(self, fn: Any, args: list, nargout: int) -> Any: ...
    def call_handle(self, fn: Any, args: list, nargout: int) -> tuple: ...
    def call_named(self, frame: Frame, name: str, args: list, nargout: int) -> Any: ...
    def write(self, text: str) -> None: ...

    # -------------------------------------------------------------- operators
    def binop(self, op: str, x: Any, y: Any) -> Any:
        if type(x) in PLAIN_NUMERIC and type(y) in PLAIN_NUMERIC:
            return ops.HOST_BINARY[op](x, y)
        return ops.BINARY[op](x, y)

    def compare(self, which: int, x: Any, y: Any) -> bool:
        return self.truth(self.binop(COMPARE_OPS[which], x, y))

    def unop(self, op: str, x: Any) -> Any:
        if type(x) in PLAIN_NUMERIC:
            return ops.HOST_UNARY[op](x)
        return ops.UNARY[op](x)

    def truth(self, value: Any) -> bool:
        return ops.truth(value)

    def loop_done(self, R: list, var: int, st: Any) -> None:
        """A for loop that ran zero times leaves its variable empty (MATLAB): 1x0 for a range, else the
        empty value it iterated over."""
        if type(st) is list and st[0] == 0:
            R[var] = EMPTY_ROW.copy()
        elif type(st) is NoColumns:
            R[var] = st.value

    # -------------------------------------------------------------- indexing
    def index(self, frame: Frame, a: tuple) -> None:
        dest, base, regs, spread, nargout = a
        R = frame.regs
        value = R[base]
        argv = expand(R, regs, spread)
        if type(value) is FunctionHandle or type(value) is BoundMethod:
            argv = colons_as_text(argv)         # a call: ``f(:)`` passes ':' (MATLAB)
            if nargout != -2:
                R[dest] = self.call_value(value, argv, nargout)
                return
        if value is None:
            raise undefined_at(frame, base)
        if nargout == -2:
            argv, nargout = argv[:-1], int(argv[-1])
            if type(value) is FunctionHandle or type(value) is BoundMethod:
                R[dest] = counted(self.call_handle(value, argv, nargout), nargout)
                return
            R[dest] = counted((indexing.index(value, argv),), nargout)
            return
        if nargout > 1:
            raise too_many_outputs()
        R[dest] = indexing.index(value, argv)

    def setindex(self, frame: Frame, a: tuple) -> None:
        slot, steps, rhs, regs = a
        R = frame.regs
        path, k = [], 0
        for kind, info, *spread in steps:      # spread: comma lists among the step's subscripts
            if kind == ".":
                path.append((".", info))
            elif kind == ".()":
                path.append((".", field_name(R[regs[k]], None if path else R[slot])))
                k += 1
            else:
                path.append((kind, expand(R, regs[k:k + info], spread[0] if spread else None)))
                k += info
        base = R[slot]
        inplace = base is not None and frame.owned.get(slot) is base
        value = R[rhs]
        if value is None:           # never store "no value" into an array, cell or struct
            value = cleared(self, frame, rhs)
        if type(base) in NUMBERS and (path[0][0] == "." or len(path) > 1 and path[1][0] == ".") and \
                self.set_graphics(base, path, value):
            return
        new = indexing.assign(base, path, value, inplace)
        R[slot] = new
        frame.owned[slot] = new

    def set_graphics(self, base: Any, path: list, value: Any) -> bool:
        """``h.Name = v`` or ``h(k).Name(...) = v`` where h holds graphics handles: set the property (the
        variable keeps its handles); False when it is no such assignment."""
        if graphics_objects.dot_objects(self.state, base) is None:
            return False                # no graphics handles: the usual assignment (x(1).a = 5 grows x)
        if path[0][0] == "()" and len(path) > 1 and path[1][0] == ".":
            base, path = indexing.index(base, path[0][1]), path[1:]
        if path[0][0] != ".":
            return False
        objects = graphics_objects.dot_objects(self.state, base)
        if objects is None:
            return False
        graphics_objects.dot_set(self.state, objects, path, value)
        return True

    # -------------------------------------------------------------- calls
    def call(self, frame: Frame, a: tuple) -> None:
        """``name(args)`` as a function call (CALL operands: dest, name, args, spread, nargout, slot);
        the loop itself runs the common builtin case."""
        R = frame.regs
        name = a[1]
        args = [R[r] for r in a[2]] if a[3] is None else expand(R, a[2], a[3])
        target = self.resolved.get(name)
        if a[4] == 1 and type(target) is Code and target.kind == "function" and name not in frame.code.locals:
            R[a[0]] = self.call_code_outputs(target, args, 1)[0]
        elif a[4] == -2:
            nargout = int(args.pop())
            if frame.extra and name in frame.extra:      # a variable a script made (s.f = x after a data script)
                R[a[0]] = counted((self.dynamic_variable(frame.extra[name], args, 1),), nargout)
                return
            target = frame.code.locals.get(name) or self.resolve(name)
            R[a[0]] = counted(self.invoke(target, args, nargout), nargout)
        elif on_device(frame, a[0]) and not (frame.extra and name in frame.extra) \
                and type(target := self.resolve(name)) is Builtin:
            from .pygen import builtin_on_device      # the first call of the name (pygen's path needs it resolved)
            R[a[0]] = builtin_on_device(self, target, args)
        else:
            R[a[0]] = self.call_named(frame, name, args, a[4])

    def loadname(self, frame: Frame, a: tuple) -> Any:
        dest, slot, name, is_function = a
        if is_function:
            raise not_enough_inputs() if name in frame.code.params else undefined(name)
        return self.call_named(frame, name, [], 1)

    # -------------------------------------------------------------- rare opcodes
    def dispatch(self, frame: Frame, op: int, a: tuple) -> int | None:
        return RARE[op](self, frame, a)


def on_device(frame: Frame, slot: int) -> bool:
    """Whether the value of a call that sets variable ``slot`` may stay on the device (pygen.made_on_device)."""
    runner = frame.code.runner
    return runner is not None and slot in runner.made_on_device


def op_calllocal(vm: Any, frame: Frame, a: tuple) -> None:
    dest, name, regs, spread, nargout = a
    R = frame.regs
    args = expand(R, regs, spread)
    code = frame.code.locals[name]
    if nargout == -2:
        nargout = int(args.pop())
        R[dest] = counted(vm.call_code_outputs(code, args, nargout), nargout)
    else:
        R[dest] = vm.call_code(code, args, nargout)


def op_callnested(vm: Any, frame: Frame, a: tuple) -> None:
    """A nested function (mir/nested.py), run in the environment of its parent: ``up`` levels up."""
    dest, key, regs, spread, nargout, up = a
    R = frame.regs
    args = expand(R, regs, spread)
    code = frame.code.locals[key]
    env = frame.env.up(up)
    if nargout == -2:
        nargout = int(args.pop())
        R[dest] = counted(vm.call_code_outputs(code, args, nargout, env), nargout)
    else:
        R[dest] = vm.call_code(code, args, nargout, env)


def op_nestedhandle(vm: Any, frame: Frame, a: tuple) -> None:
    dest, name, key, up = a
    frame.regs[dest] = FunctionHandle(text=name, name=name, body=frame.code.locals[key], env=frame.env.up(up))


def op_eload(vm: Any, frame: Frame, a: tuple) -> None:
    """A variable shared among nested functions, from the environment ``up`` levels up."""
    dest, name, up, optional = a
    value = frame.env.up(up).values.get(name)
    if value is None and not optional:
        raise undefined(name)
    frame.regs[dest] = value


def op_estore(vm: Any, frame: Frame, a: tuple) -> None:
    src, name, up = a
    frame.env.up(up).values[name] = frame.regs[src]


def op_setans(vm: Any, frame: Frame, a: tuple) -> None:
    src, ans, show = a
    set_ans(vm, frame, ans, frame.regs[src], show)


def set_ans(vm: Any, frame: Frame, ans: int, value: Any, show: bool) -> None:
    """An expression statement's result becomes ``ans`` (each value of a comma list in turn)."""
    if value is NOVALUE:
        return
    for v in (value if type(value) is list else [value]):
        frame.regs[ans] = v
        frame.owned.pop(ans, None)
        if show:
            vm.show("ans", v)


def op_display(vm: Any, frame: Frame, a: tuple) -> None:
    vm.show(a[1], frame.regs[a[0]])


def op_showname(vm: Any, frame: Frame, a: tuple) -> None:
    """A bare name as a statement in a script: show the variable, or call the function."""
    slot, ans, name, show = a
    value = frame.regs[slot]
    if value is None:
        set_ans(vm, frame, ans, vm.call_named(frame, name, [], 0), show)
    elif show:
        vm.show(name, value)


def op_colon(vm: Any, frame: Frame, a: tuple) -> None:
    dest, start, step, stop = a
    R = frame.regs
    R[dest] = ops.colon(R[start], R[step] if step >= 0 else None, R[stop])


def op_rangeiter(vm: Any, frame: Frame, a: tuple) -> None:
    dest, start, step, stop = a
    R = frame.regs
    R[dest] = range_state(R[start], R[step] if step >= 0 else None, R[stop])


def op_iter(vm: Any, frame: Frame, a: tuple) -> None:
    frame.regs[a[0]] = columns(frame.regs[a[1]])


def op_end(vm: Any, frame: Frame, a: tuple) -> None:
    dest, base, k, n = a
    value = frame.regs[base]
    if value is None or type(value) is FunctionHandle:
        raise MatlabError("MATLAB:badsubscript", "'end' is not valid here: the indexed value is not an array.")
    frame.regs[dest] = indexing.end_value(value, k, n)


def op_matrix(vm: Any, frame: Frame, a: tuple) -> None:
    from ..runtime import concat
    dest, regs, rows, spread = a
    R = frame.regs
    row_values, k = [], 0
    for n in rows:
        row_values.append(concat.horzcat(expand(R, regs[k:k + n], None if spread is None else spread[k:k + n])))
        k += n
    R[dest] = row_values[0] if len(row_values) == 1 else concat.vertcat(row_values)


def op_cell(vm: Any, frame: Frame, a: tuple) -> None:
    dest, regs, rows, spread = a
    R = frame.regs
    grid, k = [], 0
    if any(R[r] is None for r in regs):
        R = list(R)                 # a copy: the slot itself stays empty
        for r in regs:
            if R[r] is None:
                R[r] = cleared(vm, frame, r)
    for n in rows:
        row = expand(R, regs[k:k + n], None if spread is None else spread[k:k + n])
        k += n
        if row:
            grid.append(row)
    if not grid:
        frame.regs[dest] = CellArray(np.empty((0, 0), dtype=object))
        return
    if len({len(r) for r in grid}) != 1:
        raise MatlabError("MATLAB:catenate:dimensionMismatch",
                          "Dimensions of arrays being concatenated are not consistent.")
    data = np.empty((len(grid), len(grid[0])), dtype=object)
    for i, row in enumerate(grid):
        for j, v in enumerate(row):
            data[i, j] = v
    frame.regs[dest] = CellArray(data)


def op_cellindex(vm: Any, frame: Frame, a: tuple) -> None:
    dest, base, regs, spread = a
    R = frame.regs
    value = R[base]
    if value is None:
        raise undefined_at(frame, base)
    R[dest] = indexing.cell_index(value, expand(R, regs, spread))


def op_field(vm: Any, frame: Frame, a: tuple) -> None:
    value = frame.regs[a[1]]
    if value is None:
        value = cleared(vm, frame, a[1])
    objects = graphics_objects.dot_objects(vm.state, value) if type(value) in NUMBERS else None
    frame.regs[a[0]] = indexing.get_field(value, a[2]) if objects is None else \
        graphics_objects.dot_get(vm.state, objects, a[2])


NUMBERS = (float, np.ndarray)     # values that may be graphics handles (h.Color)


def op_method(vm: Any, frame: Frame, a: tuple) -> None:
    value = frame.regs[a[1]]
    if value is None:
        value = cleared(vm, frame, a[1])
    if type(value) in NUMBERS:
        op_field(vm, frame, a)
        return
    frame.regs[a[0]] = indexing.get_method(value, a[2])


def op_dynfield(vm: Any, frame: Frame, a: tuple) -> None:
    value = frame.regs[a[1]]
    if value is None:
        value = cleared(vm, frame, a[1])
    frame.regs[a[0]] = indexing.get_field(value, field_name(frame.regs[a[2]], value))


def op_first(vm: Any, frame: Frame, a: tuple) -> None:
    values = frame.regs[a[1]]
    if not values:
        raise MatlabError("MATLAB:needMoreRhsOutputs",
                          "Insufficient number of outputs from right hand side of equal sign to satisfy "
                          "assignment.")
    frame.regs[a[0]] = values[0]


def op_out(vm: Any, frame: Frame, a: tuple) -> None:
    dest, src, k = a
    values = frame.regs[src]
    if type(values) is not tuple and type(values) is not list:
        values = (values,)
    if k >= len(values):
        if type(values) is list:
            raise MatlabError("MATLAB:needMoreRhsOutputs",
                              "Insufficient number of outputs from right hand side of equal sign to satisfy "
                              "assignment.")
        raise too_many_outputs()
    frame.regs[dest] = values[k]


def op_anon(vm: Any, frame: Frame, a: tuple) -> None:
    dest, body, captures, text, unseen = a
    R = frame.regs
    captured = {name: R[slot] for name, slot in captures if R[slot] is not None}
    if frame.extra:                 # variables a script or eval created here, without a slot (vapdat; f = @(T) A*T)
        captured.update((name, frame.extra[name]) for name in unseen if name in frame.extra)
    R[dest] = FunctionHandle(text=text, params=list(body.params), body=body, captured=captured)


def op_parfor(vm: Any, frame: Frame, a: tuple) -> None:
    from ..parallel.loop import run_parfor
    regs, body, spec = a
    run_parfor(vm, frame, body, spec, [frame.regs[r] for r in regs])


def op_fhandle(vm: Any, frame: Frame, a: tuple) -> None:
    dest, name = a
    frame.regs[dest] = FunctionHandle(text=name, name=name, body=frame.code.locals.get(name))


def op_casematch(vm: Any, frame: Frame, a: tuple) -> None:
    subject = frame.regs[a[1]]
    if subject is None:
        subject = cleared(vm, frame, a[1])
    frame.regs[a[0]] = case_matches(subject, frame.regs[a[2]])


def op_truth(vm: Any, frame: Frame, a: tuple) -> None:
    frame.regs[a[0]] = ops.truth(frame.regs[a[1]])


def op_sctruth(vm: Any, frame: Frame, a: tuple) -> None:
    frame.regs[a[0]] = ops.short_circuit_operand(frame.regs[a[1]])


def op_decides(vm: Any, frame: Frame, a: tuple) -> None:
    frame.regs[a[0]] = ops.decides(frame.regs[a[1]], a[2])


def op_trypush(vm: Any, frame: Frame, a: tuple) -> None:
    frame.handlers.append(a[0])


def op_trypop(vm: Any, frame: Frame, a: tuple) -> None:
    frame.handlers.pop()


def op_caught(vm: Any, frame: Frame, a: tuple) -> None:
    frame.regs[a[0]] = exception_value(frame.caught)


def op_global(vm: Any, frame: Frame, a: tuple) -> None:
    vm.state.globals.setdefault(a[0], np.zeros((0, 0)))
    if frame.code.kind == "script":
        vm.base_globals.add(a[0])


def op_persistent(vm: Any, frame: Frame, a: tuple) -> None:
    vm.persistent_store(frame.code).setdefault(a[0], np.zeros((0, 0)))


def op_gload(vm: Any, frame: Frame, a: tuple) -> None:
    value = vm.state.globals.get(a[1])
    if value is None:
        raise undefined(a[1])
    frame.regs[a[0]] = value


def op_gstore(vm: Any, frame: Frame, a: tuple) -> None:
    vm.state.globals[a[1]] = frame.regs[a[0]]


def op_pload(vm: Any, frame: Frame, a: tuple) -> None:
    value = vm.persistent_store(frame.code).get(a[1])
    if value is None:
        raise undefined(a[1])
    frame.regs[a[0]] = value


def op_pstore(vm: Any, frame: Frame, a: tuple) -> None:
    vm.persistent_store(frame.code)[a[1]] = frame.regs[a[0]]


def op_nargin(vm: Any, frame: Frame, a: tuple) -> None:
    frame.regs[a[0]] = float(frame.nargin)


def op_nargout(vm: Any, frame: Frame, a: tuple) -> None:
    frame.regs[a[0]] = float(frame.nargout)


def op_loadopt(vm: Any, frame: Frame, a: tuple) -> None:
    value = frame.regs[a[1]]
    frame.regs[a[0]] = value if value is not None else np.zeros((0, 0))


def counted(outs: tuple, nargout: int) -> tuple:
    """The outputs of a call whose nargout was counted at run time (comma-list targets)."""
    if len(outs) < nargout:
        raise too_many_outputs()
    return tuple(outs[:nargout])


def op_nlhs(vm: Any, frame: Frame, a: tuple) -> None:
    """How many values a comma-list target takes: the elements ``c{args}`` selects, or numel(s) for s.f."""
    dest, base, regs, kind = a
    R = frame.regs
    value = R[base]
    if kind == ".":
        R[dest] = float(value.data.size) if type(value) is StructArray else 1.0
        return
    args = [R[r] for r in regs]
    if type(value) is CellArray:
        try:
            R[dest] = float(len(indexing.cell_index(value, args)))
            return
        except MatlabError:
            pass            # subscripts past the end: the cell grows, count them
    R[dest] = float(np.prod([1 if indexing.is_colon(x) else np.size(indexing.storage(x)) for x in args]))


def op_outs(vm: Any, frame: Frame, a: tuple) -> None:
    dest, src, offset, count = a
    R = frame.regs
    start = int(R[offset])
    values = list(R[src][start:start + int(R[count])])
    if len(values) < int(R[count]):
        raise MatlabError("MATLAB:needMoreRhsOutputs",
                          "Insufficient number of outputs from right hand side of equal sign to satisfy "
                          "assignment.")
    R[dest] = values


def op_setlist(vm: Any, frame: Frame, a: tuple) -> None:
    """Assign every value of a comma list: ``c{args}`` (as c(args) = {values}) or ``s.f`` / ``s.(name)``
    (element by element)."""
    slot, kind, info, values, regs = a
    R = frame.regs
    items = R[values]
    base = R[slot]
    if kind == "{}":
        args = [R[r] for r in regs]
        if len(items) == 1:             # c{k} = v (and s{k} = 'text' on a string array): one element
            owned = base is not None and frame.owned.get(slot) is base
            R[slot] = new = indexing.assign(base, [("{}", args)], items[0], owned)
            frame.owned[slot] = new
            return
        shape = indexing.index(base, args).shape if type(base) is CellArray and valid(base, args) \
            else (1, len(items))
        data = np.empty(len(items), dtype=object)
        data[:] = items
        new = indexing.assign(base, [("()", args)], CellArray(data.reshape(shape, order="F")))
    else:
        name = info if kind == "." else field_name(R[regs[0]], base)
        if len(items) == 1 and type(base) is not StructArray:
            new = indexing.assign(base, [(".", name)], items[0])
        else:
            new = base
            for k, item in enumerate(items):
                new = indexing.assign(new, [("()", [float(k + 1)]), (".", name)], item)
    R[slot] = new
    frame.owned[slot] = new


def valid(base: CellArray, args: list) -> bool:
    try:
        indexing.index(base, args)
        return True
    except MatlabError:
        return False


def _table() -> list[Callable]:
    table: list[Callable] = [None] * len(OPNAMES)  # type: ignore[list-item]
    for name, fn in globals().items():
        if name.startswith("op_"):
            table[OP[name[3:].upper()]] = fn
    return table


RARE = _table()
