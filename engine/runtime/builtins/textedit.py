"""Text editing and conversion builtins: character matrices (strvcat, strjust), padding, inserting,
counting, reversing, compose, and conversions between char, string and bytes. Text arguments may be
char, string or cell arrays of char; results keep the kind of the input (see textutil.py)."""
from __future__ import annotations

import codecs
import re

import numpy as np

from ..errors import MatlabError
from ..values import (CellArray, CharArray, StringArray, Value, fold_columns, is_array_like, simplify,
                      to_array)
from .printf import Spec, format_text, parse_format
from .registry import builtin
from .sizes import check_size, count_value, size_from_args
from .textutil import (EMPTY_CHAR, TextList, alternation, cell_value, char_row, is_text_scalar, map_texts,
                       option_name, string_value, text_arg, texts_of, unescape)
from .types import char_rows, pad_rows


# -- character matrices -----------------------------------------------------------------------------

@builtin("strvcat", family="strings")
def strvcat(*args):
    """strvcat(t1, t2, ..., tN)  stack texts as the rows of a char matrix, skipping empty ones.

    Like char(t1, ..., tN), but empty texts (and empty cell elements) add no row. Cell arrays and string
    arrays contribute one row per element; numbers become the characters with those codes. Rows are
    padded with spaces to the longest.

        strvcat('abc', '', 'de')   % ['abc'; 'de ']
    """
    rows = [row for a in args for row in char_rows(a) if row]
    return pad_rows(rows) if rows else EMPTY_CHAR


def _justify(row: str, side: str) -> str:
    body = row.strip(" \0")
    spare = len(row) - len(body)
    if side == "left":
        return body + " " * spare
    if side == "right":
        return " " * spare + body
    left = spare // 2
    return " " * left + body + " " * (spare - left)


@builtin("strjust", family="strings")
def strjust(s, side=None):
    """strjust(S), strjust(S, side)  move the text of each row of a char array to one side.

    side is 'right' (default), 'left' or 'center'; leading and trailing spaces move to the other side(s).
    Centering puts the smaller half of the spaces on the left.

        strjust(['a  '; 'bb '])   % ['  a'; ' bb']
    """
    where = "right" if side is None else option_name(side)
    if where not in ("right", "left", "center"):
        raise MatlabError("MATLAB:strjust:InvalidJustification",
                          "The justification must be 'right', 'left' or 'center'.")
    if type(s) is not CharArray:
        raise MatlabError("MATLAB:strjust:InvalidInput", "Input must be a character array.")
    if s.codes.size == 0:
        return s
    rows = [_justify(row, where) for row in s.rows()]
    codes = np.array([[ord(ch) for ch in row] for row in rows], dtype=np.uint16)
    return CharArray(codes)


# -- padding, inserting, counting, reversing ----------------------------------------------------------

@builtin("pad", family="strings")
def pad(text, *args):
    """pad(str), pad(str, n), pad(str, side), pad(str, n, side), pad(..., padChar)  pad texts to a length.

    Without n, every text is padded to the length of the longest; with n, to n characters (longer texts
    are left as they are). side is 'right' (default), 'left' or 'both' ('both' puts the smaller half on
    the left); padChar is one character (default space).

        pad(["a", "abc"])        % ["a  ", "abc"]
        pad('7', 3, 'left', '0') % '007'
    """
    texts = texts_of(text, "pad")
    rest = list(args)
    width = None
    if rest and not is_text_scalar(rest[0]):
        width = _whole_count(rest.pop(0), "pad")
    side = "right"
    if rest and option_name(rest[0]) in ("left", "right", "both"):   # a side, not a one-character pad
        side = option_name(rest.pop(0))
    fill = " "
    if rest:
        fill = text_arg(rest.pop(0), "pad", "Pad character")
        if len(fill) != 1 or rest:
            raise MatlabError("MATLAB:pad:InvalidPadCharacter", "The pad character must be one character.")
    if width is None:
        width = max((len(t) for t in texts.items if t is not None), default=0)
    if texts.items:
        check_size((len(texts.items), width), 2)

    def padded(t: str) -> str:
        spare = max(width - len(t), 0)
        left = {"right": 0, "left": spare, "both": spare // 2}[side]
        return fill * left + t + fill * (spare - left)
    return texts.rebuild([None if t is None else padded(t) for t in texts.items])


def _whole_count(value: Value, fname: str) -> int:
    return int(count_value(value, fname, "The number of characters"))


def _insert(fname: str, text: Value, where: Value, new: Value, after: bool) -> Value:
    addition = text_arg(new, fname, "New text")
    if not isinstance(where, (CharArray, StringArray, CellArray)):
        position = _whole_count(where, fname)

        def at_position(t: str) -> str:
            if position > len(t) or (not after and position < 1):
                raise MatlabError(f"MATLAB:{fname}:InvalidPosition",
                                  f"The position {position} is outside the text (length {len(t)}).")
            cut = position if after else position - 1
            return t[:cut] + addition + t[cut:]
        return map_texts(text, fname, at_position)
    patterns = [p for p in texts_of(where, fname).items if p]
    if not patterns:
        return text
    regex = re.compile(alternation(patterns))
    edit = (lambda m: m.group(0) + addition) if after else (lambda m: addition + m.group(0))
    return map_texts(text, fname, lambda t: regex.sub(edit, t))


@builtin("insertAfter", family="strings")
def insert_after(text, where, new):
    """insertAfter(str, pat, newText), insertAfter(str, pos, newText)  insert text after pat (or position).

    newText goes after every occurrence of pat (pat may list several texts), or after character pos.

        insertAfter("key value", "key", ":")   % "key: value"
    """
    return _insert("insertAfter", text, where, new, after=True)


@builtin("insertBefore", family="strings")
def insert_before(text, where, new):
    """insertBefore(str, pat, newText), insertBefore(str, pos, newText)  insert text before pat (or position).

    newText goes before every occurrence of pat (pat may list several texts), or before character pos.

        insertBefore('world', 1, 'hello ')   % 'hello world'
    """
    return _insert("insertBefore", text, where, new, after=False)


@builtin("count", family="strings")
def count(text, pattern, *options):
    """count(str, pat), count(str, pat, 'IgnoreCase', tf)  the number of occurrences of pat in str.

    Occurrences are counted left to right without overlapping; pat may list several texts (occurrences of
    any of them count). The result has the size of str (one number for a char vector).

        count("banana", "an")   % 2
    """
    texts = texts_of(text, "count")
    patterns = [p for p in texts_of(pattern, "count").items if p]
    flags = 0
    opts = list(options)
    while opts:
        if len(opts) < 2 or option_name(opts[0]) != "ignorecase":
            raise MatlabError("MATLAB:count:InvalidParameter", "Only the 'IgnoreCase' option is supported.")
        flags = re.IGNORECASE if bool(np.all(opts[1])) else 0
        opts = opts[2:]
    regex = re.compile(alternation(patterns), flags) if patterns else None
    counts = [0.0 if t is None or regex is None else float(len(regex.findall(t))) for t in texts.items]
    if texts.kind == "char":
        return counts[0]
    return np.array(counts, dtype=np.float64).reshape(texts.shape, order="F") if len(counts) != 1 \
        else counts[0]


@builtin("reverse", family="strings")
def reverse(text):
    """reverse(str)  the characters of each text in reverse order.

    str is a char vector, string array or cell array of char; the result has the same kind and size.

        reverse("abc")   % "cba"
    """
    return map_texts(text, "reverse", lambda t: t[::-1])


# -- compose ----------------------------------------------------------------------------------------

def _rows_of(arg: Value) -> list[list[Value]]:
    """The elements of a compose data argument, one list per row (text arrays give one text each)."""
    if isinstance(arg, CharArray):
        return [[char_row(row)] for row in arg.rows()] if arg.codes.size else [[char_row("")]]
    if isinstance(arg, (StringArray, CellArray)):
        texts = texts_of(arg, "compose")
        grid = np.array(texts.items, dtype=object).reshape(texts.shape, order="F")
        return [[string_value([t]) for t in row] for row in fold_columns(grid)]
    arr = to_array(arg) if is_array_like(arg) else None
    if arr is None:
        raise MatlabError("MATLAB:compose:InvalidInput", "Data must be numeric, logical or text arrays.")
    arr = fold_columns(arr)
    return [[simplify(np.array([[x]], dtype=arr.dtype)) for x in row] for row in arr]


@builtin("compose", family="strings")
def compose(fmt, *args):
    """compose(formatSpec, A1, ..., AN), compose(txt)  format data into an array of texts.

    Row r of the result formats row r of the data (A1's columns, then A2's, ...), applying formatSpec
    once per output column; a data row with more values than formatSpec has conversions gives more
    columns. The result is a string array when formatSpec is a string, else a cell array of char.
    compose(txt) expands the escape sequences of txt. A last column with fewer values than conversions
    is not supported (error).

        compose("%d: %s", [1; 2], ["a"; "b"])   % ["1: a"; "2: b"]
    """
    spec = text_arg(fmt, "compose", "Format")
    as_string = type(fmt) is StringArray
    if not args:
        texts: list = [unescape(spec)]
        return string_value(texts) if as_string else cell_value([char_row(t) for t in texts])
    operators = sum(type(p) is Spec for p in parse_format(unescape(spec)))
    columns = [_rows_of(a) for a in args]
    if any(not c or not c[0] for c in columns):                       # empty data: no texts
        return string_value([], (0, 0)) if as_string else cell_value([], (0, 0))
    nrows = max(len(c) for c in columns)
    if any(len(c) not in (1, nrows) for c in columns):
        raise MatlabError("MATLAB:compose:InvalidInputSize", "Input arguments must have the same number "
                          "of rows.")
    rows = []
    for r in range(nrows):
        values = [v for c in columns for v in c[r if len(c) > 1 else 0]]
        if operators == 0 or len(values) % operators:
            raise MatlabError("MATLAB:compose:UnsupportedSize",
                              f"Each row of data must fill the {operators} conversions of the format "
                              "a whole number of times.")
        rows.append([format_text(spec, values[k:k + operators]) for k in range(0, len(values), operators)])
    ncols = len(rows[0])
    items = [rows[r][k] for k in range(ncols) for r in range(nrows)]
    if as_string:
        return string_value(items, (nrows, ncols))
    return cell_value([char_row(t) for t in items], (nrows, ncols))


# -- conversions ------------------------------------------------------------------------------------

def _encoding(value: Value | None, fname: str) -> str:
    name = "UTF-8" if value is None else text_arg(value, fname, "Encoding")
    try:
        return codecs.lookup(name).name
    except LookupError:
        raise MatlabError(f"MATLAB:{fname}:UnknownEncoding", f"Unknown encoding '{name}'.") from None


@builtin("unicode2native", family="strings")
def unicode2native(text, encoding=None):
    """unicode2native(str), unicode2native(str, encoding)  the bytes that encode text.

    Returns a uint8 row vector; encoding defaults to 'UTF-8' (others: 'latin1', 'US-ASCII', 'UTF-16LE',
    ...). Characters the encoding cannot represent become '?' (26 in MATLAB's substitution is not used).

        unicode2native('é')   % uint8([195 169])
    """
    data = text_arg(text, "unicode2native").encode(_encoding(encoding, "unicode2native"), "replace")
    return np.frombuffer(data, dtype=np.uint8).reshape(1, -1).copy()


@builtin("native2unicode", family="strings")
def native2unicode(data, encoding=None):
    """native2unicode(bytes), native2unicode(bytes, encoding)  the text that bytes encode.

    bytes is a vector of values 0..255 (usually uint8); encoding defaults to 'UTF-8'. Returns a char row
    vector; invalid sequences become the replacement character U+FFFD.

        native2unicode(uint8([72 105]))   % 'Hi'
    """
    values = np.asarray(data.codes if type(data) is CharArray else data).ravel(order="F")
    if values.size and (values.dtype.kind not in "biuf" or values.min() < 0 or values.max() > 255):
        raise MatlabError("MATLAB:native2unicode:InvalidBytes", "Bytes must be values from 0 to 255.")
    raw = bytes(values.astype(np.uint8).tolist())
    return char_row(raw.decode(_encoding(encoding, "native2unicode"), "replace"))


@builtin("convertStringsToChars", family="strings")
def convert_strings_to_chars(*args, nargout=1):
    """convertStringsToChars(A1, ..., An)  strings become char vectors; other arguments pass through.

    A string scalar becomes a char row vector, a string array a cell array of char of the same size.
    Returns as many outputs as inputs.

        convertStringsToChars("abc")   % 'abc'
    """
    def convert(a: Value) -> Value:
        if type(a) is not StringArray:
            return a
        texts = texts_of(a, "convertStringsToChars")
        if a.data.size == 1:
            return char_row(texts.items[0] or "")
        return cell_value([char_row(t or "") for t in texts.items], a.shape)
    return tuple(convert(a) for a in args[:max(nargout, 1)])


@builtin("convertCharsToStrings", family="strings")
def convert_chars_to_strings(*args, nargout=1):
    """convertCharsToStrings(A1, ..., An)  char vectors and cellstr become strings; others pass through.

    A char row vector becomes a string scalar, a cell array of char a string array of the same size.
    Returns as many outputs as inputs.

        convertCharsToStrings('abc')   % "abc"
    """
    def convert(a: Value) -> Value:
        if type(a) is CharArray and (a.codes.size == 0 or a.shape[0] == 1):
            return string_value([a.to_str()])
        if type(a) is CellArray and all(type(v) is CharArray for v in a.data.flat) and a.data.size:
            texts: TextList = texts_of(a, "convertCharsToStrings")
            return string_value(texts.items, a.shape)
        return a
    return tuple(convert(a) for a in args[:max(nargout, 1)])


@builtin("isStringScalar", family="strings")
def is_string_scalar(value):
    """isStringScalar(A)  true if A is a string array with one element.

    A char vector is not a string scalar.

        isStringScalar("a")   % true
        isStringScalar('a')   % false
    """
    return type(value) is StringArray and value.data.size == 1


@builtin("strings", family="strings")
def strings(*args):
    """strings(n), strings(m, n, ...), strings(sz)  a string array of empty strings ("").

    The size arguments are those of zeros; strings with no argument is one empty string.

        s = strings(2, 3);   % 2x3 string array of ""
    """
    shape = size_from_args(list(args), "strings")
    data = np.full(shape, "", dtype=object)
    return StringArray(data)


# -- pieces between markers, lines ------------------------------------------------------------------

def _spans(text: str, start: str, end: str, inclusive: bool) -> list[tuple[int, int]]:
    """(from, to) of every non-overlapping piece of text from an occurrence of start to the next end
    after it, with the markers when ``inclusive``."""
    spans, k = [], 0
    while True:
        a = text.find(start, k)
        if a < 0:
            return spans
        b = text.find(end, a + len(start))
        if b < 0:
            return spans
        spans.append((a, b + len(end)) if inclusive else (a + len(start), b))
        k = b + len(end)


def _between(text: str, start: str, end: str, inclusive: bool) -> list[str]:
    return [text[a:b] for a, b in _spans(text, start, end, inclusive)]


def _position_piece(text: str, first: int, last: int, inclusive: bool, fname: str = "extractBetween") -> str:
    if not 1 <= first <= len(text) + 1 or not first - 1 <= last <= len(text):
        raise MatlabError(f"MATLAB:{fname}:InvalidPosition",
                          f"The positions {first} and {last} are outside the text (length {len(text)}).")
    return text[first - 1:last] if inclusive else text[first:last - 1]


@builtin("extractBetween", family="strings")
def extract_between(text, start, end, *options):
    """extractBetween(str, start, end, ...)  the text between two markers (patterns or positions).

    Forms: extractBetween(str, startPat, endPat), extractBetween(str, startPos, endPos),
    extractBetween(..., 'Boundaries', 'inclusive' | 'exclusive'). With patterns every occurrence is extracted, without the markers unless 'Boundaries' is
    'inclusive'; with positions the characters from startPos to endPos, inclusive unless 'Boundaries' is
    'exclusive'. A string array input gives a string array, other input a cell array of char: one
    column of pieces for a single text, one row of pieces per element of an array (each element must
    have the same number of pieces).

        extractBetween("The quick brown fox", "quick ", " fox")   % "brown"
        extractBetween('a[1]b[2]', '[', ']')                       % {'1'; '2'}
    """
    texts = texts_of(text, "extractBetween")
    by_position = not isinstance(start, (CharArray, StringArray, CellArray))
    inclusive = by_position
    if options:
        if len(options) != 2 or option_name(options[0]) != "boundaries" or \
                option_name(options[1]) not in ("inclusive", "exclusive"):
            raise MatlabError("MATLAB:extractBetween:InvalidParameter",
                              "The only option is 'Boundaries', 'inclusive' or 'exclusive'.")
        inclusive = option_name(options[1]) == "inclusive"
    if by_position:
        first, last = int(count_value(start, "extractBetween", "The start position")), \
            int(count_value(end, "extractBetween", "The end position"))
        pieces = [[_position_piece(t or "", first, last, inclusive)] for t in texts.items]
    else:
        begin = text_arg(start, "extractBetween", "The start pattern")
        finish = text_arg(end, "extractBetween", "The end pattern")
        pieces = [_between(t or "", begin, finish, inclusive) for t in texts.items]
    counts = {len(p) for p in pieces}
    if len(counts) > 1:
        raise MatlabError("MATLAB:extractBetween:UnequalMatches",
                          "Every text must hold the same number of pieces between the markers.")
    n = counts.pop() if counts else 0
    if len(pieces) == 1:
        shape: tuple[int, ...] = (n, 1)
        items = pieces[0]
    else:
        shape = texts.shape if n == 1 else (len(pieces), n)
        items = [p[k] for k in range(n) for p in pieces]
    if texts.kind == "string":
        return string_value(items, shape)
    return cell_value([char_row(t) for t in items], shape)


def _replace_between(fname: str, text: Value, start: Value, end: Value, new: Value, options: tuple) -> Value:
    """eraseBetween / replaceBetween: each text with its pieces between the markers replaced by new."""
    by_position = not isinstance(start, (CharArray, StringArray, CellArray))
    inclusive = by_position
    if options:
        if len(options) != 2 or option_name(options[0]) != "boundaries" or \
                option_name(options[1]) not in ("inclusive", "exclusive"):
            raise MatlabError(f"MATLAB:{fname}:InvalidParameter",
                              "The only option is 'Boundaries', 'inclusive' or 'exclusive'.")
        inclusive = option_name(options[1]) == "inclusive"
    replacement = text_arg(new, fname, "The new text")

    def edit(t: str) -> str:
        if by_position:
            first = int(count_value(start, fname, "The start position"))
            last = int(count_value(end, fname, "The end position"))
            _position_piece(t, first, last, inclusive, fname)   # checks the positions
            spans = [(first - 1, last) if inclusive else (first, last - 1)]
        else:
            spans = _spans(t, text_arg(start, fname, "The start pattern"), text_arg(end, fname, "The end pattern"),
                           inclusive)
        for a, b in reversed(spans):
            t = t[:a] + replacement + t[b:]
        return t
    return map_texts(text, fname, edit)


@builtin("eraseBetween", family="strings")
def erase_between(text, start, end, *options):
    """eraseBetween(str, start, end), eraseBetween(..., 'Boundaries', b)  delete the text between two
    markers (patterns or positions).

    With patterns every piece from an occurrence of start to the next end is deleted, the markers kept
    unless 'Boundaries' is 'inclusive'; with positions the characters from start to end, inclusive
    unless 'Boundaries' is 'exclusive'. The result has the kind and size of str.

        eraseBetween("The quick brown fox", "quick", " fox")    % "The quick fox"
        eraseBetween('abcdef', 2, 4)                             % 'aef'
    """
    return _replace_between("eraseBetween", text, start, end, CharArray.from_str(""), options)


@builtin("replaceBetween", family="strings")
def replace_between(text, start, end, new, *options):
    """replaceBetween(str, start, end, newText), replaceBetween(..., 'Boundaries', b)  replace the text
    between two markers (patterns or positions) with newText.

    The pieces and markers are those of eraseBetween; the result has the kind and size of str.

        replaceBetween("a [x] b", "[", "]", "y")    % "a [y] b"
        replaceBetween('abcdef', 2, 4, '-')          % 'a-ef'
    """
    return _replace_between("replaceBetween", text, start, end, new, options)


@builtin("splitlines", family="strings")
def splitlines(text):
    """splitlines(str)  the lines of a text as a column (string for string input, else cell of char).

    Lines end at \\n, \\r\\n or \\r, as split(str, {"\\r\\n", "\\n", "\\r"}) splits: a text ending in a
    newline ends with an empty line.

        splitlines("a" + newline + "b")   % ["a"; "b"]
    """
    lines = re.split(r"\r\n|\n|\r", text_arg(text, "splitlines", "Input"))
    if type(text) is StringArray:
        return string_value(lines, (len(lines), 1))
    return cell_value([char_row(line) for line in lines], (len(lines), 1))
