"""sprintf and fprintf: MATLAB's format language.

``format_text(fmt, args)`` is the engine (error, warning, assert and MException use it too). MATLAB's
rules, which differ from C's:
- escapes (\\n, \\t, \\\\, \\xHH, \\NNN) are expanded in the format only, never in the arguments;
- the arguments are flattened, column-major, into one list of values and the format is reused until
  every value is used; output stops at the first conversion that has no value left (so a format with
  conversions and no arguments prints up to its first conversion);
- a char argument meeting %s is used whole; meeting a numeric conversion (or %c), it gives its codes;
- a non-integer meeting %d/%i/%u/%x/%o/%c, or a number meeting %s that is not a whole number, is printed
  with %e (same flags, width and precision); a whole number meeting %s prints as the character with that
  code; Inf and NaN print as Inf, -Inf and NaN;
- only the real part of complex numbers is printed.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

import numpy as np

from ..errors import MatlabError, check_size
from ..values import CharArray, StringArray, Value, class_of
from .filetable import write_bytes
from .registry import builtin
from .textutil import is_text_scalar, string_value, text_arg, unescape

_SPEC = re.compile(r"%%|%(?:\d+\$)?([-+ 0#]*)(\*|\d+)?(?:\.(\*|\d*))?[lh]?([diuoxXfFeEgGcs])")
_INTEGER_CONVS = "diuoxXc"


@dataclass(frozen=True)
class Spec:
    """One conversion: %[flags][width][.precision]conv (width/precision may be '*')."""
    flags: str
    width: str
    precision: str | None
    conv: str


Atom = str | int | float


def parse_format(fmt: str) -> list[str | Spec]:
    """The format (escapes already expanded) as literal text pieces and conversions."""
    pieces: list[str | Spec] = []
    last = 0
    for m in _SPEC.finditer(fmt):
        pieces.append(fmt[last:m.start()])
        if m.group(0) == "%%":
            pieces.append("%")
        else:
            pieces.append(Spec(m.group(1), m.group(2) or "", m.group(3), m.group(4)))
        last = m.end()
    pieces.append(fmt[last:])
    return [p for p in pieces if p != ""]


def _atoms(args: list[Value]) -> list[Atom]:
    atoms: list[Atom] = []
    for arg in args:
        t = type(arg)
        if t is CharArray:
            if arg.codes.size:
                atoms.append(arg.to_str())
        elif t is StringArray:
            atoms.extend("<missing>" if s is None else s for s in arg.data.ravel(order="F"))
        elif t is float or t is int:
            atoms.append(arg)
        elif t is bool:
            atoms.append(int(arg))
        elif t is complex:
            atoms.append(arg.real)
        elif t is np.ndarray:
            flat = arg.ravel(order="F")
            if flat.dtype.kind == "c":
                flat = flat.real
            atoms.extend(flat.tolist() if flat.dtype.kind == "f" else (int(v) for v in flat))
        else:
            raise MatlabError("MATLAB:printf:invalidInputType",
                              f"Unable to convert '{class_of(arg)}' value to a format argument: "
                              f"only numeric, logical, char and string values can be formatted.")
    return atoms


def _is_whole(value: Atom) -> bool:
    return type(value) is int or (math.isfinite(value) and float(value).is_integer())


def _pad(text: str, spec: Spec, width: str) -> str:
    if not width:
        return text
    return text.ljust(int(width)) if "-" in spec.flags else text.rjust(int(width))


def _format_number(spec: Spec, width: str, precision: str | None, value: int | float) -> str:
    conv = spec.conv
    if type(value) is float and not math.isfinite(value):
        text = "NaN" if math.isnan(value) else ("Inf" if value > 0 else "-Inf")
        if "+" in spec.flags and value > 0:
            text = "+Inf"
        return _pad(text, spec, width)
    if conv in _INTEGER_CONVS or conv == "s":
        if not _is_whole(value) or (conv in "cs" and not 0 <= value < 0x110000):
            conv = "e"
        elif conv in "cs":
            return _pad(chr(int(value)), spec, width)
        else:
            value = int(value)
            conv = "d" if conv in "iu" else conv
    prec = "" if precision is None else "." + precision
    if conv == "o" and "#" in spec.flags:
        return _alternate_octal(spec.flags.replace("#", ""), width, prec, value)
    return f"%{spec.flags}{width}{prec}{conv}" % value


def _alternate_octal(flags: str, width: str, prec: str, value: int) -> str:
    """C's %#o (a leading 0), which Python writes as 0o."""
    text = f"%{flags}{prec}o" % value
    sign = len(text) - len(text.lstrip("+- "))
    if value != 0 and not text[sign:].startswith("0"):
        text = text[:sign] + "0" + text[sign:]
    pad = max(int(width or 0) - len(text), 0)
    if "-" in flags:
        return text + " " * pad
    return text[:sign] + "0" * pad + text[sign:] if "0" in flags else " " * pad + text


def _format_text(spec: Spec, width: str, precision: str | None, text: str) -> str:
    if precision not in (None, ""):
        text = text[:int(precision)]
    return _pad(text, spec, width)


class _Feeder:
    """Hands out argument values to conversions, splitting char values into codes when needed."""

    def __init__(self, atoms: list[Atom]):
        self.atoms = atoms
        self.pos = 0

    def exhausted(self) -> bool:
        return self.pos >= len(self.atoms)

    def take(self, as_text: bool) -> Atom | None:
        """The next value (None when none is left); text meeting a numeric conversion gives its codes."""
        while self.pos < len(self.atoms):
            atom = self.atoms[self.pos]
            if type(atom) is str and not as_text:
                self.atoms[self.pos:self.pos + 1] = [float(ord(ch)) for ch in atom]
                continue
            self.pos += 1
            return atom
        return None

    def take_count(self) -> str | None:
        """A '*' width or precision."""
        value = self.take(as_text=False)
        if value is None:
            return None
        return str(max(int(value), 0)) if _is_whole(value) else "0"


def _convert(spec: Spec, feed: _Feeder) -> str | None:
    """Text of one conversion, or None when the arguments ran out before it."""
    width = feed.take_count() if spec.width == "*" else spec.width
    precision = feed.take_count() if spec.precision == "*" else spec.precision
    value = feed.take(as_text=spec.conv == "s")
    if value is None or width is None or (spec.precision == "*" and precision is None):
        return None
    if width:
        check_size((1, int(width)), 2)
    if type(value) is str:
        return _format_text(spec, width, precision, value)
    if precision:
        check_size((1, int(precision)), 2)
    return _format_number(spec, width, precision, value)


def format_text(fmt: str, args: list[Value]) -> str:
    """Apply MATLAB format ``fmt`` (escapes not yet expanded) to ``args``; see the module docstring."""
    pieces = parse_format(unescape(fmt))
    if not any(type(p) is Spec for p in pieces):
        return "".join(pieces)
    feed = _Feeder(_atoms(args))
    no_data = feed.exhausted()
    out: list[str] = []
    while True:
        for piece in pieces:
            if type(piece) is str:
                out.append(piece)
                continue
            if no_data and args:
                continue
            text = _convert(piece, feed)
            if text is None:
                return "".join(out)
            out.append(text)
        if feed.exhausted():
            return "".join(out)


def _format_arg(fmt: Value, fname: str) -> str:
    if not is_text_scalar(fmt):
        raise MatlabError(f"MATLAB:{fname}:invalidFormat",
                          "Format must be a character vector or string scalar.")
    return text_arg(fmt, fname)


@builtin("sprintf", family="strings")
def sprintf(fmt, *args):
    """sprintf(formatSpec, A1, ..., An)  format data into text.

    Applies formatSpec (%d %i %u %f %e %g %x %o %c %s with flags, width and precision, `*` widths,
    escapes \\n \\t \\\\ %%) to the elements of A1..An in column-major order, reusing the format until
    every element is used. The result is a char row vector, or a string scalar when formatSpec is a
    string.

        sprintf('%d-%d\\n', [1 2; 3 4])   % '1-3\\n2-4\\n'
    """
    text = format_text(_format_arg(fmt, "sprintf"), list(args))
    if type(fmt) is StringArray:
        return string_value([text])
    return CharArray.from_str(text)


@builtin("fprintf", family="strings")
def fprintf(ctx, *args, nargout=0):
    """fprintf(fileID, formatSpec, A1, ..., An)  write formatted text to a file or the command window.

    Formats like sprintf and writes the text (UTF-8) to the file fopen opened as fileID; fileID 1
    (standard output, also when it is left out) and 2 (standard error) print it. With an output
    argument, returns the number of bytes written.

        fprintf('x = %.2f\\n', pi)          % prints x = 3.14
        fid = fopen('out.txt', 'w'); fprintf(fid, '%d\\n', 1:3); fclose(fid);
    """
    if not args:
        raise MatlabError("MATLAB:minrhs", "Not enough input arguments.")
    fid: Value = 1.0
    if not is_text_scalar(args[0]) and len(args) > 1:
        fid, args = args[0], args[1:]
    text = format_text(_format_arg(args[0], "fprintf"), list(args[1:]))
    data = text.encode("utf-8", "surrogatepass")
    write_bytes(ctx, fid, data, text)
    if nargout > 0:
        return float(len(data))
    return None
