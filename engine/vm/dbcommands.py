"""MATLAB's debugging commands and the K>> prompt, over the debugger of debugger.py.

dbstop / dbclear / dbstatus manage breakpoints (``dbstop in f at 12``, ``dbstop in f at 12 if x > 3``,
``dbstop in f>helper``, ``dbstop if error``); ``keyboard`` and every stop of a front end without a
debug adapter show the K>> prompt (``prompt``), where statements run in the selected frame's
workspace and dbcont, dbstep [in | out | N], dbquit, dbstack, dbup and dbdown work. The prompt reads
through the front end's ``read_line`` (the terminal in the CLI, the stdin channel in a notebook).
Like eval, these builtins need the VM (``ctx.vm``): registry.EXTENSIONS imports this module.
"""
from __future__ import annotations

import os
from typing import Any

import numpy as np

from ..runtime.builtins.interaction import read_line
from ..runtime.builtins.registry import builtin
from ..runtime.errors import MatlabError
from ..runtime.values import CellArray, CharArray, StructArray
from .code import Code
from .debugger import Deoptimise, StackEntry, Stop, display_name, source_key
from .evaluate import run_in
from .slowpath import text_of

PROMPT = "K>> "
STOP_WORDS = ("in", "at", "if")


def prompt(vm: Any, stop: Stop) -> None:
    """The K>> prompt: say where the program stopped, then run typed statements in the selected frame
    until one of them resumes (dbcont, dbstep, dbquit, or ``return``). Errors in typed statements are
    shown and the prompt comes back; an interrupt or dbquit of a nested stop ends it."""
    if stop.reason != "keyboard":
        vm.write(where(stop))
    while stop.resume is None:
        text = read_line(vm.ctx, PROMPT).strip()
        if text == "return":
            stop.resume = "continue"
        elif text:
            try:
                run_in(vm, stop.frame, text)
            except MatlabError as err:
                if err.identifier in ("MATLAB:interrupt", "MATLAB:dbquit"):
                    raise
                vm.write(f"Error: {err.message}\n")


def where(stop: Stop) -> str:
    """What MATLAB shows at a stop: an error's message, then the line number and the line's text."""
    here = stop.here
    head = f"{stop.error.message}\n" if stop.error is not None else ""
    text = here.frame.code.source_line(here.line).strip()
    return f"{head}{here.line}   {text}\n" if here.line else head


def words_of(args: tuple, fname: str) -> list[str]:
    words = []
    for arg in args:
        text = text_of(arg)
        if text is None:
            raise MatlabError(f"MATLAB:{fname}:invalidInput",
                              f"The arguments to {fname} must be character vectors or string scalars.")
        words.extend(text.split())
    return words


def parse_location(words: list[str], fname: str) -> tuple[str, int | None, str]:
    """``in FILE [at LINE] [if EXPR]`` (or ``at LINE in FILE``, or ``FILE [LINE]``) -> (file, line, condition)."""
    target, line, condition = "", None, ""
    k = 0
    while k < len(words):
        word = words[k].lower()
        if word == "if":
            condition = " ".join(words[k + 1:])
            break
        if word in ("in", "at") and k + 1 < len(words):
            value = words[k + 1]
            k += 2
        else:
            value, word = words[k], "at" if target else "in"
            k += 1
        if word == "in":
            target = value
        else:
            line = line_number(value, fname)
    if not target:
        raise MatlabError(f"MATLAB:{fname}:noFile", f"{fname} needs a file or function: {fname} in NAME at LINE.")
    return target, line, condition


def line_number(text: str, fname: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise MatlabError(f"MATLAB:{fname}:invalidLine", f"Line number must be a positive integer, not '{text}'.")
    return int(text)


def locate(vm: Any, target: str, fname: str) -> tuple[Code, list[Code]]:
    """The code ``target`` names (``f``, ``f.m``, ``folder/f.m``, ``f>helper``) and every code of its
    source (a file's functions share its lines)."""
    base, _, sub = target.partition(">")
    name = os.path.splitext(os.path.basename(base))[0]
    path = base if base.endswith(".m") else base + ".m"
    code = (vm.file_code(os.path.abspath(path), name) if os.path.dirname(base) and os.path.isfile(path)
            else vm.cell_functions.get(name) or vm.find_file(name))
    if code is None:
        raise MatlabError(f"MATLAB:{fname}:fileNotFound", f"Cannot find a function or file named '{base}'.")
    family = [code, *code.locals.values()] if code.file else [code]
    if sub:
        code = code.locals.get(sub)
        if code is None:
            raise MatlabError(f"MATLAB:{fname}:fileNotFound", f"'{base}' has no local function '{sub}'.")
    return code, family


def code_lines(codes: list[Code]) -> list[int]:
    return sorted({line for code in codes for line, _ in code.lines if line > 0})


@builtin("dbstop", "debug")
def dbstop(ctx, *args):
    """dbstop in file | dbstop in file at line | dbstop in file at line if expression | dbstop if error
    set a breakpoint, or stop when an error occurs.

    file is a function (f), a file (f.m, folder/f.m) or a local function (f>helper). Without a line the
    breakpoint is on the first line that runs; a line without code moves it to the next one that has
    code. With if, the program stops only where the expression is true. When it stops, the K>> prompt
    (or the notebook's debugger panel) shows where; dbcont goes on. dbstop if error stops at an error
    that no try/catch handles.

        dbstop in myfun at 12
        dbstop if error
    """
    vm = ctx.vm
    words = words_of(args, "dbstop")
    if [w.lower() for w in words[:2]] == ["if", "error"] and len(words) == 2:
        vm.debugger.stop_on_error = True
        return
    if words[:1] and words[0].lower() == "if":
        raise MatlabError("MATLAB:dbstop:unsupported",
                          f"dbstop if {' '.join(words[1:])} is not supported: use dbstop if error.")
    target, line, condition = parse_location(words, "dbstop")
    code, family = locate(vm, target, "dbstop")
    if line is None:
        line = code_lines([code])[0] if code_lines([code]) else 0
    else:
        later = [n for n in code_lines(family) if n >= line]
        if not later:
            raise MatlabError("MATLAB:dbstop:invalidLine",
                              f"Cannot set a breakpoint in {target}: line {line} is past its last line of code.")
        line = later[0]
    vm.debugger.set_breakpoint(source_key(code), source_name(code), line, condition)


def source_name(code: Code) -> str:
    return os.path.splitext(os.path.basename(code.file))[0] if code.file.endswith(".m") else code.name


@builtin("dbclear", "debug")
def dbclear(ctx, *args):
    """dbclear all | dbclear in file | dbclear in file at line | dbclear if error  remove breakpoints.

        dbclear in myfun at 12
        dbclear all
    """
    debugger = ctx.vm.debugger
    words = words_of(args, "dbclear")
    lowered = [w.lower() for w in words]
    if lowered in (["all"], []):
        debugger.clear_breakpoints()
        debugger.stop_on_error = False
        return
    if lowered == ["if", "error"]:
        debugger.stop_on_error = False
        return
    target, line, _ = parse_location(words, "dbclear")
    code, family = locate(ctx.vm, target, "dbclear")
    if line is not None:
        later = [n for n in code_lines(family) if n >= line]
        line = later[0] if later else line
    debugger.clear_breakpoints(source_key(code), line)


@builtin("dbstatus", "debug")
def dbstatus(ctx, *args, nargout=0):
    """dbstatus | dbstatus file | s = dbstatus(...)  list the breakpoints (and dbstop if error).

    s is a struct array with fields name, file, line, expression (a cell of the conditions) and cond
    ('error' for the dbstop if error entry).

        dbstop in myfun at 3; dbstatus
    """
    debugger = ctx.vm.debugger
    wanted = words_of(args, "dbstatus")
    sources = [(key, marks) for key, marks in debugger.sources.items()
               if not wanted or marks.name == os.path.splitext(os.path.basename(wanted[0]))[0]]
    if nargout > 0:
        return status_struct(sources, debugger.stop_on_error and not wanted)
    for _, marks in sources:
        lines = sorted(marks.lines)
        if len(lines) == 1:
            condition = f" (if {marks.lines[lines[0]]})" if marks.lines[lines[0]] else ""
            ctx.write(f"Breakpoint for {marks.name} is on line {lines[0]}{condition}.\n")
        else:
            conditions = "".join(f" (line {n} if {marks.lines[n]})" for n in lines if marks.lines[n])
            ctx.write(f"Breakpoints for {marks.name} are on lines {', '.join(map(str, lines))}{conditions}.\n")
    if debugger.stop_on_error and not wanted:
        ctx.write("Stop if error.\n")
    return None


def status_struct(sources: list, on_error: bool) -> StructArray:
    rows = []
    for key, marks in sources:
        lines = sorted(marks.lines)
        rows.append({"name": text(marks.name), "file": text(key if key.endswith(".m") else ""),
                     "line": np.array([[float(n) for n in lines]]),
                     "expression": cell_of([text(marks.lines[n]) for n in lines]), "cond": text(""),
                     "identifier": cell_of([])})
    if on_error:
        rows.append({"name": text(""), "file": text(""), "line": np.zeros((1, 0)), "expression": cell_of([]),
                     "cond": text("error"), "identifier": cell_of([])})
    return struct_column(["name", "file", "line", "expression", "cond", "identifier"], rows)


def text(value: str) -> CharArray:
    return CharArray.from_str(value)


def cell_of(items: list) -> CellArray:
    data = np.empty((1, len(items)), dtype=object)
    for k, item in enumerate(items):
        data[0, k] = item
    return CellArray(data)


def struct_column(fields: list[str], rows: list[dict]) -> StructArray:
    data = np.empty((len(rows), 1), dtype=object)
    for k, row in enumerate(rows):
        data[k, 0] = row
    return StructArray(fields, data)


# ---------------------------------------------------------------- the stack
def listing(ctx) -> tuple[list[StackEntry], int]:
    """The frames dbstack shows, innermost first, and the position of the selected one: the stop's
    stack when stopped, else the running frames; evaluation frames (eval, K>> statements) left out."""
    debugger = ctx.vm.debugger
    stop = debugger.stopped
    stack, selected = (stop.stack, stop.selected) if stop else (debugger.stack(), len(ctx.vm.frames) - 1)
    shown = [(k, e) for k, e in enumerate(stack) if not (e.name == "eval" and e.frame.code.kind == "script")]
    entries = [e for _, e in reversed(shown)]
    position = next((p for p, (k, _) in enumerate(reversed(shown)) if k <= selected), 0)
    return entries, position


@builtin("dbstack", "debug")
def dbstack(ctx, *args, nargout=0):
    """dbstack | dbstack(n) | dbstack('-completenames') | [st, i] = dbstack(...)  the function call
    stack, innermost first.

    Each line names a function (a local function as file>name, a cell as In[n]) and the line it is at;
    when stopped, > marks the workspace the K>> prompt works in (moved by dbup and dbdown). n leaves out
    the n innermost frames. st is a struct array with fields file, name and line; i is the position of
    the selected frame.

        function r = f(x), dbstack, r = x; end
    """
    skip, complete = 0, False
    for arg in args:
        word = text_of(arg)
        if word == "-completenames":
            complete = True
        elif word is None and np.size(arg) == 1 and float(np.asarray(arg).item()).is_integer():
            skip = int(np.asarray(arg).item())
        else:
            raise MatlabError("MATLAB:dbstack:invalidInput", "dbstack takes a number of frames to omit or "
                                                             "'-completenames'.")
    entries, selected = listing(ctx)
    entries = entries[skip:]
    selected = max(selected - skip, 0)
    stopped = ctx.vm.debugger.stopped is not None
    if nargout > 0:
        rows = [{"file": text(e.file if complete else os.path.basename(e.file)), "name": text(display_name(e.frame.code)),
                 "line": float(e.line)} for e in entries]
        return struct_column(["file", "name", "line"], rows), float(selected + 1)
    for k, entry in enumerate(entries):
        mark = ("> " if k == selected else "  ") if stopped else ""
        ctx.write(f"{mark}In {display_name(entry.frame.code)} (line {entry.line})\n")
    return None


def current_stop(ctx, fname: str) -> Stop:
    stop = ctx.vm.debugger.stopped
    if stop is None:
        raise MatlabError("MATLAB:debugger:notInDebugMode",
                          f"{fname} can be used only when stopped in debug mode (at a K>> prompt).")
    return stop


def move(ctx, fname: str, outward: bool) -> None:
    stop = current_stop(ctx, fname)
    shown = [k for k, e in enumerate(stop.stack) if not (e.name == "eval" and e.frame.code.kind == "script")]
    candidates = [k for k in shown if (k < stop.selected if outward else k > stop.selected)]
    if candidates:
        stop.selected = candidates[-1] if outward else candidates[0]
    code = stop.frame.code
    ctx.write("In base workspace.\n" if stop.selected == shown[0] and code.kind == "script"
              else f"In workspace belonging to {display_name(code)}.\n")


@builtin("dbup", "debug")
def dbup(ctx):
    """dbup  at a K>> prompt: work in the workspace of the caller of the current frame (see dbstack).

        dbup   % then whos lists the caller's variables
    """
    move(ctx, "dbup", True)


@builtin("dbdown", "debug")
def dbdown(ctx):
    """dbdown  at a K>> prompt: work in the workspace of the frame the current one called (undoes dbup).

        dbdown
    """
    move(ctx, "dbdown", False)


@builtin("dbcont", "debug")
def dbcont(ctx):
    """dbcont  at a K>> prompt: continue running until the next breakpoint or the end.

        dbcont
    """
    current_stop(ctx, "dbcont").resume = "continue"


@builtin("dbstep", "debug")
def dbstep(ctx, *args):
    """dbstep | dbstep n | dbstep in | dbstep out  at a K>> prompt: run the next line (n lines), step into
    the function the line calls, or run to the end of the current function and stop in its caller.

        dbstep in
    """
    stop = current_stop(ctx, "dbstep")
    words = words_of(args, "dbstep")
    if not words:
        stop.resume = "next"
    elif words[0].lower() in ("in", "out") and len(words) == 1:
        stop.resume = words[0].lower()
    elif len(words) == 1:
        stop.count = line_number(words[0], "dbstep")
        stop.resume = "next"
    else:
        raise MatlabError("MATLAB:dbstep:invalidInput", "Use dbstep, dbstep n, dbstep in or dbstep out.")


@builtin("dbquit", "debug")
def dbquit(ctx, *args):
    """dbquit | dbquit all  at a K>> prompt: stop debugging; the program ends.

        dbquit
    """
    current_stop(ctx, "dbquit").resume = "quit"


@builtin("keyboard", "debug")
def keyboard(ctx):
    """keyboard  stop and run statements typed at a K>> prompt, in the current workspace.

    dbcont (or return) continues, dbstep runs the next line, dbquit stops the program. Errors in typed
    statements are shown and the prompt comes back. Needs a front end that accepts input.

        x = 21; keyboard   % then type y = 2 * x, then dbcont
    """
    vm = ctx.vm
    frame = vm.frames[-1]
    resume = vm.debugger.stop("keyboard", frame, None, handler=lambda stop: prompt(vm, stop))
    if resume in ("in", "next", "out") and id(frame) not in vm.debugger.traced:
        raise Deoptimise()


@builtin("echo", "debug")
def echo(ctx, *args):
    """echo on | echo off | echo | echo on all | echo off all  show each line of a script as it runs.

    echo on shows the lines of scripts (and of notebook cells, which run as scripts) as they run: each
    statement's lines when it starts, with the comments and blank lines before it; a loop's body each
    time round. echo on all shows the lines of functions too; echo alone switches scripts' echo on or
    off; echo off and echo off all stop it. echo of one function by name is not supported.

        echo on
        x = 2 * pi   % shown before x's value
        echo off
    """
    words = [text_of(a) for a in args]
    if None in words:
        raise MatlabError("MATLAB:echo:invalidArgument", "echo takes on, off, on all or off all.")
    words = [w.lower() for w in words]
    if len(words) == 2 and words[1] in ("on", "off") and words[0] != "all":
        raise MatlabError("MATLAB:echo:notSupported", f"echo of one function ({words[0]}) is not supported "
                          "here; echo on all shows the lines of every function.")
    if words not in ([], ["on"], ["off"], ["on", "all"], ["off", "all"]):
        raise MatlabError("MATLAB:echo:invalidArgument", "echo takes on, off, on all or off all.")
    vm = ctx.vm
    debugger = vm.debugger
    on = words[0] == "on" if words else not debugger.echo
    debugger.echo = ("all" if words[1:] else "scripts") if on else ""
    debugger.refresh()
    if on:
        frame = vm.frames[-1]
        line = debugger.stack()[-1].line
        debugger.echoed[id(frame)] = (line, line)      # the line of echo on is not shown
        if id(frame) not in debugger.traced:
            raise Deoptimise()       # the rest of this frame runs traced, where its statements echo
