"""The context-sensitive MATLAB lexer: source text -> tokens for the grammar (grammar.lark).

A token is a plain tuple ``(kind, text, start, stop, line, column)`` (``KIND`` ... ``COLUMN`` index it): its
grammar terminal, its normalised text, the span ``[start, stop)`` of the source it was read from (empty
for a virtual token) and the line and column of its first character. Tuples cost a fifth of lark's
``Token`` to make; the parser's fallback to lark's tables converts them (parser.py).

MATLAB cannot be tokenised by regular expressions alone: what a character means depends on where it
stands. The lexer keeps a stack of open brackets and the previous token, and decides:

* whitespace inside ``[]``/``{}`` separates elements (a virtual ``,`` token) when it stands between the
  end of a value and the start of one (``[1 -2]``, ``[a' b']``, ``[a (1)]``), but not before a binary
  operator followed by whitespace (``[1 - 2]``); inside ``()`` and inside braces that index a value
  (``c{n +1}`` is ``c{n+1}``, as in ``c(n +1)``) the rule is off again;
* a newline or ``;`` is a statement separator at bracket depth 0, a row separator in ``[]``/``{}``,
  and mere whitespace inside ``()``;
* ``'`` is a transpose after a value, otherwise it starts a char literal;
* ``end`` is the block keyword at depth 0 and the ``end`` index expression inside brackets;
* an identifier at the start of a statement, followed by whitespace and a word, starts command
  syntax (``hold on``): the rest of the statement becomes CMDWORD tokens;
* the expression of an ``if``/``elseif``/``while``/``for``/``switch``/``case`` line ends where
  whitespace is followed by a name after a complete value: ``for k = 1:3 disp(k), end``, or where a
  name follows its closing parenthesis at once, ``if(i>n)disp(i)`` (a virtual statement separator).

It also normalises separators so the grammar stays small: runs of statement separators collapse into
one token whose kind (SEMI hides output, NL shows it) is the first one's; a virtual NL is inserted
before clause keywords (``end``, ``else``, ...) and at the end of input; trailing and repeated row/element
separators inside brackets are dropped. Comments never reach the parser; they are recorded (for help
text). Token values are the normalised spelling (a virtual separator is ``,``; a row break is ``;``),
so joining the tokens of a span gives MATLAB's func2str text.

``!command`` at a statement start is MATLAB's shell escape: the rest of the line becomes the command
syntax ``system command;`` (one CMDWORD with the whole text).

What is not MATLAB stops here with a located MatlabError: ``!`` elsewhere and ``!=``, ``#`` comments,
compound assignment (``+=``), Octave's ``endif``/``endfor``/..., and (unsupported) classdef/spmd/arguments
blocks.
"""
from __future__ import annotations

import math
import re
import string
from dataclasses import dataclass
from typing import Callable

from ..runtime.errors import MatlabError
from .diagnostics import MISMATCHED, syntax_error

KEYWORDS = {
    "if": "IF", "elseif": "_ELSEIF", "else": "_ELSE", "end": "_END", "for": "FOR", "parfor": "PARFOR",
    "while": "WHILE", "switch": "SWITCH", "case": "_CASE", "otherwise": "_OTHERWISE", "try": "TRY",
    "catch": "_CATCH", "function": "FUNCTION", "break": "BREAK", "continue": "CONTINUE",
    "return": "RETURN", "global": "GLOBAL", "persistent": "PERSISTENT",
}
OCTAVE_ENDS = frozenset({"endif", "endfor", "endparfor", "endwhile", "endswitch", "endfunction",
                         "end_try_catch", "end_unwind_protect"})
UNSUPPORTED_BLOCKS = frozenset({"classdef", "spmd", "arguments"})
BLOCK_OPENERS = frozenset({"IF", "FOR", "PARFOR", "WHILE", "SWITCH", "TRY", "FUNCTION"})
CLAUSE_KEYWORDS = frozenset({"_END", "_ELSE", "_ELSEIF", "_CASE", "_OTHERWISE", "_CATCH"})
STATEMENT_SEPS = frozenset({"SEMI", "NL"})
HEADER_KEYWORDS = frozenset({"IF", "_ELSEIF", "WHILE", "FOR", "PARFOR", "SWITCH", "_CASE"})
STATEMENT_STARTS = frozenset({None, "SEMI", "NL"})     # the previous token type at a statement's start
VALUE_END = frozenset({"NAME", "NUMBER", "STRING", "DQSTRING", "_RPAREN", "_RBRACK", "_RBRACE",
                       "TRANSPOSE", "END_IDX"})

OPERATORS = {       # two-character spellings are tried before one-character ones
    ".^": "POWOP", ".*": "MULOP", "./": "MULOP", ".\\": "MULOP", ".'": "TRANSPOSE",
    "==": "CMP", "~=": "CMP", "<=": "CMP", ">=": "CMP", "&&": "ANDAND", "||": "OROR",
    "+": "ADDOP", "-": "ADDOP", "*": "MULOP", "/": "MULOP", "\\": "MULOP", "^": "POWOP",
    "<": "CMP", ">": "CMP", "&": "AND", "|": "OR", "~": "NOT", "=": "_EQ", ":": "COLON",
    ".": "_DOT", "@": "AT",
}
OPENERS = {"(": "LPAREN", "[": "LBRACK", "{": "LBRACE"}
CLOSERS = {")": ("(", "_RPAREN"), "]": ("[", "_RBRACK"), "}": ("{", "_RBRACE")}
ANON = "@("      # stack marker for the parameter list of an anonymous function
INDEX_BRACE = "x{"   # stack marker for a brace that indexes a value (c{k}): no element separators inside
MAX_NESTING = 5000   # open brackets at most (MATLAB's message; older releases allowed 32): lowering recurses
TOO_DEEP = f"Nesting of {{, [, and ( cannot exceed a depth of {MAX_NESTING}."

NUMBER_RE = re.compile(r"0[xX][0-9a-fA-F]+|(?:\d+(?:\.(?![*/\\^'])\d*)?|\.\d+)(?:[eEdD][+-]?\d+)?"
                       r"(?:[ij](?![A-Za-z0-9_]))?", re.ASCII)    # digits 0-9 only: '²' and '٣' are no number
BLANKS_RE = re.compile(r"[ \t]+")
NAME_RE = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
COMPOUND_ASSIGN_RE = re.compile(r"[-+*/^]=(?!=)")
ASSIGNMENT_RE = re.compile(r"[A-Za-z0-9_]*\s*=(?!=)")      # `a b = 1` is not command syntax
LETTERS = frozenset(string.ascii_letters)
DIGITS = frozenset(string.digits)
POLL_EVERY = 4096      # tokens between two calls of the ``poll`` callable (in the parser)
POLL_CHARS = 4096      # characters between two calls of ``poll`` in the lexer (a test of the position per
                       # token is cheaper than one of the token count)

# A plain token's first characters after an identifier at a statement's start, where command syntax
# may begin (a quick test before Lexer._command_start's exact one: every word it takes starts so).
COMMAND_PREFIX_RE = re.compile(r"[ \t]+(?:[^\W_]|'|-[A-Za-z]|\.\.)")
# A name; its group 1 takes part (``lastindex`` is 1) where that prefix follows.
WORD_RE = re.compile(rf"{NAME_RE.pattern}((?={COMMAND_PREFIX_RE.pattern}))?")

KIND, TEXT, START, STOP, LINE, COLUMN = range(6)      # the fields of a token tuple
Token = tuple       # (kind, text, start, stop, line, column)


@dataclass(frozen=True)
class Comment:
    line: int
    text: str          # without the comment marker
    own_line: bool     # nothing but whitespace before it on its line


def _is_letter(c: str) -> bool:
    return c.isascii() and c.isalpha()


class Lexer:
    """Tokenise one source text; ``tokenize()`` returns the token list. Afterwards ``open_brackets``,
    ``open_block_comment`` and ``ends_in_continuation`` describe input that stops mid-construct."""

    def __init__(self, source: str, poll: Callable[[], None] | None = None) -> None:
        """``poll`` (no arguments) is called every POLL_CHARS characters: it may raise to stop a long input."""
        self.src = source.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        self.poll = poll
        self.pos = 0
        self.line = 1
        self.line_start = 0
        self.ws = False                       # whitespace since the previous token
        self.open_brackets: list[Token] = []  # opening bracket tokens (value ANON: anonymous parameters)
        self.tokens: list[Token] = []
        self.comments: list[Comment] = []
        self.open_block_comment = False
        self.ends_in_continuation = False
        self.functions = 0                    # FUNCTION tokens made (parser.mark_nested looks for two)
        self._anon_end = -1                   # index of the token that last closed an anonymous parameter list
        self._header = False                  # inside the expression of a block or clause keyword

    # ------------------------------------------------------------ driver
    def tokenize(self) -> list[Token]:
        """The hot path lexes plain tokens here, in the loop, with the position, line and whitespace
        flag in locals: a name that is no keyword and starts no command syntax, a number, an operator
        (not ``.``, ``~``, ``!`` or a compound assignment), a ``;`` and a newline outside brackets;
        every other token goes to its method (TOKEN_HANDLERS), with the locals written back to the
        lexer's fields around the call."""
        self._block_comment()
        src, n, poll, tokens = self.src, len(self.src), self.poll, self.tokens
        append = tokens.append
        handlers, plain, operators, pairs = TOKEN_HANDLERS, PLAIN_STARTS, OPERATORS, OPERATOR_PAIRS
        brackets = self.open_brackets
        next_poll = POLL_CHARS if poll is not None else math.inf
        pos, line, line_start, ws = self.pos, self.line, self.line_start, self.ws
        prev = None                                 # the kind of the last token
        while pos < n:
            c = src[pos]
            if c == " " or c == "\t":
                pos += 1                            # most often one blank, without the expression
                if pos < n and (src[pos] == " " or src[pos] == "\t"):
                    pos = BLANKS_RE.match(src, pos).end()
                ws = True
                if pos == n:
                    break
                c = src[pos]
            kind = plain.get(c)
            if kind is not None:
                pass                                # no plain token starts a newline, comment or ``...``
            elif c == "\n" and not brackets:        # self._newline, inline
                self._header = False
                if prev not in STATEMENT_STARTS:
                    append(("NL", "\n", pos, pos + 1, line, pos - line_start + 1))
                    prev = "NL"
                pos += 1
                line += 1
                line_start = pos
                ws = True
                c = src[pos:pos + 1]
                if c == "%" or c != "\n" and c.isspace():         # the line may be a ``%{``
                    self.pos, self.line, self.line_start = pos, line, line_start
                    self._block_comment()
                    pos, line, line_start = self.pos, self.line, self.line_start
                continue
            elif c == "\n" or c == "%" or c == "." and src.startswith("...", pos):
                self.pos, self.line, self.line_start, self.ws = pos, line, line_start, ws
                if c == "\n":
                    self._newline()
                elif c == "%":
                    self._comment()
                else:
                    self._continuation()
                pos, line, line_start, ws = self.pos, self.line, self.line_start, self.ws
                prev = tokens[-1][KIND] if tokens else None
                continue
            if ws and (self._header or brackets and brackets[-1][TEXT] in "[{") \
                    or self._header and prev == "_RPAREN":          # after a header (``if(x)y``), or
                self.pos, self.ws = pos, ws                         # in [] or {}
                self._maybe_header_end(c)
                self._maybe_element_sep()
                prev = tokens[-1][KIND]
            if kind == "NAME":
                word = WORD_RE.match(src, pos)
                end = word.end()
                text = src[pos:end]
                if prev != "_DOT" and (text in SPECIAL_WORDS or word.lastindex and prev in STATEMENT_STARTS
                                       and not brackets and self._command_start(end)):
                    kind = None
            elif kind == "NUMBER":
                end = NUMBER_RE.match(src, pos).end()
                text = src[pos:end]
            elif kind == "SEMI":
                if brackets or prev in STATEMENT_STARTS:
                    kind = None                     # a row break, or no statement to end
                else:
                    self._header = False
                    end = pos + 1
                    text = ";"
            elif kind is not None:                  # an operator
                second = src[pos + 1:pos + 2]
                if second == "=" and c in "-+*/^":
                    kind = None                     # ``+=``: the method says what is wrong
                else:
                    kind = pairs[c].get(second)
                    if kind is None:
                        end = pos + 1
                        text = c
                        kind = operators[c]
                    else:
                        end = pos + 2
                        text = c + second
            if kind is None:
                self.pos, self.line, self.line_start, self.ws = pos, line, line_start, ws
                handler = handlers.get(c)
                if handler is None:
                    self._token(c)
                else:
                    handler(self)
                pos, line, line_start = self.pos, self.line, self.line_start
                prev = tokens[-1][KIND] if tokens else None
            else:                                   # self._emit, inline
                append((kind, text, pos, end, line, pos - line_start + 1))
                pos = end
                prev = kind
            ws = False
            if pos >= next_poll:
                poll()
                next_poll = pos + POLL_CHARS
        self.pos, self.line, self.line_start, self.ws = pos, line, line_start, ws
        if not self.open_brackets:
            self._statement_sep("NL", "\n")
        return self.tokens

    def _token(self, c: str) -> None:
        """Any token (TOKEN_HANDLERS takes the common characters straight to their method)."""
        if c == ";":
            self._semicolon()
        elif c == ",":
            self._comma()
        elif c in OPENERS:
            self._open(c)
        elif c in CLOSERS:
            self._close(c)
        elif c == "'":
            self._quote()
        elif c == '"':
            self._string('"', "DQSTRING", "String is not terminated properly.")
        elif c in DIGITS or (c == "." and self._peek(1) in DIGITS):
            self._number()
        elif _is_letter(c):
            self._word()
        else:
            self._operator()

    # ------------------------------------------------------------ positions and emission
    def _col(self, pos: int | None = None) -> int:
        return (self.pos if pos is None else pos) - self.line_start + 1

    def _peek(self, offset: int) -> str:
        i = self.pos + offset
        return self.src[i] if i < len(self.src) else ""

    def _emit(self, kind: str, value: str, length: int) -> Token:
        pos = self.pos
        tok = (kind, value, pos, pos + length, self.line, pos - self.line_start + 1)
        self.tokens.append(tok)
        self.pos = pos + length
        return tok

    def _emit_virtual(self, kind: str, value: str) -> None:
        """A zero-width token placed right after the previous token."""
        if self.tokens:
            _, _, start, stop, line, col = self.tokens[-1]
            self.tokens.append((kind, value, stop, stop, line, col + stop - start))
        else:
            self.tokens.append((kind, value, 0, 0, 1, 1))

    def _error(self, message: str) -> MatlabError:
        return syntax_error(message, self.line, self._col())

    @property
    def _prev_type(self) -> str | None:
        return self.tokens[-1][KIND] if self.tokens else None

    def _prev_ends_value(self) -> bool:
        return self._prev_type in VALUE_END and self._anon_end != len(self.tokens) - 1

    def _in_matrix(self) -> bool:
        return bool(self.open_brackets) and self.open_brackets[-1][TEXT] in "[{"

    # ------------------------------------------------------------ separators
    def _statement_sep(self, kind: str, value: str, width: int = 0) -> None:
        """Emit a statement separator unless one precedes: ``width`` 1 for a real ``;`` ``,`` or
        newline character (consumed either way), 0 for a virtual one."""
        self._header = False
        if not self.tokens or self._prev_type in STATEMENT_SEPS:
            self.pos += width
        elif width:
            self._emit(kind, value, width)
        else:
            self._emit_virtual(kind, value)

    def _row_sep(self) -> None:
        if self._prev_type == "_COMMA":
            self.tokens.pop()
        if self._prev_type not in ("LBRACK", "LBRACE", "_ROWSEP"):
            self._emit_virtual("_ROWSEP", ";")

    def _newline(self) -> None:
        if not self.open_brackets:
            self._statement_sep("NL", "\n", 1)
        else:
            if self._in_matrix():
                self._row_sep()
            self.pos += 1
        self.line += 1
        self.line_start = self.pos
        self.ws = True
        c = self.src[self.pos:self.pos + 1]
        if c == "%" or c != "\n" and c.isspace():         # the line may be a ``%{``
            self._block_comment()

    def _semicolon(self) -> None:
        if not self.open_brackets:
            self._statement_sep("SEMI", ";", 1)
        elif self._in_matrix():
            self._row_sep()
            self.pos += 1
        else:
            raise self._error(MISMATCHED)

    def _comma(self) -> None:
        if not self.open_brackets:
            self._statement_sep("NL", ",", 1)
        else:
            self._emit("_COMMA", ",", 1)

    def _maybe_header_end(self, c: str) -> None:
        """``if x disp(x), end``: a name after whitespace that follows a complete header expression
        starts the block's first statement, as does a name right after its closing parenthesis
        (``if(i>n)disp(i)``: no expression goes on so)."""
        if self._header and (self.ws or self._prev_type == "_RPAREN") and not self.open_brackets \
                and c in LETTERS and self._prev_ends_value():
            self._statement_sep("NL", ",")

    def _maybe_element_sep(self) -> None:
        """Whitespace between two values inside [] or {} separates elements."""
        if self.ws and self.open_brackets and self.open_brackets[-1][TEXT] in "[{" \
                and self._prev_ends_value() and self._starts_value():
            self._emit_virtual("_COMMA", ",")

    def _starts_value(self) -> bool:
        c, nxt = self.src[self.pos], self._peek(1)
        if c in LETTERS or c in DIGITS or c in "'\"([{@":
            return True
        if c in "+-":
            return nxt not in " \t\n=" and nxt != ""
        if c == "~":
            return nxt != "="
        return c == "." and nxt in DIGITS

    # ------------------------------------------------------------ comments and continuations
    def _comment(self) -> None:
        end = self.src.find("\n", self.pos)
        end = len(self.src) if end < 0 else end
        own_line = not self.src[self.line_start:self.pos].strip()
        self.comments.append(Comment(self.line, self.src[self.pos + 1:end], own_line))
        self.pos = end

    def _continuation(self) -> None:
        end = self.src.find("\n", self.pos)
        self.ws = True
        if end < 0 or not self.src[end:].strip():
            self.ends_in_continuation = True
        if end < 0:
            self.pos = len(self.src)
            return
        self.pos = end + 1
        self.line += 1
        self.line_start = self.pos
        self._block_comment()

    def _may_open_block_comment(self) -> bool:
        """Whether the line from pos may be ``%{`` alone (a quick test before the exact one: the first
        character after blanks is ``%{`` or other whitespace)."""
        src = self.src
        k = BLANKS_RE.match(src, self.pos).end() if src.startswith((" ", "\t"), self.pos) else self.pos
        if k >= len(src):
            return False
        c = src[k]
        return src.startswith("%{", k) if c == "%" else c != "\n" and c.isspace()

    def _line_text(self) -> str:
        end = self.src.find("\n", self.line_start)
        return self.src[self.line_start:len(self.src) if end < 0 else end]

    def _block_comment(self) -> None:
        """At a line start: skip a ``%{`` ... ``%}`` block (markers alone on their lines; nesting)."""
        if not self._may_open_block_comment() or self._line_text().strip() != "%{":
            return
        depth = 0
        while self.pos < len(self.src):
            text = self._line_text()
            marker = text.strip()
            depth += (marker == "%{") - (marker == "%}")
            self.comments.append(Comment(self.line, "" if marker in ("%{", "%}") else text, True))
            self.pos = self.line_start + len(text)
            if depth == 0:
                return
            if self.pos < len(self.src):
                self.pos += 1
                self.line += 1
                self.line_start = self.pos
        self.open_block_comment = True

    # ------------------------------------------------------------ brackets
    def _open(self, c: str) -> None:
        if len(self.open_brackets) == MAX_NESTING:
            raise self._error(TOO_DEEP)
        anon = c == "(" and self._prev_type == "AT"
        index = c == "{" and self._prev_ends_value() and not (self.ws and self._in_matrix())
        tok = self._emit(OPENERS[c], c, 1)
        marker = ANON if anon else INDEX_BRACE if index else c
        self.open_brackets.append((tok[KIND], marker, *tok[START:]))

    def _open_char(self) -> None:
        self._open(self.src[self.pos])

    def _close_char(self) -> None:
        self._close(self.src[self.pos])

    def _close(self, c: str) -> None:
        opener, kind = CLOSERS[c]
        if not self.open_brackets or self.open_brackets[-1][TEXT][-1] != opener:
            raise self._error(MISMATCHED)
        if c in "]}" and self._prev_type in ("_COMMA", "_ROWSEP"):
            self.tokens.pop()
        anon = self.open_brackets.pop()[TEXT] == ANON
        self._emit(kind, c, 1)
        if anon:
            self._anon_end = len(self.tokens) - 1

    # ------------------------------------------------------------ literals
    def _quote(self) -> None:
        if self._prev_ends_value() and not (self.ws and self._in_matrix()):
            self._emit("TRANSPOSE", "'", 1)
        else:
            self._string("'", "STRING", "Character vector is not terminated properly.")

    def _string_dq(self) -> None:
        self._string('"', "DQSTRING", "String is not terminated properly.")

    def _string(self, quote: str, kind: str, unterminated: str) -> None:
        end = self._scan_string(quote, unterminated)
        self._emit(kind, self.src[self.pos:end], end - self.pos)

    def _scan_string(self, quote: str, unterminated: str) -> int:
        """End (exclusive) of the quoted literal starting at pos; a doubled quote stands for one."""
        i = self.pos + 1
        while True:
            j = self.src.find(quote, i)
            newline = self.src.find("\n", i)
            if j < 0 or 0 <= newline < j:
                raise self._error(unterminated)
            if not self.src.startswith(quote * 2, j):
                return j + 1
            i = j + 2

    def _number(self) -> None:
        m = NUMBER_RE.match(self.src, self.pos)
        self._emit("NUMBER", m.group(), m.end() - self.pos)

    def _dot(self) -> None:
        """``.5`` is a number; any other ``.`` starts an operator."""
        if self._peek(1) in DIGITS:
            self._number()
        else:
            self._operator()

    def _word(self) -> None:
        word = NAME_RE.match(self.src, self.pos).group()
        tokens = self.tokens
        prev = tokens[-1][KIND] if tokens else None
        if prev == "_DOT":                          # s.end is a field name, not a keyword
            command = False
        else:
            if word in KEYWORDS:
                self._keyword(word)
                return
            if word in OCTAVE_ENDS:
                raise self._error(f"'{word}' is Octave syntax: MATLAB closes every block with 'end'.")
            command = prev in STATEMENT_STARTS and not self.open_brackets \
                and self._command_start(self.pos + len(word))
        if word in UNSUPPORTED_BLOCKS and self._opens_block(command):
            raise syntax_error(f"'{word}' blocks are not supported.", self.line, self._col(),
                               "matfuse:unsupportedSyntax")
        self._emit("NAME", word, len(word))
        if command:
            self._command_words()

    def _keyword(self, word: str) -> None:
        if word == "end" and self.open_brackets:
            self._emit("END_IDX", word, len(word))
            return
        kind = KEYWORDS[word]
        if kind == "FUNCTION":
            self.functions += 1
        if kind in CLAUSE_KEYWORDS and not self.open_brackets:
            self._statement_sep("NL", "\n")
        self._emit(kind, word, len(word))
        self._header = kind in HEADER_KEYWORDS and not self.open_brackets

    def _opens_block(self, command: bool) -> bool:
        """An identifier at a statement start that MATLAB reads as a block keyword here: alone on its
        line (``arguments``) or followed by words (``classdef Name``)."""
        if self.open_brackets or self._prev_type not in (None, "SEMI", "NL"):
            return False
        start, eol = NAME_RE.match(self.src, self.pos).end(), self.src.find("\n", self.pos)
        rest = self.src[start:len(self.src) if eol < 0 else eol].split("%")[0]
        return command or not rest.strip()

    # ------------------------------------------------------------ command syntax
    def _command_start(self, end: int) -> bool:
        """``word word``: an identifier opening a statement, whitespace, then a plain word. MATLAB
        decides this by whether ``word`` is a variable; without that knowledge we take only the clear
        cases: the word starts with a letter, a digit, a quote, ``-`` and a letter (``clear -all``) or
        ``..`` but not ``...`` (``cd ..``), and the statement is not an assignment (``a b = 1``). The
        caller has seen that the identifier, ending at ``end``, opens a statement outside brackets."""
        src = self.src
        if not src.startswith((" ", "\t"), end):       # no whitespace after the name
            return False
        k = BLANKS_RE.match(src, end).end()             # the argument starts here, ends at the line's end
        c = src[k] if k < len(src) else "\n"
        plain = (c in LETTERS or (c != "\n" and c.isdigit()) or c == "'"
                 or (c == "-" and src[k + 1:k + 2] in LETTERS)
                 or (src.startswith("..", k) and not src.startswith("...", k)))
        if not plain:
            return False
        eol = src.find("\n", k)
        return not ASSIGNMENT_RE.match(src, k, len(src) if eol < 0 else eol)

    def _command_words(self) -> None:
        """The arguments of command syntax, up to ``,`` ``;`` newline or ``%``: whitespace separates
        words; ``'...'`` quotes a part that may hold spaces (``''`` is a quote); inside a word's
        parentheses ``,`` and ``;`` are the word's (``syms f(x,y) g(t)``, MATLAB's documented form)."""
        while True:
            while self._peek(0) in (" ", "\t"):
                self.pos += 1
            if self._peek(0) in ("", "\n", ",", ";", "%"):
                return
            start, word, depth = self.pos, [], 0
            while self._peek(0) not in ("", "\n", "%", " ", "\t") and (depth or self._peek(0) not in ",;"):
                depth += (self._peek(0) == "(") - (self._peek(0) == ")" and depth > 0)
                word.append(self._command_char())
            col = self._col(start)
            self.tokens.append(("CMDWORD", "".join(word), start, self.pos, self.line, col))

    def _command_char(self) -> str:
        start = self.pos
        if self.src[start] != "'":
            self.pos += 1
            return self.src[start]
        self.pos = self._scan_string("'", "Character vector is not terminated properly.")
        return self.src[start + 1:self.pos - 1].replace("''", "'")

    def _shell_escape(self) -> None:
        """``!command`` at a statement start: MATLAB's shell escape, the rest of the line (``;`` and ``%``
        included) run by the operating system. It lexes as the command syntax ``system command``
        followed by ``;`` (the status MATLAB's ``!`` never shows is not displayed)."""
        eol = self.src.find("\n", self.pos)
        eol = len(self.src) if eol < 0 else eol
        command = self.src[self.pos + 1:eol].strip()
        if not command:
            raise self._error("A shell escape '!' needs a command after it.")
        self._emit("NAME", "system", 1)
        self.pos = self.src.index(command, self.pos)
        self._emit("CMDWORD", command, len(command))
        self.pos = eol
        self._statement_sep("SEMI", ";")

    # ------------------------------------------------------------ operators
    def _operator(self) -> None:
        c = self.src[self.pos]
        if c == "!" and self._prev_type in (None, "SEMI", "NL") and not self.open_brackets:
            self._shell_escape()
            return
        if c == "!":
            raise self._error("Invalid use of '!': MATLAB writes negation as '~' and inequality as '~='.")
        if c in "-+*/^" and COMPOUND_ASSIGN_RE.match(self.src, self.pos):
            op = self.src[self.pos:self.pos + 2]
            raise self._error(f"Invalid use of operator '{op}'. MATLAB has no compound assignment: "
                              f"write 'x = x {op[0]} value'.")
        if c == "~" and self._tilde_placeholder():
            self._emit("TILDE", "~", 1)
            return
        for spelling in (self.src[self.pos:self.pos + 2], c):
            if spelling in OPERATORS:
                self._emit(OPERATORS[spelling], spelling, len(spelling))
                return
        raise self._error(f"The input character '{c}' is not valid in MATLAB statements or expressions.")

    def _tilde_placeholder(self) -> bool:
        """``~`` standing alone as a list element: ``[~, i] = max(x)``, ``function f(~, y)``."""
        if not self.open_brackets:
            return False
        k = self.pos + 1
        if self.src.startswith((" ", "\t"), k):
            k = BLANKS_RE.match(self.src, k).end()
        return self.src.startswith((",", "]", ")"), k)


SPECIAL_WORDS = frozenset(KEYWORDS) | OCTAVE_ENDS | UNSUPPORTED_BLOCKS   # names that Lexer._word decides
# What a plain token starting with this character is, for the loop of Lexer.tokenize ("OPERATOR": the
# kind depends on the next character too).
PLAIN_STARTS: dict[str, str] = {
    **{c: "NAME" for c in LETTERS}, **{c: "NUMBER" for c in DIGITS}, ";": "SEMI",
    **{c: "OPERATOR" for c in "+-*/\\^<>=&|:@"},
}
# The two-character operators by their first character: second character -> kind (for the loop).
OPERATOR_PAIRS: dict[str, dict[str, str]] = {
    c: {op[1]: kind for op, kind in OPERATORS.items() if len(op) == 2 and op[0] == c}
    for c in OPERATORS if len(c) == 1}
# The method that lexes a token starting with this character (what ``Lexer._token`` would choose).
TOKEN_HANDLERS: dict[str, Callable[[Lexer], None]] = {
    ";": Lexer._semicolon, ",": Lexer._comma, '"': Lexer._string_dq, "'": Lexer._quote, ".": Lexer._dot,
    **{c: Lexer._open_char for c in OPENERS}, **{c: Lexer._close_char for c in CLOSERS},
    **{c: Lexer._word for c in LETTERS}, **{c: Lexer._number for c in DIGITS},
    **{c: Lexer._operator for c in "+-*/\\^<>=&|~:@!"},
}
