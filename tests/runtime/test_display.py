"""Display of values as MATLAB shows them (Live Editor / documentation layout)."""
import math

import numpy as np
import pytest

from engine.runtime.context import DisplayFormat
from engine.runtime.display import disp_text, display
from engine.runtime.values import (CellArray, CharArray, FunctionHandle, StringArray, StructArray)

SHORT = DisplayFormat()
LONG = DisplayFormat(long=True)
COMPACT = DisplayFormat(compact=True)


def row(*values, dtype=np.float64):
    return np.array([values], dtype=dtype)


def mat(rows, dtype=np.float64):
    return np.array(rows, dtype=dtype)


def cell(rows):
    data = np.empty((len(rows), len(rows[0])), dtype=object)
    for i, r in enumerate(rows):
        for j, v in enumerate(r):
            data[i, j] = v
    return CellArray(data)


def char(text):
    return CharArray.from_str(text)


# ---- the brief's examples, exactly ----------------------------------------------------------------

BRIEF = [
    ("x", 5.0, SHORT, "x = 5\n"),
    ("x", -0.5, SHORT, "x = -0.5000\n"),
    ("x", math.pi, LONG, "x = 3.141592653589793\n"),
    ("x", 1e10, SHORT, "x = 1.0000e+10\n"),
    ("A", mat([[1, 2, 3], [4, 5, 6]]), SHORT, "A = 2×3\n\n     1     2     3\n     4     5     6\n"),
    ("A", mat([[1.5, 2], [3, 4]]), SHORT, "A = 2×2\n\n    1.5000    2.0000\n    3.0000    4.0000\n"),
    ("e", np.zeros((0, 0)), SHORT, "e =\n\n     []\n"),
    ("z", np.zeros((0, 3)), SHORT, "z =\n\n  0×3 empty double matrix\n"),
    ("b", True, SHORT, "b = logical\n   1\n"),
    ("b", row(True, False, dtype=bool), SHORT, "b = 1×2 logical array\n\n   1   0\n"),
    ("c", char("abc"), SHORT, "c = 'abc'\n"),
    ("s", StringArray.scalar("abc"), SHORT, 's = "abc"\n'),
    ("S", StringArray(np.array([["a", "bc"]], dtype=object)), SHORT,
     'S = 1×2 string array\n\n    "a"    "bc"\n'),
    ("c", cell([[1.0, char("a")]]), SHORT, "c = 1×2 cell array\n\n    {[1]}    {'a'}\n"),
    ("st", StructArray.scalar({"a": 1.0, "b": char("x")}), SHORT,
     "st = struct with fields:\n\n    a: 1\n    b: 'x'\n"),
    ("k", np.array([[5]], dtype=np.int8), SHORT, "k = int8\n   5\n"),
    ("k", row(1, 2, dtype=np.int8), SHORT, "k = 1×2 int8 row vector\n\n   1   2\n"),
    ("z", 3 + 4j, SHORT, "z = 3.0000 + 4.0000i\n"),
    ("f", FunctionHandle("@(x)x.^2", params=["x"]), SHORT,
     "f = function_handle with value:\n\n    @(x)x.^2\n"),
]


@pytest.mark.parametrize("name,value,fmt,expected", BRIEF)
def test_brief_examples(name, value, fmt, expected):
    assert display(name, value, fmt) == expected


# ---- numbers ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("value,expected", [
    (0.0, "0"), (-0.0, "0"), (-3.0, "-3"), (123456789.0, "123456789"), (1e9, "1.0000e+09"),
    (math.pi, "3.1416"), (123.456, "123.4560"), (1234.5, "1.2345e+03"), (0.0123, "0.0123"),
    (0.001, "1.0000e-03"), (2.5e-7, "2.5000e-07"), (1e100 + 0.5e100, "1.5000e+100"),
    (math.nan, "NaN"), (math.inf, "Inf"), (-math.inf, "-Inf"),
    (3 - 4j, "3.0000 - 4.0000i"), (complex(100, math.pi), "1.0000e+02 + 3.1416e+00i"),
    (complex(0.5, -0.0), "0.5000 + 0.0000i"),
])
def test_scalar_short(value, expected):
    assert display("x", value, SHORT) == f"x = {expected}\n"


@pytest.mark.parametrize("value,expected", [
    (0.5, "0.500000000000000"), (10 * math.pi, "31.415926535897931"), (100.5, "1.005000000000000e+02"),
    (7.0, "7"), (1 / 3 - 1j, "0.333333333333333 - 1.000000000000000i"),
])
def test_scalar_long(value, expected):
    assert display("x", value, LONG) == f"x = {expected}\n"


def test_integer_matrix_widens_at_1000():
    assert display("A", row(1, 1e5), SHORT) == "A = 1×2\n\n           1      100000\n"
    assert display("A", row(-100, 5), SHORT) == "A = 1×2\n\n  -100     5\n"


def test_scale_factor_large_and_small():
    assert display("A", row(1.5, 1e5), SHORT) == "A = 1×2\n\n   1.0e+05 *\n\n    0.0000    1.0000\n"
    assert display("A", row(6.5574e-04, 6.5574e-04), SHORT) == (
        "A = 1×2\n\n   1.0e-03 *\n\n    0.6557    0.6557\n")
    assert display("A", np.eye(2) * np.finfo(float).eps, SHORT) == (
        "A = 2×2\n\n   1.0e-15 *\n\n    0.2220         0\n         0    0.2220\n")
    assert display("A", row(1e9, 1e99), SHORT) == "A = 1×2\n\n   1.0e+99 *\n\n    0.0000    1.0000\n"


def test_no_scale_factor_for_small_entries_beside_large():
    assert display("A", row(0.3729, 6.5574e-04, 0.1393), SHORT) == (
        "A = 1×3\n\n    0.3729    0.0007    0.1393\n")


def test_nan_inf_alignment():
    assert display("A", row(math.nan, 1, 3, math.nan, 2), SHORT) == (
        "A = 1×5\n\n   NaN     1     3   NaN     2\n")
    assert display("A", row(math.nan, 1, 3.4, -math.inf, 2), SHORT) == (
        "A = 1×5\n\n       NaN    1.0000    3.4000      -Inf    2.0000\n")
    assert display("A", row(math.inf, -math.inf), SHORT) == "A = 1×2\n\n   Inf  -Inf\n"


def test_negative_zero_prints_as_zero():
    assert display("A", row(-0.0, 1.5), SHORT) == "A = 1×2\n\n         0    1.5000\n"
    assert display("A", row(-0.0, 2), SHORT) == "A = 1×2\n\n     0     2\n"


def test_format_long_matrix():
    assert display("A", mat([[math.pi], [math.e]]), LONG) == (
        "A = 2×1\n\n   3.141592653589793\n   2.718281828459045\n")
    magic = mat([[8, 1, 6], [3, 5, 7], [4, 9, 2]]) * np.finfo(float).eps
    assert display("A", magic, LONG) == (
        "A = 3×3\n\n   1.0e-14 *\n\n"
        "   0.177635683940025   0.022204460492503   0.133226762955019\n"
        "   0.066613381477509   0.111022302462516   0.155431223447522\n"
        "   0.088817841970013   0.199840144432528   0.044408920985006\n")


def test_complex_matrix_aligns_parts():
    A = mat([[1 + 2j, 3 - 4j], [math.nan, 2]], dtype=complex)
    assert display("A", A, SHORT) == (
        "A = 2×2\n\n   1.0000 + 2.0000i   3.0000 - 4.0000i\n      NaN + 0.0000i   2.0000 + 0.0000i\n")
    B = np.full((1, 2), complex(1, math.pi * 1e6))
    assert display("B", B, SHORT) == "B = 1×2\n\n   1.0e+06 *\n\n   0.0000 + 3.1416i   0.0000 + 3.1416i\n"
    C = mat([[complex(math.pi, -math.inf), complex(0, math.pi)]], dtype=complex)
    assert display("C", C, SHORT) == "C = 1×2\n\n   3.1416 -    Infi   0.0000 + 3.1416i\n"


def test_single_class():
    assert display("x", np.array([[math.pi]], dtype=np.float32), SHORT) == "x = single\n    3.1416\n"
    assert display("x", np.array([[math.pi]], dtype=np.float32), LONG) == "x = single\n   3.1415927\n"
    assert display("A", row(1.5, 2, dtype=np.float32), SHORT) == (
        "A = 1×2 single row vector\n\n    1.5000    2.0000\n")


def test_integer_classes_use_their_own_widths():
    assert display("k", mat([[1, -20], [300, 4]], dtype=np.int16), SHORT) == (
        "k = 2×2 int16 matrix\n\n     1   -20\n   300     4\n")
    assert display("u", np.arange(1, 11, dtype=np.uint8).reshape(1, 10), SHORT) == (
        "u = 1×10 uint8 row vector\n\n    1    2    3    4    5    6    7    8    9   10\n")
    assert display("k", mat([[7], [8]], dtype=np.int64), SHORT) == "k = 2×1 int64 column vector\n\n   7\n   8\n"
    big = np.array([[np.iinfo(np.uint64).max]], dtype=np.uint64)
    assert display("k", big, SHORT) == "k = uint64\n   18446744073709551615\n"
    assert display("k", np.array([[-5]], dtype=np.int8), LONG) == "k = int8\n   -5\n"


def test_logical_matrix():
    assert display("b", mat([[True, False], [False, True]], dtype=bool), SHORT) == (
        "b = 2×2 logical array\n\n   1   0\n   0   1\n")


# ---- wrapping ---------------------------------------------------------------------------------------

def test_wide_matrix_wraps_at_80_columns():
    A = np.arange(1, 11, dtype=float).reshape(1, 10) + 0.5
    assert display("A", A, SHORT) == (
        "A = 1×10\n\n  Columns 1 through 8\n\n"
        "    1.5000    2.5000    3.5000    4.5000    5.5000    6.5000    7.5000    8.5000\n\n"
        "  Columns 9 through 10\n\n    9.5000   10.5000\n")
    assert display("A", A, COMPACT) == (
        "A = 1×10\n  Columns 1 through 8\n"
        "    1.5000    2.5000    3.5000    4.5000    5.5000    6.5000    7.5000    8.5000\n"
        "  Columns 9 through 10\n    9.5000   10.5000\n")


def test_integer_row_wraps_after_13_columns_and_single_last_column():
    A = np.arange(1, 15, dtype=float).reshape(1, 14)
    assert display("A", A, COMPACT) == (
        "A = 1×14\n  Columns 1 through 13\n"
        "     1     2     3     4     5     6     7     8     9    10    11    12    13\n"
        "  Column 14\n    14\n")


def test_wrapping_keeps_scale_factor_first():
    A = (np.arange(1, 10, dtype=float) * 1000.5).reshape(1, 9)
    text = display("A", A, COMPACT)
    assert text.startswith("A = 1×9\n   1.0e+03 *\n  Columns 1 through 8\n")
    assert text.endswith("  Column 9\n    9.0045\n")


# ---- N-d pages --------------------------------------------------------------------------------------

def test_nd_pages():
    A = np.arange(1, 9, dtype=float).reshape((2, 2, 2), order="F")
    assert display("A", A, SHORT) == (
        "A = 2×2×2\n\nA(:,:,1) =\n\n     1     3\n     2     4\n\nA(:,:,2) =\n\n     5     7\n     6     8\n")
    assert display("A", A, COMPACT) == (
        "A = 2×2×2\nA(:,:,1) =\n     1     3\n     2     4\nA(:,:,2) =\n     5     7\n     6     8\n")


def test_four_d_page_order_is_column_major():
    A = np.zeros((1, 1, 2, 2))
    A[0, 0, 1, 0] = 1
    text = display("ans", A, COMPACT)
    titles = [line for line in text.splitlines() if "(:,:" in line]
    assert titles == ["ans(:,:,1,1) =", "ans(:,:,2,1) =", "ans(:,:,1,2) =", "ans(:,:,2,2) ="]
    assert text.split("ans(:,:,2,1) =\n")[1].startswith("     1\n")


def test_nd_int_and_char_and_cell_headers():
    k = np.ones((2, 1, 2), dtype=np.int8)
    assert display("k", k, COMPACT) == "k = 2×1×2 int8 array\nk(:,:,1) =\n   1\n   1\nk(:,:,2) =\n   1\n   1\n"
    c = CharArray(np.full((1, 2, 2), ord("e"), dtype=np.uint16))
    assert display("c", c, COMPACT) == "c = 1×2×2 char array\nc(:,:,1) =\n    'ee'\nc(:,:,2) =\n    'ee'\n"
    data = np.empty((1, 1, 2), dtype=object)
    data[0, 0, 0], data[0, 0, 1] = 1.0, char("a")
    assert display("q", CellArray(data), COMPACT) == (
        "q = 1×1×2 cell array\nq(:,:,1) =\n    {[1]}\nq(:,:,2) =\n    {'a'}\n")


# ---- empties of each type -----------------------------------------------------------------------------

@pytest.mark.parametrize("value,line", [
    (np.zeros((1, 0)), "  1×0 empty double row vector"),
    (np.zeros((0, 1)), "  0×1 empty double column vector"),
    (np.zeros((3, 0, 2)), "  3×0×2 empty double array"),
    (np.zeros((0, 0), dtype=np.float32), "  0×0 empty single matrix"),
    (np.zeros((0, 0), dtype=np.int8), "  0×0 empty int8 matrix"),
    (np.zeros((0, 1), dtype=np.int8), "  0×1 empty int8 column vector"),
    (np.zeros((0, 0), dtype=bool), "  0×0 empty logical array"),
    (CharArray(np.zeros((0, 0), dtype=np.uint16)), "  0×0 empty char array"),
    (CharArray(np.zeros((3, 0), dtype=np.uint16)), "  3×0 empty char array"),
    (StringArray(np.empty((0, 0), dtype=object)), "  0×0 empty string array"),
    (CellArray.empty(), "  0×0 empty cell array"),
    (StructArray([], np.empty((0, 0), dtype=object)), "  0×0 empty struct array with no fields."),
])
def test_empties(value, line):
    assert display("v", value, SHORT) == f"v =\n\n{line}\n"
    assert display("v", value, COMPACT) == f"v =\n{line}\n"
    assert disp_text(value, SHORT) == ""


def test_empty_struct_with_fields():
    s = StructArray(["a", "b"], np.empty((0, 0), dtype=object))
    assert display("s", s, SHORT) == "s =\n\n  0×0 empty struct array with fields:\n\n    a\n    b\n"


# ---- text, cells, structs ---------------------------------------------------------------------------

def test_char_matrix_and_missing_string():
    c = CharArray(np.array([[ord(ch) for ch in "hello"], [ord(ch) for ch in "olleh"]], dtype=np.uint16))
    assert display("A", c, SHORT) == "A = 2×5 char array\n\n    'hello'\n    'olleh'\n"
    assert display("s", StringArray.scalar(None), SHORT) == "s = <missing>\n"


def test_string_column_pads_to_column_width():
    S = StringArray(np.array([["a"], ["bcd"], [None]], dtype=object))
    assert display("S", S, SHORT) == 'S = 3×1 string array\n\n    "a"      \n    "bcd"    \n    <missing>\n'


def test_cell_summaries_of_nested_values():
    inner = cell([[1.0, 2.0]])
    st = StructArray.scalar({"a": 1.0})
    c = cell([[np.ones((2, 2)), inner, st, FunctionHandle("@sin", name="sin")],
              [StringArray.scalar("hi"), np.zeros((0, 0)), row(1, 2, 3), np.array([[7]], dtype=np.int8)]])
    assert display("c", c, SHORT) == (
        "c = 2×4 cell array\n\n"
        "    {2×2 double}    {1×2 cell  }    {1×1 struct}    {@sin}\n"
        "    {[\"hi\"]    }    {0×0 double}    {[   1 2 3]}    {[ 7]}\n")


def test_format_short_g_and_long_g():
    """MATLAB's format documentation: x = [25 56.31156 255.52675 9876899999] in shortG and longG."""
    shortg, longg = DisplayFormat(g=True), DisplayFormat(long=True, g=True)
    x = row(25, 56.31156, 255.52675, 9876899999)
    assert display("x", x, shortg) == "x = 1×4\n\n           25       56.312       255.53   9.8769e+09\n"
    assert display("x", x[:, :3], longg) == (
        "x = 1×3\n\n                       25                 56.31156                255.52675\n")
    assert display("x", math.pi, longg) == "x = 3.14159265358979\n"
    assert display("x", 1e10, shortg) == "x = 1e+10\n"
    assert display("x", 123456.0, shortg) == "x = 123456\n"
    assert display("v", row(1, 2), shortg) == display("v", row(1, 2), SHORT)
    assert disp_text(math.pi, shortg) == "       3.1416\n"


def test_format_short_e_and_long_e():
    """MATLAB's format documentation: pi is 3.1416e+00 in shortE and 3.141592653589793e+00 in longE, and
    x = [4/3 1.2345e-6] 1.3333e+00 1.2345e-06; integers keep their layout."""
    shorte, longe = DisplayFormat(e=True), DisplayFormat(long=True, e=True)
    assert display("x", math.pi, shorte) == "x = 3.1416e+00\n"
    assert display("x", math.pi, longe) == "x = 3.141592653589793e+00\n"
    assert display("x", row(4 / 3, 1.2345e-6), shorte) == "x = 1×2\n\n   1.3333e+00   1.2345e-06\n"
    assert display("x", row(-100, 0, 2.5), shorte) == "x = 1×3\n\n  -1.0000e+02            0   2.5000e+00\n"
    assert display("v", row(1, 2), shorte) == display("v", row(1, 2), SHORT)
    assert display("x", 5.0, longe) == "x = 5\n"
    assert disp_text(math.pi, shorte) == "   3.1416e+00\n"


def test_format_rat():
    """MATLAB's rats page: rats(hilb(4)) and rats(pi) are "the same as using format rat". One tolerance
    for the whole array (1e-6 times its 1-norm), so exp(1) alone is 1457/536; NaN and Inf keep their
    names (Octave's format rat writes 0/0 and 1/0); integer classes and complex keep the short layout."""
    rat = DisplayFormat(rat=True)
    assert display("x", math.pi, rat) == "x = 355/113\n"
    assert display("x", math.e, rat) == "x = 1457/536\n"
    assert display("v", -0.75, rat) == "v = -3/4\n"
    assert display("n", 5.0, rat) == "n = 5\n"
    hilb = np.array([[1 / (i + j + 1) for j in range(4)] for i in range(2)])
    assert display("H", hilb, rat) == (
        "H = 2×4\n\n"
        "       1            1/2           1/3           1/4     \n"
        "      1/2           1/3           1/4           1/5     \n")
    assert display("q", row(1.5, math.nan, -math.inf), rat) == (
        "q = 1×3\n\n      3/2           NaN          -Inf     \n")
    assert display("w", row(1e-8, 1), rat) == "w = 1×2\n\n       0             1      \n"
    assert disp_text(math.pi, rat) == "    355/113   \n"
    assert display("k", np.array([[7]], dtype=np.int8), rat) == display("k", np.array([[7]], dtype=np.int8), SHORT)
    assert display("c", 1 + 2j, rat) == "c = 1.0000 + 2.0000i\n"
    assert display("s", np.array([[0.5]], dtype=np.float32), rat) == "s = single\n      1/2     \n"


def test_struct_fields_write_short_row_cells_out():
    """MATLAB's struct documentation: s.a = 1; s.b = {'A','B','C'} shows b: {'A'  'B'  'C'}."""
    st = StructArray.scalar({"a": 1.0, "b": cell([[char("A"), char("B"), char("C")]]),
                             "m": cell([[np.ones((2, 2))]]), "col": cell([[1.0], [2.0]])})
    assert display("s", st, SHORT) == (
        "s = struct with fields:\n\n      a: 1\n      b: {'A'  'B'  'C'}\n      m: {1×1 cell}\n"
        "    col: {2×1 cell}\n")


def test_named_handles_show_an_at_sign_everywhere():
    """The VM's named handles carry func2str's text (``sin``); MATLAB displays them as ``@sin``."""
    f = FunctionHandle("sin", name="sin")
    assert display("f", f, SHORT) == "f = function_handle with value:\n\n    @sin\n"
    assert disp_text(f, SHORT) == "@sin\n"
    assert display("c", cell([[f]]), SHORT) == "c = 1×1 cell array\n\n    {@sin}\n"
    assert display("s", StructArray.scalar({"f": f}), SHORT) == "s = struct with fields:\n\n    f: @sin\n"


def test_empty_chars_in_a_cell_show_their_size():
    c = cell([[CharArray(np.zeros((0, 0), np.uint16)), char(""), char("a")]])
    assert display("c", c, SHORT) == "c = 1×3 cell array\n\n    {0×0 char}    {1×0 char}    {'a'}\n"


def test_cell_columns_align_inside_braces():
    # MATLAB R2023: C = {'one', 'two', 'three'; 1, 2, 3}
    c = cell([[char("one"), char("two"), char("three")], [1.0, 2.0, 3.0]])
    assert display("C", c, SHORT) == (
        "C = 2×3 cell array\n\n    {'one'}    {'two'}    {'three'}\n    {[  1]}    {[  2]}    {[    3]}\n")
    d = cell([[1.0], [row(2, 3)]])
    assert display("d", d, COMPACT) == "d = 2×1 cell array\n    {[  1]}\n    {[2 3]}\n"
    e = cell([[char("a")], [char("abc")]])
    assert display("e", e, COMPACT) == "e = 2×1 cell array\n    {'a'  }\n    {'abc'}\n"


def test_cell_with_complex_logical_and_long_text():
    c = cell([[3 + 4j, True, char("x" * 3)]])
    assert display("c", c, SHORT) == "c = 1×3 cell array\n\n    {[3.0000 + 4.0000i]}    {[1]}    {'xxx'}\n"


def test_struct_fields_right_aligned_with_summaries():
    st = StructArray.scalar({
        "a": row(1, 2, 3), "long_name": np.ones((2, 2)), "c": cell([[1.0, 2.0]]),
        "s": StructArray.scalar({"x": 1.0}), "e": np.zeros((0, 0)), "t": StringArray.scalar("d"),
        "b": False, "k": np.array([[5]], dtype=np.uint8), "f": FunctionHandle("@(x)x+1", params=["x"]),
        "m": np.zeros((0, 3)), "q": char(""),
    })
    assert display("st", st, SHORT) == (
        "st = struct with fields:\n\n"
        "            a: [1 2 3]\n"
        "    long_name: [2×2 double]\n"
        "            c: {[1]  [2]}\n"
        "            s: [1×1 struct]\n"
        "            e: []\n"
        "            t: \"d\"\n"
        "            b: 0\n"
        "            k: 5\n"
        "            f: @(x)x+1\n"
        "            m: [0×3 double]\n"
        "            q: ''\n")


def test_struct_array_and_no_fields_and_objects():
    data = np.empty((1, 2), dtype=object)
    data[0, 0], data[0, 1] = {"a": 1.0, "b": 2.0}, {"a": 3.0, "b": 4.0}
    assert display("s", StructArray(["a", "b"], data), SHORT) == (
        "s = 1×2 struct array with fields:\n\n    a\n    b\n")
    assert display("s", StructArray.scalar({}), SHORT) == "s = struct with no fields.\n"
    err = StructArray.scalar({"identifier": char("a:b"), "message": char("m")}, classname="MException")
    assert display("err", err, COMPACT) == (
        "err = MException with properties:\n    identifier: 'a:b'\n       message: 'm'\n")


def test_compact_removes_every_blank_line():
    st = StructArray.scalar({"a": 1.0})
    assert display("st", st, COMPACT) == "st = struct with fields:\n    a: 1\n"
    assert display("e", np.zeros((0, 0)), COMPACT) == "e =\n     []\n"
    assert display("A", row(1.5, 1e5), COMPACT) == "A = 1×2\n   1.0e+05 *\n    0.0000    1.0000\n"
    assert display("f", FunctionHandle("@sin", name="sin"), COMPACT) == "f = function_handle with value:\n    @sin\n"
    assert display("b", True, COMPACT) == "b = logical\n   1\n"


def test_display_without_name():
    assert display(None, 5.0, SHORT) == "5\n"
    assert display(None, mat([[1, 2]]), SHORT) == "1×2\n\n     1     2\n"
    assert display(None, np.zeros((0, 0)), SHORT) == "     []\n"


# ---- disp -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("value,expected", [
    (5.0, "     5\n"), (math.pi, "    3.1416\n"), (-0.5, "   -0.5000\n"), (1e10, "   1.0000e+10\n"),
    (3 + 4j, "   3.0000 + 4.0000i\n"), (True, "   1\n"), (np.array([[5]], dtype=np.int8), "   5\n"),
    (mat([[1, 2], [3, 4]]), "     1     2\n     3     4\n"),
    (row(1.5, 1e5), "   1.0e+05 *\n\n    0.0000    1.0000\n"),
    (char("hello"), "hello\n"), (StringArray.scalar("abc"), "abc\n"),
    (FunctionHandle("@(x)x.^2", params=["x"]), "@(x)x.^2\n"),
    (StructArray.scalar({"a": 1.0, "b": char("f")}), "    a: 1\n    b: 'f'\n"),
    (cell([[1.0, char("a")]]), "    {[1]}    {'a'}\n"),
    (StringArray(np.array([["a", "bc"]], dtype=object)), '    "a"    "bc"\n'),
])
def test_disp(value, expected):
    assert disp_text(value, SHORT) == expected


def test_disp_char_matrix_and_pages():
    c = CharArray(np.array([[ord("f"), ord("a")], [ord("a"), ord("f")]], dtype=np.uint16))
    assert disp_text(c, SHORT) == "fa\naf\n"
    A = np.ones((2, 1, 2))
    assert disp_text(A, SHORT) == "(:,:,1) =\n\n     1\n     1\n\n(:,:,2) =\n\n     1\n     1\n"


def test_disp_long_and_struct_array():
    assert disp_text(math.pi, LONG) == "   3.141592653589793\n"
    data = np.empty((1, 2), dtype=object)
    data[0, 0], data[0, 1] = {"a": 1.0}, {"a": 2.0}
    assert disp_text(StructArray(["a"], data), SHORT) == "  1×2 struct array with fields:\n\n    a\n"


def test_complex_column_pads_real_and_imaginary_parts_separately():
    A = np.array([[-1 + 2j], [3 + 4j], [complex(math.nan, math.nan)]])
    assert display("A", A, COMPACT) == (
        "A = 3×1\n   -1.0000 + 2.0000i\n    3.0000 + 4.0000i\n       NaN +    NaNi\n")


def test_wide_cell_wraps_into_column_groups():
    c = cell([[char("x" * 30), char("y" * 30), char("z" * 30)]])
    assert display("c", c, COMPACT) == (
        "c = 1×3 cell array\n  Columns 1 through 2\n"
        "    {'" + "x" * 30 + "'}    {'" + "y" * 30 + "'}\n"
        "  Column 3\n    {'" + "z" * 30 + "'}\n")


def test_disp_compact_scale_factor_and_wrapping():
    assert disp_text(row(1.5, 1e5), COMPACT) == "   1.0e+05 *\n    0.0000    1.0000\n"
    A = np.arange(1, 15, dtype=float).reshape(1, 14)
    assert disp_text(A, COMPACT).startswith("  Columns 1 through 13\n     1     2")


def test_string_matrix_from_matlab_documentation():
    S = StringArray(np.array([["Mercury", "Gemini", "Apollo"], ["Skylab", "Skylab B", "ISS"]], dtype=object))
    assert display("str", S, SHORT) == (
        "str = 2×3 string array\n\n"
        '    "Mercury"    "Gemini"      "Apollo"\n'
        '    "Skylab"     "Skylab B"    "ISS"   \n')


class FakeGpuArray:
    """What display needs of engine/accel's GpuTensor."""
    matlab_class = "gpuArray"

    def __init__(self, host, cls):
        self.host, self.cls, self.shape = host, cls, host.shape

    def download(self):
        return self.host


def test_gpu_array_shows_its_host_values_with_class_line():
    assert display("G", FakeGpuArray(mat([[1, 2], [3, 4]]), "double"), SHORT) == (
        "G = 2×2 gpuArray double matrix\n\n     1     2\n     3     4\n")
    assert display("g", FakeGpuArray(np.array([[2.5]], dtype=np.float32), "single"), SHORT) == (
        "g = gpuArray single\n    2.5000\n")
    assert display("e", FakeGpuArray(np.zeros((0, 2), dtype=bool), "logical"), COMPACT) == (
        "e =\n  0×2 empty gpuArray logical array\n")
    assert disp_text(FakeGpuArray(mat([[1, 2]]), "double"), SHORT) == "     1     2\n"
