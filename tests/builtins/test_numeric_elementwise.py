"""Elementwise math builtins; expected values recorded from GNU Octave (MATLAB semantics)."""
import numpy as np
import pytest

from engine.runtime.builtins.registry import BUILTINS
from engine.runtime.errors import MatlabError
from engine.runtime.values import CellArray, CharArray
from numeric_fakes import arr, call, close, same

C = np.complex128


@pytest.mark.parametrize("name, x, expected", [
    ("exp", arr([0, 1, -1]), arr([1., 2.718281828459045, 0.36787944117144233])),
    ("log", arr([1, 10, 0]), arr([0., 2.302585092994046, -np.inf])),
    ("sin", arr([0, 1, np.pi]), arr([0.0, 8.4147098480789650e-01, 1.2246467991473532e-16])),
    ("tan", 1.0, 1.5574077246549023),
    ("cosh", 1.0, 1.5430806348152437),
    ("tanh", 0.5, 0.46211715726000974),
    ("sinh", -1.0, -1.1752011936438014),
    ("acos", 0.5, 1.0471975511965979),
    ("atan", 1.0, 0.7853981633974483),
    ("asinh", 1.0, 0.881373587019543),
    ("expm1", 1e-10, 1.00000000005e-10),
    ("log1p", 1e-10, 9.999999999500001e-11),
    ("cos", np.float32([[1]]), np.float32([[0.5403023]])),
])
def test_transcendental(name, x, expected):
    close(call(name, x), expected, rtol=5e-16 if not isinstance(expected, np.ndarray) or
          expected.dtype == np.float64 else 1e-7)


@pytest.mark.parametrize("name, x, expected", [
    ("sqrt", arr([-4, 4]), arr([2j, 2], C)),
    ("sqrt", arr([4, 9]), arr([2, 3])),
    ("log", arr([-1, 2]), arr([3.141592653589793j, 0.6931471805599453], C)),
    ("log2", arr([-8, 8]), arr([3 + 4.532360141827194j, 3], C)),
    ("log10", -100.0, 2 + 1.3643763538418414j),
    ("log1p", arr([-3, 1]), arr([0.6931471805599453 + 3.141592653589793j, 0.6931471805599453], C)),
    ("asin", arr([2, -2, 0.5]), arr([1.5707963267948966 - 1.3169578969248166j,
                                     -1.5707963267948966 + 1.3169578969248166j, 0.5235987755982989], C)),
    ("acos", arr([2, -2, 0.5]), arr([1.3169578969248166j, 3.141592653589793 - 1.3169578969248166j,
                                     1.0471975511965979], C)),
    ("acosh", arr([-2, 0.5, 2]), arr([1.3169578969248166 + 3.141592653589793j, 1.0471975511965976j,
                                      1.3169578969248166], C)),
    ("atanh", arr([-2, 2]), arr([-0.5493061443340549 + 1.5707963267948966j,
                                 0.5493061443340549 + 1.5707963267948966j], C)),
])
def test_outside_real_domain_gives_complex(name, x, expected):
    close(call(name, x), expected, rtol=5e-16)   # libm and numpy may differ in the last bit


def test_single_in_single_out():
    same(call("sqrt", np.float32([[-4]])), np.complex64([[2j]]))
    same(call("hypot", np.float32([[3]]), 4.0), np.float32([[5]]))
    same(call("exp", np.float32([[0, 0]])), np.float32([[1, 1]]))


@pytest.mark.parametrize("name, x, expected", [
    ("floor", arr([-2.5, 2.5]), arr([-3, 2])),
    ("ceil", -2.5, -2.0),
    ("fix", arr([-2.5, 2.5]), arr([-2, 2])),
    ("round", arr([2.5, -2.5, 0.5, -0.5, 1.5, 0.49999999999999994]), arr([3, -3, 1, -1, 2, 0])),
    ("round", np.array([[7]], np.int8), np.array([[7]], np.int8)),
    ("floor", 2.5 + 3.7j, 2 + 3j),
    ("round", True, 1.0),
    ("abs", arr([-2, 3 + 4j], C), arr([2, 5])),
    ("abs", np.array([[-128, 5]], np.int8), np.array([[127, 5]], np.int8)),
    ("sign", np.array([[-3, 0, 4]], np.int8), np.array([[-1, 0, 1]], np.int8)),
    ("sign", -0.5 + 0j, -1.0),
    ("sign", 3 + 4j, 0.6 + 0.8j),
    ("angle", arr([-1, 1j], C), arr([3.141592653589793, 1.5707963267948966])),
    ("real", np.array([[3]], np.int8), np.array([[3]], np.int8)),
    ("imag", np.array([[3]], np.int16), np.array([[0]], np.int16)),
    ("imag", 3 + 4j, 4.0),
    ("conj", 2 - 3j, 2 + 3j),
    ("isinf", arr([np.inf, -np.inf, np.nan, 1]), arr([True, True, False, False], bool)),
    ("isfinite", arr([np.inf, np.nan, 1]), arr([False, False, True], bool)),
    ("isnan", np.array([[1, 2]], np.int8), arr([False, False], bool)),
    ("isnan", np.nan, True),
    ("sqrt", True, 1.0),
    ("abs", CharArray.from_str("a"), 97.0),
])
def test_rounding_and_parts(name, x, expected):
    same(call(name, x), expected)


def test_round_digits():
    same(call("round", np.pi, 2.0), 3.14)
    same(call("round", 1234.5, -2.0), 1200.0)
    same(call("round", 2.345, 1.0, CharArray.from_str("decimals")), 2.3)
    same(call("round", 2.345, 1.0, CharArray.from_str("significant")), 2.0)
    with pytest.raises(MatlabError, match="decimals"):
        call("round", 2.345, 1.0, CharArray.from_str("sig"))


@pytest.mark.parametrize("name, x, y, expected", [
    ("mod", arr([-1, 5, 5.5, -5.5, 1, 0.3]), arr([3, 0, -2, 2, 0.1, 0.1]), arr([2, 5, -0.5, 0.5, 0, 0])),
    ("rem", arr([-1, 5, 5.5, -5.5, 1]), arr([3, 0, -2, 2, 0.1]), arr([-1, np.nan, 1.5, -1.5, 0])),
    ("mod", -7.0, -3.0, -1.0),
    ("rem", -7.0, -3.0, -1.0),
    ("mod", 5.5, 1.5, 1.0),
    ("mod", np.array([[-7, 7]], np.int8), np.array([[3, 0]], np.int8), np.array([[2, 7]], np.int8)),
    ("rem", np.array([[-7, 7]], np.int8), np.array([[3, 0]], np.int8), np.array([[-1, 0]], np.int8)),
    ("mod", np.array([[10]], np.int8), 3.0, np.array([[1]], np.int8)),
    ("mod", arr([[1], [2]]), arr([2, 3]), arr([[1, 1], [0, 2]])),
    ("atan2", arr([1, -1]), arr([-1, -1]), arr([2.356194490192345, -2.356194490192345])),
    ("hypot", 3.0, 4.0, 5.0),
    ("hypot", 3j, 4.0, 5.0),
])
def test_binary(name, x, y, expected):
    same(call(name, x, y), expected)


def test_log2_two_outputs():
    f, e = call("log2", arr([8, 0, -3, 0.1]), nargout=2)
    same(f, arr([0.5, 0, -0.75, 0.8]))
    same(e, arr([4, 0, 2, -3]))
    f, e = call("log2", np.float32([[8]]), nargout=2)
    same(f, np.float32([[0.5]]))
    same(e, np.float32([[4]]))


def test_complex_keeps_a_zero_imaginary_part():
    z = call("complex", 1.0, 0.0)
    assert type(z) is complex and z == 1 + 0j and call("isreal", z) is False
    same(call("complex", arr([1, 2]), 3.0), np.array([[1 + 3j, 2 + 3j]]))
    out = call("complex", np.array([[1.5]], np.float32), 0.0)
    assert out.dtype == np.complex64 and out.shape == (1, 1)
    with pytest.raises(MatlabError):
        call("complex", arr([1, 2]), arr([1, 2, 3]))


def test_isreal():
    assert call("isreal", 3.0) is True
    assert call("isreal", 3j) is False
    assert call("isreal", np.array([[1]], np.int8)) is True
    assert call("isreal", CharArray.from_str("a")) is True
    assert call("isreal", CellArray.empty()) is False


@pytest.mark.parametrize("name, args", [
    ("sqrt", (np.array([[4]], np.int8),)),
    ("exp", (np.array([[4]], np.uint8),)),
    ("atan2", (np.array([[1]], np.int32), 1.0)),
    ("hypot", (np.array([[1]], np.int32), 1.0)),
    ("sin", (CellArray.empty(),)),
    ("abs", (CellArray.empty(),)),
])
def test_unsupported_classes(name, args):
    with pytest.raises(MatlabError) as info:
        call(name, *args)
    assert info.value.identifier == "MATLAB:UndefinedFunction"
    assert info.value.message == ("Check for incorrect argument data type or missing argument in call "
                                  f"to function '{name}'.")


def test_complex_arguments_rejected():
    with pytest.raises(MatlabError, match="Inputs must be real."):
        call("mod", 1j, 2.0)
    with pytest.raises(MatlabError, match="Inputs must be real."):
        call("atan2", 1j, 2.0)


def test_incompatible_sizes():
    with pytest.raises(MatlabError, match="incompatible sizes"):
        call("mod", arr([1, 2, 3]), arr([1, 2]))


def test_registered_as_elementwise_with_help():
    for name in ("sqrt", "exp", "abs", "mod", "round", "isnan", "atan2", "floor"):
        entry = BUILTINS[name]
        assert entry.fusion == "elementwise" and entry.family == "math"
        assert entry.help.startswith(f"{name}(") and "\n\n" in entry.help


SCALAR_CASES = [(name, (v,)) for name in ("sqrt", "exp", "log", "log2", "log10", "log1p", "expm1", "sin",
                                         "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh",
                                         "asinh", "acosh", "atanh", "abs", "sign", "floor", "ceil", "fix",
                                         "round", "real", "imag", "conj", "angle")
                for v in (2.5, -0.5, -2.5, 0.49999999999999994, 0.0, 1e300, np.inf, -np.inf, np.nan)]
SCALAR_CASES += [(name, (x, y)) for name in ("mod", "rem", "atan2", "hypot")
                 for x, y in ((7.0, 3.0), (-1.0, 3.0), (5.5, -2.0), (1.0, 0.1), (0.3, 0.1), (5.0, 0.0),
                              (5.0, np.inf), (np.inf, 3.0), (np.nan, 1.0), (-7.0, -3.0), (1e17, 3.0))]


@pytest.mark.parametrize("name, args", SCALAR_CASES)
def test_scalar_fast_path_matches_array_path(name, args):
    scalar = call(name, *args)
    array = call(name, *(arr([a, a]) for a in args))
    expected = array[0, 0].item()
    assert type(scalar) is type(expected) or (type(scalar) is float and expected == scalar)
    np.testing.assert_array_equal(np.array(scalar), np.array(expected))
    assert np.signbit(np.real(scalar)) == np.signbit(np.real(expected)) or np.isnan(np.real(expected))
