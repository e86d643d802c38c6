"""datetime and duration: MATLAB's date-and-time value types, and the proleptic Gregorian calendar.

    DatetimeArray   data: seconds since 1970-01-01 00:00:00 (float64, MATLAB's size; NaN is NaT),
                    fmt: the Format property ('' is the default), tz: the TimeZone ('' or 'UTC')
    DurationArray   data: seconds (float64; NaN is a missing duration), fmt: the Format property

Both are values (MATLAB value semantics, never changed in place) of one class each; indexing,
concatenation, display and the operators treat them through ``data`` (indexing.storage / rewrap keep the
format). Whole seconds are exact in this representation, so the difference of two datetimes given to the
second is an exact number of seconds. The calendar functions are numpy-vectorised: ``serial`` (date
parts to datenum, months and days past their ends carrying over) and ``vectors`` (datenum to date
vectors) are shared with the datenum family (builtins/dates.py). Text formats are in time_text.py,
operators in time_ops.py, the builtins in builtins/datetimes.py.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

import numpy as np

from .errors import MatlabError

MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
_CUMULATIVE_DAYS = np.array([0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334], dtype=np.float64)
EPOCH_DATENUM = 719529.0        # datenum(1970, 1, 1)
DAY = 86400.0
DEFAULT_FORMAT = "dd-MMM-uuuu HH:mm:ss"
DEFAULT_DATE_FORMAT = "dd-MMM-uuuu"
TIME_ZONES = ("", "UTC")


def is_leap(year: np.ndarray) -> np.ndarray:
    return ((year % 4 == 0) & (year % 100 != 0)) | (year % 400 == 0)


def serial(y, mo, d, h=0.0, mi=0.0, s=0.0) -> np.ndarray:
    """datenum of date vector parts (numpy arrays broadcast together)."""
    return serial_day(y, mo, d) + (np.asarray(h) + (np.asarray(mi) + np.asarray(s) / 60.0) / 60.0) / 24.0


def serial_day(y, mo, d) -> np.ndarray:
    """datenum of whole dates (no time of day): exact for whole y, mo, d."""
    y, mo = np.asarray(y, dtype=np.float64), np.floor(np.asarray(mo, dtype=np.float64))
    y = y + np.floor((mo - 1) / 12)
    mo = np.mod(mo - 1, 12) + 1
    month_days = _CUMULATIVE_DAYS[np.nan_to_num(mo, nan=1.0).astype(np.int64) - 1] + ((mo > 2) & is_leap(y))
    return 365 * y + np.ceil(y / 4) - np.ceil(y / 100) + np.ceil(y / 400) + month_days + np.asarray(d)


def vectors(n: np.ndarray) -> np.ndarray:
    """Date vectors (one row per element of n, column-major) of serial date numbers."""
    n = np.asarray(n, dtype=np.float64).ravel(order="F")
    if not np.all(np.isfinite(n)):
        raise MatlabError("MATLAB:datevec:NonFiniteInput", "Date numbers must be finite.")
    day = np.floor(n)
    seconds = np.round((n - day) * 86400.0, 6)
    carry = seconds >= 86400.0
    day, seconds = day + carry, np.where(carry, 0.0, seconds)
    y, m, d = civil(day)
    h = np.floor(seconds / 3600)
    mi = np.floor((seconds - 3600 * h) / 60)
    s = seconds - 3600 * h - 60 * mi
    return np.stack([y, m, d, h, mi, s], axis=1)


def civil(day: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Year, month and day of whole datenums ``day`` (finite)."""
    z = day - 60.0
    a = np.floor((z - 0.25) / 36524.25)
    b = z - 0.25 + a - np.floor(a / 4)
    y = np.floor(b / 365.25)
    c = np.fix(b - np.floor(365.25 * y)) + 1
    m = np.fix((5 * c + 456) / 153)
    d = c - np.fix((153 * m - 457) / 5)
    return np.where(m > 12, y + 1, y), np.where(m > 12, m - 12, m), d


# ---- the values


@dataclass(eq=False)
class TimeArray(ABC):
    """What datetime and duration share: elements in ``data`` (float64 seconds), a display format."""
    data: np.ndarray
    fmt: str = ""

    @property
    def shape(self) -> tuple[int, ...]:
        return self.data.shape

    @abstractmethod
    def like(self, data: np.ndarray) -> "TimeArray":
        """A value of this class and format holding ``data`` (already in MATLAB shape)."""


@dataclass(eq=False)
class DatetimeArray(TimeArray):
    tz: str = ""
    matlab_class = "datetime"

    def like(self, data: np.ndarray) -> "DatetimeArray":
        return DatetimeArray(np.asarray(data, dtype=np.float64), self.fmt, self.tz)

    def display_format(self) -> str:
        """The Format property: the one set, else the default (the date alone when every time is midnight)."""
        if self.fmt:
            return self.fmt
        finite = self.data[np.isfinite(self.data)]
        return DEFAULT_DATE_FORMAT if np.all(np.mod(finite, DAY) == 0) else DEFAULT_FORMAT


@dataclass(eq=False)
class DurationArray(TimeArray):
    matlab_class = "duration"

    def like(self, data: np.ndarray) -> "DurationArray":
        return DurationArray(np.asarray(data, dtype=np.float64), self.fmt)

    def display_format(self) -> str:
        return self.fmt or "hh:mm:ss"


def is_time(value) -> bool:
    return isinstance(value, TimeArray)


def from_parts(y, mo, d, h=0.0, mi=0.0, s=0.0) -> np.ndarray:
    """Seconds since 1970 of date and time parts (broadcast together); NaN in any part gives NaT."""
    day = serial_day(y, mo, d) - EPOCH_DATENUM
    return day * DAY + (np.asarray(h, dtype=np.float64) * 3600.0 + np.asarray(mi, dtype=np.float64) * 60.0
                        + np.asarray(s, dtype=np.float64))


def parts(seconds: np.ndarray) -> dict[str, np.ndarray]:
    """The calendar parts of datetimes (seconds since 1970), each an array of their shape: year, month,
    day, hour, minute, second (fractional), weekday (1 is Sunday) and dayofyear; NaN where not finite."""
    seconds = np.asarray(seconds, dtype=np.float64)
    finite = np.isfinite(seconds)
    safe = np.where(finite, seconds, 0.0)
    days = np.floor(safe / DAY)
    rest = safe - days * DAY
    y, mo, d = civil(days + EPOCH_DATENUM)
    h = np.floor(rest / 3600.0)
    mi = np.floor((rest - 3600.0 * h) / 60.0)
    found = {"year": y, "month": mo, "day": d, "hour": h, "minute": mi, "second": rest - 3600.0 * h - 60.0 * mi,
             "weekday": np.mod(days + 4, 7) + 1,
             "dayofyear": days + EPOCH_DATENUM - serial_day(y, 1, 0)}
    return {name: np.where(finite, part, np.nan) for name, part in found.items()}


def to_datenum(value: DatetimeArray) -> np.ndarray:
    return value.data / DAY + EPOCH_DATENUM


def from_datenum(numbers: np.ndarray) -> np.ndarray:
    """Seconds since 1970 of datenums, with the time of day rounded to the microsecond (datenum's own
    precision), so that whole seconds stay whole."""
    numbers = np.asarray(numbers, dtype=np.float64)
    days = np.floor(numbers)
    return (days - EPOCH_DATENUM) * DAY + np.round((numbers - days) * DAY, 6)
