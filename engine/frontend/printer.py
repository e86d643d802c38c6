"""The AST as an indented tree, one node a line, for review and golden-text tests.

Each line is ``label: Kind @line:col`` followed by the node's plain fields (``op='+'``, ``name='x'``),
then its child nodes one level deeper, labelled by field name and, inside tuples, by index
(``body[0]``, ``rows[1][0]``, ``clauses[0][1][2]``: the statement 2 of the first clause's body). A field
left at its default (``double_quoted=False``, ``orelse=()``) is not printed, nor the program's
``source`` (the text the tree was parsed from)::

    >>> print(format_ast(parse("y = 2 * x;")))
    Program @1:1
      body[0]: Assign @1:1 show=False
        targets[0]: Ident @1:1 name='y'
        value: Binary @1:5 op='*'
          left: Number @1:5 value=2.0 text='2'
          right: Ident @1:9 name='x'
"""
from __future__ import annotations

from dataclasses import MISSING, fields
from typing import Any, Iterator

from .ast import Node

HIDDEN = {"line", "col", "source"}      # the position is printed as @line:col; source is the cell itself


def format_ast(node: Node) -> str:
    """The indented text of ``node`` and everything below it."""
    return "\n".join(tree_lines(node, "", 0))


def tree_lines(node: Node, label: str, depth: int) -> Iterator[str]:
    plain, children = [], []
    for f in fields(node):
        value = getattr(node, f.name)
        if f.name in HIDDEN or f.default is not MISSING and value == f.default:
            continue
        found = list(child_nodes(value, f.name))
        if found:
            children += found
        else:
            plain.append(f"{f.name}={value!r}")
    head = " ".join([f"{type(node).__name__} @{node.line}:{node.col}", *plain])
    yield "  " * depth + (f"{label}: {head}" if label else head)
    for child_label, child in children:
        yield from tree_lines(child, child_label, depth + 1)


def child_nodes(value: Any, label: str) -> Iterator[tuple[str, Node]]:
    """(label, node) of every node in a field's value: a node, or tuples of them (nested as in
    If.clauses), labelled by their index path."""
    if isinstance(value, Node):
        yield label, value
    elif isinstance(value, tuple):
        for k, item in enumerate(value):
            yield from child_nodes(item, f"{label}[{k}]")
