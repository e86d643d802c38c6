"""Source text -> code objects: parse, lower to MIR, run the MIR passes, compile to bytecode."""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Any, Iterator

from ..frontend import parse
from ..mir.infer import type_of_value
from ..mir.lower import LowerOptions, lower_program
from ..mir.passes import PassState, compile_mir
from ..runtime.errors import MatlabError
from .code import Code
from .compiler import compile_module

TOO_DEEP_CODE = "Nesting of blocks or expressions is too deep to compile."


def build_mir(source: str, name: str, workspace: dict[str, Any] | None = None,
              base_globals: frozenset[str] = frozenset(), file: str = "") -> PassState:
    """Parse and lower ``source``, then run the pass pipeline (types seeded from the workspace values)."""
    program = parse(source, name)
    module = lower_program(program, name, LowerOptions(base_globals=base_globals,
                                                                 workspace=frozenset(workspace or ())))
    types = {k: type_of_value(v) for k, v in (workspace or {}).items()}
    state = compile_mir(module, types)
    for fn in state.functions():
        fn.file = file
        if not fn.source:
            fn.source = source
    return state


def build_cell(source: str, name: str, workspace: dict[str, Any],
               base_globals: frozenset[str] = frozenset()) -> tuple[Code, PassState]:
    """Code for a cell/script run in ``workspace`` (whose variables are defined on entry)."""
    with nesting_limit(), gc_paused():
        state = build_mir(source, name, workspace, base_globals)
        return compile_module(state.module, set(workspace)), state


def build_file(source: str, name: str, path: str) -> Code:
    """Code for a function file (its first function) or a script file."""
    with nesting_limit(), gc_paused():
        state = build_mir(source, name, None, frozenset(), path)
        return compile_module(state.module)


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
    over them cost a quarter of the build (the objects are freed by reference counting as before)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
