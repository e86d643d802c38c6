"""Builtins that run MATLAB text or reach into another frame: eval, evalc, evalin, assignin.

They need the VM itself (compiling code and running it in a caller's workspace), so they live here and
take the VM's own context (``ctx.vm``); the VM imports this module, which registers them.
"""
from __future__ import annotations

from typing import Any

from ..runtime.builtins.registry import builtin
from ..runtime.errors import MatlabError
from ..mir.lower import char_value
from .build import build_cell
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
    code, _ = build_cell(source, "eval", before)
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
