"""Nested functions: which variables a function shares with the functions it is nested in, and which
nested functions it can call.

MATLAB's rule: a variable that a nested function uses and that also appears in a function enclosing it
is one variable, the enclosing function's: both read and write it, and it lives as long as something
(a handle to the nested function) can still reach it. A nested function's own parameters and outputs
are its own. A nested function can be called from its parent, from the functions nested in the same
parent, and from the functions nested in it (and through a handle from anywhere).

Each activation of a function in a nest has an environment (``vm.frame.Env``) holding the variables it
shares with the functions nested in it, linked to the environment of the activation of its parent.
Lowering reads and writes a shared variable with ``eload``/``estore`` (name, levels up the chain), calls
a nested function with ``callnested`` and makes a handle to one with ``nestedhandle``, which keeps the
environment the function's parent had.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

from ..frontend import ast as A


@dataclass(frozen=True)
class Scope:
    """Where one function stands in a nest. ``key`` names it in the file's function table and in error
    stacks (``outer/inner``); ``level`` counts its enclosing functions."""
    key: str
    level: int
    variables: frozenset[str]                 # every name that is a variable of this function
    shared: dict[str, int]                    # variable -> levels up to the environment holding it (0: own)
    calls: dict[str, tuple[str, int]]         # callable nested function -> (its key, its parent's level)

    def nested_call(self, name: str) -> tuple[str, int] | None:
        """(key, levels up to its parent) of the nested function ``name`` if it is callable here."""
        found = self.calls.get(name)
        return None if found is None else (found[0], self.level - found[1])


def nest_scopes(fdef: A.FunctionDef) -> list[tuple[A.FunctionDef, Scope]]:
    """Every function of the nest rooted at the file-level function ``fdef``, with its scope."""
    found: list[tuple[A.FunctionDef, Scope]] = []
    _scope(fdef, fdef.name, 0, {}, {}, found)
    return found


def _scope(fdef: A.FunctionDef, key: str, level: int, outer: dict[str, int], calls: dict[str, tuple[str, int]],
           found: list) -> None:
    """``outer``: the variables of the enclosing functions that nested ones may share -> the level of
    the function holding them; ``calls``: nested functions callable from here -> (key, parent level)."""
    from .lower import assigned_names, declared
    own = {p for p in (*fdef.params, *fdef.outputs) if p != "~"}
    external = declared(fdef.body, A.Global) | declared(fdef.body, A.Persistent)
    used = names_in(fdef.body) | assigned_names(fdef.body) | own
    below = set().union(*(names_below(g) for g in fdef.nested)) if fdef.nested else set()
    assigned_below = set().union(*(assigned_in_nest(g) for g in fdef.nested)) if fdef.nested else set()
    variables = own | assigned_names(fdef.body) | (used & assigned_below)
    from_outer = {n for n in used if n in outer} - own - external
    owned = (variables - from_outer - external) & below
    shared = {n: level - outer[n] for n in from_outer} | {n: 0 for n in owned}
    here = calls | {g.name: (f"{key}/{g.name}", level) for g in fdef.nested} if fdef.nested else calls
    # (``here`` is one dict for all the functions nested here: a copy each made many siblings quadratic)
    found.append((fdef, Scope(key, level, frozenset(variables | from_outer), shared, here)))
    inner_outer = outer | {n: level for n in owned}
    for g in fdef.nested:
        _scope(g, f"{key}/{g.name}", level + 1, inner_outer, here, found)


def names_below(fdef: A.FunctionDef) -> set[str]:
    """The names a function and the functions nested in it may take from the functions around them:
    every name they mention but their own parameters and outputs."""
    from .lower import assigned_names
    names = names_in(fdef.body) | assigned_names(fdef.body)
    for g in fdef.nested:
        names |= names_below(g)
    return names - set(fdef.params) - set(fdef.outputs)


def assigned_in_nest(fdef: A.FunctionDef) -> set[str]:
    """Names a function or a function nested in it assigns, other than their own parameters and outputs."""
    from .lower import assigned_names
    names = assigned_names(fdef.body) - set(fdef.params) - set(fdef.outputs)
    for g in fdef.nested:
        names |= assigned_in_nest(g)
    return names


def names_in(stmts: tuple) -> set[str]:
    """Every identifier in statements and their expressions (anonymous function bodies included)."""
    names: set[str] = set()
    stack: list = list(stmts)
    while stack:
        item = stack.pop()
        if isinstance(item, tuple):
            stack.extend(item)
        elif isinstance(item, A.Ident):
            names.add(item.name)
        elif isinstance(item, A.Node) and not isinstance(item, A.FunctionDef):
            stack.extend(getattr(item, f.name) for f in fields(item) if f.name not in ("line", "col"))
    return names
