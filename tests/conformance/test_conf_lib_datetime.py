"""Conformance: datetime and duration (constructors, parts, properties, text, arithmetic, comparisons,
indexing, concatenation, display, the methods of sort/min/max/diff/sum/mean/...).

GNU Octave has no datetime or duration: the behaviour follows MATLAB's documentation (datetime,
duration, their Format properties and the 'Set Date and Time Display Format' page). Where a case reduces
to serial date numbers (datenum(t), weekday), the expected numbers were computed with Octave's datenum
(record.py), which MATLAB's datenum agrees with. Errors with a matfuse identifier are forms we do not
support (time zones other than '' and 'UTC')."""
import pytest

from harness import C, Cell, D, L, S, case, check, params

CASES = [
    # datenum(2024,3,15,10,30,0), datenum(2024,1,1) in posix seconds, weekday: Octave
    case('datetime_parts', 't = datetime(2024,3,15,10,30,0); n = datenum(t); p = posixtime(datetime(2024,1,1)); '
         '[y,m,d] = ymd(t); h = hour(t); mi = minute(t); s = second(t); w = weekday(t); c = class(t);',
         n=D(739326.4375), p=D(1704067200), y=D(2024), m=D(3), d=D(15), h=D(10), mi=D(30), s=D(0), w=D(6),
         c=C('datetime')),
    # months and days past their ends carry over, as datenum's do (Octave: datenum(2020,14,35), (2024,1,32))
    case('datetime_carry', 'a = datenum(datetime(2020,14,35)); b = datenum(datetime(2024,1,32)); '
         'v = datenum(datetime(2024,1,1:3)); q = datenum(datetime([2024 1 1; 2024 1 3]));',
         a=D(738222), b=D(739283), v=D([739252, 739253, 739254]), q=D([739252, 739254], (2, 1))),
    case('datetime_properties', "t = datetime(2024,3,15,10,30,12.5); y = t.Year; mo = t.Month; s = t.Second; "
         "f = t.Format; t.Format = 'yyyy-MM-dd'; g = char(t); t.Year = 2025; n = datenum(t); tz = t.TimeZone;",
         y=D(2024), mo=D(3), s=D(12.5), f=C('dd-MMM-uuuu HH:mm:ss'), g=C('2024-03-15'), n=D(739691.437644676),
         tz=C('')),
    case('datetime_text', "a = datenum(datetime('2024-03-15')); b = datenum(datetime('15-Mar-2024 10:30:00')); "
         "c = datenum(datetime('15/03/2024','InputFormat','dd/MM/yyyy')); "
         "d = datenum(datetime('2024-03-15T10:30:00')); e = isnat(datetime('')); "
         "f = datenum(datetime({'2024-01-01', '2024-01-03'})); g = hour(datetime('9:05 PM', 'InputFormat', 'h:mm a'));",
         a=D(739326), b=D(739326.4375), c=D(739326), d=D(739326.4375), e=L(1), f=D([739252, 739254]), g=D(21)),
    case('datetime_convert_from', "a = posixtime(datetime(739326.4375,'ConvertFrom','datenum')); "
         "b = datenum(datetime(1704067200,'ConvertFrom','posixtime')); "
         "c = datenum(datetime(45366,'ConvertFrom','excel')); d = exceltime(datetime(2024,3,15)); "
         "e = datenum(datetime(20240315,'ConvertFrom','yyyymmdd')); j = juliandate(datetime(2000,1,1,12,0,0));",
         a=D(1710498600), b=D(739252), c=D(739326), d=D(45366), e=D(739326), j=D(2451545)),
    # datenum(2024,3,16,12,0,0) = 739327.5 (Octave); whole seconds are exact
    case('datetime_arithmetic', 't = datetime(2024,3,15); u = t + hours(36); du = u - t; a = hours(du); '
         'b = datenum(t + 1.5); c = datenum(t - days(1)); e = seconds(datetime(2024,1,1,0,0,1) - datetime(2024,1,1)); '
         'k = class(du); f = datenum(hours(12) + t);',
         a=D(36), b=D(739327.5), c=D(739325), e=D(1), k=C('duration'), f=D(739326.5)),
    case('datetime_compare', "t = datetime(2024,1,1:3); a = t > datetime(2024,1,2); b = t == '2024-01-02'; "
         "c = hours(1) < minutes(90); d = hours(24) == 1; e = isequal(datetime(2024,1,1), datetime('2024-01-01')); "
         "f = isequal(hours(1), minutes(60));",
         a=L([0, 0, 1]), b=L([0, 1, 0]), c=L(1), d=L(1), e=L(1), f=L(1)),
    case('datetime_sort_min_max_diff', 't = datetime(2024,1,[3 1 2]); [s,i] = sort(t); n = datenum(s); '
         '[m,k] = max(t); mx = datenum(m); mn = datenum(min(t)); d = days(diff(t)); '
         'r = datenum(sort(t, "descend")); md = datenum(mean(t));',
         i=D([2, 3, 1]), n=D([739252, 739253, 739254]), k=D(1), mx=D(739254), mn=D(739252), d=D([-2, 1]),
         r=D([739254, 739253, 739252]), md=D(739253)),
    case('datetime_nat', 't = [datetime(2024,1,1) NaT]; a = isnat(t); b = t(2) == t(2); n = datenum(NaT); '
         'c = class(NaT(2,3)); z = size(NaT(2,3)); y = year(t);',
         a=L([0, 1]), b=L(0), n=D(float('nan')), c=C('datetime'), z=D([2, 3]), y=D([2024, float('nan')])),
    case('duration_units', 'd = duration(1,30,0); a = minutes(d); b = seconds(hours(1.5)); '
         'c = milliseconds(seconds(2)); e = days(hours(36)); f = years(days(365.2425)); '
         'g = hours(duration([1 2 3; 4 5 6])); k = seconds(duration(0,0,1,500)); '
         "x = minutes(duration('01:30:00')); y = seconds(duration('-00:01:02.5')); "
         "z = char(duration(hours(1.5), 'Format', 'hh:mm:ss'));",
         a=D(90), b=D(5400), c=D(2000), e=D(1.5), f=D(1), g=D([1.0341666666666667, 4.085], (2, 1)), k=D(1.5),
         x=D(90), y=D(-62.5), z=C('01:30:00')),
    case('duration_arithmetic', 'd = hours([1 2 3]); s = hours(sum(d)); m = minutes(mean(d)); r = d ./ hours(1); '
         'x = hours(2 * d - minutes(30)); y = hours(d / 2); z = hours(d + 1); n = hours(-d); a = hours(abs(-d)); '
         'c = hours(cumsum(d)); md = hours(median(d));',
         s=D(6), m=D(120), r=D([1, 2, 3]), x=D([1.5, 3.5, 5.5]), y=D([0.5, 1, 1.5]), z=D([25, 26, 27]),
         n=D([-1, -2, -3]), a=D([1, 2, 3]), c=D([1, 3, 6]), md=D(2)),
    case('time_indexing', 't = datetime(2024,1,1:3); t(5) = datetime(2024,2,1); a = isnat(t); t(2) = []; '
         "n = numel(t); u = [t(1); t(end)]; z = size(u); d = hours(1:3); d(end+1) = minutes(30); h = hours(d); "
         "t(1) = '2020-05-05'; f = datenum(t(1)); w = hours(d(2:3)); g = hours([d(1), [], d(2)]);",
         a=L([0, 0, 0, 1, 0]), n=D(4), z=D([2, 1]), h=D([1, 2, 3, 0.5]), f=D(737916), w=D([2, 3]), g=D([1, 2])),
    case('time_colon_linspace', 't = datetime(2024,1,1):hours(6):datetime(2024,1,2); n = numel(t); h = hour(t); '
         'u = datetime(2024,1,1):datetime(2024,1,4); m = numel(u); '
         'l = hour(linspace(datetime(2024,1,1), datetime(2024,1,2), 3)); e = numel(hours(2):hours(1):hours(1));',
         n=D(5), h=D([0, 6, 12, 18, 0]), m=D(4), l=D([0, 12, 0]), e=D(0)),
    case('time_text_out', "c = char(datetime(2024,3,15)); s = string(datetime(2024,3,15,10,30,0)); "
         "g = string(datetime(2024,3,15), 'eeee, MMMM d, yyyy'); h = char(duration(1,2,3)); "
         "k = datestr(datetime(2024,3,15,10,30,0)); m = char(datetime(2024,3,15,21,5,0), 'hh:mm a'); "
         "q = cellstr(datetime(2024,1,1:2)); r = string(hours(1.5)); v = char(datetime(2024,1,1:2));",
         c=C('15-Mar-2024'), s=S('15-Mar-2024 10:30:00'), g=S('Friday, March 15, 2024'), h=C('01:02:03'),
         k=C('15-Mar-2024 10:30:00'), m=C('09:05 PM'), q=Cell([C('01-Jan-2024'), C('02-Jan-2024')]),
         r=S('1.5 hr'), v=C('0012--JJaann--22002244', (2, 11))),
    case('time_names', "m = month(datetime(2024,3,15), 'name'); dn = day(datetime(2024,3,15), 'name'); "
         "q = quarter(datetime(2024,5,1)); doy = day(datetime(2024,3,1), 'dayofyear'); "
         "sm = month(datetime(2024,3,15), 'shortname'); a = hours(timeofday(datetime(2024,3,15,10,30,0))); "
         "[h, mi, s] = hms(duration(1,30,15));",
         m=Cell([C('March')]), dn=Cell([C('Friday')]), q=D(2), doy=D(61), sm=Cell([C('Mar')]), a=D(10.5), h=D(1),
         mi=D(30), s=D(15)),
    case('time_predicates', 'a = isdatetime(NaT); b = isduration(5); c = isduration(hours(1)); '
         'd = isempty(datetime(2024,1,1:0)); e = isequal(size(hours(ones(2,3))), [2 3]); f = isnan(hours([1 NaN]));',
         a=L(1), b=L(0), c=L(1), d=L(1), e=L(1), f=L([0, 1])),
    case('time_operator_functions_and_cells', "t = datetime(2024,1,1:3); d = hours([1 2 3]); a = hours(minus(plus(t, d), t)); "
         "b = size(transpose(t)); c = eq(t, t(2)); e = hours(uminus(d)); f = num2cell(t); g = class(f{2}); "
         "h = datenum(f{3}); [m, k] = ismember(d, hours([3 1]));",
         a=D([1, 2, 3]), b=D([3, 1]), c=L([0, 1, 0]), e=D([-1, -2, -3]), g=C('datetime'), h=D(739254),
         m=L([1, 0, 1]), k=D([2, 0, 1])),
    # datenum(2024,1,1), (2024,1,1), (2024,3,1), (2024,3,10) (the Sunday before Friday 15 March), (2024,3,15,10,0,0): Octave
    case('dateshift_isbetween', "t = datetime(2024,3,15,10,30,12.5); y = datenum(dateshift(t, 'start', 'year')); "
         "q = datenum(dateshift(t, 'start', 'quarter')); m = datenum(dateshift(t, 'start', 'month')); "
         "w = datenum(dateshift(t, 'start', 'week')); h = datenum(dateshift(t, 'start', 'hours')); "
         "b = isbetween([t NaT], '2024-01-01', datetime(2024,3,15,10,30,12.5));",
         y=D(739252), q=D(739252), m=D(739312), w=D(739321), h=D(739326.4166666666), b=L([1, 0])),
    # datenum(2024,1,1,15,0,0) = 739252.625 (Octave)
    case('time_interp1_and_nat_flags', "t = datetime(2024,1,1) + hours([0 10 20]); y = [0 10 40]; "
         "a = interp1(t, y, datetime(2024,1,1,5,0,0)); b = datenum(interp1(y, t, 25)); "
         "c = interp1(hours([0 1]), [0 60], minutes(30)); e = hours(interp1([1 2 3], hours([1 2 3]), 2.5)); "
         "m = hour(mean([t NaT], 'omitnat')); n = isnat(min([t NaT], [], 'includenat'));",
         a=D(5), b=D(739252.625), c=D(30), e=D(2.5), m=D(10), n=L(1)),
    case('interp1_mixed_classes', "x = interp1(datetime(2024,1,1:3), [1 2 3], 2);",
         error=('MATLAB:interp1:InvalidSamplePoints', 'The sample points x and the query points xq must be of one '
                'class, not datetime and double.')),
    case('display_datetime_scalar', 't = datetime(2024,3,15,10,30,0)',
         stdout='t = datetime\n   15-Mar-2024 10:30:00\n'),
    case('display_datetime_row', 'v = datetime(2024,1,1:3)',
         stdout='v = 1×3 datetime array\n\n   01-Jan-2024   02-Jan-2024   03-Jan-2024\n'),
    case('display_duration', 'd = hours(1.5)\ne = duration(1,30,0)\nx = [days(1) days(2)]\nn = -minutes(5)',
         stdout='d = duration\n   1.5 hr\ne = duration\n   01:30:00\nx = 1×2 duration array\n\n'
                '   1 day   2 days\nn = duration\n   -5 min\n'),
    case('display_nat_column', "t = [datetime(2024,1,1); NaT]\nt.Format = 'yyyy-MM-dd HH:mm'",
         stdout='t = 2×1 datetime array\n\n   01-Jan-2024\n           NaT\nt = 2×1 datetime array\n\n'
                '   2024-01-01 00:00\n                NaT\n'),
    case('datetime_plus_datetime', 't = datetime(2024,1,1) + datetime(2024,1,1);',
         error=('MATLAB:UndefinedFunction', "Addition is not defined between 'datetime' and 'datetime' values.")),
    case('datetime_time_zone', "t = datetime(2024,1,1,'TimeZone','America/New_York');",
         error=('matfuse:datetime:timeZone', "The time zone 'America/New_York' is not supported: datetime values "
                "here are unzoned ('') or 'UTC'.")),
    case('datetime_bad_text', "t = datetime('not a date');",
         error=('MATLAB:datetime:ParseErr', "Could not recognize the date/time format of 'not a date'. You can "
                "specify a format using the 'InputFormat' parameter.")),
    case('datetime_text_format_mismatch', "t = datetime('2024-03-15', 'InputFormat', 'dd/MM/yyyy');",
         error=('MATLAB:datetime:ParseErrWithFormat', "Unable to convert '2024-03-15' to datetime using the "
                "format 'dd/MM/yyyy'.")),
    case('datetime_unsupported_symbol', "t = datetime('240331', 'InputFormat', 'YYMMDD');",
         error=('MATLAB:datetime:UnrecognizedFormat', "The format 'YYMMDD' contains an unsupported symbol: 'Y'. "
                "See the datetime.Format property for a complete description of the identifiers used in "
                "datetime formats.")),
    case('duration_sqrt', 'x = sqrt(hours(1));',
         error=('MATLAB:UndefinedFunction', "Check for incorrect argument data type or missing argument in call to "
                "function 'sqrt'.")),
    case('datetime_assign_number', 't = datetime(2024,1,1); t(2) = 5;',
         error=('MATLAB:invalidConversion', 'Conversion to datetime from double is not possible.')),
    case('duration_times_duration', 'x = hours(1) * hours(2);',
         error=('MATLAB:UndefinedFunction', "Multiplication is not defined between 'duration' and 'duration' "
                "values.")),
    case('datetime_sum', 'x = sum(datetime(2024,1,1:2));',
         error=('MATLAB:UndefinedFunction', "Undefined function 'sum' for input arguments of type 'datetime'.")),
    case('duration_bad_format', "d = hours(1); d.Format = 'q';",
         error=('MATLAB:duration:UnrecognizedFormat', "'q' is not a valid duration format: use 'y', 'd', 'h', "
                "'m', 's', 'dd:hh:mm:ss', 'hh:mm:ss', 'mm:ss' or 'hh:mm', with up to nine S digits after a '.' "
                "for fractions of a second.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
