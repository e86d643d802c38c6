"""Is a piece of code ready to run? The Jupyter kernel's ``is_complete_request``."""
from __future__ import annotations

from ..runtime.errors import MatlabError
from .lexer import Lexer
from .parser import open_blocks, parse

INDENT = "    "


def is_complete(code: str) -> tuple[str, str]:
    """("complete" | "incomplete" | "invalid", indent). Incomplete: an open block (if, for, parfor,
    while, switch, try, function), an open bracket, a trailing ``...`` or an open ``%{`` block comment;
    indent is four spaces per open block. Invalid: a closer or ``end`` with nothing to close, or any
    other syntax error."""
    lexer = Lexer(code)
    try:
        tokens = lexer.tokenize()
        depth = len(open_blocks(tokens))
    except MatlabError:
        return "invalid", ""
    if depth or lexer.open_brackets or lexer.ends_in_continuation or lexer.open_block_comment:
        return "incomplete", INDENT * depth
    try:
        parse(code)
    except MatlabError:
        return "invalid", ""
    return "complete", ""
