"""The newer text functions (replace, erase, strip, extractBefore, extractAfter) and character
classification (isspace, isletter, isstrprop). Text may be char, string or a cell array of char; results
keep the kind of the input."""
from __future__ import annotations

import re
import unicodedata
from typing import Callable

import numpy as np

from ..errors import MatlabError
from ..values import CharArray, StringArray, Value, is_array_like, simplify, size_of, to_array
from .registry import builtin
from .textutil import WHITESPACE, TextList, alternation, cell_value, map_texts, option_name, text_arg, texts_of


@builtin("replace", family="strings")
def replace(text, old, new):
    """replace(str, old, new)  replace every occurrence of old with new.

    old may list several texts (each replaced by the matching element of new, or all by one new text);
    occurrences are found left to right without overlapping.

        replace("a-b_c", ["-", "_"], " ")   % "a b c"
    """
    olds = [o for o in texts_of(old, "replace").items if o]
    news = ["" if n is None else n for n in texts_of(new, "replace").items]
    if len(news) not in (1, len(olds)):
        raise MatlabError("MATLAB:replace:SizeMismatch",
                          "The new text must be one text or have one text per old text.")
    if not olds:
        return text
    lookup = dict(zip(olds, news * len(olds) if len(news) == 1 else news))
    pattern = re.compile(alternation(olds))
    return map_texts(text, "replace", lambda t: pattern.sub(lambda m: lookup[m.group(0)], t))


@builtin("erase", family="strings")
def erase(text, match):
    """erase(str, match)  delete every occurrence of match (or of any of several texts).

    Occurrences are found left to right without overlapping; the result has the kind of str.

        erase("hello world", "o")   % "hell wrld"
    """
    olds = [o for o in texts_of(match, "erase").items if o]
    if not olds:
        return text
    pattern = re.compile(alternation(olds))
    return map_texts(text, "erase", lambda t: pattern.sub("", t))


@builtin("matches", family="strings")
def matches(text, pattern, *options):
    """tf = matches(str, pat), matches(str, pat, 'IgnoreCase', true)  whether each text equals one of the
    patterns exactly.

    str and pat are char, string or cell arrays of char; tf is a logical array of the size of str (a
    scalar for a char row). Unlike contains, the whole text must match.

        matches(["a" "ab" "b"], ["a" "b"])    % [1 0 1]
    """
    ignore = False
    if options:
        if len(options) != 2 or option_name(options[0]) != "ignorecase":
            raise MatlabError("MATLAB:matches:InvalidParameter", "The only option is 'IgnoreCase'.")
        ignore = bool(np.all(to_array(options[1]))) if is_array_like(options[1]) else False
    wanted = {p.lower() if ignore else p for p in texts_of(pattern, "matches").items if p is not None}
    texts = texts_of(text, "matches")
    found = [t is not None and (t.lower() if ignore else t) in wanted for t in texts.items]
    return simplify(np.array(found, dtype=bool).reshape(texts.shape, order="F"))


@builtin("strip", family="strings")
def strip(text, *args):
    """strip(str), strip(str, side), strip(str, side, padChar)  remove leading and/or trailing characters.

    side is 'both' (default), 'left' or 'right'; padChar (default: whitespace) is one character, which
    may also be given without side.

        strip("  ab  ", 'left')   % "ab  "
    """
    side, chars = "both", WHITESPACE
    rest = list(args)
    if rest and option_name(rest[0]) in ("both", "left", "right"):
        side = option_name(rest.pop(0))
    if rest:
        chars = text_arg(rest.pop(0), "strip", "Pad character")
        if len(chars) != 1 or rest:
            raise MatlabError("MATLAB:strip:InvalidPadCharacter",
                              "The pad character must be one character.")
    strip_fn = {"both": str.strip, "left": str.lstrip, "right": str.rstrip}[side]
    return map_texts(text, "strip", lambda t: strip_fn(t, chars))


def _position(value: Value, fname: str) -> int | None:
    if type(value) is float or (type(value) is np.ndarray and value.size == 1 and value.dtype.kind in "fiu"):
        position = float(np.asarray(value).flat[0])
        if not position.is_integer() or position < 0:
            raise MatlabError(f"MATLAB:{fname}:InvalidPosition",
                              "The position must be a nonnegative integer.")
        return int(position)
    return None


def _extract(fname: str, text: Value, where: Value, before: bool) -> Value:
    position = _position(where, fname)
    texts = texts_of(text, fname)
    pattern = None if position is not None else text_arg(where, fname, "Pattern")

    def cut(t: str) -> str | None:
        if position is not None:
            if position > len(t) + (1 if before else 0):
                raise MatlabError(f"MATLAB:{fname}:InvalidPosition",
                                  f"The position {position} is outside the text (length {len(t)}).")
            return t[:max(position - 1, 0)] if before else t[position:]
        k = t.find(pattern)
        if k < 0:
            return None if texts.kind == "string" else ""
        return t[:k] if before else t[k + len(pattern):]
    return texts.rebuild([None if t is None else cut(t) for t in texts.items])


@builtin("extractBefore", family="strings")
def extract_before(text, where):
    """extractBefore(str, pat), extractBefore(str, pos)  the text before the first pat (or position pos).

    A string whose pattern is not found gives <missing> (a char or cell input gives '').

        extractBefore("key=value", "=")   % "key"
    """
    return _extract("extractBefore", text, where, before=True)


@builtin("extractAfter", family="strings")
def extract_after(text, where):
    """extractAfter(str, pat), extractAfter(str, pos)  the text after the first pat (or position pos).

    A string whose pattern is not found gives <missing> (a char or cell input gives '').

        extractAfter("key=value", "=")   % "value"
    """
    return _extract("extractAfter", text, where, before=False)


# -- character classification -----------------------------------------------------------------------

def _is_punct(ch: str) -> bool:
    return unicodedata.category(ch).startswith(("P", "S"))


_CATEGORIES: dict[str, Callable[[str], bool]] = {
    "alpha": str.isalpha, "digit": lambda ch: "0" <= ch <= "9", "alphanum": str.isalnum,
    "wspace": lambda ch: ch in WHITESPACE, "upper": str.isupper, "lower": str.islower,
    "punct": _is_punct, "cntrl": lambda ch: unicodedata.category(ch) == "Cc",
    "xdigit": lambda ch: ch in "0123456789abcdefABCDEF", "ascii": lambda ch: ord(ch) < 128,
    "graphic": lambda ch: ch.isprintable() and not ch.isspace(), "print": str.isprintable,
}


def _classify(value: Value, test: Callable[[str], bool]) -> Value:
    """A logical array of char's size (a string scalar gives one flag per character)."""
    if type(value) is StringArray and value.data.size == 1:
        value = CharArray.from_str(value.data.flat[0] or "")
    if type(value) is not CharArray:
        return simplify(np.zeros(size_of(value), dtype=np.bool_))
    flags = np.array([test(chr(c)) for c in value.codes.ravel(order="F")], dtype=np.bool_)
    return simplify(flags.reshape(value.codes.shape, order="F"))


@builtin("isspace", family="strings")
def isspace(text):
    """isspace(str)  true for the whitespace characters of a char array (false for other types).

    Whitespace is space, tab, newline, vertical tab, form feed and carriage return; the result has the
    size of str.

        isspace('a b')   % [0 1 0]
    """
    return _classify(text, _CATEGORIES["wspace"])


@builtin("isletter", family="strings")
def isletter(text):
    """isletter(str)  true for the letters of a char array (false for other types).

    Letters are alphabetic characters in any script; the result has the size of str.

        isletter('a1B')   % [1 0 1]
    """
    return _classify(text, _CATEGORIES["alpha"])


@builtin("isstrprop", family="strings")
def isstrprop(text, category):
    """isstrprop(str, category)  true for the characters of str in a category.

    Categories: 'alpha', 'digit', 'alphanum', 'wspace', 'upper', 'lower', 'punct', 'cntrl', 'xdigit',
    'ascii', 'graphic', 'print'. A cell array gives a cell array of logical arrays.

        isstrprop('a1 B', 'digit')   % [0 1 0 0]
    """
    name = option_name(category)
    if name not in _CATEGORIES:
        raise MatlabError("MATLAB:isstrprop:InvalidCategory", "The category must be text." if name is None
                          else f"'{name}' is not a valid category.")
    test = _CATEGORIES[name]
    if type(text) is not CharArray and not (type(text) is StringArray and text.data.size == 1):
        texts: TextList = texts_of(text, "isstrprop")
        if texts.kind == "cell":
            flags = [_classify(CharArray.from_str(t or ""), test) for t in texts.items]
            return cell_value(flags, texts.shape)
    return _classify(text, test)
