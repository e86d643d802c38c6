"""datetime and duration (runtime/times.py): their constructors, parts and conversions, and their
methods of builtins that also take numbers (sort, min, max, diff, sum, mean, datenum, datestr, char...).

A method runs the numeric builtin on the values' seconds and gives its first output back the class
MATLAB's method returns (set_overload in registry.py). MATLAB's documentation is the reference: GNU
Octave has no datetime. Time zones other than '' and 'UTC', calendarDuration (calmonths...), between
and dateshift's rules other than 'start' are not supported.
"""
from __future__ import annotations

from dataclasses import replace
from datetime import datetime as _clock
from typing import Callable

import numpy as np

from .. import ops
from ..errors import MatlabError
from ..time_ops import check_time_zone
from ..time_text import (UNIT_FORMATS, check_datetime_format, check_duration_format, parse_datetimes,
                         time_texts)
from ..times import (DAY, DAYS, MONTHS, DatetimeArray, DurationArray, TimeArray, from_datenum,
                     from_parts, parts, to_datenum)
from ..values import CharArray, StringArray, Value, class_of, simplify
from .registry import BUILTINS, after_load, builtin, call_host, set_overload
from .sparsefun import OPERATORS, UNARY_OPERATORS
from .sizes import real_values, size_from_args
from .textutil import cell_value, option_name, string_value, text_arg, texts_of
from .types import pad_rows

EXCEL_EPOCH = 693960.0          # datenum(1899, 12, 30): Excel's day 0 (past its 1900 leap-day bug)
EXCEL_1904 = 695422.0           # datenum(1904, 1, 1)
JULIAN_OFFSET = 1721058.5       # juliandate - datenum
CONVERSIONS = ("datenum", "posixtime", "excel", "excel1904", "juliandate", "yyyymmdd")


def _time(value: Value, cls: type, fname: str) -> TimeArray:
    if type(value) is not cls:
        raise MatlabError("MATLAB:UndefinedFunction", f"Undefined function '{fname}' for input arguments of "
                          f"type '{class_of(value)}'.")
    return value


def _numbers(value: Value, fname: str) -> np.ndarray:
    return real_values(value, fname, "A date or time part")


def _options(args: tuple, names: tuple[str, ...], fname: str) -> tuple[list, dict[str, Value]]:
    """The leading positional arguments and the trailing name-value options (names lower-case)."""
    positional = list(args)
    options: dict[str, Value] = {}
    while len(positional) >= 2 and option_name(positional[-2]) in names:
        options[option_name(positional[-2])] = positional[-1]
        positional = positional[:-2]
    for k, arg in enumerate(positional):
        if option_name(arg) in names and k > 0:
            raise MatlabError(f"MATLAB:{fname}:InvalidInput", f"The option '{text_arg(arg, fname)}' needs a value.")
    return positional, options


def _broadcast(arrays: list[np.ndarray], fname: str) -> list[np.ndarray]:
    try:
        shape = np.broadcast_shapes(*[a.shape for a in arrays if a.size != 1] or [(1, 1)])
    except ValueError:
        raise MatlabError(f"MATLAB:{fname}:InputSizeMismatch",
                          "Numeric inputs must be scalars or arrays of one size.") from None
    return [np.broadcast_to(a.reshape(a.shape if a.size != 1 else (1, 1)), shape) for a in arrays]


# ---- datetime


def _now(fname: str, word: str) -> np.ndarray:
    now = _clock.now()
    if word == "now":
        return from_parts(now.year, now.month, now.day, now.hour, now.minute,
                          now.second + now.microsecond / 1e6).reshape(1, 1)
    shift = {"today": 0, "tomorrow": 1, "yesterday": -1}[word]
    return from_parts(now.year, now.month, now.day + shift).reshape(1, 1)


def _converted(x: np.ndarray, kind: str) -> np.ndarray:
    if kind == "datenum":
        return from_datenum(x)
    if kind == "posixtime":
        return x.astype(np.float64)
    if kind in ("excel", "excel1904"):
        base = EXCEL_1904 if kind == "excel1904" else np.where(x < 61, EXCEL_EPOCH + 1, EXCEL_EPOCH)
        return from_datenum(x + base)
    if kind == "juliandate":
        return from_datenum(x - JULIAN_OFFSET)
    return from_parts(np.floor(x / 10000), np.floor(np.mod(x, 10000) / 100), np.mod(x, 100))


@builtin("datetime", family="time")
def datetime(*args):
    """t = datetime('now'), datetime(Y, M, D), datetime(Y, M, D, H, MI, S), datetime(DateVectors),
    datetime(text), datetime(text, 'InputFormat', fmt), datetime(X, 'ConvertFrom', kind), ..., 'Format', fmt

    Points in time (MATLAB datetime arrays). Numeric parts may be arrays of one size (scalars expand;
    months and days past their ends carry over, datetime(2024, 1, 32) is 01-Feb-2024); a 3- or
    6-column matrix holds date vectors. Text is 'now', 'today', 'tomorrow', 'yesterday' or dates in
    the format InputFormat gives (datetime letters: yyyy MM MMM dd HH mm ss SSS a, literal text in
    quotes) or, without one, in a common format ('15-Mar-2024 10:30:00', '2024-03-15',
    '2024-03-15T10:30:00', '03/15/2024'); '' is NaT. ConvertFrom is 'datenum', 'posixtime', 'excel',
    'excel1904', 'juliandate' or 'yyyymmdd'. Format sets the display (default: 'dd-MMM-uuuu HH:mm:ss',
    without the time when every time is midnight). TimeZone may be '' or 'UTC' only; Locale
    'en_US' only.

        t = datetime(2024, 3, 15, 10, 30, 0)    % 15-Mar-2024 10:30:00
        t.Year                                  % 2024
    """
    positional, options = _options(args, ("format", "inputformat", "convertfrom", "timezone", "locale",
                                          "pivotyear"), "datetime")
    if "pivotyear" in options:
        raise MatlabError("matfuse:datetime:PivotYear", "datetime's PivotYear option is not supported: "
                          "two-digit years are read within 50 years of now.")
    if "locale" in options and text_arg(options["locale"], "datetime", "Locale") not in ("en_US", "system"):
        raise MatlabError("matfuse:datetime:Locale", "Only the 'en_US' locale is supported.")
    fmt = text_arg(options["format"], "datetime", "Format") if "format" in options else ""
    fmt = "" if fmt == "default" else "dd-MMM-uuuu" if fmt == "defaultdate" else check_datetime_format(fmt)
    tz = check_time_zone(text_arg(options["timezone"], "datetime", "TimeZone")) if "timezone" in options else ""
    data = _datetime_data(positional, options)
    return DatetimeArray(np.asarray(data, dtype=np.float64), fmt, tz)


def _datetime_data(positional: list, options: dict[str, Value]) -> np.ndarray:
    if not positional:
        return _now("datetime", "now")
    first = positional[0]
    if isinstance(first, (CharArray, StringArray)) or class_of(first) == "cell":
        if len(positional) > 1:
            raise MatlabError("MATLAB:datetime:InvalidInput", "Text input takes only name-value options.")
        texts = texts_of(first, "datetime")
        word = texts.items[0].lower() if len(texts.items) == 1 and texts.items[0] else ""
        if word in ("now", "today", "tomorrow", "yesterday") and "inputformat" not in options:
            return _now("datetime", word)
        spec = text_arg(options["inputformat"], "datetime", "InputFormat") if "inputformat" in options else None
        shape = texts.shape if texts.kind != "char" else (1, 1)
        return parse_datetimes(texts.items, spec).reshape(shape, order="F")
    if isinstance(first, TimeArray):
        return _time(first, DatetimeArray, "datetime").data.copy()
    numbers = [_numbers(a, "datetime") for a in positional]
    if "convertfrom" in options:
        kind = option_name(options["convertfrom"])
        if kind not in CONVERSIONS or len(numbers) != 1:
            raise MatlabError("MATLAB:datetime:InvalidConvertFrom", "ConvertFrom must be one of 'datenum', "
                              "'posixtime', 'excel', 'excel1904', 'juliandate', 'yyyymmdd', with one numeric "
                              "input.")
        return _converted(numbers[0], kind)
    if len(numbers) == 1:
        vecs = numbers[0]
        if vecs.ndim != 2 or vecs.shape[1] not in (3, 6):
            raise MatlabError("MATLAB:datetime:InvalidNumericData", "A numeric input must be a matrix of date "
                              "vectors (3 or 6 columns); for date numbers use 'ConvertFrom', 'datenum'.")
        return from_parts(*[vecs[:, k:k + 1] for k in range(vecs.shape[1])])
    if len(numbers) not in (3, 6, 7):
        raise MatlabError("MATLAB:datetime:InvalidNumericData",
                          "datetime takes Y, M, D or Y, M, D, H, MI, S (or with MS).")
    if len(numbers) == 7:
        numbers = numbers[:5] + [numbers[5] + numbers[6] / 1000.0]
    return from_parts(*_broadcast(numbers, "datetime"))


@builtin("NaT", family="time")
def nat(*dims):
    """NaT, NaT(n), NaT(m, n, ...), NaT([m n])  Not-a-Time: datetime arrays of missing values.

    Size arguments work as for zeros. The missing value of datetime (as NaN is of double): it compares unequal to everything, sorts last,
    and isnat finds it.

        t = [datetime(2024, 1, 1), NaT]    % 01-Jan-2024   NaT
    """
    return DatetimeArray(np.full(size_from_args(list(dims), "NaT"), np.nan))


@builtin("isnat", family="time")
def isnat(t):
    """isnat(T)  true where the datetime T is NaT (Not-a-Time).

    A logical array of T's size.

        isnat([datetime(2024, 1, 1), NaT])    % [false true]
    """
    return simplify(np.isnan(_time(t, DatetimeArray, "isnat").data))


@builtin("isdatetime", family="time")
def isdatetime(x):
    """isdatetime(X)  true if X is a datetime array.

    Any other class gives false.

        isdatetime(datetime('now'))    % true
    """
    return type(x) is DatetimeArray


@builtin("isduration", family="time")
def isduration(x):
    """isduration(X)  true if X is a duration array.

    Any other class gives false.

        isduration(hours(2))    % true
    """
    return type(x) is DurationArray


def _part(fname: str, name: str) -> Callable:
    def part(t):
        return simplify(parts(_time(t, DatetimeArray, fname).data)[name])
    return part


@builtin("year", family="time")
def year(t):
    """year(T)  the year number of each datetime in T.

    A double array of T's size (NaN for NaT).

        year(datetime(2024, 3, 15))    % 2024
    """
    return _part("year", "year")(t)


@builtin("quarter", family="time")
def quarter(t):
    """quarter(T)  the quarter (1 to 4) of each datetime in T.

    A double array of T's size (NaN for NaT).

        quarter(datetime(2024, 5, 1))    % 2
    """
    return simplify(np.floor((parts(_time(t, DatetimeArray, "quarter").data)["month"] - 1) / 3) + 1)


def _named(numbers: np.ndarray, names: list[str], short: bool, shape: tuple[int, ...]) -> Value:
    items = ["" if np.isnan(n) else (names[int(n) - 1][:3] if short else names[int(n) - 1])
             for n in numbers.ravel(order="F")]
    return cell_value([CharArray.from_str(i) for i in items], shape)


@builtin("month", family="time")
def month(t, kind=None):
    """month(T), month(T, 'monthofyear'|'name'|'shortname')  the month of each datetime in T.

    Numbers 1 to 12 (NaN for NaT), or with 'name' and 'shortname' a cell array of month names
    ('March', 'Mar').

        month(datetime(2024, 3, 15))            % 3
        month(datetime(2024, 3, 15), 'name')    % {'March'}
    """
    numbers = parts(_time(t, DatetimeArray, "month").data)["month"]
    form = option_name(kind) if kind is not None else "monthofyear"
    if form in ("name", "shortname"):
        return _named(numbers, MONTHS, form == "shortname", t.shape)
    if form != "monthofyear":
        raise MatlabError("MATLAB:datetime:InvalidMonthType",
                          "The month type must be 'monthofyear', 'name' or 'shortname'.")
    return simplify(numbers)


@builtin("day", family="time")
def day(t, kind=None):
    """day(T), day(T, 'dayofmonth'|'dayofweek'|'dayofyear'|'name'|'shortname')  the day of each datetime.

    The day of the month by default; 'dayofweek' counts from 1 on Sunday, 'dayofyear' from 1 on
    1 January; 'name' and 'shortname' give cell arrays of weekday names ('Friday', 'Fri').

        day(datetime(2024, 3, 15))                 % 15
        day(datetime(2024, 3, 15), 'dayofweek')    % 6
    """
    found = parts(_time(t, DatetimeArray, "day").data)
    form = option_name(kind) if kind is not None else "dayofmonth"
    if form in ("name", "shortname"):
        return _named(found["weekday"], DAYS, form == "shortname", t.shape)
    key = {"dayofmonth": "day", "dayofweek": "weekday", "dayofyear": "dayofyear"}.get(form)
    if key is None:
        raise MatlabError("MATLAB:datetime:InvalidDayType", "The day type must be 'dayofmonth', 'dayofweek', "
                          "'dayofyear', 'name' or 'shortname'.")
    return simplify(found[key])


def _clock_part(fname: str, t: Value) -> Value:
    """hour, minute, second of a datetime; hour of a duration is hours(d) (MATLAB's method too)."""
    if type(t) is DurationArray:
        return simplify(t.data / {"hour": 3600.0, "minute": 60.0, "second": 1.0}[fname])
    return simplify(parts(_time(t, DatetimeArray, fname).data)[fname])


@builtin("hour", family="time")
def hour(t):
    """hour(T)  the hour (0 to 23) of each datetime in T.

    A double array of T's size (NaN for NaT).

        hour(datetime(2024, 3, 15, 10, 30, 0))    % 10
    """
    return _clock_part("hour", t)


@builtin("minute", family="time")
def minute(t):
    """minute(T)  the minute (0 to 59) of each datetime in T.

    A double array of T's size (NaN for NaT).

        minute(datetime(2024, 3, 15, 10, 30, 0))    % 30
    """
    return _clock_part("minute", t)


@builtin("second", family="time")
def second(t):
    """second(T)  the second of each datetime in T, with its fraction.

    A double array of T's size (NaN for NaT).

        second(datetime(2024, 3, 15, 10, 30, 12.5))    % 12.5
    """
    return _clock_part("second", t)


@builtin("ymd", family="time")
def ymd(t, nargout=1):
    """[y, m, d] = ymd(T)  year, month and day numbers of each datetime in T.

    Three double arrays of T's size (NaN for NaT).

        [y, m, d] = ymd(datetime(2024, 3, 15))    % 2024, 3, 15
    """
    found = parts(_time(t, DatetimeArray, "ymd").data)
    return tuple(simplify(found[k]) for k in ("year", "month", "day"))[:max(nargout, 1)]


@builtin("hms", family="time")
def hms(t, nargout=1):
    """[h, m, s] = hms(T)  hour, minute and second of each datetime, or of each duration.

    Three double arrays of T's size; for durations the hours are not reduced modulo 24 and the parts
    share the duration's sign.

        [h, m, s] = hms(hours(1.5))    % 1, 30, 0
    """
    if type(t) is DurationArray:
        sign, rest = np.sign(t.data), np.abs(t.data)
        h = np.floor(rest / 3600)
        m = np.floor((rest - 3600 * h) / 60)
        out = (sign * h, sign * m, sign * (rest - 3600 * h - 60 * m))
    else:
        found = parts(_time(t, DatetimeArray, "hms").data)
        out = (found["hour"], found["minute"], found["second"])
    return tuple(simplify(np.where(np.isnan(t.data), np.nan, x) + 0.0) for x in out)[:max(nargout, 1)]


@builtin("timeofday", family="time")
def timeofday(t):
    """timeofday(T)  the time since midnight of each datetime in T, as durations.

    A duration array of T's size (NaN for NaT), shown as 'hh:mm:ss'.

        timeofday(datetime(2024, 3, 15, 10, 30, 0))    % 10:30:00
    """
    data = _time(t, DatetimeArray, "timeofday").data
    return DurationArray(data - np.floor(data / DAY) * DAY)


@builtin("posixtime", family="time")
def posixtime(t):
    """posixtime(T)  seconds since 1-Jan-1970 00:00:00 of each datetime in T.

    A double array of T's size (NaN for NaT); datetime(p, 'ConvertFrom', 'posixtime') inverts it.

        posixtime(datetime(2024, 1, 1))    % 1704067200
    """
    return simplify(_time(t, DatetimeArray, "posixtime").data.copy())


@builtin("exceltime", family="time")
def exceltime(t, system=None):
    """exceltime(T), exceltime(T, '1900'|'1904')  Excel serial day numbers of each datetime in T.

    Days since Excel's day 0 of the 1900 date system (30-Dec-1899, so that days after February 1900
    match Excel's numbers), or of the 1904 system.

        exceltime(datetime(2024, 1, 1))    % 45292
    """
    numbers = to_datenum(_time(t, DatetimeArray, "exceltime"))
    form = text_arg(system, "exceltime", "The date system") if system is not None else "1900"
    if form not in ("1900", "1904"):
        raise MatlabError("MATLAB:datetime:InvalidExcelSystem", "The Excel date system must be '1900' or '1904'.")
    return simplify(numbers - (EXCEL_1904 if form == "1904" else EXCEL_EPOCH))


@builtin("juliandate", family="time")
def juliandate(t):
    """juliandate(T)  Julian dates (days since noon, 1-Jan-4713 BC) of each datetime in T.

    A double array of T's size.

        juliandate(datetime(2000, 1, 1, 12, 0, 0))    % 2451545
    """
    return simplify(to_datenum(_time(t, DatetimeArray, "juliandate")) + JULIAN_OFFSET)


UNITS = ("year", "quarter", "month", "week", "day", "hour", "minute", "second")


@builtin("dateshift", family="time")
def dateshift(t, rule, unit):
    """dateshift(T, 'start', unit)  each datetime moved back to the start of its year, quarter, month,
    week, day, hour, minute or second.

    unit may be plural ('days'). Weeks start on Sunday (the en_US locale). The 'end', 'dayofweek',
    'next', 'previous' and 'nearest' rules are not supported.

        dateshift(datetime(2024, 3, 15, 10, 30, 0), 'start', 'month')    % 01-Mar-2024
    """
    value = _time(t, DatetimeArray, "dateshift")
    if option_name(rule) != "start":
        raise MatlabError("matfuse:dateshift:rule", "dateshift supports the 'start' rule only.")
    name = (option_name(unit) or "").rstrip("s")
    if name not in UNITS:
        raise MatlabError("MATLAB:datetime:dateshift:InvalidUnit", f"The unit must be one of {', '.join(UNITS)}.")
    p = parts(value.data)
    keep = UNITS.index(name)
    month = np.floor((p["month"] - 1) / 3) * 3 + 1 if name == "quarter" else p["month"]
    fields = [p["year"], month if keep >= 1 else 1.0, p["day"] if keep >= 3 else 1.0,
              p["hour"] if keep >= 5 else 0.0, p["minute"] if keep >= 6 else 0.0,
              np.floor(p["second"]) if keep >= 7 else 0.0]
    data = from_parts(*fields)
    if name == "week":
        data = data - (p["weekday"] - 1) * DAY
    return value.like(np.where(np.isfinite(value.data), data, value.data))


@builtin("isbetween", family="time")
def isbetween(t, lower, upper):
    """isbetween(T, lower, upper)  true where lower <= T <= upper.

    lower and upper are datetimes (or date text) of T's size or scalars; NaT is never between.

        isbetween(datetime(2024, 3, 15), '2024-01-01', '2024-12-31')    % true
    """
    _time(t, DatetimeArray, "isbetween")
    return ops.BINARY["&"](ops.BINARY[">="](t, lower), ops.BINARY["<="](t, upper))


# ---- duration


@builtin("duration", family="time")
def duration(*args):
    """d = duration(H, MI, S), duration(H, MI, S, MS), duration(DurationVectors), duration(text), duration(D), ..., 'Format', fmt

    Lengths of time (MATLAB duration arrays). Numeric parts may be arrays of one size (scalars
    expand); a 3-column matrix holds [H MI S] rows. Text is read as 'hh:mm:ss', 'dd:hh:mm:ss' or
    'mm:ss' with optional fractions of a second; a duration D is copied (with a new Format if one is
    given). Format is 'hh:mm:ss' by default; 'dd:hh:mm:ss',
    'mm:ss', 'hh:mm' (each with up to nine S fraction digits after '.') show a clock, 'y', 'd', 'h',
    'm', 's' one number of years, days, hours, minutes or seconds.

        d = duration(1, 30, 0)    % 01:30:00
        minutes(d)                % 90
    """
    positional, options = _options(args, ("format", "inputformat"), "duration")
    fmt = check_duration_format(text_arg(options["format"], "duration", "Format")) if "format" in options else ""
    if len(positional) == 1 and isinstance(positional[0], TimeArray):
        given = _time(positional[0], DurationArray, "duration")
        return DurationArray(given.data.copy(), fmt or given.fmt)
    if positional and isinstance(positional[0], (CharArray, StringArray)):
        texts = texts_of(positional[0], "duration")
        shape = texts.shape if texts.kind != "char" else (1, 1)
        return DurationArray(np.array([_clock_seconds(s) for s in texts.items]).reshape(shape, order="F"), fmt)
    numbers = [_numbers(a, "duration") for a in positional]
    if len(numbers) == 1:
        rows = numbers[0]
        if rows.ndim != 2 or rows.shape[1] != 3:
            raise MatlabError("MATLAB:duration:InvalidNumericData", "A numeric input must be a matrix of "
                              "duration vectors [H MI S] (3 columns).")
        numbers = [rows[:, k:k + 1] for k in range(3)]
    if len(numbers) not in (3, 4):
        raise MatlabError("MATLAB:duration:InvalidNumericData", "duration takes H, MI, S or H, MI, S, MS.")
    h, mi, s, *ms = _broadcast(numbers, "duration")
    data = h * 3600.0 + mi * 60.0 + s + (ms[0] / 1000.0 if ms else 0.0)
    return DurationArray(np.array(data, dtype=np.float64), fmt)


def _clock_seconds(text: str | None) -> float:
    """Seconds that 'hh:mm:ss', 'dd:hh:mm:ss' or 'mm:ss' text spells; NaN for '' and <missing>."""
    if not text:
        return np.nan
    sign = -1.0 if text.strip().startswith("-") else 1.0
    fields = text.strip().lstrip("-").split(":")
    try:
        numbers = [float(f) for f in fields]
    except ValueError:
        numbers = []
    if not 2 <= len(numbers) <= 4 or any(n < 0 for n in numbers):
        raise MatlabError("MATLAB:duration:ParseErr", f"Unable to convert '{text}' to duration: use "
                          "'hh:mm:ss', 'dd:hh:mm:ss' or 'mm:ss'.")
    scales = {2: (60.0, 1.0), 3: (3600.0, 60.0, 1.0), 4: (DAY, 3600.0, 60.0, 1.0)}[len(numbers)]
    return sign * sum(n * k for n, k in zip(numbers, scales))


def _unit(fname: str, scale: float, fmt: str) -> Callable:
    """``hours(x)``: a duration of x hours (format 'h'); ``hours(d)``: the number of hours in d."""
    def convert(x):
        if type(x) is DurationArray:
            return simplify(x.data / scale)
        if isinstance(x, TimeArray):
            raise MatlabError("MATLAB:UndefinedFunction", f"Undefined function '{fname}' for input "
                              f"arguments of type '{x.matlab_class}'.")
        return DurationArray(_numbers(x, fname) * scale, fmt)
    return convert


def _unit_builtin(fname: str, scale: float, fmt: str, plural: str, example: str) -> None:
    convert = _unit(fname, scale, fmt)
    fixed = " A year is 365.2425 days (a fixed length)." if fname == "years" else ""
    convert.__doc__ = f"""{fname}(X), {fname}(D)  durations of X {plural}; the number of {plural} in durations D.

    A numeric X (any real class) gives a duration array of its size, shown in {plural} (Format
    '{fmt}'); a duration D gives a double array.{fixed}

        {example}
    """
    builtin(fname, family="time")(convert)


_unit_builtin("milliseconds", 0.001, "s", "milliseconds", "seconds(milliseconds(1500))    % 1.5")
_unit_builtin("seconds", 1.0, "s", "seconds", "seconds(minutes(2))    % 120")
_unit_builtin("minutes", 60.0, "m", "minutes", "minutes(90)    % 90 min")
_unit_builtin("hours", 3600.0, "h", "hours", "hours(1.5)    % 1.5 hr")
_unit_builtin("days", DAY, "d", "days", "days(hours(36))    % 1.5")
_unit_builtin("years", UNIT_FORMATS["y"][0], "y", "years", "years(days(365.2425))    % 1")


# ---- methods of other builtins for datetime and duration

def _plain(entry_name: str, ctx, args: list, nargout: int) -> tuple:
    """The numeric builtin ``entry_name`` on ``args`` (no method dispatch)."""
    return call_host(replace(BUILTINS[entry_name], overloads=()), ctx, args, nargout)


def _time_args(fname: str, args: tuple, classes: tuple[type, ...], pairs: bool) -> TimeArray:
    """The first time argument, after checking every time argument is of one allowed class (and, with
    ``pairs``, that a second data argument such as min(A, B)'s B is one too)."""
    first = next(a for a in args if isinstance(a, TimeArray))
    for a in args:
        if isinstance(a, TimeArray) and (type(a) is not type(first) or type(a) not in classes):
            raise MatlabError("MATLAB:UndefinedFunction", f"Undefined function '{fname}' for input arguments "
                              f"of type '{a.matlab_class}'.")
    if type(first) not in classes:
        raise MatlabError("MATLAB:UndefinedFunction", f"Undefined function '{fname}' for input arguments of "
                          f"type '{first.matlab_class}'.")
    if pairs and len(args) >= 2 and not (type(args[1]) is np.ndarray and args[1].size == 0) and \
            not isinstance(args[1], TimeArray):
        raise MatlabError("MATLAB:UndefinedFunction", f"{fname} of a {first.matlab_class} and a "
                          f"{class_of(args[1])} is not defined.")
    return first


def _on_seconds(fname: str, classes: tuple[type, ...], result: str, pairs: bool = False) -> Callable:
    """A method that runs ``fname`` on the seconds of its time arguments; its first output is of the
    argument's class ('same'), a duration ('duration'), or left as computed ('number')."""
    def method(ctx, *args, nargout=1):
        first = _time_args(fname, args, classes, pairs)
        plain = [a.data if isinstance(a, TimeArray) else NAT_FLAGS.get(option_name(a), a) for a in args]
        outs = _plain(fname, ctx, plain, max(nargout, 1))
        if not outs or result == "number":
            return outs
        data = np.asarray(outs[0], dtype=np.float64).reshape(np.shape(outs[0]) or (1, 1))
        head = first.like(data) if result == "same" else DurationArray(data)
        return (head, *outs[1:])
    return method


NAT_FLAGS = {"omitnat": CharArray.from_str("omitnan"), "includenat": CharArray.from_str("includenan")}
BOTH = (DatetimeArray, DurationArray)
DURATION = (DurationArray,)
METHODS = {
    "sort": (BOTH, "same", False), "min": (BOTH, "same", True), "max": (BOTH, "same", True),
    "cummin": (BOTH, "same", False), "cummax": (BOTH, "same", False), "unique": (BOTH, "same", False),
    "mean": (BOTH, "same", False), "median": (BOTH, "same", False), "mode": (BOTH, "same", False),
    "diff": (BOTH, "duration", False), "flip": (BOTH, "same", False), "fliplr": (BOTH, "same", False),
    "flipud": (BOTH, "same", False), "circshift": (BOTH, "same", False), "repmat": (BOTH, "same", False),
    "reshape": (BOTH, "same", False), "permute": (BOTH, "same", False), "squeeze": (BOTH, "same", False),
    "issorted": (BOTH, "number", False), "isinf": (BOTH, "number", False),
    "isfinite": (BOTH, "number", False), "sum": (DURATION, "same", False), "cumsum": (DURATION, "same", False),
    "abs": (DURATION, "same", False), "isnan": (DURATION, "number", False), "std": (DURATION, "same", False),
    "round": (DURATION, "same", False), "floor": (DURATION, "same", False), "ceil": (DURATION, "same", False),
    "ismember": (BOTH, "number", True),
}


def _datenum(ctx, t, *rest, nargout=1):
    if rest:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    return simplify(to_datenum(_time(t, DatetimeArray, "datenum")))


def _by_datenum(fname: str) -> Callable:
    """datevec, datestr, weekday of a datetime: the numeric builtin on its datenums."""
    def method(ctx, t, *rest, nargout=1):
        numbers = simplify(to_datenum(_time(t, DatetimeArray, fname)))
        return _plain(fname, ctx, [numbers, *rest], max(nargout, 1))
    return method


def _char(ctx, t, fmt=None, nargout=1):
    texts = time_texts(t, _format_arg(t, fmt, "char"))
    return pad_rows(texts) if texts else CharArray(np.zeros((0, 0), dtype=np.uint16))


def _string(ctx, t, fmt=None, nargout=1):
    spec = _format_arg(t, fmt, "string")
    texts = time_texts(t, spec)
    return string_value([None if x in ("NaT", "NaN") else x for x in texts], t.shape)


def _cellstr(ctx, t, fmt=None, nargout=1):
    texts = time_texts(t, _format_arg(t, fmt, "cellstr"))
    return cell_value([CharArray.from_str("" if x == "NaT" else x) for x in texts], t.shape)


def _format_arg(t: TimeArray, fmt: Value | None, fname: str) -> str | None:
    if fmt is None:
        return None
    spec = text_arg(fmt, fname, "Format")
    return check_datetime_format(spec) if type(t) is DatetimeArray else check_duration_format(spec)


def _interp1(ctx, *args, nargout=1):
    """interp1(x, v, xq, ...) with datetimes or durations: x and xq of one class (or both numbers), v of
    any; the result has v's class."""
    values_at = 1 if len(args) >= 3 and option_name(args[2]) is None else 0
    x_args = [args[0], args[2]] if values_at == 1 else [args[1]]
    if values_at == 1 and {type(a) for a in x_args if isinstance(a, TimeArray)} and \
            len({type(a) for a in x_args}) != 1:
        raise MatlabError("MATLAB:interp1:InvalidSamplePoints", "The sample points x and the query points xq must "
                          f"be of one class, not {class_of(args[0])} and {class_of(args[2])}.")
    plain = [a.data if isinstance(a, TimeArray) else a for a in args]
    out = _plain("interp1", ctx, plain, 1)[0]
    values = args[values_at]
    if not isinstance(values, TimeArray):
        return out
    return values.like(np.asarray(out, dtype=np.float64).reshape(np.shape(out) or (1, 1)))


def _linspace(ctx, a, b, n=100.0, nargout=1):
    first = _time_args("linspace", (a, b), BOTH, True)
    out = _plain("linspace", ctx, [a.data, b.data, n], 1)[0]
    return first.like(np.asarray(out, dtype=np.float64).reshape(np.shape(out) or (1, 1)))


def operator_method(symbol: str, arity: int) -> Callable:
    """plus(a, b), transpose(t), ...: the operator itself (through ops.py's tables, which route datetime,
    duration and categorical operands to their own operators)."""
    table = ops.BINARY if arity == 2 else ops.UNARY

    def method(ctx, *args, nargout=1):
        if len(args) != arity:
            raise MatlabError("MATLAB:TooManyInputs" if len(args) > arity else "MATLAB:minrhs",
                              "Too many input arguments." if len(args) > arity else "Not enough input arguments.")
        return table[symbol](*args)
    return method


@after_load
def _register_methods() -> None:
    for name, (classes, result, pairs) in METHODS.items():
        set_overload(name, TimeArray, _on_seconds(name, classes, result, pairs))
    for name in ("datevec", "datestr", "weekday"):
        set_overload(name, DatetimeArray, _by_datenum(name))
    set_overload("datenum", DatetimeArray, _datenum)
    set_overload("char", TimeArray, _char)
    set_overload("string", TimeArray, _string)
    set_overload("cellstr", TimeArray, _cellstr)
    set_overload("linspace", TimeArray, _linspace)
    set_overload("interp1", TimeArray, _interp1)
    for name, symbol in OPERATORS.items():
        set_overload(name, TimeArray, operator_method(symbol, 2))
    for name, symbol in UNARY_OPERATORS.items():
        set_overload(name, TimeArray, operator_method(symbol, 1))

