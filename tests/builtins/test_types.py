"""Type builtins. Expected values recorded from GNU Octave 8 where MATLAB agrees; string results follow
MATLAB (Octave has no string class)."""
import math

import numpy as np
import pytest

from engine.runtime.errors import MatlabError
from engine.runtime.values import CellArray, CharArray, StringArray, StructArray
from misc_fakes import arr, c, call, cellrow, charmat, s, same


# -- conversions -------------------------------------------------------------------------------------

def test_int8_rounds_half_away_saturates_and_maps_nan_to_zero():
    # octave: int8([1.5 -2.5 300 NaN -300])
    same(call("int8", arr([1.5, -2.5, 300, np.nan, -300])), arr([2, -3, 127, 0, -128], np.int8))


@pytest.mark.parametrize("name, value, expected", [
    ("uint8", -5.0, arr([[0]], np.uint8)),                 # octave: uint8(-5)
    ("int16", c("A"), arr([[65]], np.int16)),              # octave: int16('A')
    ("int32", 2.5, arr([[3]], np.int32)),                  # octave: int32(2.5)
    ("uint16", 65535.5, arr([[65535]], np.uint16)),        # octave: uint16(65535.5)
    ("int64", True, arr([[1]], np.int64)),
    ("uint32", arr([[7, 8]], np.int8), arr([[7, 8]], np.uint32)),
])
def test_integer_conversions(name, value, expected):
    same(call(name, value), expected)


def test_double_and_single():
    same(call("double", c("AB")), arr([65.0, 66.0]))
    same(call("double", np.array([[3]], np.int8)), 3.0)
    same(call("double", True), 1.0)
    same(call("single", 0.1), np.array([[0.1]], np.float32))
    same(call("double", s("2.5")), 2.5)        # MATLAB: double("2.5") parses the text


def test_conversion_of_cell_is_an_error():
    with pytest.raises(MatlabError) as e:
        call("double", cellrow(1.0))
    assert e.value.identifier == "MATLAB:invalidConversion"
    assert e.value.message == "Conversion to double from cell is not possible."


def test_logical():
    same(call("logical", arr([2.0, 0.0, -1.0])), arr([True, False, True], np.bool_))
    same(call("logical", 0.0), False)
    with pytest.raises(MatlabError) as e:
        call("logical", arr([1.0, np.nan]))
    assert e.value.identifier == "MATLAB:nologicalnan"
    assert e.value.message == "NaN's cannot be converted to logicals."
    with pytest.raises(MatlabError):
        call("logical", c("a"))


def test_char_of_numbers_and_cells():
    same(call("char", 65.0), "A")
    same(call("char", 65.6), "B")                                  # octave: char(65.6)
    same(call("char", arr([72.0, 105.0])), "Hi")
    same(call("char", 72.0, 105.0), charmat("H", "i"))             # octave: char(72, 105)
    same(call("char", cellrow("a", "bcd")), charmat("a  ", "bcd"))  # octave: char({'a','bcd'})
    same(call("char", c("ab"), c(""), c("c")), charmat("ab", "  ", "c "))  # octave: char('ab','','c')
    same(call("char", s("xy", "z")), charmat("xy", "z "))
    same(call("char", 65.0, np.zeros((0, 0))), charmat("A", " "))                # an empty gives a blank row
    with pytest.raises(MatlabError) as e:
        call("char", cellrow(1.0))
    assert e.value.identifier == "MATLAB:char:CellsMustContainChars"


def test_string_conversions():
    same(call("string", 5.0), s("5"))
    same(call("string", math.pi), s("3.1416"))
    same(call("string", 1 / 3), s("0.33333"))
    same(call("string", 12345.678), s("12345.678"))
    same(call("string", arr([[1.0, 2.5], [np.nan, -np.inf]])), s("1", "NaN", "2.5", "-Inf", shape=(2, 2)))
    same(call("string", True), s("true"))
    same(call("string", c("abc")), s("abc"))
    same(call("string", charmat("ab", "cd")), s("ab", "cd", shape=(2, 1)))
    same(call("string", cellrow("a", "bc")), s("a", "bc"))
    same(call("string", np.array([[7]], np.int32)), s("7"))
    same(call("string", complex(1, -2)), s("1-2i"))


def test_string_precision_follows_the_largest_element():
    # MATLAB: string([pi 100]) is ["3.14159" "100"], string([pi 15000]) is ["3.14159265" "15000"]
    same(call("string", arr([math.pi, 100.0])), s("3.14159", "100"))
    same(call("string", arr([math.pi, 127.0])), s("3.141593", "127"))
    same(call("string", arr([math.pi, 15000.0])), s("3.14159265", "15000"))


# -- class tests -------------------------------------------------------------------------------------

@pytest.mark.parametrize("value, cls", [
    (1.0, "double"), (True, "logical"), (1j, "double"), (np.zeros((2, 2), np.float32), "single"),
    (np.zeros((1, 1), np.uint8), "uint8"), (c("a"), "char"), (s("a"), "string"), (cellrow(), "cell"),
    (StructArray.scalar({}), "struct"),
])
def test_class(value, cls):
    same(call("class", value), cls)


def test_isa_categories():
    assert call("isa", np.zeros((1, 1), np.int8), c("integer")) is True
    assert call("isa", np.zeros((1, 1), np.int8), c("numeric")) is True
    assert call("isa", np.zeros((1, 1), np.int8), c("float")) is False
    assert call("isa", 1.0, c("float")) is True
    assert call("isa", 1.0, c("double")) is True
    assert call("isa", True, c("numeric")) is False
    assert call("isa", c("x"), c("char")) is True


@pytest.mark.parametrize("name, yes, no", [
    ("isnumeric", [1.0, np.zeros((1, 1), np.int16), 1j], [True, c("a"), cellrow()]),
    ("isfloat", [1.0, np.zeros((1, 1), np.float32)], [np.zeros((1, 1), np.int8), True]),
    ("isinteger", [np.zeros((1, 1), np.uint64)], [1.0]),
    ("islogical", [True, np.zeros((2, 2), bool)], [1.0]),
    ("ischar", [c("a"), c("")], [s("a"), 1.0]),
    ("isstring", [s("a")], [c("a")]),
    ("iscell", [cellrow()], [c("a")]),
    ("isstruct", [StructArray.scalar({})], [StructArray.scalar({}, "MException"), 1.0]),
])
def test_predicates(name, yes, no):
    assert all(call(name, v) is True for v in yes)
    assert all(call(name, v) is False for v in no)


def test_cellstr():
    same(call("cellstr", charmat("ab ", "cde")), cellrow("ab", "cde", shape=(2, 1)))   # octave
    same(call("cellstr", c("")), CellArray(np.array([[CharArray(np.zeros((0, 0), np.uint16))]], object)))
    same(call("cellstr", s("x", "yz")), cellrow("x", "yz"))
    same(call("cellstr", cellrow("a")), cellrow("a"))
    with pytest.raises(MatlabError):
        call("cellstr", 1.0)


def test_iscellstr():
    assert call("iscellstr", cellrow("a", "bc")) is True
    assert call("iscellstr", cellrow()) is True
    assert call("iscellstr", cellrow("a", 1.0)) is False
    assert call("iscellstr", c("a")) is False


# -- limits and constants ----------------------------------------------------------------------------

def test_intmax_intmin():
    same(call("intmax"), arr([[2147483647]], np.int32))
    same(call("intmax", c("uint8")), arr([[255]], np.uint8))
    same(call("intmin", c("int16")), arr([[-32768]], np.int16))        # octave: intmin('int16')
    same(call("intmax", c("uint64")), arr([[18446744073709551615]], np.uint64))
    with pytest.raises(MatlabError):
        call("intmax", c("double"))


def test_realmax_realmin_eps():
    same(call("realmax"), 1.7976931348623157e308)
    same(call("realmax", c("single")), arr([[3.4028235e+38]], np.float32))  # octave: realmax('single')
    same(call("realmin"), 2.2250738585072014e-308)                          # octave: realmin
    same(call("eps"), 2.220446049250313e-16)
    same(call("eps", 1000.0), 1.1368683772161603e-13)                       # octave: eps(1000)
    same(call("eps", 0.0), 5e-324)                                          # octave: eps(0)
    same(call("eps", np.array([[1.0]], np.float32)), arr([[1.1920929e-07]], np.float32))
    same(call("eps", c("single")), arr([[1.1920929e-07]], np.float32))
    same(call("eps", arr([1.0, np.inf])), arr([2.220446049250313e-16, np.nan]))
    # a corpus program printed realmax + eps(realmax) / 3 as Inf: eps(realmax) was numpy's spacing (Inf)
    same(call("eps", arr([1.7976931348623157e308, -1.7976931348623157e308])),
         arr([1.99584030953472e+292, 1.99584030953472e+292]))                 # octave: eps([realmax -realmax])
    same(call("eps", arr([[3.4028235e+38]], np.float32)), arr([[2.028241e+31]], np.float32))  # octave: eps(realmax('single'))


def test_constants_and_filled_arrays():
    assert call("pi") == math.pi
    assert call("i") == 1j and call("j") == 1j
    same(call("Inf"), math.inf)
    same(call("NaN", 2.0, 3.0), np.full((2, 3), np.nan))
    same(call("nan", arr([1.0, 2.0])), np.full((1, 2), np.nan))
    same(call("Inf", 1.0, c("single")), np.full((1, 1), np.inf, np.float32))
    same(call("inf", 2.0), np.full((2, 2), np.inf))
    same(call("true"), True)
    same(call("true", 2.0), np.ones((2, 2), bool))
    same(call("false", 1.0, 3.0), np.zeros((1, 3), bool))
    same(call("false", 0.0, 3.0), np.zeros((0, 3), bool))
    with pytest.raises(MatlabError):
        call("NaN", 1.5)


def test_builtins_have_help():
    from engine.runtime.builtins.registry import BUILTINS
    for name in ("double", "int8", "char", "string", "isnumeric", "eps", "true"):
        text = BUILTINS[name].help
        assert name in text.splitlines()[0] and len(text.splitlines()) >= 3


def test_values_untouched_types():
    assert isinstance(call("char", cellrow("a")), CharArray)
    assert isinstance(call("string", c("")), StringArray)
    assert not isinstance(call("string", c("")), CellArray)
