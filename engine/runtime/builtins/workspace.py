"""Workspace and timing builtins: exist, clear, who, whos, tic, toc. They act on the calling frame's
workspace through ctx.variables() and print through ctx.write."""
from __future__ import annotations

import os
import re
import time

import numpy as np

from ..categoricals import CategoricalArray
from ..context import CallContext
from ..errors import MatlabError
from ..tables import Table
from ..times import TimeArray
from ..values import (CellArray, CharArray, FunctionHandle, HandleObject, SparseMatrix, StringArray,
                      StructArray, Value, class_of, size_of)
from .cells import struct_value
from .registry import builtin
from .textutil import cell_value, char_value, option_name, text_arg

_EXIST_CODES = {"var": 1.0, "file": 2.0, "builtin": 5.0, "dir": 7.0}


@builtin("exist", family="workspace")
def exist(ctx, name, kind=None):
    """exist(name), exist(name, type)  whether name is a variable (1), a function or file (2), a builtin
    function (5) or a folder (7); 0 if none.

    type restricts the search to 'var', 'builtin', 'file' or 'dir'.

        x = 3; exist('x')   % 1
    """
    text = text_arg(name, "exist", "Name")
    wanted = None if kind is None else option_name(kind)
    if wanted is not None and wanted not in _EXIST_CODES:
        raise MatlabError("MATLAB:exist:invalidType",
                          "The second argument must be 'var', 'builtin', 'file' or 'dir'.")
    for candidate in ("var", "builtin", "file", "dir") if wanted is None else (wanted,):
        if _exists_as(ctx, text, candidate):
            return _EXIST_CODES[candidate]
    return 0.0


def _exists_as(ctx: CallContext, name: str, kind: str) -> bool:
    if kind == "var":
        return name in ctx.variables()
    if kind == "builtin":
        return ctx.function_exists(name) == "builtin"
    if kind == "file":
        return ctx.function_exists(name) in ("file", "local") or os.path.isfile(name)
    return os.path.isdir(name)


def _wildcard(pattern: str) -> re.Pattern:
    """A MATLAB name pattern (``*`` matches any characters) as a regular expression."""
    return re.compile("".join(".*" if ch == "*" else re.escape(ch) for ch in pattern))


def selected_names(names: list[str], patterns: list[str], regexp: bool) -> list[str]:
    """The names matching any of the wildcard patterns (``a*``), or regular expressions with ``regexp``."""
    if regexp:
        try:
            compiled = [re.compile(p) for p in patterns]
        except re.error as exc:
            raise MatlabError("MATLAB:clear:invalidRegexp", f"Invalid regular expression: {exc}.") from None
        return [n for n in names if any(c.search(n) for c in compiled)]
    compiled = [_wildcard(p) for p in patterns]
    return [n for n in names if any(c.fullmatch(n) for c in compiled)]


_CLEAR_WORDS = ("all", "variables", "global", "regexp", "functions", "classes", "mex", "import", "java")


@builtin("clear", family="workspace")
def clear(ctx, *args):
    """clear, clear all, clear name1 name2 ..., clear -regexp expr ..., clear global  remove variables.

    Without arguments (or with 'all' or 'variables') every variable of the workspace is removed ('all'
    also forgets global variables). Names may use the * wildcard; -regexp selects names matching regular
    expressions; 'global' removes global variables (all, or the names given). 'functions', 'classes'
    and 'mex' have nothing to clear here.

        clear x y*
    """
    options: set[str] = set()
    names: list[str] = []
    for word in (text_arg(a, "clear", "Argument") for a in args):
        key = word.lstrip("-").lower()
        if key in _CLEAR_WORDS and (word.startswith("-") or key != "regexp"):
            options.add(key)
        else:
            names.append(word)
    variables = ctx.variables()
    if "global" in options:
        targets = selected_names(list(ctx.state.globals), names, False) if names else list(ctx.state.globals)
        for name in targets:
            ctx.state.globals.pop(name, None)
            variables.pop(name, None)
        return None
    if names:
        for name in selected_names(list(variables), names, "regexp" in options):
            del variables[name]
    elif not options or options & {"all", "variables"}:
        variables.clear()
    if "all" in options:
        ctx.state.globals.clear()
    return None


@builtin("clearvars", family="workspace")
def clearvars(ctx, *args):
    """clearvars, clearvars name1 name2 ..., clearvars -except keep1 keep2 ..., clearvars -regexp expr ...
    Remove variables from the workspace.

    Without names every variable is removed; names may use the * wildcard, and -regexp makes the
    following names regular expressions. After -except, the names (or patterns) listed are kept:
    clearvars -except x clears everything but x, clearvars a* -except ab clears the a* variables but ab.
    Global variables stay global (clear global removes them).

        clearvars -except results
    """
    words = [text_arg(a, "clearvars", "Argument") for a in args]
    cut = next((k for k, w in enumerate(words) if w.lower() == "-except"), len(words))
    chosen, kept = words[:cut], words[cut + 1:]
    variables = ctx.variables()
    names = list(variables)
    targets = _chosen_names(names, chosen) if chosen else names
    keep = set(_chosen_names(names, kept)) if kept else set()
    for name in targets:
        if name not in keep:
            del variables[name]
    return None


def _chosen_names(names: list[str], words: list[str]) -> list[str]:
    """The names the words of clearvars select: names or * patterns, regular expressions after -regexp."""
    plain = [w for w in words if not w.startswith("-")]
    if words and words[0].lower() == "-regexp":
        return selected_names(names, plain, True)
    if any(w.lower() == "-regexp" for w in words):
        raise MatlabError("MATLAB:clearvars:RegexpPosition", "-regexp must come before the names it applies to.")
    return selected_names(names, plain, False)


def _listed(ctx: CallContext, args: tuple) -> list[str]:
    names = sorted(ctx.variables())
    patterns = [text_arg(a, "who", "Name") for a in args]
    return selected_names(names, patterns, False) if patterns else names


@builtin("who", family="workspace")
def who(ctx, *args, nargout=0):
    """who, who name1 name2 ..., c = who  list the variables of the workspace.

    Prints the names (optionally only those matching the given names or * patterns) in columns; with an
    output argument returns them as a column cell array instead.

        who   % Your variables are: ...
    """
    names = _listed(ctx, args)
    if nargout > 0:
        return cell_value([char_value(n) for n in names], (len(names), 1))
    if names:
        ctx.write("Your variables are:\n\n" + _columns(names) + "\n")
    return None


def _columns(names: list[str], width: int = 80) -> str:
    cell = max(len(n) for n in names) + 2
    per_line = max(width // cell, 1)
    lines = ["".join(n.ljust(cell) for n in names[k:k + per_line]) for k in range(0, len(names), per_line)]
    return "\n".join(lines) + "\n"


def value_bytes(value: Value) -> int:
    """Memory whos reports for a value: exact for numeric, logical and char arrays; an estimate with
    MATLAB's per-element header (104 bytes) for cell and struct arrays."""
    t = type(value)
    if t is float:
        return 8
    if t is complex:
        return 16
    if t is bool:
        return 1
    if t is np.ndarray:
        return int(value.nbytes)
    if t is SparseMatrix:            # MATLAB's storage: a value and a row index per nonzero, column starts
        nz = max(value.data.nnz, value.capacity, 1)
        return nz * (value.data.dtype.itemsize + 8) + (value.shape[1] + 1) * 8
    if t is CharArray:
        return 2 * int(value.codes.size)
    if t is StringArray:
        return sum(16 + 2 * len(s or "") for s in value.data.flat) + 134
    if t is CellArray:
        return sum(value_bytes(v) + 104 for v in value.data.flat)
    if t is StructArray:
        contents = sum(value_bytes(v) + 104 for rec in value.data.flat for v in rec.values())
        return contents + 64 * len(value.fields)
    if t is FunctionHandle:
        return 32
    if isinstance(value, HandleObject):
        return 8        # a reference, as whos reports for handle objects
    if isinstance(value, TimeArray):
        return 8 * int(value.data.size)
    if type(value) is CategoricalArray:     # MATLAB's uint8 codes, and the names
        return int(value.data.size) + sum(2 * len(n) + 112 for n in value.cats)
    if type(value) is Table:
        return sum(value_bytes(v) for v in value.variables) + 64 * len(value.names)
    return 0


def _attributes(ctx: CallContext, name: str, value: Value) -> str:
    attrs = []
    if name in ctx.state.globals:
        attrs.append("global")
    sparse = type(value) is SparseMatrix
    if sparse:
        attrs.append("sparse")
    if type(value) is complex or (type(value) is np.ndarray and value.dtype.kind == "c") or \
            (sparse and value.data.dtype.kind == "c"):
        attrs.append("complex")
    return ", ".join(attrs)


def _size_text(value: Value) -> str:
    return "x".join(str(n) for n in size_of(value))


@builtin("whos", family="workspace")
def whos(ctx, *args, nargout=0):
    """whos, whos name1 name2 ..., s = whos  list the variables with their size, bytes and class.

    Prints MATLAB's table (Name, Size, Bytes, Class, Attributes); with an output argument returns a
    struct array with fields name, size, bytes, class, global, sparse, complex and persistent. Bytes
    of cell, struct and string arrays are estimates.

        whos x
    """
    variables = ctx.variables()
    names = _listed(ctx, args)
    rows = [(n, _size_text(variables[n]), str(value_bytes(variables[n])), class_of(variables[n]),
             _attributes(ctx, n, variables[n])) for n in names]
    if nargout > 0:
        return _whos_struct(ctx, names, variables)
    if rows:
        ctx.write(_whos_table(rows))
    return None


def _whos_table(rows: list[tuple[str, str, str, str, str]]) -> str:
    name_w = max(4, *(len(r[0]) for r in rows)) + 6
    size_w = max(16, *(len(r[1]) + 2 for r in rows))
    bytes_w = max(5, *(len(r[2]) for r in rows))
    class_w = max(10, *(len(r[3]) + 2 for r in rows))
    header = f"  {'Name'.ljust(name_w)}{'Size'.ljust(size_w)}{'Bytes'.rjust(bytes_w)}  " \
             f"{'Class'.ljust(class_w)}Attributes\n\n"
    body = "".join(f"  {n.ljust(name_w)}{s.ljust(size_w)}{b.rjust(bytes_w)}  {c.ljust(class_w)}{a}\n"
                   for n, s, b, c, a in rows)
    return header + body + "\n"


def _whos_struct(ctx: CallContext, names: list[str], variables: dict) -> StructArray:
    fields = ["name", "size", "bytes", "class", "global", "sparse", "complex", "persistent"]
    records = []
    for n in names:
        v = variables[n]
        records.append({
            "name": char_value(n), "size": np.array([size_of(v)], dtype=np.float64),
            "bytes": float(value_bytes(v)), "class": char_value(class_of(v)),
            "global": n in ctx.state.globals, "sparse": type(v) is SparseMatrix,
            "complex": "complex" in _attributes(ctx, n, v), "persistent": False})
    return struct_value(fields, records, (len(records), 1))


# -- timing -----------------------------------------------------------------------------------------

def _now_us() -> int:
    return time.perf_counter_ns() // 1000


@builtin("tic", family="workspace")
def tic(ctx, nargout=0):
    """tic, id = tic  start a stopwatch timer.

    tic starts the timer toc reads; id = tic returns a timer value (uint64) to pass to toc(id) instead.

        tic; x = rand(1000); toc
    """
    now = _now_us()
    if nargout > 0:
        return np.array([[now]], dtype=np.uint64)
    ctx.state.timers["tic"] = now / 1e6
    return None


@builtin("toc", family="workspace")
def toc(ctx, start=None, nargout=0):
    """toc, toc(id), t = toc  seconds since tic (or since id = tic).

    Without an output argument prints "Elapsed time is ... seconds.".

        tic; pause(0.1); t = toc   % about 0.1
    """
    if start is None:
        if "tic" not in ctx.state.timers:
            raise MatlabError("MATLAB:toc:callTicFirst",
                              "You must call TIC without an output argument before calling TOC without an "
                              "input argument.")
        elapsed = _now_us() / 1e6 - ctx.state.timers["tic"]
    else:
        if not (type(start) is np.ndarray and start.dtype == np.uint64 and start.size == 1):
            raise MatlabError("MATLAB:toc:invalidInput", "The input to TOC must be a value returned by TIC.")
        elapsed = (_now_us() - int(start.flat[0])) / 1e6
    if nargout > 0:
        return elapsed
    ctx.write(f"Elapsed time is {elapsed:.6f} seconds.\n")
    return None
