"""lark's LALR tables run by a tighter loop: the parse of a long cell, without a parse tree.

lark builds the tables from grammar.lark and the callbacks from ``AstBuilder`` (one per rule, wrapped as
the grammar's ``?rule`` and ``_TERMINAL`` marks ask); ``TableParser.parse`` runs the same shift/reduce
steps as lark's own loop (``ParserState.feed_token``) with three savings that matter when a cell has a
million tokens:

* actions are plain ints (a shift: the next state; a reduction: ``~rule``), goto entries too;
* a reduction that only passes its one child up (``?additive: mult``: lark's ``ExpandSingleChild`` on a
  one-symbol rule) replaces the top state and leaves the values alone; every expression operand climbs
  through a dozen of them, one per precedence level, and where such a chain ends depends only on the two
  top states and the lookahead: it is remembered (``chains``) and taken in one step;
* no per-reduction ``Rule`` hashing or comparison (lark's are Python methods).

Where the tables have no action (a syntax error) it returns ``None``: ``parser.py`` then parses again
with lark itself, which raises its own ``UnexpectedToken`` for the message. Either way the callbacks
run in the same order, so the AST is the same object for object.
"""
from __future__ import annotations

from itertools import islice
from typing import Any, Callable

from lark import Lark, Token
from lark.parse_tree_builder import ExpandSingleChild
from lark.parsers.lalr_analysis import Shift

END = "$END"


class TableParser:
    def __init__(self, lark: Lark, start: str = "start") -> None:
        """Raises AttributeError or TypeError where this lark lays its parser out otherwise (the
        caller then keeps lark's loop)."""
        parser = lark.parser.parser.parser          # ParsingFrontend -> LALR_Parser -> the table parser
        table, callbacks = parser.parse_table, parser.callbacks
        if any(isinstance(key, str) for key in callbacks):
            raise TypeError("terminal callbacks")   # lark would call them on every shift
        index: dict[int, int] = {}
        self.rules: list[tuple[int, Callable | None, str]] = []    # (size, callback or None, origin)
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
                    callback = callbacks[arg]
                    size = len(arg.expansion)
                    passes_child = type(callback) is ExpandSingleChild and size == 1
                    self.rules.append((size, None if passes_child else callback, arg.origin.name))
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
            if act is None or act >= 0 or rules[~act][1] is not None:
                return top
            top = actions[below][rules[~act][2]]

    def parse(self, tokens: list[Token], poll: Callable[[], None] | None = None,
              every: int = 4096) -> Any:
        """The start rule's value, or None where the tokens do not parse. ``poll`` is called every
        ``every`` tokens."""
        actions, rules, end, chains = self.actions, self.rules, self.end, self.chains
        states = [self.start]
        values: list[Any] = []
        for chunk in range(0, len(tokens), every):
            if poll is not None:
                poll()
            for tok in islice(tokens, chunk, chunk + every):
                kind = tok.type
                while True:
                    act = actions[states[-1]].get(kind)
                    if act is None or act == end:
                        return None
                    if act >= 0:
                        states.append(act)
                        values.append(tok)
                        break
                    size, callback, origin = rules[~act]
                    if callback is None:
                        key = (states[-2], states[-1], kind)
                        top = chains.get(key)
                        if top is None:
                            top = chains[key] = self.climb(key[0], key[1], kind)
                        states[-1] = top
                        continue
                    if size:
                        children = values[-size:]
                        del states[-size:]
                        del values[-size:]
                    else:
                        children = []
                    states.append(actions[states[-1]][origin])
                    values.append(callback(children))
        while True:                                   # the end of input: reduce until accepted
            act = actions[states[-1]].get(END)
            if act is None or act >= 0:
                return None
            size, callback, origin = rules[~act]
            if callback is None:
                states[-1] = actions[states[-2]][origin]
            else:
                children = values[-size:] if size else []
                if size:
                    del states[-size:]
                    del values[-size:]
                states.append(actions[states[-1]][origin])
                values.append(callback(children))
            if states[-1] == end:
                return values[-1]
