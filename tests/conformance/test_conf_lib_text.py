"""Conformance: the text library (strvcat, strjust, sscanf, pad, compose, count, insert/reverse,
conversions between char, string and bytes).

Values of functions Octave has were recorded with GNU Octave (tests/conformance/record.py); the string
functions Octave lacks (pad, compose, count, insertAfter, insertBefore, reverse, strings,
convertStringsToChars, convertCharsToStrings, isStringScalar) follow the examples of MATLAB's
documentation, written by hand."""
import pytest

from harness import C, Cell, D, L, S, case, check, inf, nan, num, params

CASES = [
    case('strvcat_skips_empty', "a = strvcat('abc', '', 'de'); b = strvcat({'x', '', 'yz'}, 'q'); c = strvcat('', '');", a=C('adbec ', (2, 3)), b=C('xyq z ', (3, 2)), c=C('')),
    case('strvcat_numbers', "a = strvcat(65:67, 'xy');", a=C('AxByC ', (2, 3))),
    case('strjust_forms', "a = strjust(['a  '; 'bb ']); b = strjust(['  a'; ' bb'], 'left'); c = strjust(['a   '; ' bb '; 'abc '], 'center');", a=C('   bab', (2, 3)), b=C('ab b  ', (2, 3)), c=C('  aabb bc   ', (3, 4))),
    case('sscanf_basic', "a = sscanf('3 4 5', '%d'); b = sscanf('x=1.5', 'x=%f'); c = sscanf('1,2,3', '%d,'); d = sscanf('1 2 3 4 5 6', '%d', [2 Inf]);", a=D([3, 4, 5], (3, 1)), b=D(1.5), c=D([1, 2, 3], (3, 1)), d=D([1, 2, 3, 4, 5, 6], (2, 3))),
    case('sscanf_text', "e = sscanf('hello world', '%s'); f = sscanf('12abc', '%d%s'); o = sscanf('abc', '%c');", e=C('helloworld'), f=D([12, 97, 98, 99], (4, 1)), o=C('abc')),
    case('sscanf_outputs', "[g, n, msg, nxt] = sscanf('1 2 x', '%d');", g=D([1, 2], (2, 1)), n=D(2), nxt=D(5)),
    case('sscanf_forms', "h = sscanf('3.5', '%d'); k = sscanf('ff 10', '%x'); l = sscanf('1 2 3 4', '%d', 2); m = sscanf('Inf -2.5e3 NaN', '%f'); p = sscanf('10:20:30', '%d:%d:%d'); q = sscanf('a1b2', '%*c%d'); r = sscanf('', '%d');", h=D(3), k=D([255, 16], (2, 1)), l=D([1, 2], (2, 1)), m=D([inf, -2500, nan], (3, 1)), p=D([10, 20, 30], (3, 1)), q=D([1, 2], (2, 1)), r=D([], (0, 1))),
    case('native_bytes', "k = unicode2native('aé', 'UTF-8'); k2 = native2unicode(uint8([72 105]), 'UTF-8');", k=num('uint8', [97, 195, 169]), k2=C('Hi')),
    case('sscanf_string_input', 'a = sscanf("7 8", "%d");', a=D([7, 8], (2, 1))),
    case('sscanf_bad_size', "a = sscanf('1 2', '%d', [Inf 2]);",
         error=('MATLAB:scanf:invalidSize', 'Size must be n, Inf, or [m n] with m finite (n may be Inf).')),
    # MATLAB documentation examples (Octave has none of these functions).
    case('pad_longest', 'a = pad(["Mercury", "ISS"]); b = pad({\'ab\', \'c\'});',
         a=S(['Mercury', 'ISS    ']), b=Cell([C('ab'), C('c ')])),
    case('pad_width_side_char', "a = pad('7', 3, 'left', '0'); b = pad(\"ab\", 6, 'both'); c = pad('abcd', 2);",
         a=C('007'), b=S('  ab  '), c=C('abcd')),
    case('pad_side_only', 'a = pad(["a"; "abc"], \'left\');', a=S(['  a', 'abc'], (2, 1))),
    case('insert_after_before', "a = insertAfter(\"key value\", \"key\", \":\"); b = insertBefore('world', 1, 'hello '); "
         "c = insertAfter({'ab', 'b'}, 'b', '!'); d = insertAfter('abc', 3, 'd');",
         a=S('key: value'), b=C('hello world'), c=Cell([C('ab!'), C('b!')]), d=C('abcd')),
    case('insert_bad_position', "a = insertBefore('abc', 5, 'x');",
         error=('MATLAB:insertBefore:InvalidPosition', 'The position 5 is outside the text (length 3).')),
    case('count_forms', "a = count(\"banana\", \"an\"); b = count({'aAa', 'b'}, 'a', 'IgnoreCase', true); "
         "c = count([\"ab\"; \"abab\"], [\"a\", \"b\"]);",
         a=D(2), b=D([3, 0]), c=D([2, 4], (2, 1))),
    case('reverse_forms', "a = reverse(\"abc\"); b = reverse({'ab', ''}); c = reverse('xyz');",
         a=S('cba'), b=Cell([C('ba'), C('', (1, 0))]), c=C('zyx')),
    case('compose_rows', 'a = compose("%d: %s", [1; 2], ["a"; "b"]); b = compose(\'%.2f\', [pi exp(1)]);',
         a=S(['1: a', '2: b'], (2, 1)), b=Cell([C('3.14'), C('2.72')])),
    case('compose_columns', 'a = compose("%d-%d", [1 2 3 4]); b = compose("a\\tb");',
         a=S(['1-2', '3-4']), b=S('a\tb')),
    case('strings_and_scalar', 'a = strings(1, 2); b = isStringScalar("a"); c = isStringScalar(\'a\');',
         a=S(['', '']), b=L(1), c=L(0)),
    case('convert_text_kinds', "a = convertStringsToChars(\"abc\"); b = convertStringsToChars([\"a\", \"bc\"]); "
         "[c, d] = convertCharsToStrings('x', {'y', 'z'}); e = convertCharsToStrings(5);",
         a=C('abc'), b=Cell([C('a'), C('bc')]), c=S('x'), d=S(['y', 'z']), e=D(5)),
    case('extract_between_patterns', "a = extractBetween(\"The quick brown fox\", \"quick \", \" fox\"); "
         "b = extractBetween('a[1]b[2]', '[', ']'); c = extractBetween([\"<x>1</x>\"; \"<x>2</x>\"], \"<x>\", \"</x>\"); "
         "e = extractBetween('a[1]', '[', ']', 'Boundaries', 'inclusive');",
         a=S('brown'), b=Cell([C('1'), C('2')], (2, 1)), c=S(['1', '2'], (2, 1)), e=Cell([C('[1]')])),
    case('extract_between_positions', "d = extractBetween('abcdef', 2, 4); "
         "f = extractBetween(\"abcdef\", 2, 4, 'Boundaries', 'exclusive');", d=Cell([C('bcd')]), f=S('c')),
    case('splitlines_forms', "a = splitlines(sprintf('a\\nb\\r\\nc')); b = splitlines(\"x\" + newline + \"y\");",
         a=Cell([C('a'), C('b'), C('c')], (3, 1)), b=S(['x', 'y'], (2, 1))),
    # recorded with Octave: deblank of a char matrix drops the columns blank in every row
    case('deblank_char_matrix', "a = deblank(['ab  '; 'c   ']); b = deblank(['  '; '  ']);",
         a=C('acb ', (2, 2)), b=C('')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
