"""MATLAB source -> AST: ``parse(source, name)``.

Pipeline: ``Lexer`` (lexer.py) -> ``DescentParser`` (descent.py), grammar.lark's rules by recursive
descent, which calls ``AstBuilder`` (builder.py) as each rule completes: the AST is built during the
parse, without a parse tree. Tokens it does not take (a syntax error) are parsed again by lark's LALR
parser over grammar.lark, with the same builder as its callbacks, whose ``UnexpectedToken`` gives the
message; lark is handed the tokens as ``LarkToken``s, the lexer's tuples with the field names it reads.

The lexer is where MATLAB's context sensitivity lives. It works in modes chosen by the innermost open
bracket and the previous token:

* statement mode (no open bracket): newline and ``,`` end a statement and show its value, ``;`` ends
  it silently; ``end`` is the block keyword; an identifier opening a statement and followed by
  whitespace and a plain word switches to command mode;
* command mode (``hold on``, ``format long g``, ``disp 'a b'``): the rest of the statement, up to
  ``,`` ``;`` newline or ``%``, is split at whitespace into words (``'...'`` quotes spaces); the
  statement becomes ``name('word', ...)``;
* matrix mode (inside ``[]`` or ``{}``): whitespace between the end of a value and the start of one
  separates elements, except before a binary operator that is followed by whitespace (``[1 -2]`` is two
  elements, ``[1 - 2]`` one); ``;`` and newline separate rows; a ``'`` after whitespace starts a char
  literal;
* paren mode (inside ``()``, also within matrix mode): whitespace and newlines are ignored;
* in every bracket mode ``end`` is the ``end`` of indexing.

Everywhere ``'`` is a transpose right after a value (name, number, literal, closing bracket, transpose,
indexing ``end``) and otherwise opens a char literal; ``%`` starts a comment, ``%{``/``%}`` alone on their
lines delimit (nesting) block comments, and ``...`` continues the statement on the next line.
"""
from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, NamedTuple

from lark import Lark, UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer as LarkLexer

from . import ast
from ..runtime.errors import MatlabError
from .builder import AstBuilder
from .descent import DescentParser
from .diagnostics import (BAD_ASSIGN, MISMATCHED, MISSING_END, MISSING_OPERAND, MISSING_OPERATOR,
                          syntax_error)
from .lexer import BLOCK_OPENERS, COLUMN, KEYWORDS, KIND, LINE, POLL_EVERY, START, STOP, TEXT, VALUE_END, Lexer, Token

KEYWORD_TYPES = frozenset(KEYWORDS.values())
VALUE_START = {"NAME", "NUMBER", "STRING", "DQSTRING", "LPAREN", "LBRACK", "LBRACE", "AT", "END_IDX"}
CLOSER_TYPES = {"_RPAREN", "_RBRACK", "_RBRACE"}


class LarkToken(NamedTuple):
    """A token as lark's parser reads it: the lexer's tuple, its fields named as lark names them."""
    type: str
    value: str
    start_pos: int
    end_pos: int
    line: int
    column: int

    @property
    def end_line(self) -> int:
        return self.line

    @property
    def end_column(self) -> int:
        return self.column + self.end_pos - self.start_pos


class _TokenFeed(LarkLexer):
    """Hands lark the token list our Lexer already made."""

    def __init__(self, lexer_conf: Any) -> None:
        pass

    def lex(self, tokens: Iterable[LarkToken]) -> Iterator[LarkToken]:   # lark's interface 0 for custom lexers
        return iter(tokens)


def _polled(tokens: list[LarkToken], poll: Callable[[], None]) -> Iterator[LarkToken]:
    for k, tok in enumerate(tokens):
        if k % POLL_EVERY == 0:
            poll()
        yield tok


class _Parser:
    """The descent parser, and lark's LALR parser with the same AST builder as its callbacks; one parse
    at a time (the builder holds the state of the parse under way)."""

    def __init__(self) -> None:
        grammar = (Path(__file__).parent / "grammar.lark").read_text()
        self.builder = AstBuilder()
        self.descent = DescentParser(self.builder)
        self.lark = Lark(grammar, parser="lalr", lexer=_TokenFeed, strict=True, cache=True,
                         transformer=self.builder)
        self.lock = threading.Lock()

    def parse(self, lexer: Lexer, tokens: list[Token], poll: Callable[[], None] | None = None) -> ast.Program:
        """The program, or the MatlabError of the syntax error where the tokens do not parse."""
        with self.lock:
            try:
                self.builder.begin(lexer.src, tokens, lexer.comments)
                program = self.descent.parse(tokens, poll, POLL_EVERY)
                if program is not None:
                    return program
                named = [LarkToken(*tok) for tok in tokens]
                self.builder.begin(lexer.src, named, lexer.comments)    # lark's loop, for its error
                try:
                    return self.lark.parse(named if poll is None else _polled(named, poll))
                except UnexpectedInput as exc:
                    raise _unexpected(exc, named) from None
            finally:
                self.builder.begin("", [], [])     # keep no reference to this source's tokens


@lru_cache(maxsize=1)
def _parser() -> _Parser:
    return _Parser()


def parse(source: str, name: str = "<cell>", poll: Callable[[], None] | None = None) -> ast.Program:
    """Parse a cell, script or function file. Raises MatlabError ("MATLAB:parse") on a syntax error,
    with ``stack[0]`` = (name, line, column) and ``source_line`` set for the caret display. ``poll``
    (no arguments) is called every few thousand tokens while lexing and parsing: it may raise to stop
    a long parse (an interrupt); what it raises passes through."""
    lexer = Lexer(source, poll)
    try:
        return _parse_tokens(lexer, poll)
    except MatlabError as err:
        if err.identifier not in ("MATLAB:parse", "matfuse:unsupportedSyntax") or not err.stack:
            raise
        raise _located(err, name, lexer.src) from None


def _parse_tokens(lexer: Lexer, poll: Callable[[], None] | None) -> ast.Program:
    tokens = lexer.tokenize()
    if lexer.open_brackets:
        opener = lexer.open_brackets[-1]
        raise syntax_error(MISMATCHED, opener[LINE], opener[COLUMN])
    mark_nested(tokens, lexer.functions)
    return _parser().parse(lexer, tokens, poll)


def mark_nested(tokens: list[Token], functions: int) -> None:
    """Retype as NESTED_FUNCTION each ``function`` that stands directly in another function's body
    (``functions``: how many FUNCTION tokens there are, as the lexer counted them). A function without
    ``end`` runs to the next ``function``, so nesting exists only where every block and function of the
    text is closed by an ``end`` (MATLAB: nested functions need ``end``s)."""
    if functions < 2:
        return                                   # nesting takes two functions
    stack: list[str] = []
    nested: list[int] = []
    for k, tok in enumerate(tokens):
        kind = tok[KIND]
        if kind in BLOCK_OPENERS:
            if kind == "FUNCTION" and stack and stack[-1] == "FUNCTION":
                nested.append(k)
            stack.append(kind)
        elif kind == "_END" and stack:
            stack.pop()
    if not stack:
        for k in nested:
            tokens[k] = ("NESTED_FUNCTION", *tokens[k][1:])


def _located(err: MatlabError, name: str, source: str) -> MatlabError:
    lines = source.split("\n")
    frame = err.stack[0]
    frame.name = name
    err.source_line = lines[frame.line - 1] if 0 < frame.line <= len(lines) else ""
    return err


def _unexpected(exc: UnexpectedInput, tokens: list[LarkToken]) -> MatlabError:
    """A MATLAB-style message for the token the grammar could not take (one of ``tokens``, or lark's
    own ``$END``)."""
    tok = exc.token if isinstance(exc, UnexpectedToken) else None
    if tok is None or tok.type == "$END":
        return _missing_end(tokens)
    before = tokens[:next(i for i, t in enumerate(tokens) if t is tok)]
    if tok[KIND] == "FUNCTION":
        return _misplaced_function(tok, before)
    return syntax_error(_message(tok, before), tok[LINE], tok[COLUMN])


def _misplaced_function(tok: Token, before: list[Token]) -> MatlabError:
    """``function`` where no definition may start: inside an open block, or inside an expression."""
    blocks = open_blocks(before)
    if blocks:
        return syntax_error(MISSING_END, blocks[-1][LINE], blocks[-1][COLUMN])
    return syntax_error("Function definitions are not permitted in this context.", tok[LINE], tok[COLUMN])


def _message(tok: Token, before: list[Token]) -> str:
    prev = before[-1] if before else None
    kind = tok[KIND]
    if kind in CLOSER_TYPES:
        return MISMATCHED
    if _after_function_end(before):
        last = max(i for i, t in enumerate(before) if t[KIND] == "FUNCTION")
        return (f"This statement is not inside any function.\n (It follows the END that terminates the "
                f'definition of the function "{_function_name(before[last + 1:])}".)')
    if kind in KEYWORD_TYPES:
        return f'Illegal use of reserved keyword "{tok[TEXT]}".'
    if kind == "_EQ":
        return BAD_ASSIGN
    if kind in ("NL", "SEMI") or (kind == "_COMMA" and tok[STOP] == tok[START]):
        return MISSING_OPERAND
    if kind in VALUE_START and prev is not None and prev[KIND] in VALUE_END:
        return MISSING_OPERATOR
    return f"Parse error at '{tok[TEXT]}': usage might be invalid MATLAB syntax."


def _after_function_end(before: list[Token]) -> bool:
    """The tokens end with the ``end`` of a function and its separator: a statement may not follow."""
    return (len(before) >= 2 and before[-1][KIND] in ("SEMI", "NL") and before[-2][KIND] == "_END"
            and any(t[KIND] == "FUNCTION" for t in before) and not open_blocks(before))


def _function_name(signature: list[Token]) -> str:
    """The name in the tokens after ``function``: the last one before ``(`` or the line's end."""
    name = ""
    for tok in signature:
        if tok[KIND] in ("LPAREN", "SEMI", "NL"):
            break
        name = tok[TEXT]
    return name


def _missing_end(tokens: list[Token]) -> MatlabError:
    opener = next((t for t in reversed(open_blocks(tokens)) if t[KIND] != "FUNCTION"), None)
    if opener is None:
        last = tokens[-1] if tokens else None
        return syntax_error(MISSING_OPERAND, last[LINE] if last else 1, last[COLUMN] if last else 1)
    return syntax_error(MISSING_END, opener[LINE], opener[COLUMN])


def open_blocks(tokens: list[Token]) -> list[Token]:
    """Block keywords (if, for, ..., function) not closed by an ``end``. Raises MatlabError at an
    ``end`` that closes nothing."""
    stack: list[Token] = []
    for tok in tokens:
        if tok[KIND] in BLOCK_OPENERS or tok[KIND] == "NESTED_FUNCTION":
            stack.append(tok)
        elif tok[KIND] == "_END":
            if not stack:
                raise syntax_error('Illegal use of reserved keyword "end".', tok[LINE], tok[COLUMN])
            stack.pop()
    return stack
