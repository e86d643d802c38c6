"""Text of datetime and duration values: MATLAB's Format identifiers (Unicode LDML letters, as MATLAB
documents them for the datetime Format property) for display, char/string, and reading text.

    datetime_texts(value) -> list[str]     each element in the value's Format, column-major
    duration_texts(value) -> list[str]     each element in the duration's Format
    parse_datetimes(texts, fmt) -> array   seconds since 1970 of date text (NaN for '' and <missing>)
    check_datetime_format / check_duration_format   the MATLAB error for a Format it cannot take

datetime letters: y u (year; yy two digits), M L (1 2 digits, 3 'Mar', 4 'March'), d, D (day of
year), e E (weekday: E..EEE 'Wed', EEEE 'Wednesday', e ee its number), H (0-23), h (1-12) with a
(AM/PM), m, s, S (fractions of a second), Q (quarter); text in single quotes is literal ('' is a
quote) and other characters stand for themselves. Time zone and era letters (z Z x X O V v G) are
not supported: the value has no time zone but '' or 'UTC'.
"""
from __future__ import annotations

import math
import re
from datetime import datetime as _clock

import numpy as np

from .errors import MatlabError
from .times import DAYS, MONTHS, DatetimeArray, DurationArray, from_parts, parts

_DATETIME_TOKENS = re.compile(r"'(?:[^']|'')*'|([A-Za-z])\1*")
_LETTERS = set("yuMLdDeEHhmsSaQ")
_ZONE_LETTERS = set("zZxXOVvG")
UNIT_FORMATS = {"y": (365.2425 * 86400.0, "yr", "yrs"), "d": (86400.0, "day", "days"),
                "h": (3600.0, "hr", "hr"), "m": (60.0, "min", "min"), "s": (1.0, "sec", "sec")}
_UNIT_SECONDS = {"dd": 86400, "hh": 3600, "mm": 60, "ss": 1}
_CLOCK_FORMAT = re.compile(r"(dd:)?(hh:)?mm(:ss)?(\.S{1,9})?$|hh:mm$")


def _tokens(fmt: str) -> list[tuple[str, str]]:
    """(kind, text) pieces of a datetime format: ('lit', text) or (letter, run of that letter)."""
    out, last = [], 0
    for m in _DATETIME_TOKENS.finditer(fmt):
        if m.start() > last:
            out.append(("lit", fmt[last:m.start()]))
        run = m.group(0)
        if run.startswith("'"):
            out.append(("lit", run[1:-1].replace("''", "'") if len(run) > 2 else "'"))
        else:
            out.append((run[0], run))
        last = m.end()
    if last < len(fmt):
        out.append(("lit", fmt[last:]))
    return out


def check_datetime_format(fmt: str) -> str:
    """``fmt`` if every letter in it is one we format and read, else MATLAB's error."""
    for kind, run in _tokens(fmt):
        if kind == "lit":
            continue
        if kind in _ZONE_LETTERS:
            raise MatlabError("matfuse:datetime:timeZoneFormat",
                              f"The format '{fmt}' shows a time zone or era ('{kind}'): datetime values "
                              "here have no time zone, so such formats are not supported.")
        if kind not in _LETTERS:
            raise MatlabError("MATLAB:datetime:UnrecognizedFormat",
                              f"The format '{fmt}' contains an unsupported symbol: '{kind}'. See the "
                              "datetime.Format property for a complete description of the identifiers "
                              "used in datetime formats.")
    return fmt


def check_duration_format(fmt: str) -> str:
    if fmt in UNIT_FORMATS or _CLOCK_FORMAT.match(fmt):
        return fmt
    raise MatlabError("MATLAB:duration:UnrecognizedFormat",
                      f"'{fmt}' is not a valid duration format: use 'y', 'd', 'h', 'm', 's', "
                      "'dd:hh:mm:ss', 'hh:mm:ss', 'mm:ss' or 'hh:mm', with up to nine S digits after a "
                      "'.' for fractions of a second.")


# ---- datetime to text


def _field(kind: str, run: str, p: dict[str, float], seconds: float) -> str:
    n = len(run)
    if kind in "yu":
        year = int(p["year"])
        return f"{year % 100:02d}" if n == 2 else (f"{year:0{n}d}" if year >= 0 else f"-{-year:0{n}d}")
    if kind in "ML":
        month = int(p["month"])
        return MONTHS[month - 1][:3] if n == 3 else MONTHS[month - 1] if n == 4 else \
            MONTHS[month - 1][0] if n >= 5 else f"{month:0{n}d}"
    if kind == "d":
        return f"{int(p['day']):0{n}d}"
    if kind == "D":
        return f"{int(p['dayofyear']):0{n}d}"
    if kind in "eE":
        day = DAYS[int(p["weekday"]) - 1]
        if kind == "e" and n <= 2:
            return f"{int(p['weekday']):0{n}d}"
        return day if n == 4 else day[0] if n >= 5 else day[:3]
    if kind == "H":
        return f"{int(p['hour']):0{n}d}"
    if kind == "h":
        return f"{int(p['hour']) % 12 or 12:0{n}d}"
    if kind == "a":
        return "PM" if p["hour"] >= 12 else "AM"
    if kind == "m":
        return f"{int(p['minute']):0{n}d}"
    if kind == "s":
        return f"{int(p['second']):0{n}d}"
    if kind == "S":
        micro = min(round((seconds - math.floor(seconds)) * 1e6), 999999)     # to the microsecond, then cut
        return (f"{micro:06d}" + "0" * n)[:n]
    return f"Q{int((p['month'] - 1) // 3) + 1}" if n >= 2 else f"{int((p['month'] - 1) // 3) + 1}"


def datetime_texts(value: DatetimeArray, fmt: str | None = None) -> list[str]:
    """The text of each element (column-major) in ``fmt`` or the value's Format: NaT, Inf, -Inf."""
    tokens = _tokens(fmt or value.display_format())
    flat = value.data.ravel(order="F")
    found = parts(flat)
    out = []
    for k, seconds in enumerate(flat):
        if not math.isfinite(seconds):
            out.append("NaT" if math.isnan(seconds) else ("Inf" if seconds > 0 else "-Inf"))
            continue
        p = {name: float(part[k]) for name, part in found.items()}
        out.append("".join(text if kind == "lit" else _field(kind, text, p, seconds) for kind, text in tokens))
    return out


# ---- duration to text


def duration_text(seconds: float, fmt: str) -> str:
    if fmt in UNIT_FORMATS:
        scale, one, many = UNIT_FORMATS[fmt]
        x = seconds / scale + 0.0         # -0 shows as 0
        if not math.isfinite(x):
            return f"{'NaN' if math.isnan(x) else 'Inf' if x > 0 else '-Inf'} {many}"
        return f"{x:.5g} {one if abs(x) == 1 else many}"
    if not math.isfinite(seconds):
        return "NaN" if math.isnan(seconds) else ("Inf" if seconds > 0 else "-Inf")
    digits = len(fmt) - fmt.index(".") - 1 if "." in fmt else 0
    # the last field shown is cut, not rounded (MATLAB: 01:30:45 in 'hh:mm' is 01:30), after rounding
    # to the nanosecond so that 2.9999999999 s, a float's view of 3 s, shows as 3
    total = math.floor(round(abs(seconds), 9) * 10 ** digits)
    whole, fraction = divmod(total, 10 ** digits)
    sign = "-" if seconds < 0 and total else ""
    pieces, rest = [], whole
    for unit in fmt.split(".")[0].split(":"):     # the first unit takes all that is above it
        amount = rest // _UNIT_SECONDS[unit]
        rest -= amount * _UNIT_SECONDS[unit]
        pieces.append(f"{amount:02d}")
    text = sign + ":".join(pieces)
    return text + (f".{fraction:0{digits}d}" if digits else "")


def duration_texts(value: DurationArray, fmt: str | None = None) -> list[str]:
    fmt = fmt or value.display_format()
    return [duration_text(float(x), fmt) for x in value.data.ravel(order="F")]


# ---- text to datetime

_KNOWN_FORMATS = ["dd-MMM-uuuu HH:mm:ss.S", "dd-MMM-uuuu HH:mm:ss", "dd-MMM-uuuu HH:mm", "dd-MMM-uuuu",
                  "uuuu-MM-dd HH:mm:ss.S", "uuuu-MM-dd HH:mm:ss", "uuuu-MM-dd HH:mm", "uuuu-MM-dd",
                  "uuuu-MM-dd'T'HH:mm:ss.S", "uuuu-MM-dd'T'HH:mm:ss", "uuuu-MM-dd'T'HH:mm",
                  "uuuu/MM/dd HH:mm:ss", "uuuu/MM/dd HH:mm", "uuuu/MM/dd", "MM/dd/uuuu HH:mm:ss",
                  "MM/dd/uuuu HH:mm", "MM/dd/uuuu", "dd.MM.uuuu HH:mm:ss", "dd.MM.uuuu", "MMMM d, uuuu",
                  "MMM d, uuuu", "dd MMM uuuu HH:mm:ss", "dd MMM uuuu", "d MMMM uuuu", "HH:mm:ss"]
_NAMES = "|".join(MONTHS + [m[:3] for m in MONTHS])
_DAY_NAMES = "|".join(DAYS + [d[:3] for d in DAYS])


def _pattern(fmt: str) -> tuple[re.Pattern, list[tuple[str, str]]]:
    regex, fields = [], []
    for kind, run in _tokens(check_datetime_format(fmt)):
        if kind == "lit":
            regex.append(r"\s+" if run.isspace() else re.escape(run))
            continue
        n = len(run)
        if kind in "ML" and n >= 3:
            piece = f"({_NAMES})"
        elif kind in "eE" and n >= 3:
            piece = f"(?:{_DAY_NAMES})"
        elif kind == "a":
            piece = "([AaPp][Mm])"
        elif kind in "yu":
            piece = r"(\d{2})" if n == 2 else r"(-?\d{1,9})"
        elif kind == "S":
            piece = r"(\d{1,9})"
        elif kind == "Q":
            piece = r"(?:Q?\d)"
        else:
            piece = r"(\d{%d})" % n if n > 2 else r"(\d{1,2})"
        regex.append(piece)
        if "(?:" not in piece:
            fields.append((kind, run))
    return re.compile(r"\s*" + "".join(regex) + r"\s*$", re.IGNORECASE), fields


def _month(name: str) -> float:
    for k, month in enumerate(MONTHS):
        if month.lower().startswith(name.lower()[:3]):
            return float(k + 1)
    return math.nan


def _read(text: str, fmt: str) -> float | None:
    """Seconds since 1970 that ``text`` spells in ``fmt``, or None when it does not match."""
    pattern, fields = _pattern(fmt)
    m = pattern.match(text)
    if m is None:
        return None
    today = _clock.now()
    vec = {"y": float(today.year), "M": 1.0, "d": 1.0, "H": 0.0, "m": 0.0, "s": 0.0}
    if not any(kind in "yuMLdD" for kind, _ in fields):
        vec.update(M=float(today.month), d=float(today.day))
    pm = None
    day_of_year = None
    for (kind, run), got in zip(fields, m.groups()):
        if kind in "ML":
            vec["M"] = _month(got) if len(run) >= 3 else float(got)
        elif kind in "yu":
            year = float(got)
            vec["y"] = year + (2000.0 if year < today.year % 100 + 50 - 100 * (today.year % 100 >= 50)
                               else 1900.0) if len(run) == 2 else year
        elif kind == "a":
            pm = got.lower() == "pm"
        elif kind == "S":
            vec["s"] += float("0." + got)
        elif kind == "D":
            day_of_year = float(got)
        elif kind == "s":
            vec["s"] += float(got)          # after or before its fraction (S)
        else:
            vec["H" if kind == "h" else kind] = float(got)
    if pm is not None:
        vec["H"] = vec["H"] % 12 + (12 if pm else 0)
    if day_of_year is not None:
        vec["M"], vec["d"] = 1.0, day_of_year
    return float(from_parts(vec["y"], vec["M"], vec["d"], vec["H"], vec["m"], vec["s"]))


def parse_datetimes(texts: list[str | None], fmt: str | None) -> np.ndarray:
    """Seconds since 1970 of each text ('' and <missing> are NaT), read in ``fmt`` or, without one, in
    the first of the common formats that reads the first text; MATLAB's error when a text does not
    match."""
    formats = [fmt] if fmt else None
    out = np.full(len(texts), np.nan)
    for k, text in enumerate(texts):
        if not text:
            continue
        if formats is None:
            formats = [f for f in _KNOWN_FORMATS if _read(text, f) is not None][:1]
            if not formats:
                raise MatlabError("MATLAB:datetime:ParseErr",
                                  f"Could not recognize the date/time format of '{text}'. You can specify a "
                                  "format using the 'InputFormat' parameter.")
        found = _read(text, formats[0])
        if found is None:
            raise MatlabError("MATLAB:datetime:ParseErrWithFormat" if fmt else "MATLAB:datetime:ParseErr",
                              f"Unable to convert '{text}' to datetime using the format '{formats[0]}'.")
        out[k] = found
    return out



def time_texts(value: DatetimeArray | DurationArray, fmt: str | None = None) -> list[str]:
    """The text of each element of a datetime or duration value (column-major)."""
    return datetime_texts(value, fmt) if type(value) is DatetimeArray else duration_texts(value, fmt)
