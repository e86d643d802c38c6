"""datetime and duration values through Session.get / Session.set, and the text of Format letters
(engine/runtime/time_text.py) on values MATLAB's Format documentation shows."""
import numpy as np
import pytest

from engine import Session
from engine.runtime.time_text import datetime_texts, duration_text, parse_datetimes
from engine.runtime.times import DatetimeArray, from_parts


def test_get_gives_datetime64_and_timedelta64():
    s = Session(device="cpu")
    s.execute("t = [datetime(2024,3,15,10,30,0.25) NaT]; d = hours([1.5; 2]);")
    t, d = s.get("t"), s.get("d")
    assert t.dtype == np.dtype("M8[us]") and t.shape == (1, 2)
    assert t[0, 0] == np.datetime64("2024-03-15T10:30:00.250") and np.isnat(t[0, 1])
    assert d.dtype == np.dtype("m8[us]") and d.shape == (2, 1)
    assert d[0, 0] == np.timedelta64(5400, "s")


def test_set_takes_datetime64_and_timedelta64():
    s = Session(device="cpu")
    s.set("t", np.array(["2024-01-01T06:00", "NaT"], dtype="M8[s]"))
    s.set("d", np.array([90, 30], dtype="m8[s]"))
    r = s.execute("h = hour(t); n = isnat(t); m = minutes(d); c = class(t);")
    assert r.error is None
    assert s.get("h")[0, 0] == 6 and s.get("n").tolist() == [[False, True]]
    assert s.get("m").tolist() == [[1.5, 0.5]] and s.get("c") == "datetime"


# MATLAB's Format documentation: Saturday, April 19, 2014 at 9:41:06 PM
@pytest.mark.parametrize("fmt, text", [
    ("yyyy-MM-dd", "2014-04-19"), ("dd/MM/yyyy", "19/04/2014"), ("dd.MM.yyyy", "19.04.2014"),
    ("MMMM d, yyyy", "April 19, 2014"), ("eeee, MMMM d, yyyy h:mm a", "Saturday, April 19, 2014 9:41 PM"),
    ("yyyy-MM-dd'T'HH:mm", "2014-04-19T21:41"), ("dd-MMM-uuuu HH:mm:ss.SSS", "19-Apr-2014 21:41:06.120"),
    ("DDD QQQ yy", "109 Q2 14"),
])
def test_datetime_format_letters(fmt, text):
    t = DatetimeArray(np.array([[float(from_parts(2014, 4, 19, 21, 41, 6.12))]]))
    assert datetime_texts(t, fmt) == [text]
    if "Q" not in fmt:      # read back, the text is the same
        back = DatetimeArray(parse_datetimes([text], fmt).reshape(1, 1))
        assert datetime_texts(back, fmt) == [text]


@pytest.mark.parametrize("seconds, fmt, text", [
    (5400.0, "hh:mm:ss", "01:30:00"), (-5400.0, "hh:mm:ss", "-01:30:00"), (90000.0, "hh:mm:ss", "25:00:00"),
    (90000.0, "dd:hh:mm:ss", "01:01:00:00"), (61.5, "mm:ss", "01:01"), (61.25, "hh:mm:ss.SS", "00:01:01.25"),
    (5400.0, "h", "1.5 hr"), (86400.0, "d", "1 day"), (172800.0, "d", "2 days"), (60.0, "m", "1 min"),
    (np.nan, "hh:mm:ss", "NaN"), (np.inf, "s", "Inf sec"), (59.6, "hh:mm:ss", "00:00:59"),
    # a MATLAB session quoted on the web: d = hours(1) + minutes(25) + seconds(345), shown as 1.5125 hr
    (5445.0, "h", "1.5125 hr"), (5445.0, "hh:mm:ss.SSSS", "01:30:45.0000"), (5445.0, "mm:ss", "90:45"),
    (5445.0, "hh:mm", "01:30"),
])
def test_duration_formats(seconds, fmt, text):
    assert duration_text(seconds, fmt) == text
