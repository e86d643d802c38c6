"""Text arguments of builtins: reading char / string / cellstr values and building results of the
same kind (MATLAB returns string for string input, cell for cellstr input, char for char input).

    texts_of(value, fname)  -> TextList   the elements as Python str (None for <missing>), with the
                                          container kind ("char", "string" or "cell") and shape
    TextList.rebuild(items) -> value      a value of the same kind and shape holding ``items``
    text_arg(value, fname)  -> str        one char row vector or string scalar
    option_name(value)      -> str | None lower-case name of a char/string option argument
    map_texts(value, fname, fn) -> value  fn applied to every text element, same kind and shape
    alternation(texts)      -> str        a regular expression matching any of the texts literally
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable

import numpy as np

from ..errors import MatlabError
from ..values import CellArray, CharArray, StringArray, Value, simplify

WHITESPACE = " \t\n\v\f\r"     # the whitespace that strtrim, deblank and strcat remove

TEXT_KINDS = ("char", "string", "cell")


def char_value(text: str) -> CharArray:
    """A char row vector; the empty text is MATLAB's 0x0 ''."""
    return CharArray.from_str(text) if text else CharArray(np.zeros((0, 0), dtype=np.uint16))


EMPTY_CHAR = CharArray(np.zeros((0, 0), dtype=np.uint16))   # MATLAB's '' (0x0); treat as immutable


def char_row(text: str) -> CharArray:
    """A 1xN char row vector, also when empty (1x0: what MATLAB's text functions return for a piece
    of text, e.g. the empty parts strsplit finds)."""
    return CharArray.from_str(text)


def string_value(items: list[str | None], shape: tuple[int, ...] | None = None) -> StringArray:
    """A string array of ``items`` (column-major) with ``shape`` (default: a row)."""
    shape = shape if shape is not None else (1, len(items))
    data = np.empty(len(items), dtype=object)
    data[:] = items
    return StringArray(data.reshape(shape, order="F"))


def cell_value(items: list[Value], shape: tuple[int, ...] | None = None) -> CellArray:
    """A cell array of ``items`` (column-major) with ``shape`` (default: a row)."""
    shape = shape if shape is not None else (1, len(items))
    data = np.empty(len(items), dtype=object)
    data[:] = items
    return CellArray(data.reshape(shape, order="F"))


def is_char_row(value: Value) -> bool:
    """A char row vector, or the empty char array ''."""
    return type(value) is CharArray and (value.codes.size == 0 or
                                         (value.codes.ndim == 2 and value.codes.shape[0] == 1))


def is_text_scalar(value: Value) -> bool:
    """A char row vector or a string scalar (what MATLAB calls a text scalar)."""
    return is_char_row(value) or (type(value) is StringArray and value.data.size == 1)


def is_cellstr(value: Value) -> bool:
    return type(value) is CellArray and all(type(v) is CharArray for v in value.data.flat)


def text_arg(value: Value, fname: str, what: str = "Input") -> str:
    """The text of a char row vector or string scalar; anything else is a MatlabError."""
    if is_char_row(value):
        return value.to_str()
    if type(value) is StringArray and value.data.size == 1 and value.data.flat[0] is not None:
        return value.data.flat[0]
    raise MatlabError(f"MATLAB:{fname}:InvalidInput",
                      f"{what} must be a character vector or string scalar.")


def option_name(value: Value) -> str | None:
    """Lower-case text of a char/string scalar argument (an option name), else None."""
    if is_text_scalar(value) and not (type(value) is StringArray and value.data.flat[0] is None):
        return text_arg(value, "option").lower()
    return None


@dataclass
class TextList:
    """Elements of a text value in column-major order, with what is needed to rebuild it."""
    items: list[str | None]
    kind: str
    shape: tuple[int, ...]

    def rebuild(self, items: list, kind: str | None = None) -> Value:
        """A value of this kind and shape (or of ``kind``) holding ``items`` (str or other values)."""
        kind = kind or self.kind
        if kind == "char":
            item = items[0]
            return char_row(item) if isinstance(item, str) else item
        if kind == "string":
            return string_value(items, self.shape)
        return cell_value([char_row(i) if isinstance(i, str) else i for i in items], self.shape)

    def logical(self, flags: list[bool]) -> Value:
        """A logical result with one element per text element (a char input gives a scalar)."""
        if self.kind == "char":
            return bool(flags[0])
        return simplify(np.array(flags, dtype=np.bool_).reshape(self.shape, order="F"))


def texts_of(value: Value, fname: str) -> TextList:
    """Read a char row / char matrix (one element per row), string array or cell array of char rows."""
    t = type(value)
    if t is CharArray:
        if is_char_row(value):
            return TextList([value.to_str()], "char", (1, 1))
        rows = value.rows()
        return TextList(rows, "cell", (len(rows), 1))
    if t is StringArray:
        return TextList(list(value.data.ravel(order="F")), "string", value.shape)
    if t is CellArray and all(is_char_row(v) for v in value.data.flat):
        return TextList([v.to_str() for v in value.data.ravel(order="F")], "cell", value.shape)
    raise MatlabError(f"MATLAB:{fname}:InvalidInput",
                      f"Input to {fname} must be a character vector, cell array of character vectors, "
                      "or string array.")


def map_texts(value: Value, fname: str, fn: Callable[[str], str | None]) -> Value:
    """``fn`` applied to each text of a char / string / cellstr value (<missing> stays missing)."""
    texts = texts_of(value, fname)
    return texts.rebuild([None if t is None else fn(t) for t in texts.items])


def alternation(texts: list[str]) -> str:
    """A regular expression matching any of ``texts`` literally, longest first."""
    return "|".join(re.escape(t) for t in sorted(texts, key=len, reverse=True))


ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", "r": "\r", "a": "\a", "b": "\b", "f": "\f", "v": "\v",
           "'": "'", '"': '"', "?": "?"}


def unescape(text: str) -> str:
    """Expand the escape sequences MATLAB's format functions recognise (\\n \\t \\\\ \\xHH \\NNN ...)."""
    out: list[str] = []
    k = 0
    while k < len(text):
        ch = text[k]
        if ch != "\\" or k + 1 == len(text):
            out.append(ch)
            k += 1
            continue
        nxt = text[k + 1]
        if nxt in ESCAPES:
            out.append(ESCAPES[nxt])
            k += 2
        elif nxt == "x":
            digits = _leading(text, k + 2, "0123456789abcdefABCDEF", 4)
            out.append(chr(int(digits, 16)) if digits else "x")
            k += 2 + len(digits)
        elif nxt in "01234567":
            digits = _leading(text, k + 1, "01234567", 3)
            out.append(chr(int(digits, 8)))
            k += 1 + len(digits)
        else:
            out.append(nxt)
            k += 2
    return "".join(out)


def _leading(text: str, start: int, allowed: str, limit: int) -> str:
    end = start
    while end < len(text) and end - start < limit and text[end] in allowed:
        end += 1
    return text[start:end]
