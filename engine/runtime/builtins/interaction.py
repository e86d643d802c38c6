"""Builtins that talk to the user through the front end: ``input`` (typed input), ``pause``, ``clc``
(clear the output), ``help``, and ``exit``/``quit``. (``keyboard``'s K>> prompt reads through
``read_line`` too: engine/vm/dbcommands.py.)

A front end (the Jupyter kernel, the CLI) installs its side with ``set_front_end(state, FrontEnd(...))``:
``read_line(prompt) -> str`` sends a stdin request (and raises MatlabError when the front end allows no
input, as nbconvert and papermill do, so ``input`` fails at once instead of hanging), ``clear()`` clears
the output. Without a front end, ``input`` fails, ``pause`` (no argument) returns at once and ``clc``
does nothing.

``exit``/``quit`` raise ``ExitRequest``: the cell stops there (no ``try`` catches it) and the host acts
on ``ExecResult.exit_status`` (the CLI exits with it, the kernel asks the front end to close it).
"""
from __future__ import annotations

import math
import os
import time
from dataclasses import dataclass
from typing import Any, Callable

import numpy as np

from ..context import SessionState
from ..errors import MatlabError
from ..values import CharArray, StringArray
from .catalog import by_family
from .registry import builtin, load_all

FRONT_END_KEY = "front_end"
PAUSE_KEY = "pause"            # state.extras: False after pause('off')
PAUSE_SLICE = 0.02             # seconds between interrupt checks while pause(n) waits
PAUSE_PROMPT = "Paused: press Enter to continue "


@dataclass
class FrontEnd:
    read_line: Callable[[str], str] | None = None
    clear: Callable[[], None] | None = None


def set_front_end(state: SessionState, front_end: FrontEnd | None) -> None:
    """Install (or remove, with None) the front end's input and clear functions."""
    state.extras[FRONT_END_KEY] = front_end


def _front_end(ctx) -> FrontEnd:
    return ctx.state.extras.get(FRONT_END_KEY) or FrontEnd()


def read_line(ctx, prompt: str) -> str:
    reader = _front_end(ctx).read_line
    if reader is None:
        raise MatlabError("MATLAB:input:noStdin", "input is not available: this session has no standard input.")
    return reader(prompt)


@builtin("clc", "interaction")
def clc(ctx):
    """clc  clear the output shown so far (in a notebook: the cell's output).

        disp('gone'); clc; disp('kept')
    """
    clear = _front_end(ctx).clear
    if clear is not None:
        clear()


@builtin("input", "interaction")
def input_(ctx, prompt=None, mode=None):
    """x = input(prompt) | txt = input(prompt, 's')  ask the user for a value (or, with 's', text).

    Without 's' the reply is evaluated as a MATLAB expression; an empty reply gives []. In a notebook
    the prompt appears as an input box; in batch runs (nbconvert) input fails with an error.

        n = input('How many? ');  name = input('Name: ', 's');
    """
    text = "" if prompt is None else _text(prompt, "prompt")
    if mode is not None and _text(mode, "option").lower() != "s":
        raise MatlabError("MATLAB:input:badOption", "The second argument to input must be 's'.")
    reply = read_line(ctx, text)
    if mode is not None:
        return CharArray.from_str(reply)
    if not reply.strip():
        return np.zeros((0, 0))
    try:
        return ctx.call("eval", [CharArray.from_str(reply)], 1)[0]
    except MatlabError as err:
        raise MatlabError("MATLAB:input:invalidInput", f"Invalid input '{reply}': {err.message}") from None


@builtin("pause", "interaction")
def pause(ctx, arg=None, *, nargout=0):
    """pause | pause(n) | pause(state) | old = pause(state)  wait for a key, or n seconds; state is 'on',
    'off' or 'query'.

    pause(n) waits n seconds (pause(Inf): until interrupted); the stop button ends it at once. pause
    with no argument waits for Enter in a front end that accepts typed input (a notebook shows an input
    box); without one (nbconvert, papermill, a plain Session) it returns at once. After pause('off')
    both return at once; pause('query') and old = pause(state) give 'on' or 'off'.

        pause(0.5); old = pause('off'); pause(10); pause(old)
    """
    enabled = ctx.state.extras.get(PAUSE_KEY, True)
    if arg is not None and type(arg) in (CharArray, StringArray):
        return _pause_state(ctx, _text(arg, "pause state").lower(), enabled, nargout)
    if not enabled:
        return None
    if arg is None:
        _wait_for_enter(ctx)
    else:
        _sleep(ctx, _seconds(arg))
    return None


def _pause_state(ctx, state: str, enabled: bool, nargout: int) -> CharArray | None:
    old = CharArray.from_str("on" if enabled else "off")
    if state == "query":
        return old
    if state not in ("on", "off"):
        raise MatlabError("MATLAB:pause:InvalidInput", "Input must be 'on', 'off', 'query', or a nonnegative "
                          "real number.")
    ctx.state.extras[PAUSE_KEY] = state == "on"
    return old if nargout > 0 else None


def _seconds(arg: Any) -> float:
    data = np.asarray(arg) if isinstance(arg, (float, bool, np.ndarray)) else None
    if data is None or data.size != 1 or data.dtype.kind not in "fiub" or not data.item() >= 0:
        raise MatlabError("MATLAB:pause:InvalidInput", "Input must be 'on', 'off', 'query', or a nonnegative "
                          "real number.")
    return float(data.item())


def _sleep(ctx, seconds: float) -> None:
    """Sleep in PAUSE_SLICE steps, returning early once the cell is interrupted (the VM then stops it)."""
    deadline = time.monotonic() + seconds if math.isfinite(seconds) else math.inf
    while not ctx.interrupted():
        left = deadline - time.monotonic()
        if left <= 0:
            return
        time.sleep(min(left, PAUSE_SLICE))


def _wait_for_enter(ctx) -> None:
    try:
        read_line(ctx, PAUSE_PROMPT)
    except MatlabError as err:
        if err.identifier != "MATLAB:input:noStdin":
            raise


@dataclass
class ExitRequest(MatlabError):
    """exit/quit: ends the cell (no ``try`` catches it); ``status`` is the exit status asked for."""
    status: int = 0


@builtin("exit", "interaction", aliases=("quit",))
def exit_(*args):
    """exit | exit(status) | exit(..., 'force')  end the session (quit is the same).

    From the matfuse command, the process ends with that status (default 0). In a notebook the kernel
    stops and the front end restarts it, as it does for other kernels' exit; the workspace is gone.
    Nothing after exit in the cell runs. 'force' is accepted (there is no finish.m to skip).

        exit(2)
    """
    status, rest = (args[0], args[1:]) if args and type(args[0]) not in (CharArray, StringArray) else (0.0, args)
    for option in rest:
        if _text(option, "option").lower() != "force":
            raise MatlabError("MATLAB:quit:invalidOption", "Option must be 'force'.")
    value = np.asarray(status)
    if value.size != 1 or value.dtype.kind not in "fiub" or not float(value.item()).is_integer():
        raise MatlabError("MATLAB:quit:invalidStatus", "Exit status must be an integer scalar.")
    raise ExitRequest("MATLAB:quit", "exit requested", status=int(value.item()))


def _text(value: Any, what: str) -> str:
    if type(value) is CharArray:
        return value.to_str()
    if type(value) is StringArray and value.shape == (1, 1) and value.data[0, 0] is not None:
        return value.data[0, 0]
    raise MatlabError("MATLAB:input:notText", f"The {what} must be a character vector or string scalar.")


def function_file(name: str, folders: list[str]) -> str | None:
    """Path of ``name.m`` in the working folder or the given path folders."""
    for folder in [os.getcwd(), *folders]:
        path = os.path.join(folder, f"{name}.m")
        if os.path.isfile(path):
            return path
    return None


def file_help(path: str) -> str:
    """MATLAB's help text of a file: the comment block after the function line (or at the top)."""
    from ...frontend import parse, read_source
    source = read_source(path)
    try:
        program = parse(source, os.path.basename(path))
        if program.functions and program.functions[0].doc:
            return program.functions[0].doc
    except MatlabError:
        pass
    return _leading_comments(source)


def _leading_comments(source: str) -> str:
    lines = source.split("\n")
    if lines and lines[0].lstrip().startswith("function"):
        lines = lines[1:]
    block = []
    for line in lines:
        stripped = line.strip()
        if not stripped.startswith("%"):
            if block or stripped:
                break
            continue
        block.append(stripped[1:].removeprefix(" "))
    return "\n".join(block)


def help_text(name: str, folders: list[str]) -> str | None:
    """Help for a builtin or a function file on the path, or None if there is no such function."""
    entry = load_all().get(name)
    if entry is not None:
        return entry.help
    path = function_file(name, folders)
    if path is None:
        return None
    return file_help(path) or f"No help found for {name}."


@builtin("help", "interaction")
def help_(ctx, name=None):
    """help name  print the help text of a builtin or of a function file (its leading comment block).

    help with no argument lists the families of builtins.

        help plot
    """
    if name is None:
        ctx.write("".join(f"{family}: {', '.join(e.name for e in entries)}\n\n"
                          for family, entries in by_family().items()))
        return
    topic = _text(name, "name")
    text = help_text(topic, ctx.state.path)
    if text is None:
        raise MatlabError("MATLAB:help:notFound", f"{topic} not found.")
    ctx.write(text.rstrip("\n") + "\n")
