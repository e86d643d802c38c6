"""Dates and clocks: serial date numbers (datenum: day 1 is 1-Jan-0000, proleptic Gregorian calendar),
date vectors [Y M D H MI S], date text (datestr), and the clock functions.

The conversions are MATLAB's arithmetic, vectorised with numpy: months past 12 and days past the end of
a month carry into the next year or month (datenum(2020, 14, 35) is 4-Mar-2021).
"""
from __future__ import annotations

import re
import time
from datetime import datetime

import numpy as np

from ..errors import MatlabError
from ..times import DAYS, MONTHS, is_leap, serial, vectors
from ..values import CellArray, CharArray, StringArray, Value, as_matrix, simplify
from .registry import builtin
from .sizes import count_value, real_values
from .textutil import char_row, is_text_scalar, option_name, text_arg, texts_of

# datestr's numbered formats (the common ones)
NUMBERED_FORMATS = {0: "dd-mmm-yyyy HH:MM:SS", 1: "dd-mmm-yyyy", 2: "mm/dd/yy", 13: "HH:MM:SS",
                    15: "HH:MM", 23: "mm/dd/yyyy", 29: "yyyy-mm-dd", 30: "yyyymmddTHHMMSS",
                    31: "yyyy-mm-dd HH:MM:SS"}
# text datenum/datevec recognise without a format, tried in order
_KNOWN_FORMATS = ["dd-mmm-yyyy HH:MM:SS", "dd-mmm-yyyy", "yyyy-mm-dd HH:MM:SS", "yyyy-mm-dd",
                  "yyyy/mm/dd HH:MM:SS", "yyyy/mm/dd", "mm/dd/yyyy HH:MM:SS", "mm/dd/yyyy", "mm/dd/yy",
                  "yyyymmddTHHMMSS", "HH:MM:SS", "HH:MM", "mmm-dd-yyyy", "dd mmm yyyy"]
_TOKENS = re.compile(r"yyyy|yy|mmmm|mmm|mm|m|dddd|ddd|dd|d|HH|MM|SS|FFF|AM|PM")


def _numbers(value: Value, fname: str) -> np.ndarray:
    return real_values(value, fname, "A date number or date part")


def _is_text(value: Value) -> bool:
    return isinstance(value, (CharArray, StringArray, CellArray))


def _looks_like_vectors(arr: np.ndarray) -> bool:
    """A matrix of date vectors (3 or 6 columns, whole months 1..12, whole days 0..31), not date numbers."""
    if arr.ndim != 2 or arr.shape[1] not in (3, 6) or arr.shape[0] == 0:
        return False
    months, days = arr[:, 1], arr[:, 2]
    return bool(np.all((months >= 1) & (months <= 12) & (months == np.floor(months)) & (days >= 0) &
                       (days <= 31)))


def _from_vector_rows(arr: np.ndarray) -> np.ndarray:
    parts = [arr[:, k] for k in range(arr.shape[1])] + [0.0] * (6 - arr.shape[1])
    return serial(*parts)


# -- parsing date text ----------------------------------------------------------------------------

def _pattern(fmt: str) -> tuple[re.Pattern, list[str]]:
    fields: list[str] = []
    out, last = [], 0
    for m in _TOKENS.finditer(fmt):
        out.append(re.escape(fmt[last:m.start()]))
        token = m.group(0)
        fields.append(token)
        out.append({"yyyy": r"(\d{4})", "yy": r"(\d{2})", "mmmm": r"([A-Za-z]+)", "mmm": r"([A-Za-z]{3})",
                    "dddd": r"[A-Za-z]+", "ddd": r"[A-Za-z]{3}", "FFF": r"(\d{1,3})", "AM": r"([AaPp][Mm])",
                    "PM": r"([AaPp][Mm])"}.get(token, r"\s*(\d{1,2})"))
        last = m.end()
    out.append(re.escape(fmt[last:]))
    return re.compile("".join(out).replace(r"\ ", r"\s+") + r"\s*$"), [f for f in fields
                                                                         if f not in ("dddd", "ddd")]


def _month_number(name: str) -> float | None:
    matches = [k + 1 for k, month in enumerate(MONTHS) if month.lower().startswith(name.lower())]
    return float(matches[0]) if name and matches else None


def parse_date(text: str, fmt: str | None) -> list[float] | None:
    """The date vector that text spells in format fmt (or in a known format); None if it does not."""
    for candidate in [fmt] if fmt else _KNOWN_FORMATS:
        pattern, fields = _pattern(candidate)
        m = pattern.match(text.strip())
        if not m:
            continue
        vec = [float(time.localtime().tm_year), 1.0, 1.0, 0.0, 0.0, 0.0]
        pm = None
        for token, part in zip(fields, m.groups()):
            if token in ("mmmm", "mmm"):
                month = _month_number(part)
                if month is None:
                    break
                vec[1] = month
            elif token in ("AM", "PM"):
                pm = part.lower() == "pm"
            else:
                slot = {"yyyy": 0, "yy": 0, "mm": 1, "m": 1, "dd": 2, "d": 2, "HH": 3, "MM": 4, "SS": 5,
                        "FFF": 5}[token]
                number = float(part)
                if token == "yy":
                    number += 2000.0 if number < 50 else 1900.0   # MATLAB's pivot: within 50 years of now
                vec[slot] = vec[slot] + number / 1000.0 if token == "FFF" else number
        else:
            if pm is not None:
                vec[3] = vec[3] % 12 + (12 if pm else 0)
            return vec
    return None


def _text_vectors(value: Value, fmt: Value | None, fname: str) -> np.ndarray:
    spec = text_arg(fmt, fname, "Format") if fmt is not None else None
    rows = []
    for text in texts_of(value, fname).items:
        vec = parse_date(text or "", spec)
        if vec is None:
            raise MatlabError(f"MATLAB:{fname}:ConvertDateString",
                              f"DATENUM failed. The date '{text}' is not in a recognized format."
                              if fname == "datenum" else
                              f"Cannot convert the date '{text}': it is not in a recognized format.")
        rows.append(vec)
    return np.array(rows, dtype=np.float64).reshape(-1, 6)


# -- builtins ---------------------------------------------------------------------------------------

@builtin("datenum", family="time")
def datenum(*args):
    """datenum(Y, M, D), datenum(Y, M, D, H, MI, S), datenum(DateVector), datenum(text), datenum(text, fmt)

    Serial date number: days since 0-Jan-0000 (1-Jan-0000 is day 1), the time of day as a fraction.
    Numeric parts may be arrays of one size (scalars expand); months and days past their ends carry
    over. A matrix with 3 or 6 columns holds one date vector per row. Text is read with format fmt
    (tokens yyyy yy mmmm mmm mm dd HH MM SS FFF PM) or, without fmt, in one of the common formats
    ('dd-mmm-yyyy HH:MM:SS', 'yyyy-mm-dd', 'mm/dd/yyyy', ...).

        datenum(2024, 3, 15)       % 739326
        datenum('15-Mar-2024')     % 739326
    """
    if not args:
        return float(serial(*_now_vector()))
    if _is_text(args[0]):
        fmt = args[1] if len(args) > 1 and is_text_scalar(args[1]) else None
        vecs = _text_vectors(args[0], fmt, "datenum")
        return simplify(as_matrix(_from_vector_rows(vecs).reshape(-1, 1)))
    if len(args) == 1:
        arr = _numbers(args[0], "datenum")
        if _looks_like_vectors(arr):
            return simplify(as_matrix(_from_vector_rows(arr).reshape(-1, 1)))
        return simplify(arr)
    if len(args) not in (3, 6):
        raise MatlabError("MATLAB:datenum:InvalidInput", "datenum takes Y, M, D or Y, M, D, H, MI, S.")
    parts = [_numbers(a, "datenum") for a in args]
    try:
        shape = np.broadcast_shapes(*[p.shape for p in parts if p.size != 1] or [(1, 1)])
    except ValueError:
        raise MatlabError("MATLAB:datenum:InputSizeMismatch",
                          "The date parts must have the same size.") from None
    result = serial(*[np.broadcast_to(p, shape) for p in parts])
    return simplify(as_matrix(np.asarray(result, dtype=np.float64)))


def _now_vector() -> list[float]:
    now = datetime.now()
    return [now.year, now.month, now.day, now.hour, now.minute, now.second + now.microsecond / 1e6]


@builtin("datevec", family="time")
def datevec(value, fmt=None, nargout=1):
    """V = datevec(D), datevec(text), datevec(text, fmt); [Y, M, D, H, MI, S] = datevec(...)

    The date vectors [Y M D H MI S] of serial date numbers (one row per element, column-major) or of date
    text (formats as for datenum). With several outputs, each part is returned separately (as a column).

        datevec(739326.5)   % [2024 3 15 12 0 0]
    """
    if _is_text(value):
        vecs = _text_vectors(value, fmt, "datevec")
    else:
        vecs = vectors(_numbers(value, "datevec"))
    if nargout <= 1:
        return simplify(vecs)
    return tuple(simplify(vecs[:, [k]]) for k in range(min(nargout, 6)))


def _date_text(vec: np.ndarray, fmt: str) -> str:
    y, mo, d, h, mi, s = vec
    pm = "AM" in fmt or "PM" in fmt
    weekday = int(serial(y, mo, d) + 5) % 7      # datenum 1 was a Saturday: day 0 of DAYS is Sunday
    values = {
        "yyyy": f"{int(y):04d}", "yy": f"{int(y) % 100:02d}", "mmmm": MONTHS[int(mo) - 1],
        "mmm": MONTHS[int(mo) - 1][:3], "mm": f"{int(mo):02d}", "m": MONTHS[int(mo) - 1][0],
        "dddd": DAYS[weekday], "ddd": DAYS[weekday][:3], "dd": f"{int(d):02d}", "d": DAYS[weekday][0],
        "HH": f"{(int(h) % 12 or 12):2d}" if pm else f"{int(h):02d}", "MM": f"{int(mi):02d}",
        "SS": f"{int(s):02d}", "FFF": f"{int(round((s - int(s)) * 1000)) % 1000:03d}",
        "AM": "PM" if h >= 12 else "AM", "PM": "PM" if h >= 12 else "AM",
    }
    return _TOKENS.sub(lambda m: values[m.group(0)], fmt)


@builtin("datestr", family="time")
def datestr(value, fmt=None):
    """datestr(D), datestr(D, format), datestr(DateVector), datestr(text)  dates as text.

    D holds serial date numbers (one row of text per element); a matrix with 6 columns (or 3) holds date
    vectors. format is a number (0 'dd-mmm-yyyy HH:MM:SS', 1 'dd-mmm-yyyy', 2 'mm/dd/yy', 13
    'HH:MM:SS', 15 'HH:MM', 23 'mm/dd/yyyy', 29 'yyyy-mm-dd', 30 'yyyymmddTHHMMSS', 31 'yyyy-mm-dd
    HH:MM:SS') or text with the tokens yyyy yy mmmm mmm mm m dddd ddd dd d HH MM SS FFF AM PM. The
    default is format 0, or 1 when every time is midnight.

        datestr(739326.5)               % '15-Mar-2024 12:00:00'
        datestr(739326, 'yyyy-mm-dd')   % '2024-03-15'
    """
    if _is_text(value):
        vecs = _text_vectors(value, None, "datestr")
    else:
        arr = _numbers(value, "datestr")
        if _looks_like_vectors(arr):
            vecs = vectors(_from_vector_rows(arr))
        else:
            vecs = vectors(arr)
    if fmt is None:
        midnight = bool(np.all(vecs[:, 3:] == 0))
        spec = NUMBERED_FORMATS[1 if midnight else 0]
    elif is_text_scalar(fmt):
        spec = text_arg(fmt, "datestr", "Format")
    else:
        number = float(count_value(fmt, "datestr", "A format number"))
        if number not in NUMBERED_FORMATS:
            raise MatlabError("MATLAB:datestr:DateNumber",
                              f"Format number {number:g} is not supported; use a format text.")
        spec = NUMBERED_FORMATS[int(number)]
    rows = [_date_text(v, spec) for v in vecs]
    if not rows:
        return CharArray(np.zeros((0, 0), dtype=np.uint16))
    width = max(len(r) for r in rows)
    codes = np.array([[ord(c) for c in r.ljust(width)] for r in rows], dtype=np.uint16).reshape(len(rows),
                                                                                                 width)
    return CharArray(codes)


@builtin("weekday", family="time")
def weekday(value, form=None, nargout=1):
    """[N, S] = weekday(D), weekday(D, 'long')  day of the week: 1 is Sunday ... 7 Saturday.

    D holds serial date numbers (or date text). S is the day's name, abbreviated ('Tue') or with 'long'
    in full, one row per date.

        [n, s] = weekday(739326)   % 6, 'Fri'
    """
    if _is_text(value):
        days = _from_vector_rows(_text_vectors(value, None, "weekday"))
        shape = (days.size, 1)
    else:
        arr = _numbers(value, "weekday")
        days, shape = arr.ravel(order="F"), arr.shape
    numbers = (np.mod(np.floor(days) + 5, 7) + 1).reshape(shape, order="F")
    if nargout < 2:
        return simplify(numbers)
    long = form is not None and option_name(form) == "long"
    names = [DAYS[int(k) - 1] if long else DAYS[int(k) - 1][:3] for k in numbers.ravel(order="F")]
    width = max((len(n) for n in names), default=0)
    codes = np.array([[ord(c) for c in n.ljust(width)] for n in names], dtype=np.uint16)
    return simplify(numbers), CharArray(codes.reshape(len(names), width))


@builtin("eomday", family="time")
def eomday(year, month):
    """eomday(Y, M)  the last day of month M of year Y.

    Y and M are arrays of one size, or scalars that expand; leap years follow the Gregorian calendar.

        eomday(2024, 2)         % 29
        eomday(2023, 1:3)       % [31 28 31]
    """
    y, m = _numbers(year, "eomday"), _numbers(month, "eomday")
    if np.any((m < 1) | (m > 12) | (m != np.floor(m))):
        raise MatlabError("MATLAB:eomday:InvalidMonth", "Months must be integers from 1 to 12.")
    lengths = np.array([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31], dtype=np.float64)
    try:
        y, m = np.broadcast_arrays(y, m)
    except ValueError:
        raise MatlabError("MATLAB:eomday:InputSizeMismatch", "Y and M must have the same size.") from None
    return simplify(as_matrix(lengths[m.astype(np.int64) - 1] + ((m == 2) & is_leap(y))))


@builtin("clock", family="time")
def clock():
    """clock  the current local date and time as a date vector [Y M D H MI S].

    The seconds have a fractional part; datenum(clock) is now.

        c = clock; year = c(1);
    """
    return np.array([_now_vector()], dtype=np.float64)


@builtin("now", family="time")
def now():
    """now  the current local date and time as a serial date number.

    Whole days since 0-Jan-0000 plus the time of day as a fraction (see datenum).

        datestr(now)   % e.g. '26-Nov-2026 14:05:12'
    """
    return float(serial(*_now_vector()))


@builtin("date", family="time")
def date():
    """date  today's date as text 'dd-mmm-yyyy'.

    The same as datestr(floor(now), 'dd-mmm-yyyy'), in the local time zone.

        d = date   % e.g. '26-Nov-2026'
    """
    today = datetime.now()
    return char_row(f"{today.day:02d}-{MONTHS[today.month - 1][:3]}-{today.year:04d}")


@builtin("etime", family="time")
def etime(t1, t0):
    """etime(t1, t0)  seconds from date vector t0 to date vector t1.

    t1 and t0 are rows of [Y M D H MI S] (as clock gives); several rows give a column of differences.

        t0 = clock; ...; seconds = etime(clock, t0)
    """
    a, b = _numbers(t1, "etime"), _numbers(t0, "etime")
    if a.shape[-1] != 6 or b.shape[-1] != 6:
        raise MatlabError("MATLAB:etime:InvalidInput", "Inputs must be date vectors with 6 columns.")
    a, b = a.reshape(-1, 6), b.reshape(-1, 6)
    days = _from_vector_rows(a[:, :3]) - _from_vector_rows(b[:, :3])     # whole days and clock time apart:
    clock_seconds = (a[:, 3:] - b[:, 3:]) @ np.array([3600.0, 60.0, 1.0])   # no rounding of 7e5-day numbers
    return simplify(as_matrix((days * 86400.0 + clock_seconds).reshape(-1, 1)))


@builtin("cputime", family="time")
def cputime():
    """cputime  CPU time used by this process, in seconds.

    Only differences mean something: they measure the processor time spent between two calls.

        t = cputime; x = rand(1000); used = cputime - t
    """
    return float(time.process_time())


_UNITS = {"year": None, "month": None, "week": 7.0, "day": 1.0, "hour": 1 / 24, "minute": 1 / 1440,
          "second": 1 / 86400, "millisecond": 1 / 86400000}


@builtin("addtodate", family="time")
def addtodate(d, q, field):
    """addtodate(D, Q, field)  the serial date D moved by Q units of field.

    field is 'year', 'month', 'week', 'day', 'hour', 'minute', 'second' or 'millisecond'. Adding years
    or months keeps the day of the month, moved back to the month's last day where needed (31-Jan plus
    one month is 29-Feb in a leap year).

        datestr(addtodate(datenum(2020, 1, 31), 1, 'month'))   % '29-Feb-2020'
    """
    unit = option_name(field)
    if unit not in _UNITS:
        raise MatlabError("MATLAB:addtodate:invalidDateField",
                          "Field must be 'year', 'month', 'week', 'day', 'hour', 'minute', 'second' or "
                          "'millisecond'.")
    base, amount = _numbers(d, "addtodate"), _numbers(q, "addtodate")
    if base.size != 1 and amount.size != 1 and base.shape != amount.shape:
        raise MatlabError("MATLAB:addtodate:InputSizeMismatch", "D and Q must be the same size, or one a scalar.")
    base, amount = np.broadcast_arrays(base, amount)
    if _UNITS[unit] is not None:
        return simplify(as_matrix(np.asarray(base + amount * _UNITS[unit], dtype=np.float64)))
    months = amount * (12 if unit == "year" else 1)
    vec = vectors(base)
    total = vec[:, 0] * 12 + (vec[:, 1] - 1) + months.ravel(order="F")
    y, m = np.floor(total / 12), np.mod(total, 12) + 1
    m = np.where(np.isfinite(m), m, np.nan)     # a NaN or infinite amount: NaN (serial's month)
    lengths = np.array([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])[np.nan_to_num(m, nan=1).astype(np.int64) - 1] \
        + ((m == 2) & is_leap(y))
    days = np.minimum(vec[:, 2], lengths)
    result = serial(y, m, days, vec[:, 3], vec[:, 4], vec[:, 5])
    return simplify(result.reshape(base.shape, order="F"))


@builtin("calendar", family="time")
def calendar(ctx, *args, nargout=0):
    """calendar, calendar(Y, M), calendar(D), C = calendar(...)  a month as a 6x7 matrix of days.

    Rows are weeks, columns Sunday..Saturday; days outside the month are 0. Without an output the month is
    printed with its title and day names. D is a serial date number; no argument means this month.

        c = calendar(2024, 2);   % c(1, 5) == 1: 1-Feb-2024 was a Thursday
    """
    if len(args) == 2:
        y, m = (int(count_value(a, "calendar", "The year and month")) for a in args)
        if not 1 <= m <= 12:
            raise MatlabError("MATLAB:calendar:InvalidMonth", "The month must be an integer from 1 to 12.")
    elif len(args) == 1:
        vec = vectors(count_value(args[0], "calendar", "The date number"))[0]
        y, m = int(vec[0]), int(vec[1])
    else:
        today = datetime.now()
        y, m = today.year, today.month
    cycle = 2000 + y % 400      # the Gregorian calendar repeats every 400 years (146,097 days: whole weeks)
    first = int(np.mod(np.floor(serial(cycle, m, 1)) + 5, 7))          # 0 = Sunday
    length = int(eomday(float(cycle), float(m)))
    grid = np.zeros(42)
    grid[first:first + length] = np.arange(1, length + 1)
    grid = grid.reshape(6, 7)
    if nargout > 0:
        return grid
    title = f"{MONTHS[m - 1][:3]} {y}"
    lines = [title.center(48).rstrip(), "     S     M    Tu     W    Th     F     S"]
    lines += ["".join(f"{int(v):6d}" if v else "     0" for v in row) for row in grid]
    ctx.write("\n".join(lines) + "\n")
    return None

