"""Conformance: matches, eraseBetween and replaceBetween. Octave has none of them: the expected values
follow the examples and definitions of MATLAB's documentation, written by hand."""
import pytest

from harness import C, Cell, L, S, case, check, params

CASES = [
    case('matches_forms', "a = matches([\"a\" \"ab\" \"b\"], [\"a\" \"b\"]); b = matches('abc', {'ABC'}, 'IgnoreCase', true); "
         "c = matches({'x', 'y'; 'z', 'x'}, 'x'); d = matches('abc', 'ab');",
         a=L([1, 0, 1]), b=L(1), c=L([1, 0, 0, 1], (2, 2)), d=L(0)),
    case('erase_between_forms', "d = eraseBetween(\"The quick brown fox\", \"quick\", \" fox\"); e = eraseBetween('abcdef', 2, 4); "
         "f = eraseBetween('a(1) b(2)', '(', ')'); k = eraseBetween({'a[1]', 'b[22]'}, '[', ']', 'Boundaries', 'inclusive');",
         d=S('The quick fox'), e=C('aef'), f=C('a() b()'), k=Cell([C('a'), C('b')])),
    case('replace_between_forms', "g = replaceBetween(\"a [x] b\", \"[\", \"]\", \"y\"); h = replaceBetween('abcdef', 2, 4, '-'); "
         "l = replaceBetween('abcdef', 2, 4, 'XY', 'Boundaries', 'exclusive');",
         g=S('a [y] b'), h=C('a-ef'), l=C('abXYdef')),
    case('erase_between_bad_position', "a = eraseBetween('abc', 2, 9);",
         error=('MATLAB:eraseBetween:InvalidPosition', 'The positions 2 and 9 are outside the text (length 3).')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
