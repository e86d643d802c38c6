"""Source text -> code objects: parse, lower to MIR, run the MIR passes, compile to bytecode.

``poll`` (optional, no arguments) is handed to every stage, which calls it every few thousand tokens,
statements or instructions and between passes: it may raise (Session's raises MATLAB:interrupt when the
user interrupts) to stop a long build. The stages know nothing of the VM or the session."""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Any, Callable, Iterator

from ..frontend import parse
from ..mir.infer import type_of_value
from ..mir.lower import LowerOptions, lower_program
from ..mir.passes import PassState, compile_mir
from ..runtime.errors import MatlabError
from .code import Code
from .compiler import compile_module

TOO_DEEP_CODE = "Nesting of blocks or expressions is too deep to compile."


Poll = Callable[[], None]


def build_mir(source: str, name: str, workspace: dict[str, Any] | None = None,
              base_globals: frozenset[str] = frozenset(), file: str = "", poll: Poll | None = None) -> PassState:
    """Parse and lower ``source``, then run the pass pipeline (types seeded from the workspace values)."""
    program = parse(source, name, poll)
    module = lower_program(program, name, LowerOptions(base_globals=base_globals,
                                                       workspace=frozenset(workspace or ()), poll=poll))
    types = {k: type_of_value(v) for k, v in (workspace or {}).items()}
    state = compile_mir(module, types, poll)
    for fn in state.functions():
        fn.file = file
        if not fn.source:
            fn.source = source
    return state


def build_cell(source: str, name: str, workspace: dict[str, Any], base_globals: frozenset[str] = frozenset(),
               poll: Poll | None = None, file: str = "") -> tuple[Code, PassState]:
    """Code for a cell/script run in ``workspace`` (whose variables are defined on entry); ``file``: the
    path a debugger knows the cell by, if any."""
    with nesting_limit(), gc_paused():
        state = build_mir(source, name, workspace, base_globals, file, poll)
        return compile_module(state.module, set(workspace), poll), state


def build_cell_code(source: str, name: str, workspace: dict[str, Any], base_globals: frozenset[str] = frozenset(),
                    poll: Poll | None = None, file: str = "") -> Code:
    """``build_cell``'s code object alone, its MIR freed before the garbage collector runs again: the young
    collection that follows ``gc_paused`` walks every object the build left alive, and a 1 MB cell's MIR
    (a million objects) made that 0.1 s to 0.3 s, only to find nothing to collect."""
    with gc_paused():
        return build_cell(source, name, workspace, base_globals, poll, file)[0]


def build_file(source: str, name: str, path: str, poll: Poll | None = None) -> Code:
    """Code for a function file (its first function) or a script file (its MIR freed as the compiler
    returns, before the collector runs again: see ``build_cell_code``)."""
    with nesting_limit(), gc_paused():
        return compile_module(build_mir(source, name, None, frozenset(), path, poll).module, poll=poll)


@contextmanager
def nesting_limit() -> Iterator[None]:
    """Code nested past what the recursive stages reach (thousands of nested blocks or anonymous
    functions; brackets stop earlier, in the lexer) is a syntax error, not a Python RecursionError."""
    try:
        yield
    except RecursionError:
        raise MatlabError("MATLAB:parse", TOO_DEEP_CODE) from None


@contextmanager
def gc_paused() -> Iterator[None]:
    """No cyclic garbage collection during a build: the stages allocate an object or more per token and
    instruction, none of them garbage until the build ends, and on a large cell the collector's passes
    over them cost a quarter of the build (the objects are freed by reference counting as before). Nested,
    only the outermost turns it back on."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
