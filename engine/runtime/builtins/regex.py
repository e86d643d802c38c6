"""regexp, regexpi and regexprep, on Python's re with MATLAB's syntax and defaults.

Translation (``translate_pattern``): ``(?<name>...)`` becomes ``(?P<name>...)``, ``\\k<name>`` becomes
``(?P=name)``, ``\\<`` and ``\\>`` (word starts and ends) become ``\\b``; ``.`` matches newlines unless
'dotexceptnewline' is given (MATLAB's default is 'dotall'); zero-length matches are ignored unless
'emptymatch' is given. In replacements ``$0``/``$N``/``$<name>`` refer to the match and its tokens and
the escapes \\n \\t \\\\ \\$ are expanded. A string scalar is searched like a char vector (outputs are
char/cell, not string).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Callable

import numpy as np

from ..errors import MatlabError
from ..values import CellArray, StructArray, Value
from .cells import struct_value
from .registry import builtin
from .textutil import (EMPTY_CHAR, TextList, cell_value, char_row, char_value, option_name, text_arg,
                       texts_of, unescape)

OUTPUT_KEYWORDS = ("start", "end", "tokenextents", "match", "tokens", "names", "split")
_NAMED_GROUP = re.compile(r"\(\?<([A-Za-z]\w*)>")
_NAMED_BACKREF = re.compile(r"\\k<([A-Za-z]\w*)>")


def translate_pattern(pattern: str) -> str:
    """A MATLAB regular expression in Python's re syntax."""
    out: list[str] = []
    k = 0
    while k < len(pattern):
        ref = _NAMED_BACKREF.match(pattern, k)
        if ref:
            out.append(f"(?P={ref.group(1)})")
            k = ref.end()
            continue
        if pattern[k] == "\\" and k + 1 < len(pattern):
            pair = pattern[k:k + 2]
            out.append(r"\b" if pair in (r"\<", r"\>") else pair)
            k += 2
            continue
        m = _NAMED_GROUP.match(pattern, k)
        if m:
            out.append(f"(?P<{m.group(1)}>")
            k = m.end()
            continue
        out.append(pattern[k])
        k += 1
    return "".join(out)


def _compile(pattern: str, flags: int) -> re.Pattern:
    try:
        return re.compile(translate_pattern(pattern), flags)
    except re.error as exc:
        raise MatlabError("MATLAB:regexp:invalidPattern", f"Invalid regular expression: {exc}.") from None


@dataclass
class Options:
    flags: int
    outputs: list[str] = field(default_factory=list)   # requested output keywords, in order
    once: bool = False
    empty_matches: bool = False                         # 'emptymatch' (MATLAB ignores them by default)


def _parse_options(options: tuple, fname: str, ignore_case: bool) -> Options:
    opts = Options(re.DOTALL | (re.IGNORECASE if ignore_case else 0))
    for opt in options:
        name = option_name(opt)
        if name in OUTPUT_KEYWORDS:
            opts.outputs.append(name)
        elif name in ("once", "emptymatch", "noemptymatch"):
            setattr(opts, "once" if name == "once" else "empty_matches", name != "noemptymatch")
        elif name in _FLAG_OPTIONS:
            flag, on = _FLAG_OPTIONS[name]
            opts.flags = opts.flags | flag if on else opts.flags & ~flag
        elif name != "literalspacing":
            raise MatlabError(f"MATLAB:{fname}:unknownOption",
                              f"Invalid option for {fname}: '{name if name else '?'}'.")
    return opts


_FLAG_OPTIONS = {"ignorecase": (re.IGNORECASE, True), "matchcase": (re.IGNORECASE, False),
                 "dotall": (re.DOTALL, True), "dotexceptnewline": (re.DOTALL, False),
                 "lineanchors": (re.MULTILINE, True), "stringanchors": (re.MULTILINE, False),
                 "freespacing": (re.VERBOSE, True)}


def _row(values: list[float]) -> np.ndarray:
    return np.array(values, dtype=np.float64).reshape(1, len(values))


def _tokens(m: re.Match) -> list[str]:
    if m.re.groups == 0:
        return [m.group(0)]
    return [g or "" for g in m.groups()]


def _token_extents(m: re.Match) -> np.ndarray:
    if m.re.groups == 0:
        return np.array([[m.start() + 1, m.end()]], dtype=np.float64)
    spans = [m.span(k) for k in range(1, m.re.groups + 1)]
    return np.array([[s + 1, e] if s >= 0 else [np.nan, np.nan] for s, e in spans], dtype=np.float64)


def _names(matches: list[re.Match], regex: re.Pattern) -> StructArray:
    """Named tokens: a 1xN struct array (1x1 for one match; 0x0 for none; no fields: a 1x1 struct)."""
    fields = list(regex.groupindex)
    if not fields:
        return StructArray.scalar({})
    records = [{f: char_row(m.group(f) or "") for f in fields} for m in matches]
    return struct_value(fields, records, (1, len(records)) if records else (0, 0))


def _split(text: str, matches: list[re.Match]) -> CellArray:
    pieces, last = [], 0
    for m in matches:
        pieces.append(char_row(text[last:m.start()]))
        last = m.end()
    pieces.append(char_row(text[last:]))
    return cell_value(pieces)


def _output(kind: str, text: str, matches: list[re.Match], regex: re.Pattern, once: bool) -> Value:
    if kind == "names":
        return _names(matches, regex)
    if kind == "split":
        return _split(text, matches)
    first = matches[0] if matches else None
    if kind in ("start", "end"):
        values = [m.start() + 1 if kind == "start" else m.end() for m in matches]
        return (float(values[0]) if values else np.zeros((0, 0))) if once else _row(values)
    if kind == "match":
        if once:
            return char_row(first.group(0)) if first else EMPTY_CHAR
        return cell_value([char_row(m.group(0)) for m in matches])
    if kind == "tokens":
        if once:
            return cell_value([char_row(t) for t in _tokens(first)]) if first else CellArray.empty()
        return cell_value([cell_value([char_row(t) for t in _tokens(m)]) for m in matches])
    if once:
        return _token_extents(first) if first else np.zeros((0, 2))
    return cell_value([_token_extents(m) for m in matches])


def _regexp_one(text: str, regex: re.Pattern, opts: Options) -> list[Value]:
    matches = [m for m in regex.finditer(text) if opts.empty_matches or m.end() > m.start()]
    if opts.once:
        matches = matches[:1]
    return [_output(kind, text, matches, regex, opts.once) for kind in opts.outputs]


def _regexp(fname: str, s: Value, pattern: Value, options: tuple, nargout: int, ignore_case: bool):
    opts = _parse_options(options, fname, ignore_case)
    rest = [k for k in OUTPUT_KEYWORDS if k not in opts.outputs]
    opts.outputs = (opts.outputs + rest)[:max(nargout, 1)]
    texts = texts_of(s, fname)
    patterns = texts_of(pattern, fname)
    if len(texts.items) == 1 and len(patterns.items) == 1 and "cell" not in (texts.kind, patterns.kind):
        results = _regexp_one(texts.items[0] or "", _compile(patterns.items[0] or "", opts.flags), opts)
    else:
        results = _regexp_each(texts, patterns, opts)
    return tuple(results) if nargout > 1 else results[0]


def _regexp_each(texts: TextList, patterns: TextList, opts: Options) -> list[Value]:
    """regexp over a cell/string array of texts (or of patterns): a cell array per output."""
    count = max(len(texts.items), len(patterns.items))
    if len(texts.items) not in (1, count) or len(patterns.items) not in (1, count):
        raise MatlabError("MATLAB:regexp:cellMismatch",
                          "All cell array inputs must be the same size.")
    shape = texts.shape if len(texts.items) == count else patterns.shape
    per_item = [_regexp_one(texts.items[k % len(texts.items)] or "",
                            _compile(patterns.items[k % len(patterns.items)] or "", opts.flags), opts)
                for k in range(count)]
    return [cell_value([item[j] for item in per_item], shape) for j in range(len(opts.outputs))]


@builtin("regexp", family="strings")
def regexp(s, pattern, *options, nargout=1):
    """[tok, ...] = regexp(str, expression, outkeys..., 'once', options...)  match a regular expression.

    Without output keywords the outputs are start indices, end indices, token extents, matches, tokens,
    names (a struct of named tokens (?<name>...)) and split pieces, in that order; keywords 'match',
    'tokens', 'names', 'start', 'end', 'split', 'tokenExtents' choose the first outputs, in the order
    given (further outputs follow in the default order). 'once'
    returns the first match without the enclosing cell. Options 'ignorecase', 'lineanchors',
    'dotexceptnewline', 'freespacing'. A cell array str gives cell outputs.

        regexp('ab12cd345', '\\d+', 'match')   % {'12', '345'}
    """
    return _regexp("regexp", s, pattern, options, nargout, False)


@builtin("regexpi", family="strings")
def regexpi(s, pattern, *options, nargout=1):
    """regexpi(str, expression, ...)  regexp ignoring case.

    Same forms as regexp.

        regexpi('ABC', 'b', 'match')   % {'B'}
    """
    return _regexp("regexpi", s, pattern, options, nargout, True)


def _replacement(template: str, empty_matches: bool) -> Callable[[re.Match], str]:
    """A function computing MATLAB replacement text ($0, $N, $<name>, escapes) for a match."""
    parts: list[Any] = []
    for m in re.finditer(r"\$(\d+)|\$<(\w+)>|\\(.)|([^$\\]+|[$\\])", template, re.DOTALL):
        number, name, escaped, literal = m.groups()
        if number is not None:
            parts.append(int(number))
        elif name is not None:
            parts.append(name)
        elif escaped is not None:
            parts.append(("lit", escaped if escaped in "$\\" else unescape("\\" + escaped)))
        else:
            parts.append(("lit", literal))

    def expand(match: re.Match) -> str:
        if not empty_matches and match.end() == match.start():
            return ""
        out = []
        for part in parts:
            if type(part) is tuple:
                out.append(part[1])
            elif (type(part) is int and part > match.re.groups) or \
                    (type(part) is str and part not in match.re.groupindex):
                continue
            else:
                out.append(match.group(part) or "")
        return "".join(out)
    return expand


@builtin("regexprep", family="strings")
def regexprep(s, pattern, replacement, *options):
    """regexprep(str, expression, replace, options...)  replace regular expression matches.

    Replaces every match (only the first with 'once'); replace may use $0 (the match), $1..$N (tokens)
    and $<name>. Options 'ignorecase', 'once', 'lineanchors', 'dotexceptnewline'. str may be a cell or
    string array; expression and replace may be cell arrays, applied in turn.

        regexprep('abc123', '(\\d)', '<$1>')   % 'abc<1><2><3>'
    """
    opts = _parse_options(options, "regexprep", False)
    if opts.outputs:
        raise MatlabError("MATLAB:regexprep:unknownOption",
                          f"Invalid option for regexprep: '{opts.outputs[0]}'.")
    texts = texts_of(s, "regexprep")
    exprs = [e or "" for e in texts_of(pattern, "regexprep").items]
    reps = [r or "" for r in texts_of(replacement, "regexprep").items]
    if len(reps) not in (1, len(exprs)):
        raise MatlabError("MATLAB:regexprep:cellMismatch",
                          "The replacement must be one text or have one text per expression.")
    steps = [(_compile(e, opts.flags), _replacement(reps[k % len(reps)], opts.empty_matches))
             for k, e in enumerate(exprs)]

    def apply(text: str) -> str:
        for regex, expand in steps:
            text = regex.sub(expand, text, count=1 if opts.once else 0)
        return text
    return texts.rebuild([None if t is None else apply(t) for t in texts.items])


@builtin("regexptranslate", family="strings")
def regexptranslate(op, s):
    """regexptranslate('escape' | 'wildcard', str)  make text safe to use in a regular expression.

    'escape' escapes the special characters of str; 'wildcard' turns * ? . of a file pattern into their
    regular expression equivalents.

        regexptranslate('escape', 'a.b')   % 'a\\.b'
    """
    kind, text = option_name(op), text_arg(s, "regexptranslate")
    if kind == "escape":
        return char_value(re.sub(r"([\\^$.|?*+()\[\]{}])", r"\\\1", text))
    if kind == "wildcard":
        return char_value(text.replace(".", r"\.").replace("*", ".*").replace("?", "."))
    raise MatlabError("MATLAB:regexptranslate:unknownOperation",
                      "The first input must be 'escape' or 'wildcard'.")
