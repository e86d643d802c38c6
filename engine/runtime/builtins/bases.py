"""Number bases: dec2bin dec2hex dec2base (numbers to digit text) and bin2dec hex2dec base2dec (back).

Digit text is a char matrix with one row per element of the input (in column-major order), padded on
the left with zeros to a common width; text inputs are a char matrix (one number per row), a cell array
of char vectors or a string array, and give a column of doubles.
"""
from __future__ import annotations

import numpy as np

from ..errors import MatlabError, check_size
from ..semantics import numeric
from ..values import CellArray, CharArray, StringArray, Value, class_of
from .elementwise import ANY_NUMERIC, check_classes
from .registry import builtin
from .sizes import option_text, whole_scalar

DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SIGNED_WIDTHS = (8, 16, 32, 64)


def _whole_numbers(fname: str, d: Value, negative_ok: bool) -> list[int]:
    """The elements of D in column-major order as Python integers; fractions are truncated toward
    minus infinity (MATLAB: 12.5 gives the digits of 12)."""
    check_classes(fname, (d,), ANY_NUMERIC)
    arr = numeric(d)
    if arr.dtype.kind == "c":
        raise MatlabError(f"MATLAB:{fname}:complexInput", "D must be real.")
    flat = arr.ravel(order="F")
    if flat.dtype.kind == "f":
        if not np.all(np.isfinite(flat)):
            raise MatlabError(f"MATLAB:{fname}:FirstArg", "D must contain finite values.")
        flat = np.floor(flat)
    values = [int(v) for v in flat.tolist()]
    if not negative_ok and any(v < 0 for v in values):
        raise MatlabError(f"MATLAB:{fname}:FirstArg",
                          "D must be an array of nonnegative integers smaller than flintmax.")
    return values


def _twos_complement(value: int, cls: str) -> int:
    """A negative value as the unsigned number with the same bits, in the width of its integer class
    or (for doubles) the smallest of 8, 16, 32 and 64 bits that holds it."""
    width = next((w for w in SIGNED_WIDTHS if value >= -(1 << (w - 1))), 64)
    if cls.startswith("int"):
        width = int(cls[3:])
    return (1 << width) + value


def _digit_rows(values: list[int], base: int, symbols: str, min_digits: int) -> CharArray:
    """One row of digits per value, left-padded with the zero symbol to a common width of at least
    min_digits (and at least one digit); no values give a 0-by-min_digits array."""
    check_size((len(values), min_digits), 2)
    if not values:
        return CharArray(np.zeros((0, min_digits), dtype=np.uint16))
    wide = max(values) >= 1 << 64                   # past uint64 (a double above 2^64): Python integers
    rest = np.array(values, dtype=object if wide else np.uint64)
    radix = base if wide else np.uint64(base)
    columns = []                                    # the digits, least significant first
    while not columns or rest.any():
        columns.append(rest % radix)
        rest = rest // radix
    digits = np.stack(columns[::-1], axis=1).astype(np.intp)
    digits = np.pad(digits, ((0, 0), (max(min_digits - digits.shape[1], 0), 0)))
    table = np.array([ord(c) for c in symbols], dtype=np.uint16)
    return CharArray(table[digits])


def _min_digits(value: Value | None, fname: str) -> int:
    if value is None:
        return 0
    count = whole_scalar(value)
    if count is None or count < 0:
        raise MatlabError(f"MATLAB:{fname}:InvalidMinDigits",
                          "MINDIGITS must be a nonnegative integer scalar.")
    return count


def _signed_digits(fname: str, d: Value, min_digits: Value | None, base: int) -> CharArray:
    cls = class_of(d)
    low = -(1 << 63)        # below intmin('int64'): int64's saturation, as Octave gives (-1e308: 1 and 63 zeros)
    values = [v if v >= 0 else _twos_complement(max(v, low), cls) for v in _whole_numbers(fname, d, True)]
    return _digit_rows(values, base, DIGITS, _min_digits(min_digits, fname))


@builtin("dec2bin", family="strings")
def dec2bin(d: Value, min_digits: Value | None = None) -> Value:
    """dec2bin(D), dec2bin(D, minDigits)  binary digits of the integers in D, as a char matrix.

    One row per element of D, padded with leading zeros to a common width of at least minDigits.
    Fractions are truncated; negative values give their two's complement (8, 16, 32 or 64 bits, or the
    width of their integer class).

        dec2bin(23, 8)    % '00010111'
        dec2bin(-16)      % '11110000'
    """
    return _signed_digits("dec2bin", d, min_digits, 2)


@builtin("dec2hex", family="strings")
def dec2hex(d: Value, min_digits: Value | None = None) -> Value:
    """dec2hex(D), dec2hex(D, minDigits)  hexadecimal digits (0-9, A-F) of the integers in D.

    One row per element of D, padded with leading zeros to a common width of at least minDigits;
    negative values give their two's complement, as in dec2bin.

        dec2hex(255)    % 'FF'
    """
    return _signed_digits("dec2hex", d, min_digits, 16)


def _base_symbols(base: Value, fname: str) -> str:
    """The digit symbols of a base given as a number 2..36 or as a char vector of distinct symbols."""
    symbols = option_text(base) if type(base) in (CharArray, StringArray) else None
    if symbols is not None:
        if len(symbols) < 2 or len(set(symbols)) != len(symbols) or any(c.isspace() for c in symbols):
            raise MatlabError(f"MATLAB:{fname}:SymbolsNotUnique",
                              "The symbols must be at least two distinct characters and no whitespace.")
        return symbols
    count = whole_scalar(base)
    if count is None or not 2 <= count <= 36:
        raise MatlabError(f"MATLAB:{fname}:BaseOutOfRange", "Base must be an integer between 2 and 36.")
    return DIGITS[:count]


@builtin("dec2base", family="strings")
def dec2base(d: Value, base: Value, min_digits: Value | None = None) -> Value:
    """dec2base(D, base), dec2base(D, base, minDigits)  digits of the nonnegative integers in D in a base.

    base is an integer from 2 to 36 (digits 0-9 then A-Z) or a char vector of the symbols to use. One row
    per element of D, padded with leading zeros (the first symbol) to at least minDigits.

        dec2base(23, 3)       % '212'
        dec2base(5, 'ab')     % 'bab'
    """
    symbols = _base_symbols(base, "dec2base")
    values = _whole_numbers("dec2base", d, False)
    return _digit_rows(values, len(symbols), symbols, _min_digits(min_digits, "dec2base"))


def _text_rows(text: Value, fname: str) -> list[str]:
    if type(text) is CharArray:
        return text.rows() if text.codes.size else []
    if type(text) is CellArray and all(type(c) is CharArray for c in text.data.flat):
        return [c.to_str() for c in text.data.ravel(order="F")]
    if type(text) is StringArray:
        return ["" if s is None else s for s in text.data.ravel(order="F")]
    raise MatlabError(f"MATLAB:{fname}:InvalidInput", "Input must be a character array, a cell array of "
                      "character vectors, or a string array.")


def _parse_digits(text: Value, fname: str, symbols: str, message: str) -> Value:
    """A column of the numbers that the digit texts spell (spaces ignored, letters in either case when
    the symbols are 0-9A-Z)."""
    fold = symbols == DIGITS[:len(symbols)]
    lookup = {c: k for k, c in enumerate(symbols)}
    values = []
    for row in _text_rows(text, fname):
        digits = "".join(row.split())
        total = 0
        for c in digits.upper() if fold else digits:
            if c not in lookup:
                raise MatlabError(f"MATLAB:{fname}:IllegalDigit", message)
            total = total * len(symbols) + lookup[c]
        values.append(float(total))
    return np.array(values, dtype=np.float64).reshape(-1, 1) if len(values) != 1 else values[0]


@builtin("bin2dec", family="strings")
def bin2dec(text: Value) -> Value:
    """bin2dec(binStr)  the numbers that binary digit texts spell.

    binStr is a char matrix (one number per row), a cell array of char vectors or a string array; the
    result is a column vector of doubles. Spaces are ignored; other characters than 0 and 1 are an error.

        bin2dec('10111')    % 23
    """
    return _parse_digits(text, "bin2dec", DIGITS[:2], "Binary text must consist of the characters 0 and 1.")


@builtin("hex2dec", family="strings")
def hex2dec(text: Value) -> Value:
    """hex2dec(hexStr)  the numbers that hexadecimal digit texts spell (0-9 and A-F in either case).

    hexStr is a char matrix (one number per row), a cell array of char vectors or a string array; the
    result is a column vector of doubles.

        hex2dec({'ff', '10'})    % [255; 16]
    """
    return _parse_digits(text, "hex2dec", DIGITS[:16],
                         "Input to hex2dec should have just 0-9, a-f, or A-F.")


@builtin("base2dec", family="strings")
def base2dec(text: Value, base: Value) -> Value:
    """base2dec(baseStr, base)  the numbers that digit texts in a base spell.

    base is an integer from 2 to 36 (digits 0-9 then A-Z, either case) or a char vector of symbols, as in
    dec2base. The result is a column vector of doubles.

        base2dec('212', 3)    % 23
    """
    symbols = _base_symbols(base, "base2dec")
    return _parse_digits(text, "base2dec", symbols, f"The text has characters that are not digits in base "
                         f"{len(symbols)}.")
