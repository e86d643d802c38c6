"""Conformance: dates and clocks (datenum, datevec, datestr, weekday, eomday, etime, addtodate, calendar,
and the clock functions). Values recorded with GNU Octave (record.py), which computes MATLAB's serial
date numbers; the clock functions are checked for their class, size and consistency only."""
import pytest

from harness import C, D, L, case, check, params

CASES = [
    case('datenum_parts', 'g = datenum(2020, 14, 35); w = datenum(2024, 1, [1 15 31]); y = datenum(0, 1, 1); q = datenum([2020 1 1; 2021 6 15]);', g=D(738222), w=D([739252, 739266, 739282]), y=D(1), q=D([737791, 738322], (2, 1))),
    case('datenum_time', 'a = datenum(2024, 3, 15, 12, 30, 0);', a=D(739326.5208333334)),
    case('datenum_text', "e = datenum('2024-03-15', 'yyyy-mm-dd'); m = datenum('15-Mar-2024'); ac = datenum('03/15/2024'); l = datevec('2024-03-15 10:20:30');", e=D(739326), m=D(739326), ac=D(739326), l=D([2024, 3, 15, 10, 20, 30])),
    case('datevec_numbers', 'b = datevec(738000.5); z = datevec([738000 738001]);', b=D([2020, 7, 28, 12, 0, 0]), z=D([2020, 2020, 7, 7, 28, 29, 0, 0, 0, 0, 0, 0], (2, 6))),
    case('datevec_parts', '[y, m, d, h] = datevec(738000.75);', y=D(2020), m=D(7), d=D(28), h=D(18)),
    case('datestr_default', 'c = datestr(738000.5); d = datestr(738000); x = datestr([2024 3 15 10 20 30]);', c=C('28-Jul-2020 12:00:00'), d=C('28-Jul-2020'), x=C('15-Mar-2024 10:20:30')),
    case('datestr_formats', "f = datestr(738000.25, 'yyyy-mm-dd HH:MM:SS PM'); h = datestr([738000; 738001], 2); o = datestr(738000.123456789, 'HH:MM:SS.FFF'); p = datestr(738000, 'dddd mmmm dd'); ab = datestr(739326.5, 31);", f=C('2020-07-28  6:00:00 AM'), h=C('0077//2289//2200', (2, 8)), o=C('02:57:46.667'), p=C('Tuesday July 28'), ab=C('2024-03-15 12:00:00')),
    case('weekday_forms', "[n, s] = weekday(738000); [n2, s2] = weekday([738000 738001], 'long');", n=D(3), s=C('Tue'), n2=D([3, 4]), s2=C('TWueedsndeasyd a y', (2, 9))),
    case('eomday_forms', 't = eomday(2023, 1:3); u = eomday([2000 1900 2024], 2);', t=D([31, 28, 31]), u=D([29, 28, 29])),
    case('etime_seconds', 'v = etime([2020 1 1 0 0 10], [2019 12 31 23 59 0]);', v=D(70)),
    case('addtodate_units', "a = addtodate(datenum(2020,1,31), 1, 'month'); b = addtodate(738000, 2, 'day'); c = addtodate(738000, -1, 'year');", a=D(737850), b=D(738002), c=D(737634)),
    case('calendar_matrix', 'k = calendar(2024, 2);', k=D([0, 4, 11, 18, 25, 0, 0, 5, 12, 19, 26, 0, 0, 6, 13, 20, 27, 0, 0, 7, 14, 21, 28, 0, 1, 8, 15, 22, 29, 0, 2, 9, 16, 23, 0, 0, 3, 10, 17, 24, 0, 0], (6, 7))),
    case('clock_now_date_agree', "c = clock; n = now; t = date; ok = numel(c) == 6 && abs(datenum(c) - n) < 1e-3 "
         "&& strcmp(t, datestr(floor(n), 'dd-mmm-yyyy')); d = cputime >= 0;", ok=L(1), d=L(1)),
    case('datestr_bad_format_number', "s = datestr(738000, 99);",
         error=('MATLAB:datestr:DateNumber', 'Format number 99 is not supported; use a format text.')),
    case('datenum_bad_text', "n = datenum('not a date');",
         error=('MATLAB:datenum:ConvertDateString', "DATENUM failed. The date 'not a date' is not in a "
                "recognized format.")),
    case('addtodate_bad_field', "n = addtodate(1, 1, 'fortnight');",
         error=('MATLAB:addtodate:invalidDateField', "Field must be 'year', 'month', 'week', 'day', 'hour', "
                "'minute', 'second' or 'millisecond'.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
