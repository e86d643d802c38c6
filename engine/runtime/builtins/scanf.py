"""sscanf (and the reading half of fscanf): MATLAB's scan format language.

``scan_text(text, fmt)`` applies the format repeatedly until the text ends or stops matching:
- whitespace in the format matches any amount of whitespace (also none); other literal text must match;
- %d %i %u read integers, %f %e %g numbers (also Inf and NaN), %x hexadecimal and %o octal integers,
  each after skipping whitespace; %s reads a word, %c characters (whitespace included), %[abc] and
  %[^abc] the longest run of characters in (or not in) a set; a width limits the characters read and
  %*d reads without storing;
- every value goes into one column of doubles (the characters of %s / %c as their codes); when every
  conversion reads text, the result is a char row instead.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from ..errors import MatlabError, check_size
from ..values import CharArray
from .registry import builtin
from .sizes import real_values
from .textutil import char_row, text_arg, unescape

_ITEM = re.compile(r"(\s+)|%(\*?)(\d*)(?:[lh]?([diuoxfeEgGsc])|\[(\^?\]?[^\]]*)\])|(%%)|([^%\s]+)")
_NUMBER = {
    "d": r"[+-]?\d+", "u": r"[+-]?\d+", "i": r"[+-]?(?:0[xX][0-9a-fA-F]+|\d+)", "x": r"[+-]?[0-9a-fA-F]+",
    "o": r"[+-]?[0-7]+",
    "f": r"[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:[eEdD][+-]?\d+)?|[iI][nN][fF]|[nN][aA][nN])",
}
_TEXT_CONVERSIONS = ("s", "c", "[")


@dataclass(frozen=True)
class _Item:
    kind: str            # "space", "literal", or a conversion letter ("d", "f", "s", "c", "[", ...)
    text: str = ""       # the literal, or the character set of %[...]
    width: int = 0
    skip: bool = False


def _parse(fmt: str) -> list[_Item]:
    items: list[_Item] = []
    for m in _ITEM.finditer(fmt):
        space, skip, width, conv, charset, percent, literal = m.groups()
        if space:
            items.append(_Item("space"))
        elif percent or literal:
            items.append(_Item("literal", "%" if percent else literal))
        else:
            kind = "[" if conv is None else ("f" if conv in "eEgG" else conv)
            items.append(_Item(kind, charset or "", int(width or 0), bool(skip)))
    return items


def _read_number(item: _Item, text: str, pos: int) -> tuple[float, int] | None:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    limit = len(text) if not item.width else pos + item.width
    m = re.compile(_NUMBER["f" if item.kind == "f" else item.kind]).match(text[:limit], pos)
    if not m:
        return None
    token = m.group(0)
    if item.kind == "f":
        return float(token.replace("d", "e").replace("D", "e")), m.end()
    base = {"x": 16, "o": 8}.get(item.kind, 10)
    if item.kind == "i" and token.lstrip("+-").lower().startswith("0x"):
        base = 16
    return float(int(token, base)), m.end()


def _read_text(item: _Item, text: str, pos: int) -> tuple[str, int] | None:
    if item.kind == "c":
        n = item.width or 1
        return (text[pos:pos + n], pos + n) if pos + n <= len(text) else None
    if item.kind == "s":
        while pos < len(text) and text[pos].isspace():
            pos += 1
        m = re.compile(r"\S+").match(text[:len(text) if not item.width else pos + item.width], pos)
    else:
        negate = item.text.startswith("^")
        chars = item.text[1:] if negate else item.text
        m = re.compile(f"[{'^' if negate else ''}{re.escape(chars)}]+").match(
            text[:len(text) if not item.width else pos + item.width], pos)
    return (m.group(0), m.end()) if m else None


def scan_text(text: str, fmt: str, limit: int | None = None) -> tuple[list, int, bool, int, str]:
    """Scan ``text``: (values, conversions done, every conversion text?, characters consumed, error
    message). Values are floats, or str for text conversions; at most ``limit`` values are read."""
    items = _parse(unescape(fmt))
    conversions = [it for it in items if it.kind not in ("space", "literal")]
    all_text = bool(conversions) and all(it.kind in _TEXT_CONVERSIONS for it in conversions)
    values: list = []
    done, pos, message = 0, 0, ""
    while pos < len(text) or not conversions:
        start = pos
        for item in items:
            if limit is not None and len(values) >= limit:
                return values, done, all_text, pos, message
            if item.kind == "space":
                while pos < len(text) and text[pos].isspace():
                    pos += 1
                continue
            if item.kind == "literal":
                if not text.startswith(item.text, pos):
                    if pos < len(text):
                        message = "Matching failure in format."
                    return values, done, all_text, pos, message
                pos += len(item.text)
                continue
            read = _read_text(item, text, pos) if item.kind in _TEXT_CONVERSIONS else \
                _read_number(item, text, pos)
            if read is None:
                if item.kind not in ("c", "["):
                    pos += len(text[pos:]) - len(text[pos:].lstrip())
                rest = text[pos:]
                message = "Matching failure in format." if rest else ""
                return values, done, all_text, pos, message
            value, pos = read
            if not item.skip:
                values.append(value)
                done += 1
        if not conversions or pos == start:
            break
    return values, done, all_text, pos, message


def scanned_array(values: list, all_text: bool, size: list[float] | None) -> object:
    """The output of sscanf/fscanf: a char row (text conversions only) or a double column, shaped by
    ``size`` ([m n] or [m Inf] fills column by column; n alone reads n values into a column)."""
    if all_text:
        return char_row("".join(values))
    numbers: list[float] = []
    for v in values:
        numbers.extend(float(ord(ch)) for ch in v) if isinstance(v, str) else numbers.append(v)
    column = np.array(numbers, dtype=np.float64).reshape(-1, 1)
    if size is None or len(size) == 1:
        return column if column.size != 1 else float(column[0, 0])
    rows = int(size[0])
    cols = -(-column.size // rows) if rows else 0
    if size[1] != float("inf"):
        cols = int(size[1])
    check_size((rows, cols))          # [m n] larger than memory allows: MATLAB's size error
    padded = np.zeros(rows * cols)
    padded[:min(column.size, rows * cols)] = column.ravel()[:rows * cols]
    return padded.reshape((rows, cols), order="F")


def size_limit(size) -> tuple[list[float] | None, int | None]:
    """The sizeA argument of sscanf/fscanf: (dimensions, how many values to read at most)."""
    if size is None:
        return None, None
    dims = real_values(size, "scanf", "Size").ravel().tolist() if not isinstance(size, CharArray) else []
    if len(dims) not in (1, 2) or any(d < 0 or (d != float("inf") and not d.is_integer()) for d in dims) \
            or (len(dims) == 2 and dims[0] == float("inf")):
        raise MatlabError("MATLAB:scanf:invalidSize",
                          "Size must be n, Inf, or [m n] with m finite (n may be Inf).")
    if 0 in dims:
        return dims, 0
    total = 1.0
    for d in dims:
        total *= d
    return dims, None if total == float("inf") else int(total)


@builtin("sscanf", family="strings")
def sscanf(text, fmt, size=None, nargout=1):
    """A = sscanf(str, formatSpec), sscanf(str, formatSpec, sizeA); [A, n, errmsg, next] = sscanf(...)

    Reads values from text with formatSpec (%d %i %u %f %e %g %x %o %s %c %[set], widths, %*d to skip;
    whitespace matches any whitespace), reusing the format until the text ends or stops matching. A is
    a column of doubles (a char row if every conversion reads text); sizeA (n, Inf, [m n], [m Inf])
    shapes it. n is the number of values read, errmsg the error message, next the index of the next
    character.

        sscanf('3 4 5', '%d')        % [3; 4; 5]
        sscanf('x=1.5', 'x=%f')      % 1.5
    """
    source = text_arg(text, "sscanf", "First input")
    dims, limit = size_limit(size)
    values, done, all_text, pos, message = scan_text(source, text_arg(fmt, "sscanf", "Format"), limit)
    result = scanned_array(values, all_text, dims)
    if nargout <= 1:
        return result
    return (result, float(done), char_row(message) if message else CharArray(np.zeros((1, 0), np.uint16)),
            float(pos + 1))[:max(nargout, 1)]
