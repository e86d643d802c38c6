"""Concatenation (engine/runtime/concat.py) and the operator builtins (builtins/operators.py); expected
values from Octave where it agrees with MATLAB."""
import warnings

import numpy as np
import pytest

import engine.runtime.builtins.operators  # noqa: F401  (registers the operator builtins)
from engine.runtime.builtins.registry import BUILTINS, call_builtin
from engine.runtime.concat import cat, horzcat, vertcat
from engine.runtime.errors import MatlabError
from engine.runtime.indexing import assign
from engine.runtime.values import CellArray, CharArray, FunctionHandle, StringArray, StructArray
from runtime_helpers import arr, same

NULL = np.zeros((0, 0))


@pytest.mark.parametrize("fn, values, expected", [
    (horzcat, [1.0, 2.0, 3.0], arr([[1, 2, 3]])),
    (vertcat, [1.0, 2.0], arr([[1], [2]])),
    (horzcat, [arr([[1, 2], [3, 4]]), arr([[5], [6]])], arr([[1, 2, 5], [3, 4, 6]])),
    (vertcat, [arr([[1, 2]]), arr([[3, 4]])], arr([[1, 2], [3, 4]])),
    (horzcat, [arr([[1]], np.int8), arr([[300]], np.int16)], arr([[1, 127]], np.int8)),
    (horzcat, [arr([[300]], np.int16), arr([[1]], np.int8)], arr([[300, 1]], np.int16)),
    (horzcat, [np.array([[1.0]], np.float32), 2.0], arr([[1, 2]], np.float32)),
    (horzcat, [True, False], arr([[True, False]], bool)),
    (horzcat, [True, 2.0], arr([[1, 2]])),
    (horzcat, [2.5, arr([[1]], np.uint8)], arr([[3, 1]], np.uint8)),
    (vertcat, [np.zeros((1, 0)), arr([[1, 2]])], arr([[1, 2]])),
    (vertcat, [np.zeros((0, 3)), arr([[1, 2, 3]])], arr([[1, 2, 3]])),
    (horzcat, [NULL, arr([[1], [2]]), NULL], arr([[1], [2]])),
    (horzcat, [np.zeros((0, 3)), np.zeros((0, 2))], np.zeros((0, 5))),
    (horzcat, [1.0, 2j], arr([[1, 2j]], np.complex128)),
    (horzcat, [arr([[1]], np.int8), True], arr([[1, 1]], np.int8)),
])
def test_numeric_concatenation(fn, values, expected):
    same(fn(values), expected)


def test_empty_results():
    same(horzcat([]), NULL)
    same(horzcat([NULL, NULL]), NULL)
    same(vertcat([np.zeros((1, 0)), np.zeros((1, 0))]), np.zeros((2, 0)))
    assert horzcat([True, NULL]) == 1.0 and type(horzcat([True, NULL])) is float   # [] counts: double


def test_single_values_and_no_aliasing():
    a = arr([[1, 2], [3, 4]])
    out = horzcat([a])
    same(out, a)
    assert not np.shares_memory(out, a)
    assert horzcat([5.0]) == 5.0


def test_cat_along_higher_dimensions():
    out = cat(3, [arr([[1, 2]]), arr([[3, 4]])])
    assert out.shape == (1, 2, 2) and out[0, :, 1].tolist() == [3, 4]
    assert cat(1, [arr([[1, 2]]), arr([[3, 4]])]).shape == (2, 2)
    assert cat(4, [1.0, 2.0]).shape == (1, 1, 1, 2)


def test_dimension_mismatch():
    for fn, values in ((horzcat, [np.ones((2, 2)), np.ones((3, 1))]), (vertcat, [arr([[1, 2]]), arr([[1, 2, 3]])]),
                       (lambda v: cat(3, v), [np.ones((2, 2)), np.ones((2, 3))])):
        with pytest.raises(MatlabError) as exc:
            fn(values)
        assert exc.value.identifier == "MATLAB:catenate:dimensionMismatch"
        assert exc.value.message == "Dimensions of arrays being concatenated are not consistent."


def test_char_concatenation():
    out = horzcat([CharArray.from_str("a"), 66.0, 67.0])
    assert type(out) is CharArray and out.to_str() == "aBC"
    out = vertcat([CharArray.from_str("ab"), CharArray.from_str("cd")])
    assert out.rows() == ["ab", "cd"]
    out = horzcat([CharArray.from_str("ab"), NULL, CharArray.from_str("")])
    assert out.to_str() == "ab"
    with pytest.raises(MatlabError):
        vertcat([CharArray.from_str("ab"), CharArray.from_str("c")])


def test_nan_becomes_char_zero_without_a_warning():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        out = horzcat([CharArray.from_str("a"), np.nan, np.inf])
    assert isinstance(out, CharArray) and out.codes.tolist() == [[97, 0, 65535]]


def test_string_concatenation():
    out = horzcat([StringArray.scalar("a"), StringArray.scalar("b")])
    assert type(out) is StringArray and out.data.tolist() == [["a", "b"]]
    out = horzcat([CharArray.from_str("ab"), StringArray.scalar("c")])
    assert out.data.tolist() == [["ab", "c"]]
    out = vertcat([StringArray.scalar("x"), 1.5])
    assert out.data.tolist() == [["x"], ["1.5"]]


def test_cell_concatenation():
    c1 = CellArray.empty((1, 2))
    c2 = CellArray.empty((1, 1))
    out = horzcat([c1, c2])
    assert type(out) is CellArray and out.shape == (1, 3)
    out = horzcat([c2, 5.0, NULL])
    assert out.shape == (1, 2) and out.data[0, 1] == 5.0
    assert vertcat([c1, c1]).shape == (2, 2)
    with pytest.raises(MatlabError):
        vertcat([c1, c2])


def test_struct_concatenation():
    s = StructArray.scalar({"a": 1.0, "b": 2.0})
    t = StructArray.scalar({"b": 3.0, "a": 4.0})
    out = horzcat([s, t])
    assert type(out) is StructArray and out.shape == (1, 2) and out.fields == ["a", "b"]
    assert out.data[0, 1] == {"b": 3.0, "a": 4.0}
    assign(out, [("()", [1.0]), (".", "a")], 99.0, inplace=True)      # the result may be owned
    assign(out, [("()", [2.0]), (".", "c")], 5.0, inplace=True)
    assert s.data[0, 0] == {"a": 1.0, "b": 2.0} and t.data[0, 0] == {"b": 3.0, "a": 4.0}
    assert out.data[0, 0]["a"] == 99.0 and out.fields == ["a", "b", "c"]
    with pytest.raises(MatlabError) as exc:
        horzcat([s, StructArray.scalar({"z": 1.0})])
    assert exc.value.identifier == "MATLAB:catenate:structFieldBad"
    with pytest.raises(MatlabError):
        horzcat([s, 1.0])


def test_function_handles():
    f = FunctionHandle("sin", name="sin")
    assert horzcat([f]) is f
    with pytest.raises(MatlabError) as exc:
        horzcat([f, f])
    assert exc.value.identifier == "MATLAB:functionHandle:nonscalar"


# ---- operator builtins


def call(name, *args):
    return call_builtin(BUILTINS[name], None, list(args), 1)[0]


NAMES = ("plus minus times rdivide ldivide mtimes mrdivide mldivide power mpower uminus uplus not eq ne lt le "
         "gt ge and or xor transpose ctranspose colon horzcat vertcat cat").split()


def test_every_operator_builtin_is_registered_with_help():
    for name in NAMES:
        entry = BUILTINS[name]
        assert entry.family == "operators"
        assert entry.help.startswith(name + "(") and "Example" in entry.help
    assert BUILTINS["plus"].fusion == "elementwise" and BUILTINS["mtimes"].fusion == "matmul"
    assert BUILTINS["lt"].fusion == "elementwise" and BUILTINS["horzcat"].fusion == "none"


@pytest.mark.parametrize("name, args, expected", [
    ("plus", (arr([[1, 2]]), 10.0), arr([[11, 12]])),
    ("minus", (arr([[3]], np.int8), 5.0), arr([[-2]], np.int8)),
    ("mtimes", (arr([[1, 2]]), arr([[3], [4]])), 11.0),
    ("mpower", (arr([[1, 1], [0, 1]]), 3.0), arr([[1, 3], [0, 1]])),
    ("uminus", (arr([[-128]], np.int8),), arr([[127]], np.int8)),
    ("not", (arr([[1, 0, 2]]),), arr([[False, True, False]], bool)),
    ("colon", (1.0, 2.0, 7.0), arr([[1, 3, 5, 7]])),
    ("colon", (1.0, 3.0), arr([[1, 2, 3]])),
    ("horzcat", (arr([[1, 2]]), 3.0), arr([[1, 2, 3]])),
    ("vertcat", (arr([[1, 2]]), arr([[3, 4]])), arr([[1, 2], [3, 4]])),
    ("xor", (arr([[1, 1, 0]]), arr([[1, 0, 0]])), arr([[False, True, False]], bool)),
    ("transpose", (arr([[1, 2, 3]]),), arr([[1], [2], [3]])),
])
def test_operator_builtins(name, args, expected):
    out = call(name, *args)
    if isinstance(expected, float):
        assert out == expected
    else:
        same(out, expected)


def test_cat_builtin_dimension_argument():
    assert call("cat", 3.0, arr([[1, 2]]), arr([[3, 4]])).shape == (1, 2, 2)
    assert call("cat", arr([[2]], np.int32), 1.0, 2.0).shape == (1, 2)
    for bad in (0.0, 1.5, CharArray.from_str("a")):
        with pytest.raises(MatlabError) as exc:
            call("cat", bad, 1.0)
        assert exc.value.identifier == "MATLAB:catenate:invalidDimension"
