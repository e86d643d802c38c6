"""Builtins that run MATLAB text or reach into another frame: eval, evalc, evalin, assignin, inputname,
and run (a script file, named or by its path, in the calling workspace).

They need the VM itself (compiling code and running it in a caller's workspace), so they live here and
take the VM's own context (``ctx.vm``); the VM imports this module, which registers them.
"""
from __future__ import annotations

import os
from typing import Any

from ..runtime.builtins.registry import builtin
from ..runtime.builtins.sizes import whole_scalar
from ..runtime.errors import MatlabError
from ..mir.lower import char_value
from .build import build_cell_code
from .frame import Frame
from .slowpath import text_of


def text_arg(value: Any, fname: str) -> str:
    text = text_of(value)
    if text is None:
        raise MatlabError(f"MATLAB:{fname}:invalidInput", f"The input to {fname} must be a character vector "
                                                          "or string scalar.")
    return text


def run_in(vm: Any, frame: Frame, text: str, outputs: int = 0) -> tuple:
    """Run ``text`` as script code in ``frame``'s workspace; with ``outputs``, evaluate it as an expression
    and return that many values."""
    names = [f"eval_out{k}__" for k in range(outputs)]
    source = f"[{', '.join(names)}] = {text};" if outputs else text
    before = frame.variables()
    code = build_cell_code(source, "eval", before)
    inner = Frame(code)
    for k, name in enumerate(code.varnames):
        inner.regs[k] = before.get(name)
    inner.extra = {k: v for k, v in before.items() if k not in code.varnames}
    try:
        vm.run_frame(inner)
    finally:
        after = inner.variables()
        values = tuple(after.pop(name) for name in names if name in after)
        frame.set_variables(after)
    return values


@builtin("eval", family="vm")
def eval_(ctx, expression, catch=None, nargout=0):
    """eval(expression) or eval(expression, catchExpression)  run MATLAB code held in text.

    The code runs in the calling workspace. With an output, the text must be an expression and its
    value is returned. If it fails and catchExpression is given, that runs instead.

        eval('x = 3 * 4;')    % x is 12
    """
    vm, frame = ctx.vm, ctx.vm.frames[-1]
    try:
        return run_in(vm, frame, text_arg(expression, "eval"), nargout)
    except MatlabError:
        if catch is None:
            raise
        return run_in(vm, frame, text_arg(catch, "eval"), nargout)


@builtin("evalc", family="vm")
def evalc(ctx, expression, catch=None):
    """T = evalc(expression), evalc(expression, catchExpression)  run MATLAB code held in text and return
    what it printed, instead of printing it.

    The code runs in the calling workspace as eval runs it; everything it displays or prints (values,
    disp, fprintf to the screen, warnings) becomes the char row T, lines separated by newline
    characters. Figures are still shown.

        T = evalc('x = 3')    % T holds the display of x
    """
    vm, frame = ctx.vm, ctx.vm.frames[-1]
    captured: list[str] = []
    write, hook = vm.write, vm.state.display_hook
    vm.write, vm.state.display_hook = captured.append, None
    try:
        try:
            run_in(vm, frame, text_arg(expression, "evalc"))
        except MatlabError:
            if catch is None:
                raise
            run_in(vm, frame, text_arg(catch, "evalc"))
    finally:
        vm.write, vm.state.display_hook = write, hook
    return char_value("".join(captured))


def workspace_frame(ctx, where: Any, fname: str) -> Frame:
    scope = text_of(where)
    frames = ctx.vm.frames
    if scope == "base":
        return frames[0]
    if scope == "caller":
        return frames[-2] if len(frames) > 1 else frames[0]
    raise MatlabError(f"MATLAB:{fname}:invalidWorkspace", "The workspace must be 'base' or 'caller'.")


@builtin("evalin", family="vm")
def evalin(ctx, where, expression, nargout=0):
    """evalin(workspace, expression)  run MATLAB code in the 'base' or 'caller' workspace.

        evalin('base', 'y = 1;')
    """
    frame = workspace_frame(ctx, where, "evalin")
    return run_in(ctx.vm, frame, text_arg(expression, "evalin"), nargout)


@builtin("assignin", family="vm")
def assignin(ctx, where, name, value):
    """assignin(workspace, name, value)  assign a variable in the 'base' or 'caller' workspace.

        assignin('base', 'answer', 42)
    """
    frame = workspace_frame(ctx, where, "assignin")
    variable = text_arg(name, "assignin")
    if not variable.isidentifier():
        raise MatlabError("MATLAB:assignin:invalidVariableName", f"Invalid variable name \"{variable}\".")
    frame.set_variables({**frame.variables(), variable: value})


CALL_OPS = ("CALL", "CALLLOCAL", "CALLNESTED")


@builtin("inputname", family="vm")
def inputname(ctx, number):
    """inputname(argNumber)  the name of the caller's variable given as input argument argNumber.

    Called inside a function: the variable name the calling code wrote for that argument, or '' when
    the argument was no plain variable (a number, an expression, an indexing expression such as a(3),
    or an argument after a comma list such as c{:}).

        function show(x), disp(inputname(1)), end     % show(alpha) prints alpha
    """
    frames = ctx.vm.frames
    if len(frames) < 2 or frames[-1].code.kind != "function":
        raise MatlabError("MATLAB:inputname:noCaller", "inputname must be called from within a function.")
    k = whole_scalar(number)
    if k is None or k < 1:
        raise MatlabError("MATLAB:inputname:invalidArgNumber", "Argument number must be a positive integer.")
    if k > frames[-1].nargin:
        raise MatlabError("MATLAB:inputname:argNumberTooLarge",
                          "Argument number exceeds number of input arguments.")
    names = argument_names(frames[-2])
    return char_value(names[k - 1] if k <= len(names) else "")


def argument_names(caller) -> list[str]:
    """The variable names that the call ``caller`` (a VM frame) is running wrote for its arguments,
    one per argument up to the first comma list: '' for an argument that is no plain variable."""
    from .code import OP
    from .debugger import frame_offsets
    code, pc = caller.code, frame_offsets().get(id(caller), -1)
    if not (0 <= pc < len(code.ops)) or code.ops[pc] not in tuple(OP[op] for op in CALL_OPS):
        return []
    argv, spread = code.args[pc][2], code.args[pc][3]
    names = []
    for k, slot in enumerate(argv):
        if spread is not None and spread[k]:
            break
        name = code.varnames[slot] if slot < code.nvars else ""
        names.append("" if name.startswith("$") else name)
    return names


@builtin("run", family="vm")
def run(ctx, scriptname):
    """run(scriptname) | run scriptname  run a script file in the calling workspace.

    scriptname is a script's name, found as a call of it would be (the current folder, then the path),
    or the path of its file, with or without .m. A script in another folder runs there: the current
    folder changes to the script's while it runs, and back after, even if it fails. A function file
    runs as a call without arguments.

        run('setup.m')      % also: run setup, run ../examples/demo
    """
    vm = ctx.vm
    given = text_arg(scriptname, "run")
    folder, base = os.path.split(given)
    stem, ext = os.path.splitext(base)
    if ext not in ("", ".m"):
        raise MatlabError("MATLAB:run:CannotExecute", f"Cannot run '{given}': only MATLAB script files (.m) run here.")
    path = os.path.abspath(os.path.join(folder, stem + ".m")) if folder else None
    if path is not None and not os.path.isfile(path) or not stem:
        raise MatlabError("MATLAB:run:FileNotFound", f"{given} not found.")
    code = vm.file_code(path, stem) if path else vm.find_file(stem)
    if code is None:
        raise MatlabError("MATLAB:run:FileNotFound", f"{given} not found.")
    here = os.getcwd()
    if path:
        os.chdir(os.path.dirname(path))
    try:
        if code.kind == "script":
            vm.run_script_file(code)
        else:
            vm.call_code_outputs(code, [], 0)
    finally:
        os.chdir(here)
