"""Reading text by fields and by lines: textscan, readlines, writelines.

textscan splits the text into fields: at the delimiters when 'Delimiter' is given (each line end also
ends a field; 'MultipleDelimsAsOne' merges runs), else at whitespace. The conversions of the format
take the fields in turn, cycling through the format: %f %n (double), %f32 (single), %d %d8 %d16 %d32
%d64 and %u ... (integers, rounded), %s (text, a cell column), %q (text in double quotes, which are
removed), %c (one character); %*... skips a field. Literal text in the format is removed from the
start of the field it precedes. An empty numeric field gives 'EmptyValue' (NaN); a field a numeric
conversion cannot read ends the reading, so the columns read so far may differ in length by one.
"""
from __future__ import annotations

import re

import numpy as np

from ..context import CallContext
from ..errors import MatlabError
from ..semantics import to_value
from ..values import CellArray, CharArray, StringArray, Value, class_of
from .arguments import match_name, name_values, real_scalar
from .fileio import read_whole
from .filetable import get_file
from .registry import builtin
from .sizes import option_text
from .textutil import char_row, text_arg, texts_of, unescape

_CONVERSION = re.compile(r"%(\*?)(\d*)(?:\.\d+)?(f32|f64|d8|d16|d32|d64|u8|u16|u32|u64|[fndusqc]|\[[^\]]*\])")
_INTEGER = {"d": "int32", "d8": "int8", "d16": "int16", "d32": "int32", "d64": "int64",
            "u": "uint32", "u8": "uint8", "u16": "uint16", "u32": "uint32", "u64": "uint64"}
TEXTSCAN_OPTIONS = ("Delimiter", "HeaderLines", "MultipleDelimsAsOne", "CollectOutput", "EmptyValue",
                    "CommentStyle", "EndOfLine", "Whitespace", "ReturnOnError", "TreatAsEmpty")


def _conversions(fmt: str) -> list[tuple[str, str, bool]]:
    """(literal before it, kind, skipped) of each conversion of the format."""
    out, pos = [], 0
    for m in _CONVERSION.finditer(fmt):
        out.append((fmt[pos:m.start()].strip(), m.group(3), bool(m.group(1))))
        pos = m.end()
    if not out:
        raise MatlabError("MATLAB:textscan:BadFormatString", "The format must contain a conversion (%f, %s ...).")
    return out


def _fields(text: str, delimiters: list[str], merge: bool, comment: str | None) -> list[str]:
    lines = re.split(r"\r\n|\n|\r", text)
    if comment:
        lines = [line.split(comment, 1)[0] for line in lines]
    if not delimiters:
        return [f for line in lines for f in line.split()]
    pattern = "(?:" + "|".join(re.escape(d) for d in delimiters) + (")+" if merge else ")")
    fields: list[str] = []
    for line in lines:
        if not line.strip():
            continue
        fields.extend(part.strip(" \b\t") for part in re.split(pattern, line))
    return fields


def _number(field: str, empty: float) -> float | None:
    if field == "":
        return empty
    try:
        return float(field.replace("D", "e").replace("d", "e"))
    except ValueError:
        return None


def _columns(conversions: list, fields: list[str], repeats: int | None, empty: float) -> list[list]:
    kept = [c for c in conversions if not c[2]]
    columns: list[list] = [[] for _ in kept]
    k, rounds, done = 0, 0, False
    while k < len(fields) and not done and (repeats is None or rounds < repeats):
        out = 0
        for literal, kind, skipped in conversions:
            if k >= len(fields):
                done = True
                break
            field = fields[k]
            if literal and field.startswith(literal):
                field = field[len(literal):].strip()
            if kind in ("s", "c", "q") or kind.startswith("["):
                value: object = field[1:-1] if kind == "q" and len(field) >= 2 and field[0] == field[-1] == '"' \
                    else field[:1] if kind == "c" else field
            else:
                value = _number(field, empty)
                if value is None:
                    done = True
                    break
            k += 1
            if not skipped:
                columns[out].append(value)
                out += 1
        rounds += 1
    return columns


def _column_value(kind: str, values: list) -> Value:
    if kind in ("s", "q", "c") or kind.startswith("["):
        data = np.empty((len(values), 1), dtype=object)
        for i, v in enumerate(values):
            data[i, 0] = char_row(v)
        return CellArray(data) if kind != "c" else CharArray(
            np.array([[ord(v) if v else 32] for v in values], dtype=np.uint16).reshape(-1, 1))
    arr = np.array(values, dtype=np.float64).reshape(-1, 1)
    if kind == "f32":
        return arr.astype(np.float32)
    if kind in _INTEGER:
        cls = _INTEGER[kind]
        info = np.iinfo(cls)
        return np.clip(np.round(np.nan_to_num(arr)), info.min, info.max).astype(cls)
    return to_value(arr)


def _collected(values: list[Value]) -> list[Value]:
    """'CollectOutput': neighbouring columns of one class joined into one array (text: one cell array)."""
    groups: list[list[Value]] = []
    for v in values:
        if groups and class_of(groups[-1][0]) == class_of(v) and np.shape(_data(v))[0] == np.shape(_data(groups[-1][0]))[0]:
            groups[-1].append(v)
        else:
            groups.append([v])
    out = []
    for group in groups:
        if type(group[0]) is CellArray:
            out.append(CellArray(np.concatenate([g.data for g in group], axis=1)))
        else:
            out.append(to_value(np.concatenate([np.asarray(g).reshape(-1, 1) for g in group], axis=1)))
    return out


def _data(v: Value) -> np.ndarray:
    return v.data if type(v) is CellArray else np.asarray(v).reshape(-1, 1)


@builtin("textscan", family="files")
def textscan(ctx: CallContext, source: Value, fmt: Value, *args: Value) -> Value:
    """C = textscan(fileID, formatSpec), textscan(str, formatSpec), textscan(..., N), textscan(..., Name, Value)
    Read formatted data from a text file or a text into a cell array of columns.

    Each conversion of formatSpec gives one cell of C: %f (double column), %f32, %d / %d8 ... %u64
    (integer columns), %s and %q (cell columns of text; %q removes double quotes), %c (characters);
    %*s skips a field. The format repeats until the text ends, or N times. Options: 'Delimiter' (a
    character or a cell of them; default whitespace), 'HeaderLines', 'MultipleDelimsAsOne',
    'CollectOutput' (join neighbouring columns of one class), 'EmptyValue' (NaN), 'CommentStyle'. From a
    file, reading starts at the file's position and leaves it at the end.

        C = textscan(sprintf('1,2\\n3,4'), '%f %f', 'Delimiter', ',');    % C{1} = [1; 3], C{2} = [2; 4]
    """
    rest = list(args)
    repeats = None
    if rest and option_text(rest[0]) is None:
        count = real_scalar("textscan", rest.pop(0), "N")
        repeats = None if count < 0 or not np.isfinite(count) else int(count)
    opts = name_values("textscan", rest, TEXTSCAN_OPTIONS)
    if type(source) in (CharArray, StringArray):
        text = text_arg(source, "textscan", "Text")
    else:
        entry = get_file(ctx, source, "textscan")
        text = entry.handle.read().decode("utf-8", "replace")
    skip = int(real_scalar("textscan", opts["HeaderLines"], "HeaderLines")) if "HeaderLines" in opts else 0
    if skip:
        text = "\n".join(re.split(r"\r\n|\n|\r", text)[skip:])
    delimiters = [unescape(d) for d in texts_of(opts["Delimiter"], "textscan").items] if "Delimiter" in opts else []
    merge = bool(np.all(np.asarray(opts["MultipleDelimsAsOne"]))) if "MultipleDelimsAsOne" in opts else False
    comment = option_text(opts["CommentStyle"]) if "CommentStyle" in opts else None
    empty = real_scalar("textscan", opts["EmptyValue"], "EmptyValue") if "EmptyValue" in opts else np.nan
    conversions = _conversions(text_arg(fmt, "textscan", "Format"))
    columns = _columns(conversions, _fields(text, delimiters, merge, comment), repeats, empty)
    kinds = [kind for _, kind, skipped in conversions if not skipped]
    values = [_column_value(kind, column) for kind, column in zip(kinds, columns)]
    if "CollectOutput" in opts and bool(np.all(np.asarray(opts["CollectOutput"]))):
        values = _collected(values)
    data = np.empty((1, len(values)), dtype=object)
    for k, v in enumerate(values):
        data[0, k] = v
    return CellArray(data)


def _whitespace_rule(line: str, rule: str) -> str:
    return {"preserve": line, "trim": line.strip(), "trimleading": line.lstrip(), "trimtrailing": line.rstrip()}[rule]


@builtin("readlines", family="files")
def readlines(name: Value, *args: Value) -> Value:
    """lines = readlines(filename), readlines(..., 'EmptyLineRule', r, 'WhitespaceRule', w)  the lines of
    a text file as a string column.

    Lines end at \\n, \\r\\n or \\r (a final line end does not start another line). 'EmptyLineRule'
    'read' (default) keeps empty lines, 'skip' drops them; 'WhitespaceRule' 'preserve' (default),
    'trim', 'trimleading' or 'trimtrailing'.

        lines = readlines('notes.txt');
    """
    opts = name_values("readlines", list(args), ("EmptyLineRule", "WhitespaceRule", "Encoding", "LineEnding"))
    empty_rule = match_name("readlines", option_text(opts["EmptyLineRule"]) or "", ("read", "skip")) \
        if "EmptyLineRule" in opts else "read"
    space_rule = match_name("readlines", option_text(opts["WhitespaceRule"]) or "",
                            ("preserve", "trim", "trimleading", "trimtrailing")) if "WhitespaceRule" in opts else "preserve"
    text = read_whole(name, "readlines")
    lines = re.split(r"\r\n|\n|\r", text)
    if lines and lines[-1] == "" and text:
        lines.pop()
    lines = [_whitespace_rule(line, space_rule) for line in lines]
    if empty_rule == "skip":
        lines = [line for line in lines if line]
    data = np.empty((len(lines), 1), dtype=object)
    for k, line in enumerate(lines):
        data[k, 0] = line
    return StringArray(data)


@builtin("writelines", family="files")
def writelines(lines: Value, name: Value, *args: Value) -> None:
    """writelines(lines, filename), writelines(..., 'WriteMode', 'append')  write text to a file, each
    element of lines on a line of its own.

    lines is a string array, a cell array of character vectors or a character vector; every line ends
    with a newline. 'WriteMode' 'overwrite' (default) replaces the file, 'append' adds to it.

        writelines(["first" "second"], 'out.txt')
    """
    opts = name_values("writelines", list(args), ("WriteMode", "LineEnding", "Encoding"))
    mode = match_name("writelines", option_text(opts["WriteMode"]) or "", ("overwrite", "append")) \
        if "WriteMode" in opts else "overwrite"
    items = texts_of(lines, "writelines").items
    path = text_arg(name, "writelines", "File name")
    try:
        with open(path, "a" if mode == "append" else "w", encoding="utf-8", newline="") as handle:
            handle.write("".join(f"{'' if t is None else t}\n" for t in items))
    except OSError:
        raise MatlabError("MATLAB:writelines:FileOpenFailed", f"Unable to open file '{path}' for writing.") from None
