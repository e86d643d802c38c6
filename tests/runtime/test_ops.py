"""Operator semantics: class promotion, expansion and casting (semantics.py), operators (ops.py)."""
import numpy as np
import pytest

from engine.runtime.errors import MatlabError
from engine.runtime.semantics import (broadcast_shape, cast_result, elementwise, hex_literal, promote,
                                      result_class, round_half_away)
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


# ---------------------------------------------------------------------------------------------------
# operators (expected values from Octave, where it agrees with MATLAB)

from engine.runtime import ops  # noqa: E402
from engine.runtime.values import StringArray, StructArray  # noqa: E402
from runtime_helpers import arr, same

B = ops.BINARY
U = ops.UNARY


@pytest.mark.parametrize("op, a, b, expected", [
    ("+", arr([[100]], np.int8), arr([[100]], np.int8), arr([[127]], np.int8)),
    ("/", arr([[7]], np.int32), arr([[2]], np.int32), arr([[4]], np.int32)),
    ("-", arr([[3]], np.uint8), 5.0, arr([[0]], np.uint8)),
    ("*", arr([[5]], np.int16), 0.3, arr([[2]], np.int16)),
    ("/", arr([[-7]], np.int8), arr([[2]], np.int8), arr([[-4]], np.int8)),
    ("/", arr([[1]], np.int8), 0.0, arr([[127]], np.int8)),
    (".*", arr([[100, 200]], np.int16), arr([[400, -400]], np.int16), arr([[32767, -32768]], np.int16)),
    ("+", arr([[200]], np.uint8), True, arr([[201]], np.uint8)),
    ("*", arr([[1, 2, 3]], np.int8), 2.5, arr([[3, 5, 8]], np.int8)),
    ("*", np.array([[1.5]], dtype=np.float32), 2.0, arr([[3.0]], np.float32)),
    (".*", arr([[1.0], [2.0], [3.0]]), arr([[1.0, 2.0]]), arr([[1, 2], [2, 4], [3, 6]])),
    (".^", arr([[2.0, 3.0]]), arr([[2.0], [3.0]]), arr([[4, 9], [8, 27]])),
    ("\\", 5.0, arr([[10.0, 20.0]]), arr([[2.0, 4.0]])),
    (".\\", arr([[1.0, 2.0], [3.0, 4.0]]), 2.0, arr([[2.0, 1.0], [2 / 3, 0.5]])),
    ("*", arr([[1.0, 2.0], [3.0, 4.0]]), arr([[5.0], [6.0]]), arr([[17.0], [39.0]])),
    ("^", arr([[1.0, 2.0], [3.0, 4.0]]), 3.0, arr([[37.0, 54.0], [81.0, 118.0]])),
    ("^", 2.0, arr([[1.0, 0.0], [0.0, 1.0]]), arr([[2.0, 0.0], [0.0, 2.0]])),
])
def test_binary_exact(op, a, b, expected):
    same(B[op](a, b), expected)


@pytest.mark.parametrize("op, a, b, expected", [
    ("\\", arr([[1, 2], [3, 4]]), arr([[5], [6]]), [[-4.0], [4.5]]),
    ("/", arr([[5, 6]]), arr([[1, 2], [3, 4]]), [[-1.0, 2.0]]),
    ("^", arr([[1, 2], [3, 4]]), -1.0, [[-2.0, 1.0], [1.5, -0.5]]),
    ("\\", arr([[1, 2, 3], [4, 5, 6], [7, 8, 10]]), arr([[1], [2], [3]]), [[-1 / 3], [2 / 3], [0.0]]),
    ("\\", arr([[1, 1], [1, 2], [1, 3]]), arr([[1], [2], [2]]), [[2 / 3], [0.5]]),
    ("\\", arr([[1, 1], [1, 2], [1, 3]]), arr([[1, 2], [2, 3], [2, 5]]), [[2 / 3, 1 / 3], [0.5, 1.5]]),
    ("/", arr([[1, 2, 3]]), arr([[4, 5, 6]]), 0.4155844155844157),
    ("^", arr([[1, 2], [3, 4]]), 0.5, [[0.5536885671459111 + 0.4643941628390708j,
                                         0.8069607270132162 - 0.21242647876640203j],
                                        [1.2104410905198244 - 0.31863971814960307j,
                                         1.7641296576657357 + 0.14575444468946766j]]),
    ("^", 2.0, arr([[1, 2], [3, 4]]), [[10.482739389628648, 14.151878828320633],
                                        [21.227818242480954, 31.71055763210961]]),
])
def test_linear_algebra(op, a, b, expected):
    out = B[op](a, b)
    assert np.shape(out) == np.shape(expected) or (type(out) is float and np.shape(expected) == ())
    np.testing.assert_allclose(out, expected, rtol=1e-12, atol=1e-14)


def test_singular_solve_gives_inf_not_exception():
    out = B["\\"](arr([[1, 1], [1, 1]]), arr([[1], [2]]))
    assert out.shape == (2, 1) and not np.all(np.isfinite(out))


def test_non_finite_least_squares_and_fractional_powers_give_nan():
    """LAPACK's least squares prints to the process stdout on NaN; scipy's fractional power raises."""
    out = B["\\"](arr([[1, 2, 3], [4, 5, np.nan]]), arr([[1], [2]]))
    assert out.shape == (3, 1) and np.isnan(out).all()
    out = B["^"](arr([[1, np.nan], [3, 4]]), 0.5)
    assert out.shape == (2, 2) and np.isnan(out).all()


def test_matrix_power_to_complex_and_non_finite_exponents():
    A = arr([[1, 2], [3, 4]])
    expected = np.array([[-1.2520 - 0.2807j, -1.8250 - 0.4101j], [-2.7375 - 0.6151j, -3.9895 - 0.8958j]])
    np.testing.assert_allclose(B["^"](A, 1 + 2j), expected, atol=1e-4)          # Octave's values
    assert np.isnan(B["^"](A, np.nan)).all() and np.isnan(B["^"](A, -np.inf)).all()
    out = B["^"](arr([[1, np.nan], [2, 3]]), 2.0)                                  # integer powers multiply
    assert out[1, 0] == 8 and np.isnan(out[0, 0])


@pytest.mark.parametrize("text, dtype, value", [
    ("0x1F", np.uint8, 31), ("0xFF", np.uint8, 255), ("0x100", np.uint16, 256),
    ("0X10000", np.uint32, 65536), ("0xFFFFFFFFFFFFFFFF", np.uint64, 2**64 - 1)])
def test_hex_literals_take_the_smallest_unsigned_class(text, dtype, value):
    out = hex_literal(text)
    assert out.dtype == dtype and out.shape == (1, 1) and int(out[0, 0]) == value


def test_hex_literal_beyond_64_bits():
    with pytest.raises(MatlabError):
        hex_literal("0x10000000000000000")


def test_scalar_fast_path_types():
    assert B["+"](1.0, 2.0) == 3.0 and type(B["+"](1.0, 2.0)) is float
    assert B["<"](1.0, 2.0) is True and B["=="](True, 1.0) is True
    assert B["/"](1.0, 0.0) == np.inf and np.isnan(B["/"](0.0, 0.0)) and B["/"](-1.0, 0.0) == -np.inf
    assert B["^"](0.0, -1.0) == np.inf
    assert B["^"](10.0, 400.0) == np.inf
    assert B["&"](1.0, 0.0) is False and B["|"](0.0, 2.0) is True
    assert type(B["+"](True, True)) is float and B["+"](True, True) == 2.0


def test_negative_base_fractional_power_is_complex():
    z = B["^"](-8.0, 1 / 3)
    assert type(z) is complex
    assert abs(z - (1 + 1.7320508075688772j)) < 1e-12
    out = B[".^"](arr([[-8.0, 8.0]]), 1 / 3)
    assert out.dtype == np.complex128
    np.testing.assert_allclose(out, [[1 + 1.7320508075688772j, 2.0]])


def test_power_mixes_real_and_complex_elements():
    out = B[".^"](arr([[-2.5, 0, 1.5, 3]]), arr([[-2.5, 0, 1.5, 3]]))
    assert out.dtype == np.complex128
    np.testing.assert_allclose(out, [[3.0981385716323096e-17 - 0.10119288512538813j, 1, 1.8371173070873836, 27]])
    same(B[".^"](arr([[0.0, 2.0]]), -1.0), arr([[np.inf, 0.5]]))
    # integer results keep the real part (Octave): int8([-100 0 7 120]) .^ 2.5
    same(B[".^"](arr([[-100, 0, 7, 120]], np.int8), 2.5), arr([[0, 0, 127, 127]], np.int8))
    same(B[".^"](arr([[-300, 5, -7, 30000]], np.int16), 2.5), arr([[0, 56, 0, 32767]], np.int16))


def test_complex_results_with_zero_imaginary_become_real():
    assert B["+"](1 + 2j, -2j) == 1.0 and type(B["+"](1 + 2j, -2j)) is float
    out = B[".*"](arr([[1j, 2j]], np.complex128), 1j)
    same(out, arr([[-1.0, -2.0]]))


def test_int64_arithmetic_is_exact():
    big = arr([[2 ** 62 + 1]], np.int64)
    same(B["+"](big, big), arr([[2 ** 63 - 1]], np.int64))
    same(B["-"](big, 1.0), arr([[2 ** 62]], np.int64))
    same(B["*"](arr([[3037000500]], np.int64), arr([[3037000500]], np.int64)), arr([[2 ** 63 - 1]], np.int64))
    same(B["/"](arr([[2 ** 62 + 3]], np.int64), 2.0), arr([[2 ** 61 + 2]], np.int64))
    same(B["+"](arr([[2 ** 64 - 2]], np.uint64), 1.0), arr([[2 ** 64 - 1]], np.uint64))
    same(B["-"](arr([[5]], np.uint64), 10.0), arr([[0]], np.uint64))
    same(B["/"](arr([[7]], np.int64), 0.0), arr([[2 ** 63 - 1]], np.int64))


def test_mixed_integer_classes_and_unsupported_types():
    with pytest.raises(MatlabError) as exc:
        B["+"](arr([[1]], np.int8), arr([[1]], np.int16))
    assert exc.value.identifier == "MATLAB:mixedClasses"
    with pytest.raises(MatlabError) as exc:
        B["+"](CellArray.empty((1, 1)), 1.0)
    assert exc.value.identifier == "MATLAB:UndefinedFunction"
    assert exc.value.message == "Operator '+' is not supported for operands of type 'cell'."
    with pytest.raises(MatlabError) as exc:
        B["*"](StructArray.scalar({"a": 1.0}), 2.0)
    assert exc.value.message == "Operator '*' is not supported for operands of type 'struct'."


def test_incompatible_sizes_and_inner_dimensions():
    with pytest.raises(MatlabError) as exc:
        B["+"](arr([[1, 2, 3]]), arr([[1, 2]]))
    assert exc.value.identifier == "MATLAB:sizeDimensionsMustMatch"
    with pytest.raises(MatlabError) as exc:
        B["*"](arr([[1, 2, 3]]), arr([[1, 2]]))
    assert exc.value.identifier == "MATLAB:innerdim"
    with pytest.raises(MatlabError) as exc:
        B["^"](arr([[1, 2, 3]]), 2.0)
    assert exc.value.identifier == "MATLAB:mpower:notScalarAndSquareMatrix"
    with pytest.raises(MatlabError) as exc:
        B["\\"](arr([[1, 2], [3, 4]]), arr([[1, 2, 3]]))
    assert exc.value.identifier == "MATLAB:dimagree"
    with pytest.raises(MatlabError) as exc:
        B["*"](arr([[1, 2], [3, 4]], np.int8), arr([[1, 2], [3, 4]], np.int8))
    assert exc.value.message == ("MTIMES (*) is not fully supported for integer classes. At least one "
                                 "argument must be scalar.")
    same(B["*"](arr([[1, 2]], np.int8), arr([[100]], np.int8)), arr([[100, 127]], np.int8))


def test_comparisons():
    same(B["=="](CharArray.from_str("abc"), CharArray.from_str("abd")), arr([[True, True, False]], bool))
    same(B["<"](arr([[1, 2, 3]]), arr([[3], [1]])), arr([[True, True, False], [False, False, False]], bool))
    same(B["~="](arr([[1, 2]], np.int8), 1.0), arr([[False, True]], bool))
    assert B["<"](1 + 5j, 2.0) is True          # ordering compares real parts
    assert B["=="](1 + 5j, 1.0) is False
    assert B["=="](np.nan, np.nan) is False


def test_string_operators():
    s = B["+"](StringArray.scalar("a"), StringArray.scalar("b"))
    assert type(s) is StringArray and s.data.tolist() == [["ab"]]
    assert B["+"](StringArray.scalar("a"), 1.0).data.tolist() == [["a1"]]
    assert B["+"](StringArray.scalar("x"), 2.5).data.tolist() == [["x2.5"]]
    row = StringArray(np.array([["a", "b"]], dtype=object))
    assert B["+"](row, CharArray.from_str("c")).data.tolist() == [["ac", "bc"]]
    assert B["=="](StringArray.scalar("abc"), CharArray.from_str("abc")) is True
    same(B["=="](row, StringArray.scalar("b")), arr([[False, True]], bool))
    assert B["<"](StringArray.scalar("abc"), StringArray.scalar("abd")) is True
    assert B["=="](StringArray.scalar(None), StringArray.scalar(None)) is False
    with pytest.raises(MatlabError):
        B["+"](StringArray.scalar("a"), CellArray.empty((1, 1)))


def test_char_arithmetic_is_double():
    assert B["+"](CharArray.from_str("a"), 1.0) == 98.0
    same(U["-"](CharArray.from_str("ab")), arr([[-97.0, -98.0]]))
    same(U["+"](arr([[True, False]], bool)), arr([[1.0, 0.0]]))


def test_logical_operators():
    same(B["&"](arr([[1, 2]]), arr([[0, 3]])), arr([[False, True]], bool))
    same(ops.xor(arr([[1, 1, 0]]), arr([[1, 0, 0]])), arr([[False, True, False]], bool))
    with pytest.raises(MatlabError) as exc:
        B["&"](np.nan, 1.0)
    assert exc.value.identifier == "MATLAB:nologicalnan"
    with pytest.raises(MatlabError) as exc:
        B["|"](CellArray.empty((1, 1)), True)
    assert exc.value.message == "Operator '|' is not supported for operands of type 'cell'."


def test_unary_operators():
    same(U["-"](arr([[-128]], np.int8)), arr([[127]], np.int8))
    same(U["~"](arr([[1, 0, 2]])), arr([[False, True, False]], bool))
    assert U["~"](0.0) is True and U["~"](True) is False
    with pytest.raises(MatlabError):
        U["~"](np.nan)
    same(U["'"](arr([[1 + 2j, 3]], np.complex128)), arr([[1 - 2j], [3]], np.complex128))
    same(U[".'"](arr([[1 + 2j, 3]], np.complex128)), arr([[1 + 2j], [3]], np.complex128))
    assert U["'"](2 + 1j) == 2 - 1j
    assert U["'"](CharArray.from_str("ab")).codes.shape == (2, 1)
    assert U["'"](CellArray.empty((1, 3))).shape == (3, 1)
    with pytest.raises(MatlabError) as exc:
        U["'"](np.zeros((2, 2, 2)))
    assert exc.value.message == "Transpose on ND array is not defined. Use PERMUTE instead."


def test_array_fast_path_matches_general_rules():
    a = arr([[1.0, 2.0], [3.0, 4.0]])
    same(B["+"](a, a), arr([[2, 4], [6, 8]]))
    same(B["./"](a, 0.0), np.full((2, 2), np.inf))
    assert B["-"](arr([[3.0]]), arr([[1.0]])) == 2.0 and type(B["-"](arr([[3.0]]), arr([[1.0]]))) is float
    same(B[".\\"](2.0, a), arr([[0.5, 1.0], [1.5, 2.0]]))


def test_results_never_alias_operands():
    a = arr([[1.0, 2.0], [3.0, 4.0]])
    for out in (U["'"](a), U["+"](a), U[".'"](a)):
        assert not np.shares_memory(out, a)


def test_vector_transposes_are_reshapes():
    """A row or column keeps its elements in order when transposed: the result is a reshape of the
    operand (no copy; the VM's ownership rules keep value semantics, tests/vm/test_inplace.py)."""
    row = arr([[1.0, 2.0, 3.0]])
    for out in (U["'"](row), U[".'"](row)):
        same(out, arr([[1.0], [2.0], [3.0]]))
        assert np.shares_memory(out, row)
    same(U[".'"](U["'"](row)), row)
    z = arr([[1 + 2j], [3 - 1j]], np.complex128)
    same(U["'"](z), arr([[1 - 2j, 3 + 1j]], np.complex128))
    same(U[".'"](z), arr([[1 + 2j, 3 - 1j]], np.complex128))
    same(U["'"](np.zeros((0, 3))), np.zeros((3, 0)))
    same(U[".'"](arr([[4.0]], np.float32)), arr([[4.0]], np.float32))


# ---- truth


@pytest.mark.parametrize("value, expected", [
    (1.0, True), (0.0, False), (True, True), (arr([[1, 2, 3]]), True), (arr([[1, 0]]), False),
    (np.zeros((0, 0)), False), (CharArray.from_str("abc"), True), (1j, False), (arr([[1]], np.int8), True),
])
def test_truth(value, expected):
    assert ops.truth(value) is expected


@pytest.mark.parametrize("value, identifier, message", [
    (np.nan, "MATLAB:nologicalnan", "NaN's cannot be converted to logicals."),
    (arr([[1, np.nan]]), "MATLAB:nologicalnan", "NaN's cannot be converted to logicals."),
    (StringArray.scalar("a"), "MATLAB:invalidConversion", "Conversion to logical from string is not possible."),
    (CellArray.empty((1, 1)), "MATLAB:invalidConversion", "Conversion to logical from cell is not possible."),
])
def test_truth_errors(value, identifier, message):
    with pytest.raises(MatlabError) as exc:
        ops.truth(value)
    assert (exc.value.identifier, exc.value.message) == (identifier, message)


# ---- colon


def test_colon_ranges():
    same(ops.colon(1.0, None, 0.0), np.zeros((1, 0)))
    same(ops.colon(10.0, -3.0, 1.0), arr([[10, 7, 4, 1]]))
    same(ops.colon(1.0, 0.2, 2.0), arr([[1, 1.2, 1.4, 1.6, 1.8, 2.0]]))
    same(ops.colon(-1.0, -0.25, -2.0), arr([[-1, -1.25, -1.5, -1.75, -2]]))
    assert ops.colon(3.0, None, 3.0) == 3.0
    same(ops.colon(1.0, 0.0, 5.0), np.zeros((1, 0)))
    same(ops.colon(1.0, None, 3.5), arr([[1, 2, 3]]))
    assert np.isnan(ops.colon(np.nan, None, 3.0))


def test_colon_tolerance_and_symmetry_like_matlab():
    v = ops.colon(0.0, 0.1, 1.0)
    assert v.shape == (1, 11) and v[0, 0] == 0.0 and v[0, -1] == 1.0
    assert v[0, 3] == 3 * 0.1 and v[0, 6] == 1.0 - 4 * 0.1     # MATLAB fills from both ends
    assert ops.colon(0.1, 0.1, 0.5).shape == (1, 5)
    assert ops.colon(0.0, 0.1, 0.3).shape == (1, 4)


def test_colon_classes():
    same(ops.colon(arr([[1]], np.int8), arr([[3]], np.int8), arr([[10]], np.int8)), arr([[1, 4, 7, 10]], np.int8))
    same(ops.colon(np.array([[1.0]], np.float32), None, 3.0), arr([[1, 2, 3]], np.float32))
    out = ops.colon(CharArray.from_str("a"), None, CharArray.from_str("e"))
    assert type(out) is CharArray and out.to_str() == "abcde"
    assert ops.colon(np.zeros((0, 0)), None, 3.0).shape == (1, 0)
    same(ops.colon(arr([[2, 9]]), None, 4.0), arr([[2, 3, 4]]))
    with pytest.raises(MatlabError):
        ops.colon(CellArray.empty((1, 1)), None, 3.0)
    with pytest.raises(MatlabError) as exc:
        ops.colon(1.0, None, np.inf)
    assert exc.value.identifier == "MATLAB:pmaxsize"
    with pytest.raises(MatlabError) as exc:
        ops.colon(1.0, None, 1e12)
    assert exc.value.identifier == "MATLAB:array:SizeLimitExceeded"
