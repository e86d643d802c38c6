"""String builtins: concatenation, splitting, joining, replacing, trimming, case, comparison, search
and number parsing. Text arguments may be char, string or cell arrays of char; results keep the kind
MATLAB returns (string in -> string out, cellstr in -> cell out). See textutil.py for the helpers."""
from __future__ import annotations

import re
from typing import Callable

import numpy as np

from ..errors import MatlabError, check_size
from ..semantics import char_codes
from ..values import CellArray, CharArray, StringArray, Value, simplify, utf16_codes, utf16_text
from .registry import builtin
from .textutil import (EMPTY_CHAR, WHITESPACE, TextList, alternation, cell_value, char_row, char_value,
                       is_char_row, map_texts, option_name, string_value, text_arg, texts_of, unescape)
from .types import char_rows, pad_rows



def _as_text_list(value: Value, fname: str) -> TextList:
    """Like texts_of, but numbers become the characters with those codes (as strcat does)."""
    if isinstance(value, (float, bool, np.ndarray)):
        codes = char_codes(value).ravel(order="F")
        return TextList([utf16_text(codes)], "char", (1, 1))
    return texts_of(value, fname)


def _broadcast(lists: list[TextList], fname: str) -> tuple[int, ...]:
    shapes = {t.shape for t in lists if t.shape != (1, 1)}
    if len(shapes) > 1:
        raise MatlabError(f"MATLAB:{fname}:InvalidInputSize",
                          "All non-scalar inputs must be the same size.")
    return shapes.pop() if shapes else (1, 1)


def _item(t: TextList, k: int) -> str:
    item = t.items[0] if len(t.items) == 1 else t.items[k]
    return "" if item is None else item


@builtin("strcat", family="strings")
def strcat(*args):
    """strcat(s1, ..., sN)  concatenate text horizontally.

    Char inputs lose their trailing whitespace (space, tab, newline...) first; cell and string inputs keep
    it and are joined element by element (scalars expand). Any string input gives a string result, any
    cell input a cell result.

        strcat('a ', 'b ')       % 'ab'
        strcat({'x '}, 'y')      % {'x y'}
    """
    if not args:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    if all(isinstance(a, (CharArray, float, bool, np.ndarray)) for a in args):
        return _strcat_rows([char_rows(a) for a in args])
    lists = [_as_text_list(a, "strcat") for a in args]
    kinds = {t.kind for t in lists}
    shape = _broadcast(lists, "strcat")
    count = int(np.prod(shape))
    items = ["".join(_item(t, k) for t in lists) for k in range(count)]
    out = TextList(items, "string" if "string" in kinds else "cell", shape)
    return out.rebuild(items)


def _strcat_rows(row_lists: list[list[str]]) -> CharArray:
    """strcat of char arrays: row k of the result joins row k of each input (a one-row input joins every
    row), each without its trailing whitespace; the rows are padded into a char matrix."""
    counts = {len(rows) for rows in row_lists if len(rows) != 1}
    if len(counts) > 1:
        raise MatlabError("MATLAB:strcat:InvalidInputSize", "All the character arrays must have the same "
                          "number of rows, or a single row.")
    n = counts.pop() if counts else 1
    joined = ["".join((rows[0] if len(rows) == 1 else rows[k]).rstrip(WHITESPACE) for rows in row_lists)
              for k in range(n)]
    return char_value(joined[0]) if n == 1 else pad_rows(joined)


def _split_pattern(fname: str, args: tuple, escapes: bool) -> re.Pattern:
    """The delimiter pattern of strsplit/split: delimiters (default whitespace; escape sequences expanded
    for strsplit) and 'CollapseDelimiters' (default true)."""
    delims, collapse = list(WHITESPACE), True
    rest = list(args)
    if rest and option_name(rest[0]) != "collapsedelimiters":
        delims = [d for d in texts_of(rest.pop(0), fname).items if d]
        delims = [unescape(d) for d in delims] if escapes else delims
        if not delims:
            raise MatlabError(f"MATLAB:{fname}:EmptyDelimiter", "The delimiter must not be empty.")
    while rest:
        if len(rest) < 2 or option_name(rest[0]) != "collapsedelimiters":
            raise MatlabError(f"MATLAB:{fname}:InvalidParameter",
                              "Only the 'CollapseDelimiters' option is supported.")
        collapse = bool(np.all(rest[1]))
        rest = rest[2:]
    alternatives = alternation(delims)
    return re.compile(f"(?:{alternatives})+" if collapse else alternatives)


def _split_text(s: Value, args: tuple, fname: str, escapes: bool) -> tuple[list[str], list[str]]:
    text = text_arg(s, fname, "First input")
    pattern = _split_pattern(fname, args, escapes)
    return pattern.split(text), [m.group(0) for m in pattern.finditer(text)]


def _texts_like(s: Value, items: list[str], shape: tuple[int, int]) -> Value:
    """Pieces of ``s`` as a string array (string input) or a cell array of char."""
    if type(s) is StringArray:
        return string_value(items, shape)
    return cell_value([char_row(x) for x in items], shape)


@builtin("strsplit", family="strings")
def strsplit(s, *args, nargout=1):
    """strsplit(str, delimiter, 'CollapseDelimiters', tf)  split text at delimiters.

    The default delimiter is whitespace; delimiter may be text or a cell array of texts (escape sequences
    such as '\\t' are expanded). Consecutive delimiters count as one unless 'CollapseDelimiters' is
    false. Returns a 1xN cell of char (a string row for string input) and, as second output, the
    delimiters found.

        strsplit('a,b,,c', ',')   % {'a', 'b', 'c'}
    """
    parts, matches = _split_text(s, args, "strsplit", escapes=True)
    result = _texts_like(s, parts, (1, len(parts)))
    return (result, _texts_like(s, matches, (1, len(matches)))) if nargout > 1 else result


@builtin("split", family="strings")
def split(s, *args, nargout=1):
    """split(str, delimiter, 'CollapseDelimiters', tf)  split one text into a column of pieces.

    Like strsplit, but the pieces form a column (Nx1 string array for string input, Nx1 cell array of
    char otherwise) and delimiters are taken literally. Only a single text is split here; arrays of
    several texts are not supported.

        split("a b c")   % ["a"; "b"; "c"]
    """
    parts, matches = _split_text(s, args, "split", escapes=False)
    result = _texts_like(s, parts, (len(parts), 1))
    return (result, _texts_like(s, matches, (len(matches), 1))) if nargout > 1 else result


def _join_row(items: list[str | None], seps: list[str]) -> str:
    texts = ["" if i is None else i for i in items]
    if len(seps) == 1:
        return seps[0].join(texts)
    return "".join(t + d for t, d in zip(texts, seps + [""]))


@builtin("join", family="strings")
def join(s, delimiter=None):
    """join(str, delimiter)  join the texts of a string array or cell array of char.

    A vector gives one text; for a matrix each row is joined (the result is a column). The delimiter
    defaults to a space and may also list one delimiter per gap. A string array gives a string, a cell
    array a cell.

        join(["a", "b"], ",")   % "a,b"
    """
    texts = texts_of(s, "join")
    if texts.kind == "char":
        return s
    if len(texts.shape) > 2:
        raise MatlabError("MATLAB:join:NDArray", "join supports vectors and matrices only.")
    seps = [" "] if delimiter is None else [d or "" for d in texts_of(delimiter, "join").items]
    rows, cols = (1, len(texts.items)) if 1 in texts.shape else texts.shape
    if len(seps) not in (1, cols - 1):
        raise MatlabError("MATLAB:join:WrongNumberOfDelimiters",
                          "The delimiter must be one text or have one text fewer than the joined elements.")
    grid = np.array(texts.items, dtype=object).reshape((rows, cols), order="F")
    joined = [_join_row(list(row), seps) for row in grid]
    return TextList(joined, texts.kind, (rows, 1)).rebuild(joined)


@builtin("strjoin", family="strings")
def strjoin(c, delimiter=None):
    """strjoin(C, delimiter)  join the texts of C with a delimiter (default ' ').

    C is a cell array of char or a string array; escape sequences in delimiter are expanded. The
    delimiter may also be a cell array with one text fewer than C. Char result for a cell input, string
    result for a string input.

        strjoin({'a', 'b', 'c'}, '-')   % 'a-b-c'
    """
    parts = texts_of(c, "strjoin")
    if parts.kind == "char":
        raise MatlabError("MATLAB:strjoin:InvalidCellType",
                          "First input must be a string array or cell array of character vectors.")
    items = ["" if i is None else i for i in parts.items]
    seps = [" "] if delimiter is None else [unescape(d or "") for d in texts_of(delimiter, "strjoin").items]
    if len(seps) == 1:
        text = seps[0].join(items)
    elif len(seps) == max(len(items) - 1, 0):
        text = "".join(i + d for i, d in zip(items, seps + [""]))
    else:
        raise MatlabError("MATLAB:strjoin:WrongNumberOfDelimiterElements",
                          "Delimiter must have one element fewer than the input.")
    return string_value([text]) if parts.kind == "string" else char_value(text)


def _replace_overlapping(text: str, old: str, new: str) -> str:
    """MATLAB's strrep: every occurrence of ``old`` is replaced, overlapping ones included."""
    if not old:
        return text
    out: list[str] = []
    covered = 0
    for k, ch in enumerate(text):
        if text.startswith(old, k):
            out.append(new)
            covered = k + len(old)
        elif k >= covered:
            out.append(ch)
    return "".join(out)


@builtin("strrep", family="strings")
def strrep(s, old, new):
    """strrep(str, old, new)  replace every occurrence of old in str with new.

    str may be char, string or a cell array of char; overlapping occurrences are each replaced, as
    MATLAB does.

        strrep('hello world', 'o', '0')   % 'hell0 w0rld'
    """
    old_text, new_text = text_arg(old, "strrep"), text_arg(new, "strrep")
    texts = texts_of(s, "strrep")
    replaced = [None if t is None else _replace_overlapping(t, old_text, new_text) for t in texts.items]
    if type(s) is CharArray and StringArray in (type(old), type(new)):
        return string_value(replaced, texts.shape)       # a string pattern makes the result a string
    return texts.rebuild(replaced)


@builtin("strtrim", family="strings")
def strtrim(s):
    """strtrim(str)  remove leading and trailing whitespace.

    Works on char row vectors, string arrays and cell arrays of char.

        strtrim(sprintf('  a b \\t'))   % 'a b'
    """
    if type(s) is CharArray and not is_char_row(s):
        return _trim_char_matrix(s)
    return map_texts(s, "strtrim", lambda t: t.strip(WHITESPACE))


def _trim_char_matrix(s: CharArray) -> CharArray:
    blank = np.isin(s.codes, [ord(c) for c in WHITESPACE]).all(axis=0)
    keep = np.flatnonzero(~blank)
    if keep.size == 0:
        return CharArray(np.zeros((s.codes.shape[0], 0), dtype=np.uint16))
    return CharArray(s.codes[:, keep[0]:keep[-1] + 1].copy())


def _change_case(value: Value, fname: str, fn: Callable[[str], str]) -> Value:
    if type(value) is CharArray:
        chars = [fn(chr(c)) for c in value.codes.ravel(order="F")]
        codes = np.array([ord(c[0]) if len(c) == 1 else o for c, o in
                          zip(chars, value.codes.ravel(order="F"))], dtype=np.uint16)
        return CharArray(codes.reshape(value.codes.shape, order="F"))
    return map_texts(value, fname, fn)


@builtin("upper", family="strings")
def upper(s):
    """upper(str)  convert text to upper case.

    Works on char arrays, string arrays and cell arrays of char.

        upper('abc')   % 'ABC'
    """
    return _change_case(s, "upper", str.upper)


@builtin("lower", family="strings")
def lower(s):
    """lower(str)  convert text to lower case.

    Works on char arrays, string arrays and cell arrays of char.

        lower("ABC")   % "abc"
    """
    return _change_case(s, "lower", str.lower)


# -- comparison -------------------------------------------------------------------------------------

Key = tuple[tuple[int, ...] | None, str] | None   # (char shape, or None for string; text) or not text


def _key(value: Value) -> Key:
    if type(value) is CharArray:
        return value.shape, value.to_str()
    if type(value) is StringArray and value.data.size == 1 and value.data.flat[0] is not None:
        return None, value.data.flat[0]
    return None


def _compare_keys(a: Key, b: Key, fold: bool, n: int | None) -> bool:
    if a is None or b is None:
        return False
    (shape_a, text_a), (shape_b, text_b) = a, b
    if n is not None:
        text_a, text_b, shape_a = text_a[:n], text_b[:n], None
    if fold:
        text_a, text_b = text_a.lower(), text_b.lower()
    if shape_a is not None and shape_b is not None and shape_a != shape_b and (text_a or text_b):
        return False
    return text_a == text_b


def _keys(value: Value) -> tuple[list[Key], tuple[int, ...]] | None:
    """Per-element keys of a cell or non-scalar string array; None for a single value."""
    if type(value) is CellArray:
        return [_key(v) for v in value.data.ravel(order="F")], value.shape
    if type(value) is StringArray and value.data.size != 1:
        return [None if s is None else (None, s) for s in value.data.ravel(order="F")], value.shape
    return None


def _strcmp(a: Value, b: Value, fold: bool, n: int | None, fname: str) -> Value:
    many_a, many_b = _keys(a), _keys(b)
    if many_a is None and many_b is None:
        return _compare_keys(_key(a), _key(b), fold, n)
    keys_a, shape = many_a or ([_key(a)], (1, 1))
    keys_b, shape_b = many_b or ([_key(b)], (1, 1))
    if len(keys_a) == 1:
        keys_a, shape = keys_a * len(keys_b), shape_b
    elif len(keys_b) == 1:
        keys_b = keys_b * len(keys_a)
    elif shape != shape_b:
        raise MatlabError(f"MATLAB:{fname}:InputsSizeMismatch",
                          "Inputs must be the same size or either one can be a scalar.")
    flags = [_compare_keys(x, y, fold, n) for x, y in zip(keys_a, keys_b)]
    return simplify(np.array(flags, dtype=np.bool_).reshape(shape, order="F"))


def _count(n: Value, fname: str) -> int:
    if not isinstance(n, (float, np.ndarray)) or np.size(n) != 1 or float(np.asarray(n).flat[0]) < 0 \
            or not float(np.asarray(n).flat[0]).is_integer():
        raise MatlabError(f"MATLAB:{fname}:InvalidLength",
                          "Length argument must be a nonnegative integer scalar.")
    return int(np.asarray(n).flat[0])


@builtin("strcmp", family="strings")
def strcmp(a, b):
    """strcmp(s1, s2)  true if two texts are identical (case-sensitive).

    Char, string and cell arrays of char may be mixed; a cell or string array gives a logical array
    comparing element by element (a single text is compared with every element). Non-text inputs
    compare false.

        strcmp('abc', {'abc', 'x'})   % [1 0]
    """
    return _strcmp(a, b, False, None, "strcmp")


@builtin("strcmpi", family="strings")
def strcmpi(a, b):
    """strcmpi(s1, s2)  true if two texts are identical ignoring case.

    Same forms as strcmp.

        strcmpi('ABC', 'abc')   % true
    """
    return _strcmp(a, b, True, None, "strcmpi")


@builtin("strncmp", family="strings")
def strncmp(a, b, n):
    """strncmp(s1, s2, n)  true if the first n characters of two texts are identical.

    Same forms as strcmp; texts shorter than n must match entirely.

        strncmp('hello', 'help', 3)   % true
    """
    return _strcmp(a, b, False, _count(n, "strncmp"), "strncmp")


@builtin("strncmpi", family="strings")
def strncmpi(a, b, n):
    """strncmpi(s1, s2, n)  like strncmp, ignoring case.

    Same forms as strcmp.

        strncmpi('HELlo', 'help', 3)   % true
    """
    return _strcmp(a, b, True, _count(n, "strncmpi"), "strncmpi")


@builtin("strmatch", family="strings")
def strmatch(s, strarray, *flag):
    """strmatch(str, strarray) | strmatch(str, strarray, 'exact')  indices of the rows of strarray that
    begin with str (MATLAB's older text search; strncmp is its successor).

    strarray is a char matrix (one text per row), a cell array of char rows or a string array (element
    k, in column-major order). Texts are padded with spaces as char() pads them, so trailing spaces and
    nulls never decide: 'exact' matches a text equal to str once both lose them. Gives a column of
    indices (0x1 when none matches).

        strmatch('max', char('max', 'minimax', 'maximum'))   % [1; 3]
    """
    if len(flag) > 1:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    if flag and option_name(flag[0]) != "exact":
        raise MatlabError("MATLAB:strmatch:InvalidFlag", "The third input must be 'exact'.")
    key = text_arg(s, "strmatch", "The first input")
    rows = [t or "" for t in texts_of(strarray, "strmatch").items]
    width = max([len(key), *map(len, rows)])
    padded = [row.ljust(width) for row in rows]
    found = [k + 1.0 for k, row in enumerate(padded)
             if row.startswith(key) and not (flag and row[len(key):].strip(" \0"))]
    return np.array(found, dtype=np.float64).reshape(-1, 1)


# -- search -----------------------------------------------------------------------------------------

def _search(fname: str, s: Value, pattern: Value, options: tuple,
            test: Callable[[str, str], bool]) -> Value:
    texts = texts_of(s, fname)
    patterns = [p for p in texts_of(pattern, fname).items if p is not None]
    fold = False
    opts = list(options)
    while opts:
        if len(opts) < 2 or option_name(opts[0]) != "ignorecase":
            raise MatlabError(f"MATLAB:{fname}:InvalidParameter",
                              "Only the 'IgnoreCase' option is supported.")
        fold = bool(np.all(opts[1]))
        opts = opts[2:]
    if fold:
        patterns = [p.lower() for p in patterns]
    flags = [t is not None and any(test(t.lower() if fold else t, p) for p in patterns)
             for t in texts.items]
    return texts.logical(flags)


@builtin("contains", family="strings")
def contains(s, pattern, *options):
    """contains(str, pat, 'IgnoreCase', tf)  true where str contains pat.

    str is a char vector, string array or cell array of char (a logical array of its size results); pat
    may list several texts (any of them matches).

        contains({'apple', 'kiwi'}, 'pp')   % [1 0]
    """
    return _search("contains", s, pattern, options, lambda t, p: p in t)


@builtin("startsWith", family="strings")
def starts_with(s, pattern, *options):
    """startsWith(str, pat, 'IgnoreCase', tf)  true where str starts with pat.

    Same forms as contains.

        startsWith("matfuse", "mat")   % true
    """
    return _search("startsWith", s, pattern, options, str.startswith)


@builtin("endsWith", family="strings")
def ends_with(s, pattern, *options):
    """endsWith(str, pat, 'IgnoreCase', tf)  true where str ends with pat.

    Same forms as contains.

        endsWith('file.m', '.m')   % true
    """
    return _search("endsWith", s, pattern, options, str.endswith)


def _find_all(text: str, pattern: str) -> np.ndarray:
    starts = [float(k + 1) for k in range(len(text) - len(pattern) + 1)
              if pattern and text.startswith(pattern, k)]
    return np.array([starts], dtype=np.float64) if starts else np.zeros((0, 0))


@builtin("strfind", family="strings")
def strfind(text, pattern):
    """strfind(str, pat)  starting indices of every occurrence of pat in str (overlapping ones too).

    Returns a row of indices ([] when there is none); a cell array str gives a cell array of such rows.

        strfind('abababa', 'aba')   % [1 3 5]
    """
    pat = text_arg(pattern, "strfind", "Pattern")
    texts = texts_of(text, "strfind")
    found = [_find_all(t or "", pat) for t in texts.items]
    if texts.kind == "cell":
        return cell_value(found, texts.shape)
    if len(found) != 1:
        raise MatlabError("MATLAB:strfind:InvalidInput",
                          "strfind needs a character vector, string scalar or cell array of text.")
    return found[0]


@builtin("strlength", family="strings")
def strlength(text):
    """strlength(str)  the number of characters of each text (NaN for a missing string).

    Works on char row vectors, string arrays (one length per element) and cell arrays of char.

        strlength(["ab", "cde"])   % [2 3]
    """
    texts = texts_of(text, "strlength")
    lengths = [np.nan if t is None else float(utf16_codes(t).size) for t in texts.items]
    return simplify(np.array(lengths, dtype=np.float64).reshape(texts.shape, order="F"))


@builtin("deblank", family="strings")
def deblank(text):
    """deblank(str)  remove trailing whitespace and null characters.

    Works on char row vectors, string arrays and cell arrays of char; a char matrix loses the trailing
    columns that are blank in every row.

        deblank('ab   ')   % 'ab'
    """
    if type(text) is CharArray and text.codes.ndim == 2 and text.codes.shape[0] > 1:
        blank = np.isin(text.codes, [ord(c) for c in WHITESPACE + "\0"]).all(axis=0)
        keep = np.flatnonzero(~blank)
        return CharArray(text.codes[:, :keep[-1] + 1].copy()) if keep.size else EMPTY_CHAR
    return map_texts(text, "deblank", lambda t: t.rstrip(WHITESPACE + "\0"))


@builtin("strtok", family="strings")
def strtok(text, delimiters=None, nargout=1):
    """[token, remainder] = strtok(str, delimiters)  the first token of str.

    Leading delimiters (default: whitespace) are skipped; the token runs up to the next delimiter, and
    the remainder starts with that delimiter.

        [t, r] = strtok('  hello world')   % t = 'hello', r = ' world'
    """
    delims = WHITESPACE + "\0" if delimiters is None else text_arg(delimiters, "strtok", "Delimiters")
    texts = texts_of(text, "strtok")
    pieces = [_token(t or "", delims) for t in texts.items]
    token = texts.rebuild([p[0] for p in pieces])
    return (token, texts.rebuild([p[1] for p in pieces])) if nargout > 1 else token


def _token(text: str, delims: str) -> tuple[str, str]:
    start = 0
    while start < len(text) and text[start] in delims:
        start += 1
    end = start
    while end < len(text) and text[end] not in delims:
        end += 1
    return text[start:end], text[end:]


@builtin("blanks", family="strings")
def blanks(n):
    """blanks(n)  a char row vector of n spaces.

    n must be a nonnegative integer; blanks(0) is a 1x0 char.

        ['a' blanks(3) 'b']   % 'a   b'
    """
    count = _count(n, "blanks")
    check_size((1, count), 2)
    return CharArray.from_str(" " * count)


@builtin("newline", family="strings")
def newline():
    """newline  the newline character, char(10).

    Use it to build multi-line text without escape sequences.

        ['a' newline 'b']   % two lines
    """
    return CharArray.from_str("\n")
