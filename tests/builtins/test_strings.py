"""String builtins, sprintf/fprintf and regular expressions. Expected values recorded from GNU Octave 8
where MATLAB agrees; MATLAB's documented behaviour where they differ (noted)."""
import math

import numpy as np
import pytest

from engine.runtime.errors import MatlabError
from engine.runtime.values import CellArray, StructArray
from misc_fakes import FakeContext, arr, c, call, cellrow, charmat, s, same


def b(values):
    return arr(values, np.bool_)


# -- sprintf ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("fmt, args, expected", [
    # recorded from octave
    ("%5.2f|%-6d|%+e|%x|%o|%c", [3.14159, 42.0, 1234.5, 255.0, 8.0, 65.0],
     " 3.14|42    |+1.234500e+03|ff|10|A"),
    (r"%d-%d\n", [arr([[1.0, 2.0], [3.0, 4.0]])], "1-3\n2-4\n"),
    ("%s=%d;", [c("a"), 1.0, c("b"), 2.0], "a=1;b=2;"),
    ("%g %g %g", [1e-5, 123456789.0, 0.5], "1e-05 1.23457e+08 0.5"),
    ("%05.1f|%#o|% d", [2.345, 8.0, 7.0], "002.3|010| 7"),
    ("%*d|%.*f", [5.0, 3.0, 2.0, math.pi], "    3|3.14"),
    ("%.3s|%10s|%-4s|", [c("abcdef"), c("hi"), c("x")], "abc|        hi|x   |"),
    ("%E %G", [12345.678, 0.00001234], "1.234568E+04 1.234E-05"),
    ("%i %u", [-3.0, 7.0], "-3 7"),
    (r"\\ %% \t|", [], "\\ % \t|"),
    (r"%d, %d\n", [1.0, 2.0, 3.0], "1, 2\n3, "),     # output stops at the conversion with no data
    ("%d", [c("abc")], "979899"),                   # char meeting %d gives its codes
    ("%s", [65.0], "A"),                            # whole number meeting %s is a character
    ("a%db", [np.zeros((0, 0))], "ab"),
    ("%d %s", [np.array([[7]], np.int32), s("str")], "7 str"),
    ("[%d]", [arr([True, False], np.bool_)], "[1][0]"),
    ("%f %d %e", [math.inf, -math.inf, math.nan], "Inf -Inf NaN"),
    ("%x", [arr([[255]], np.uint8)], "ff"),
    ("%d", [complex(3, 4)], "3"),                   # only the real part is printed
])
def test_sprintf_recorded(fmt, args, expected):
    same(call("sprintf", c(fmt), *args), expected)


@pytest.mark.parametrize("fmt, args, expected", [
    # MATLAB (Octave differs): a non-integer meeting %d is printed with %e, keeping flags/precision
    ("%d", [1.5], "1.500000e+00"),
    ("%d", [math.pi], "3.141593e+00"),
    ("%.0d", [110.00000000000001], "1e+02"),
    ("%s", [math.pi], "3.141593e+00"),
    ("%c", [-1.0], "-1.000000e+00"),                # no such character
    # MATLAB: a format with conversions and no data stops at the first conversion
    ("hello %d world", [], "hello "),
    ("no conversions", [1.0], "no conversions"),
])
def test_sprintf_matlab_rules(fmt, args, expected):
    same(call("sprintf", c(fmt), *args), expected)


def test_sprintf_empty_string_elements():
    same(call("sprintf", c("%s,%s"), s("", "b")), ",b")
    same(call("sprintf", c("%d,%d|"), s("", "b")), "98,")


def test_sprintf_escapes_only_in_format():
    same(call("sprintf", c("%s"), c(r"a\nb")), r"a\nb")
    same(call("sprintf", c(r"a\x41\101")), "aAA")


def test_sprintf_string_format_gives_string():
    same(call("sprintf", s("%d apples"), 3.0), s("3 apples"))
    assert call("sprintf", c("")).shape == (1, 0)


def test_sprintf_rejects_cells():
    with pytest.raises(MatlabError) as e:
        call("sprintf", c("%d"), cellrow(1.0))
    assert "cell" in e.value.message


def test_fprintf_writes_through_context():
    ctx = FakeContext()
    assert call("fprintf", c(r"x = %.2f\n"), math.pi, ctx=ctx, nargout=0) is None
    assert call("fprintf", 1.0, c("%d|"), arr([1.0, 2.0]), ctx=ctx, nargout=0) is None
    assert call("fprintf", 2.0, c("err\n"), ctx=ctx, nargout=0) is None
    assert ctx.text() == "x = 3.14\n1|2|err\n"
    assert call("fprintf", c("abc"), ctx=ctx, nargout=1) == 3.0
    for fid in (7.0, arr([1.0, 2.0])):
        with pytest.raises(MatlabError) as e:
            call("fprintf", fid, c("x"), ctx=ctx, nargout=0)
        assert e.value.identifier == "MATLAB:FileIO:InvalidFid"


# -- concatenation, splitting, joining ---------------------------------------------------------------

def test_strcat():
    same(call("strcat", c("a "), c("b "), c("c")), "abc")                       # octave
    same(call("strcat", cellrow("x "), c("y")), cellrow("x y"))                 # octave
    same(call("strcat", cellrow("a", "b"), c("_"), cellrow("c", "d")), cellrow("a_c", "b_d"))
    same(call("strcat", s("a "), c("b")), s("a b"))                             # MATLAB: strings keep spaces
    with pytest.raises(MatlabError):
        call("strcat", cellrow("a", "b"), cellrow("a", "b", "c"))
    same(call("strcat", c("a"), arr([66.0, 67.4])), "aBC")                      # numbers are char codes


def test_strsplit():
    same(call("strsplit", c("a,b,,c"), c(",")), cellrow("a", "b", "c"))         # octave
    same(call("strsplit", c("  a b")), cellrow("", "a", "b"))                   # octave
    same(call("strsplit", c("a--b-c"), cellrow("-", "--")), cellrow("a", "b", "c"))
    same(call("strsplit", c("a,,b"), c(","), c("CollapseDelimiters"), False), cellrow("a", "", "b"))
    same(call("strsplit", s("x y")), s("x", "y"))
    same(call("strsplit", c(r"a\tb"), c(r"\t")), cellrow(r"a\tb"))
    parts, delims = call("strsplit", c("a1b22c"), cellrow("1", "22"), nargout=2)
    same(parts, cellrow("a", "b", "c"))
    same(delims, cellrow("1", "22"))


def test_split_and_join():
    same(call("split", s("a b  c")), s("a", "b", "c", shape=(3, 1)))            # MATLAB
    same(call("split", c("a,b"), c(",")), cellrow("a", "b", shape=(2, 1)))
    same(call("split", s("a\\tb"), c("\\t")), s("a", "b", shape=(2, 1)))         # literal delimiter
    parts, found = call("split", s("1-2--3"), s("-"), c("CollapseDelimiters"), False, nargout=2)
    same(parts, s("1", "2", "", "3", shape=(4, 1)))
    same(found, s("-", "-", "-", shape=(3, 1)))
    same(call("join", s("a", "b"), c(",")), s("a,b"))                             # MATLAB
    same(call("join", s("a", "b", "c")), s("a b c"))
    same(call("join", s("a", "b", shape=(2, 1))), s("a b"))
    same(call("join", s("a", "b", "c", "d", shape=(2, 2)), c("-")), s("a-c", "b-d", shape=(2, 1)))
    same(call("join", cellrow("x", "y")), cellrow("x y"))
    same(call("join", s("a", "b", "c"), s("+", "=")), s("a+b=c"))
    with pytest.raises(MatlabError):
        call("join", s("a", "b", "c"), s("+", "=", "*"))


def test_strjoin():
    same(call("strjoin", cellrow("a", "b", "c")), "a b c")                      # octave
    same(call("strjoin", cellrow("a", "b", "c"), c("-")), "a-b-c")
    same(call("strjoin", cellrow("x", "y"), c(r"\n")), "x\ny")                  # octave
    same(call("strjoin", s("p", "q"), c(", ")), s("p, q"))
    same(call("strjoin", cellrow("a", "b", "c"), cellrow("1", "2")), "a1b2c")
    with pytest.raises(MatlabError):
        call("strjoin", c("abc"))


def test_strrep_replaces_overlapping_matches():
    same(call("strrep", c("abc 2 def 22 ghi 222 jkl 2222"), c("22"), c("*")),
         "abc 2 def * ghi ** jkl ***")                                          # octave / MATLAB doc
    same(call("strrep", cellrow("aa", "ba"), c("a"), c("x")), cellrow("xx", "bx"))
    same(call("strrep", s("hello"), c("l"), c("L")), s("heLLo"))


def test_strtrim_upper_lower():
    same(call("strtrim", c(" \t a b \n")), "a b")
    same(call("strtrim", cellrow(" a", "b ")), cellrow("a", "b"))
    same(call("strtrim", s("  x  ")), s("x"))
    same(call("strtrim", c("\u00a0a")), "\u00a0a")       # MATLAB keeps the non-breaking space
    same(call("upper", cellrow("ab", "Cd")), cellrow("AB", "CD"))                # octave
    same(call("lower", c("ABC")), "abc")
    same(call("upper", charmat("ab", "cd")), charmat("AB", "CD"))
    same(call("lower", s("MiXeD")), s("mixed"))


# -- comparison and search ---------------------------------------------------------------------------

def test_strcmp_family():
    same(call("strcmp", c("abc"), cellrow("abc", "ab", "x", "abc", shape=(2, 2))),
         b([[True, False], [False, True]]))                                      # octave
    assert call("strcmpi", c("ABC"), c("abc")) is True
    assert call("strncmp", c("hello"), c("help"), 3.0) is True
    assert call("strncmp", c("hello"), c("help"), 4.0) is False
    assert call("strncmp", c("abc"), c("abc"), 5.0) is True                     # octave
    assert call("strncmp", c("ab"), c("abc"), 3.0) is False                     # octave
    assert call("strncmpi", c("HELlo"), c("help"), 3.0) is True
    assert call("strcmp", c("a"), 97.0) is False                                # octave
    same(call("strcmp", cellrow("a", "b"), cellrow("a", "c")), b([True, False]))
    assert call("strcmp", s("abc"), c("abc")) is True
    same(call("strcmp", s("a", "b"), c("b")), b([False, True]))
    assert call("strcmp", c("ab"), c("abc")) is False
    assert call("strcmp", cellrow("a"), c("a")) is True          # a 1x1 logical result is a scalar
    same(call("strcmp", cellrow("a", "b"), cellrow("b")), b([False, True]))
    with pytest.raises(MatlabError):
        call("strcmp", cellrow("a", "b"), cellrow("a", "b", "c"))


def test_strmatch():
    """strmatch (a corpus program's matrix2latex.m matches option names with it): recorded from Octave, whose
    empty answer is 0x0 where MATLAB's find of a column gives 0x1."""
    col = lambda *v: arr([[x] for x in v])
    same(call("strmatch", c("ma"), cellrow("max", "minimax", "maximum", "x")), col(1.0, 3.0))
    same(call("strmatch", c("max"), charmat("max    ", "minimax", "maximum"), c("exact")), col(1.0))
    same(call("strmatch", c("max"), charmat("max    ", "minimax", "maximum")), col(1.0, 3.0))
    same(call("strmatch", c("max "), cellrow("max", "max  "), c("exact")), col(1.0, 2.0))
    same(call("strmatch", c("a"), c("abc")), col(1.0))
    same(call("strmatch", c("ab"), s("abc", "b")), col(1.0))
    assert call("strmatch", c("zz"), cellrow("a", "b")).shape == (0, 1)
    with pytest.raises(MatlabError):
        call("strmatch", c("a"), cellrow("a"), c("prefix"))
    with pytest.raises(MatlabError):
        call("strmatch", 1.0, cellrow("a"))


def test_contains_starts_ends():
    same(call("contains", cellrow("apple", "kiwi"), c("pp")), b([True, False]))
    assert call("contains", c("Hello"), c("ell")) is True
    assert call("contains", c("Hello"), c("ELL")) is False
    assert call("contains", c("Hello"), c("ELL"), c("IgnoreCase"), True) is True
    same(call("contains", s("ab", "cd", "ef"), cellrow("b", "f")), b([True, False, True]))
    assert call("startsWith", s("matfuse"), s("mat")) is True
    assert call("endsWith", c("file.m"), c(".m")) is True
    same(call("endsWith", cellrow("a.M", "b.txt"), c(".m"), c("IgnoreCase"), True), b([True, False]))


# -- numbers from text -------------------------------------------------------------------------------

def test_str2double():
    x = call("str2double", cellrow("3.5", "abc", "1e3", "-Inf", "1+2i"))       # octave
    same(x, np.array([[3.5, complex(math.nan, 0), 1000, -math.inf, 1 + 2j]]))
    same(call("str2double", c("  -1.5e2 ")), -150.0)
    same(call("str2double", c("1,000")), 1000.0)                                 # octave
    same(call("str2double", c("Inf")), math.inf)
    same(call("str2double", 5.0), math.nan)
    same(call("str2double", c("2i")), 2j)
    same(call("str2double", s("7", "x")), arr([7.0, math.nan]))
    same(call("str2double", c("1 2")), math.nan)


def test_str2num():
    same(call("str2num", c("3.5")), 3.5)                                         # octave
    same(call("str2num", c("[1, 2, 3]")), arr([1.0, 2.0, 3.0]))                  # octave
    same(call("str2num", c("[1 2; 3 4]")), arr([[1.0, 2.0], [3.0, 4.0]]))
    same(call("str2num", c("-Inf NaN")), arr([-math.inf, math.nan]))
    same(call("str2num", c("true")), True)
    value, ok = call("str2num", c("hello"), nargout=2)
    same(value, np.zeros((0, 0)))
    assert ok is False
    ctx = FakeContext(anonymous={"@() [2+3]": lambda: 5.0, "@() [1;2]": lambda: arr([[1.0], [2.0]])})
    value, ok = call("str2num", c("2+3"), ctx=ctx, nargout=2)                     # MATLAB: evaluated
    assert (value, ok) == (5.0, True)
    same(call("str2num", c("1\n2"), ctx=ctx), arr([[1.0], [2.0]]))


def test_strfind_strlength_deblank_strtok_isspace():
    same(call("strfind", c("abababa"), c("aba")), arr([1.0, 3.0, 5.0]))                # octave
    same(call("strfind", c("abc"), c("x")), np.zeros((0, 0)))                          # octave
    same(call("strfind", c("ab"), c("abc")), np.zeros((0, 0)))
    same(call("strfind", cellrow("ab", "bb"), c("b")), cellrow(arr([2.0]), arr([1.0, 2.0])))  # octave
    same(call("strfind", s("hello"), c("l")), arr([3.0, 4.0]))
    same(call("strlength", s("ab", "cde", None)), arr([2.0, 3.0, math.nan]))
    same(call("strlength", c("four")), 4.0)
    same(call("deblank", c("ab \t\n ")), "ab")                                       # octave
    same(call("deblank", cellrow(" a ", "b")), cellrow(" a", "b"))
    token, rest = call("strtok", c("  hello world"), nargout=2)                         # octave
    same(token, "hello")
    same(rest, " world")
    token, rest = call("strtok", c("a,b"), c(","), nargout=2)                          # octave
    same(token, "a")
    same(rest, ",b")
    same(call("strtok", s("x y")), s("x"))
    same(call("isspace", c("a b\tc")),
         b([False, True, False, True, False]))                                          # octave
    same(call("isspace", arr([1.0, 2.0])), b([False, False]))


def test_replace_erase_strip_extract():
    same(call("replace", s("a-b_c"), s("-", "_"), s(" ")), s("a b c"))          # MATLAB
    same(call("replace", c("aaa"), c("aa"), c("b")), "ba")                        # no overlapping
    same(call("replace", cellrow("x1", "y1"), c("1"), c("2")), cellrow("x2", "y2"))
    same(call("replace", s("ab"), s("a", "b"), s("1", "2")), s("12"))
    same(call("erase", s("hello world"), c("o")), s("hell wrld"))
    same(call("strip", s("  ab  ")), s("ab"))
    same(call("strip", s("  ab  "), c("left")), s("ab  "))
    same(call("strip", c("--ab-"), c("right"), c("-")), "--ab")
    same(call("strip", c("xxaxx"), c("x")), "a")
    same(call("extractBefore", s("key=value"), c("=")), s("key"))
    same(call("extractAfter", s("key=value"), c("=")), s("value"))
    same(call("extractAfter", s("abc"), c("z")), s(None))                        # <missing>
    same(call("extractBefore", c("abcdef"), 3.0), "ab")
    same(call("extractAfter", c("abcdef"), 3.0), "def")
    with pytest.raises(MatlabError):
        call("extractAfter", c("abc"), 9.0)


def test_character_classes():
    same(call("isletter", c("a1B")), b([True, False, True]))
    same(call("isstrprop", c("a1 B"), c("digit")), b([False, True, False, False]))
    same(call("isstrprop", c("a1 B"), c("upper")), b([False, False, False, True]))
    same(call("isstrprop", c("a,b"), c("punct")), b([False, True, False]))
    same(call("isstrprop", s("ab"), c("alpha")), b([True, True]))
    same(call("isstrprop", cellrow("a", "1"), c("digit")), cellrow(False, True))
    with pytest.raises(MatlabError):
        call("isstrprop", c("a"), c("bogus"))


def test_blanks_newline():
    same(call("blanks", 3.0), "   ")
    assert call("blanks", 0.0).shape == (1, 0)
    same(call("newline"), "\n")


# -- regular expressions -----------------------------------------------------------------------------

def test_regexp_default_outputs():
    # octave: [s,e,te,m,t,nm,sp] = regexp('ab12cd345','(\d)(\d*)')
    start, end, te, m, t, nm, sp = call("regexp", c("ab12cd345"), c(r"(\d)(\d*)"), nargout=7)
    same(start, arr([3.0, 7.0]))
    same(end, arr([4.0, 9.0]))
    same(te, cellrow(arr([[3.0, 3.0], [4.0, 4.0]]), arr([[7.0, 7.0], [8.0, 9.0]])))
    same(m, cellrow("12", "345"))
    same(t, cellrow(cellrow("1", "2"), cellrow("3", "45")))
    assert isinstance(nm, StructArray) and nm.fields == [] and nm.shape == (1, 1)
    same(sp, cellrow("ab", "cd", ""))


def test_regexp_keywords_once_and_names():
    names, match = call("regexp", c("key=val; k2=v2"), c(r"(?<k>\w+)=(?<v>\w+)"), c("names"), c("match"),
                        nargout=2)
    assert names.fields == ["k", "v"] and names.shape == (1, 2)
    same(names.data[0, 1]["v"], "v2")
    same(match, cellrow("key=val", "k2=v2"))
    same(call("regexp", c("one two"), c(r"\s"), c("split")), cellrow("one", "two"))
    same(call("regexp", c("abc"), c("x"), c("match"), c("once")), "")
    same(call("regexp", c("ab12"), c(r"\d"), c("start")), arr([3.0, 4.0]))
    same(call("regexp", c("ab12"), c(r"\d"), c("start"), c("once")), 3.0)
    match, start = call("regexp", c("ab12"), c(r"\d"), c("match"), nargout=2)   # then default order
    same(match, cellrow("1", "2"))
    same(start, arr([3.0, 4.0]))
    tok, m = call("regexp", c("abc"), c("(b)(x)?"), c("tokens"), c("once"), c("match"), nargout=2)
    same(tok, cellrow("b", ""))
    same(m, "b")
    one = call("regexp", c("k=v"), c(r"(?<k>\w)=(?<v>\w)"), c("names"), c("once"))
    same(one, StructArray.scalar({"k": c("k"), "v": c("v")}))


def test_regexp_matlab_syntax_and_options():
    same(call("regexp", c("cat concat"), c(r"\<cat"), c("start")), arr([1.0]))
    same(call("regexp", c("a\nb"), c("a.b"), c("match")), cellrow("a\nb"))       # MATLAB: dot matches newline
    same(call("regexp", c("a\nb"), c("a.b"), c("match"), c("dotexceptnewline")), CellArray.empty((1, 0)))
    same(call("regexpi", c("ABC"), c("b"), c("match")), cellrow("B"))
    same(call("regexp", c("abab cdcd"), c(r"(?<p>\w\w)\k<p>"), c("match")), cellrow("abab", "cdcd"))
    same(call("regexp", s("a1b2"), c(r"\d"), c("match")), cellrow("1", "2"))
    same(call("regexp", c("aaa"), c("x*"), c("match")), CellArray.empty((1, 0)))  # empty matches ignored
    same(call("regexp", cellrow("a1", "b22"), c(r"\d+"), c("match")), cellrow(cellrow("1"), cellrow("22")))
    with pytest.raises(MatlabError) as e:
        call("regexp", c("a"), c("("))
    assert e.value.identifier == "MATLAB:regexp:invalidPattern"


def test_regexp_anchors_extents_and_empty_results():
    text = c("ab\ncd")
    same(call("regexp", text, c("^\\w"), c("match")), cellrow("a"))
    same(call("regexp", text, c("^\\w"), c("match"), c("lineanchors")), cellrow("a", "c"))
    same(call("regexp", c("xaby"), c("a(b)"), c("tokenExtents"), c("once")), arr([[3.0, 3.0]]))
    same(call("regexp", c("aXbX"), c("X"), c("end")), arr([2.0, 4.0]))
    none = call("regexp", c("abc"), c("(?<d>\\d)"), c("names"))
    assert none.fields == ["d"] and none.shape == (0, 0)
    same(call("regexp", c("abc"), c("\\d"), c("tokens")), CellArray.empty((1, 0)))
    same(call("regexp", c("abc"), c("\\d"), c("split")), cellrow("abc"))
    same(call("regexp", c("abc"), c("\\d"), c("start")), np.zeros((1, 0)))


def test_regexprep():
    same(call("regexprep", c("abc123"), c(r"(\d)"), c("<$1>")), "abc<1><2><3>")     # octave
    same(call("regexprep", c("Hello World"), c(r"(\w+) (\w+)"), c("$2 $1")), "World Hello")
    same(call("regexprep", c("aaa"), c("a*"), c("X")), "X")                        # octave
    same(call("regexprep", c("abc"), c("(?<first>a)"), c("[$1]")), "[a]bc")
    same(call("regexprep", cellrow("ab", "cb"), c("b"), c("B")), cellrow("aB", "cB"))
    same(call("regexprep", c("Hello"), c("l"), c("L"), c("once")), "HeLlo")
    same(call("regexprep", c("ABC"), c("b"), c("x"), c("ignorecase")), "AxC")
    same(call("regexprep", c("a-b"), c("-"), c(r"\n")), "a\nb")
    same(call("regexprep", c("ab"), c("(?<x>a)"), c("$<x>$0")), "aab")
    same(call("regexprep", c("ab"), c("(a)"), c("[$2$<none>]")), "[]b")          # unknown tokens: empty
    same(call("regexprep", s("x1"), c(r"\d"), c("#")), s("x#"))
    same(call("regexprep", c("abc"), cellrow("a", "b"), cellrow("1", "2")), "12c")


def test_regexptranslate():
    same(call("regexptranslate", c("escape"), c("a.b*")), r"a\.b\*")
    same(call("regexptranslate", c("wildcard"), c("*.m")), r".*\.m")
