"""Operator semantics: class promotion, expansion and casting (semantics.py), operators (ops.py)."""
import numpy as np
import pytest

from engine.runtime.errors import MatlabError
from engine.runtime.semantics import (broadcast_shape, cast_result, elementwise, promote, result_class,
                                      round_half_away)
from engine.runtime.values import CellArray, CharArray


def i8(*xs):
    return np.array([xs], dtype=np.int8)


@pytest.mark.parametrize("a, b, expected", [
    ("double", "double", "double"), ("logical", "logical", "double"), ("char", "char", "double"),
    ("char", "double", "double"), ("logical", "single", "single"), ("single", "double", "single"),
    ("int8", "double", "int8"), ("single", "uint16", "uint16"), ("char", "int32", "int32"),
    ("logical", "uint8", "uint8"), ("int64", "int64", "int64"),
])
def test_promote(a, b, expected):
    assert promote(a, b) == expected
    assert promote(b, a) == expected


def test_mixed_integer_classes_error():
    with pytest.raises(MatlabError) as exc:
        promote("int8", "uint8")
    assert exc.value.identifier == "MATLAB:mixedClasses"
    assert exc.value.message == ("Integers can only be combined with integers of the same class, "
                                 "or scalar doubles.")


def test_result_class_of_values():
    assert result_class(1.0, True) == "double"
    assert result_class(CharArray.from_str("a"), i8(1)) == "int8"
    with pytest.raises(MatlabError):
        result_class(CellArray.empty(), 1.0)


@pytest.mark.parametrize("sa, sb, expected", [
    ((3, 4), (3, 4), (3, 4)), ((3, 1), (1, 4), (3, 4)), ((1, 1), (0, 3), (0, 3)),
    ((3, 4), (3, 1, 2), (3, 4, 2)), ((0, 3), (1, 3), (0, 3)), ((2, 1), (2, 1, 1), (2, 1)),
])
def test_broadcast_shape(sa, sb, expected):
    assert broadcast_shape(sa, sb) == expected


@pytest.mark.parametrize("sa, sb", [((3, 4), (4, 3)), ((0, 3), (2, 3)), ((2, 2), (2, 3, 5))])
def test_broadcast_shape_incompatible(sa, sb):
    with pytest.raises(MatlabError) as exc:
        broadcast_shape(sa, sb)
    assert exc.value.identifier == "MATLAB:sizeDimensionsMustMatch"


def test_round_half_away_is_exact():
    out = round_half_away(np.array([0.49999999999999994, -2.5, 2.5, -0.4, 1.5, -1.5]))
    assert out.tolist() == [0.0, -3.0, 3.0, -0.0, 2.0, -2.0]


def test_cast_to_integer_rounds_saturates_and_zeroes_nan():
    out = cast_result(np.array([[200.0, -0.5, 2.5, np.nan, np.inf, -np.inf, -129.0]]), "int8")
    assert out.dtype == np.int8
    assert out.tolist() == [[127, -1, 3, 0, 127, -128, -128]]


def test_cast_to_64_bit_integers_saturates_at_the_exact_limits():
    out = cast_result(np.array([[2.0 ** 63, -2.0 ** 64, 1.5]]), "int64")
    assert out.tolist() == [[2 ** 63 - 1, -2 ** 63, 2]]
    assert cast_result(np.array([[2.0 ** 64, -3.0]]), "uint64").tolist() == [[2 ** 64 - 1, 0]]


def test_cast_between_integer_classes_saturates():
    assert cast_result(np.array([[300, -5]], dtype=np.int16), "uint8").tolist() == [[255, 0]]
    assert cast_result(np.array([[True, False]]), "int8").tolist() == [[1, 0]]


def test_cast_single_and_complex():
    assert cast_result(np.array([[1.5]]), "single").dtype == np.float32
    assert cast_result(np.array([[1 + 2j]]), "single").dtype == np.complex64
    assert cast_result(np.array([[0.0, 2.0]]), "logical").tolist() == [[False, True]]


@pytest.mark.parametrize("fn, a, b, expected", [
    (np.add, i8(100), i8(100), [[127]]),
    (np.divide, np.array([[7]], dtype=np.int32), np.array([[2]], dtype=np.int32), [[4]]),
    (np.subtract, np.array([[3]], dtype=np.uint8), 5.0, [[0]]),
    (np.multiply, np.array([[5]], dtype=np.int16), 0.3, [[2]]),
    (np.divide, i8(1), 0.0, [[127]]),
    (np.divide, i8(-1, 0), 0.0, [[-128, 0]]),
])
def test_elementwise_integer_arithmetic(fn, a, b, expected):
    out = elementwise(fn, a, b)
    assert out.dtype == a.dtype
    assert out.tolist() == expected


def test_elementwise_expansion_scalars_and_classes():
    out = elementwise(np.add, np.ones((3, 4)), np.ones((3, 1, 2)))
    assert out.shape == (3, 4, 2) and out.dtype == np.float64
    assert elementwise(np.add, 1.0, 2.0) == 3.0 and type(elementwise(np.add, 1.0, 2.0)) is float
    assert elementwise(np.isnan, 1.0) is False
    assert elementwise(np.sqrt, -4.0 + 0j) == 2j
    assert elementwise(np.add, 1.0 + 1j, -1j) == 1.0
    single = elementwise(np.multiply, np.array([[1.5]], dtype=np.float32), 2.0)
    assert single.dtype == np.float32 and single.tolist() == [[3.0]]
    assert elementwise(np.add, CharArray.from_str("ab"), 1.0).tolist() == [[98.0, 99.0]]
    assert elementwise(np.sqrt, 4.0, cls="single").dtype == np.float32
