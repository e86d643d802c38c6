"""lark's LALR tables run by a tighter loop: the parse of a long cell, without a parse tree.

lark builds the tables from grammar.lark and the callbacks from ``AstBuilder`` (one per rule, wrapped as
the grammar's ``?rule`` and ``_TERMINAL`` marks ask); ``TableParser.parse`` runs the same shift/reduce
steps as lark's own loop (``ParserState.feed_token``) with these savings, which matter when a cell has a
million tokens:

* actions are plain ints (a shift: the next state; a reduction: ``~rule``), goto entries too;
* a reduction that only passes its one child up (``?additive: mult``: lark's ``ExpandSingleChild`` on a
  one-symbol rule) replaces the top state and leaves the values alone; every expression operand climbs
  through a dozen of them, one per precedence level, and where such a chain ends depends only on the two
  top states and the lookahead: it is remembered (``chains``) and taken in one step, right after the
  reduction that made the operand;
* lark's wrappers are unpacked once: a rule keeps the positions of the children its callback takes
  (lark's ``ChildFilterLALR_NoPlaceholders``: filtered terminals dropped, the lists of ``*``/``+``
  repetitions spliced in) and calls the builder's method directly; a repetition (lark's inlined
  ``__stmts_star_1`` rule) is a plain list instead of a ``Tree``;
* no per-reduction ``Rule`` hashing or comparison (lark's are Python methods).

Where the tables have no action (a syntax error) it returns ``None``: ``parser.py`` then parses again
with lark itself, which raises its own ``UnexpectedToken`` for the message. Either way the callbacks
run in the same order, so the AST is the same object for object.
"""
from __future__ import annotations

from functools import partial
from inspect import ismethod
from itertools import islice
from typing import Any, Callable

from lark import Lark, Token, Tree
from lark.parse_tree_builder import ChildFilterLALR_NoPlaceholders, ExpandSingleChild
from lark.parsers.lalr_analysis import Shift

END = "$END"
Include = tuple[tuple[int, bool], ...]      # (child position, splice its list) per child the callback takes


class TableParser:
    def __init__(self, lark: Lark, start: str = "start") -> None:
        """Raises AttributeError or TypeError where this lark lays its parser out otherwise (the
        caller then keeps lark's loop)."""
        parser = lark.parser.parser.parser          # ParsingFrontend -> LALR_Parser -> the table parser
        table, callbacks = parser.parse_table, parser.callbacks
        if any(isinstance(key, str) for key in callbacks):
            raise TypeError("terminal callbacks")   # lark would call them on every shift
        index: dict[int, int] = {}
        # per rule: (size, children taken or None for all, the builder's method or None, origin, unit);
        # unit: the rule passes its one child up; no method: the value is the list of children taken
        self.rules: list[tuple[int, Include | None, Callable | None, str, bool]] = []
        self.actions: dict[int, dict[str, int]] = {}
        for state, row in table.states.items():
            if not isinstance(state, int):
                raise TypeError("state numbers")
            ints: dict[str, int] = {}
            for symbol, (action, arg) in row.items():
                if action is Shift:
                    ints[symbol] = arg
                    continue
                k = index.get(id(arg))
                if k is None:
                    k = index[id(arg)] = len(self.rules)
                    self.rules.append(rule_parts(callbacks[arg], len(arg.expansion), arg.origin.name))
                ints[symbol] = ~k
            self.actions[state] = ints
        self.start = table.start_states[start]
        self.end = table.end_states[start]
        self.chains: dict[tuple[int, int, str], int] = {}    # (below, top, lookahead) -> top after the chain

    def climb(self, below: int, top: int, kind: str) -> int:
        """The top state after the pass-the-child reductions that ``kind`` causes from ``top``."""
        actions, rules = self.actions, self.rules
        while True:
            act = actions[top].get(kind)
            if act is None or act >= 0 or not rules[~act][4]:
                return top
            top = actions[below][rules[~act][3]]

    def parse(self, tokens: list[Token], poll: Callable[[], None] | None = None,
              every: int = 4096) -> Any:
        """The start rule's value, or None where the tokens do not parse. ``poll`` is called every
        ``every`` tokens."""
        actions, rules, end, chains = self.actions, self.rules, self.end, self.chains
        top = self.start         # states[-1]
        states = [top]
        values: list[Any] = []
        for chunk in range(0, len(tokens), every):
            if poll is not None:
                poll()
            for tok in islice(tokens, chunk, chunk + every):
                kind = tok.type
                while True:
                    act = actions[top].get(kind)
                    if act is None:
                        return None
                    if act >= 0:
                        states.append(act)
                        values.append(tok)
                        top = act
                        break
                    size, include, build, origin, unit = rules[~act]
                    if unit:
                        below = states[-2]
                    else:
                        if size:
                            children = values[-size:]
                            del states[-size:]
                            del values[-size:]
                        else:
                            children = []
                        if include is not None:
                            children = taken(children, include)
                        values.append(children if build is None else build(children))
                        below = states[-1]
                        states.append(actions[below][origin])
                    key = (below, states[-1], kind)           # then the pass-the-child chain it starts
                    top = chains.get(key)
                    if top is None:
                        top = chains[key] = self.climb(below, key[1], kind)
                    states[-1] = top
        while True:                                   # the end of input: reduce until accepted
            act = actions[states[-1]].get(END)
            if act is None or act >= 0:
                return None
            size, include, build, origin, unit = rules[~act]
            if unit:
                states[-1] = actions[states[-2]][origin]
            else:
                children = values[-size:] if size else []
                if size:
                    del states[-size:]
                    del values[-size:]
                if include is not None:
                    children = taken(children, include)
                states.append(actions[states[-1]][origin])
                values.append(children if build is None else build(children))
            if states[-1] == end:
                return values[-1]


def rule_parts(callback: Any, size: int, origin: str) -> tuple[int, Include | None, Callable | None, str, bool]:
    """What ``TableParser.rules`` keeps of a rule whose lark callback is ``callback``."""
    include = None
    if type(callback) is ChildFilterLALR_NoPlaceholders:
        include = tuple((i, expand) for i, expand in callback.to_include)
        callback = callback.node_builder
    if type(callback) is ExpandSingleChild:
        if size == 1 and include is None:
            return size, None, None, origin, True
        raise TypeError("a ?rule of several symbols")
    if type(callback) is partial and callback.func is Tree and callback.args[0].startswith("_"):
        return size, include, None, origin, False     # a repetition lark inlines into its parent
    if not ismethod(callback):
        raise TypeError(f"callback of {origin}")
    return size, include, callback, origin, False


def taken(children: list, include: Include) -> list:
    """The children a callback takes, repetitions spliced in (the first one's list is reused: a
    left-recursive repetition grows one list)."""
    kept: list = []
    for i, expand in include:
        if not expand:
            kept.append(children[i])
        elif kept:
            kept += children[i]
        else:
            kept = children[i]
    return kept
