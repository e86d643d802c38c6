"""Tab completion: variables, builtins and user functions, struct fields after ``.``, magic names after
``%`` at the top of a cell, and file names inside quotes.

``complete(code, cursor_pos, names)`` returns the matches and the span ``[start, end)`` of the text they
replace, as Jupyter's complete_reply wants (positions in characters).
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Protocol

from engine.runtime.values import StructArray

from .magics.registry import names as magic_names

KEYWORDS = ("break", "case", "catch", "continue", "else", "elseif", "end", "for", "function", "global",
            "if", "otherwise", "parfor", "persistent", "return", "switch", "try", "while")
_IDENT_TAIL = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*\.?$|[A-Za-z0-9_]*$")
_MAGIC = re.compile(r"^(%%?)(\w*)$")


class NameProvider(Protocol):
    """Where completion finds names: the workspace and the callable functions."""

    def variables(self) -> Mapping[str, Any]:
        """Workspace variables (name -> engine value)."""

    def functions(self) -> Iterable[str]:
        """Builtin and user function names (function files on the path)."""


@dataclass(frozen=True)
class Completion:
    matches: list[str]
    start: int
    end: int


def complete(code: str, cursor_pos: int, names: NameProvider) -> Completion:
    """Completions for the text before ``cursor_pos``."""
    before = code[:cursor_pos]
    line_start = before.rfind("\n") + 1
    line = before[line_start:]
    magic = _MAGIC.match(line)
    if magic and _at_top(before[:line_start]):
        kind = "cell" if magic.group(1) == "%%" else "line"
        found = [magic.group(1) + n for n in magic_names(kind) if n.startswith(magic.group(2))]
        return Completion(found, line_start, cursor_pos)
    where, at = _scan(line)
    if where == "comment":
        return Completion([], cursor_pos, cursor_pos)
    if where == "string":
        return _files(line[at + 1:], line_start + at + 1, cursor_pos)
    token = _IDENT_TAIL.search(line).group(0)
    start = cursor_pos - len(token)
    if "." in token:
        base, _, prefix = token.rpartition(".")
        return Completion(_fields(base, prefix, names.variables()), cursor_pos - len(prefix), cursor_pos)
    if not token:
        return Completion([], cursor_pos, cursor_pos)
    return Completion(_names(token, names), start, cursor_pos)


def _at_top(text_before: str) -> bool:
    """Only magic lines (or blank lines) come before: magics are recognised at the top of a cell only."""
    return all(not line.strip() or re.match(r"%\w", line.strip()) for line in text_before.split("\n"))


def _scan(line: str) -> tuple[str, int]:
    """Where the line ends: ("code", 0), ("string", index of its opening quote) or ("comment", index).

    A ``'`` right after a name, a closing bracket, a number, a dot or another quote is MATLAB's transpose,
    not the start of a string."""
    opened: int | None = None
    for k, ch in enumerate(line):
        if opened is not None:
            if ch == line[opened]:
                opened = None
        elif ch == '"' or (ch == "'" and (k == 0 or not re.match(r"[A-Za-z0-9_)\]}.'\"]", line[k - 1]))):
            opened = k
        elif ch == "%":
            return "comment", k
    return ("code", 0) if opened is None else ("string", opened)


def _files(partial: str, start: int, end: int) -> Completion:
    folder, prefix = os.path.split(partial)
    base = os.path.expanduser(folder) or "."
    try:
        entries = sorted(os.listdir(base))
    except OSError:
        return Completion([], end, end)
    found = [os.path.join(folder, e) + ("/" if os.path.isdir(os.path.join(base, e)) else "")
             for e in entries if e.startswith(prefix) and (prefix.startswith(".") or not e.startswith("."))]
    return Completion(found, start, end)


def _fields(base: str, prefix: str, variables: Mapping[str, Any]) -> list[str]:
    """Field names of the scalar struct that ``base`` (``s`` or ``s.a.b``) names, starting with prefix."""
    parts = base.split(".")
    value = variables.get(parts[0])
    for name in parts[1:]:
        if type(value) is not StructArray or value.shape != (1, 1) or name not in value.fields:
            return []
        value = value.data[0, 0][name]
    if type(value) is not StructArray:
        return []
    return [f for f in value.fields if f.startswith(prefix)]


def _names(prefix: str, names: NameProvider) -> list[str]:
    variables = sorted(n for n in names.variables() if n.startswith(prefix))
    others = sorted({n for n in names.functions() if n.startswith(prefix)} | {k for k in KEYWORDS if k.startswith(prefix)})
    return variables + [n for n in others if n not in variables]
