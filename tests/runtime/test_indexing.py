"""Indexing, field access and assignment (engine/runtime/indexing.py); expected values from Octave where
it agrees with MATLAB."""
import weakref

import numpy as np
import pytest

from engine.runtime.errors import MatlabError
from engine.runtime.indexing import (MAGIC_COLON, assign, assign_paren, cell_index, end_value, fast_assign,
                                     fast_assign_field, fast_index, get_field, index, select)
from engine.runtime.values import as_matrix, simplify
from engine.runtime.values import CellArray, CharArray, FunctionHandle, StringArray, StructArray
from runtime_helpers import arr, same

C = MAGIC_COLON
A = np.arange(1.0, 13.0).reshape(3, 4, order="F")          # reshape(1:12, 3, 4)
C3 = np.arange(1.0, 25.0).reshape(2, 3, 4, order="F")      # reshape(1:24, 2, 3, 4)
NULL = np.zeros((0, 0))


def row(*xs):
    return arr([xs])


def cell(*items, shape=None):
    data = np.empty(len(items), dtype=object)
    for k, x in enumerate(items):
        data[k] = x
    return CellArray(data.reshape(shape or (1, len(items)), order="F"))


def err(fn, *args):
    with pytest.raises(MatlabError) as exc:
        fn(*args)
    return exc.value.identifier, exc.value.message


# ---- reading


@pytest.mark.parametrize("value, args, expected", [
    (A, [2.0, C], row(2, 5, 8, 11)),
    (A, [C, row(1, 3)], arr([[1, 7], [2, 8], [3, 9]])),
    (A, [arr([[1, 2], [3, 4]])], arr([[1, 2], [3, 4]])),
    (A, [A > 9], arr([[10], [11], [12]])),
    (C3, [C, C, 2.0], arr([[7, 9, 11], [8, 10, 12]])),
    (C3, [1.0, C], row(1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23)),
    (C3, [C, 2.0, row(1, 4)], arr([[[3, 21]], [[4, 22]]])),
    (row(10, 20, 30), [arr([[1], [3]])], row(10, 30)),
    (arr([[1], [2], [3]]), [row(1, 3)], arr([[1], [3]])),
    (A, [arr([[True, False, True]], bool), 2.0], arr([[4], [6]])),
    (A, [C, arr([[False, True, False, True]], bool)], arr([[4, 10], [5, 11], [6, 12]])),
    (A, [C], A.reshape(12, 1, order="F")),
    (A, [np.zeros((1, 0))], np.zeros((1, 0))),
    (5.0, [row(1, 1)], row(5, 5)),
    (5.0, [arr([[1], [1]])], arr([[5], [5]])),
    (A, [], A),
    (arr([[1, 2, 3]], np.int8), [row(3, 1)], arr([[3, 1]], np.int8)),
])
def test_index_arrays(value, args, expected):
    same(index(value, args), expected)


@pytest.mark.parametrize("value, args, expected", [
    (A, [2.0, 4.0], 11.0), (A, [12.0], 12.0), (C3, [2.0, 5.0], 10.0), (C3, [2.0, 3.0, 4.0], 24.0),
    (arr([[True, False]], bool), [2.0], False), (3.0, [1.0], 3.0), (3.0, [1.0, 1.0, 1.0], 3.0),
])
def test_index_scalars_come_back_as_python_scalars(value, args, expected):
    out = index(value, args)
    assert out == expected and type(out) is type(expected)


def test_index_keeps_integer_and_complex_classes():
    same(index(arr([[1, 2]], np.int16), [2.0]), arr([[2]], np.int16))
    assert index(arr([[1 + 1j, 2]], np.complex128), [1.0]) == 1 + 1j


def test_index_result_does_not_alias():
    for args in ([], [C], [2.0, C], [C, C]):
        assert not np.shares_memory(index(A, args), A)


def test_index_char_string_cell_struct():
    s = CharArray.from_str("hello")
    out = index(s, [row(5, 4, 3, 2, 1)])
    assert type(out) is CharArray and out.to_str() == "olleh"
    strings = StringArray(np.array([["a", "b", "c"]], dtype=object))
    assert index(strings, [row(3, 1)]).data.tolist() == [["c", "a"]]
    c = cell(1.0, CharArray.from_str("x"), 3.0)
    sub = index(c, [row(1, 3)])
    assert type(sub) is CellArray and sub.data.tolist() == [[1.0, 3.0]]
    st = StructArray(["a"], np.array([[{"a": 1.0}, {"a": 2.0}]], dtype=object))
    one = index(st, [2.0])
    assert type(one) is StructArray and one.shape == (1, 1) and one.data[0, 0] == {"a": 2.0}
    assign(one, [(".", "a")], 9.0, inplace=True)
    assign(one, [(".", "b")], 9.0, inplace=True)
    assert st.data[0, 1] == {"a": 2.0} and st.fields == ["a"] and one.data[0, 0] == {"a": 9.0, "b": 9.0}


def test_colon_as_char():
    same(index(A, [CharArray.from_str(":"), 1.0]), arr([[1], [2], [3]]))


@pytest.mark.parametrize("value, args, message", [
    (A, [13.0], "Index exceeds the number of array elements. Index must not exceed 12."),
    (A, [row(1, 20)], "Index exceeds the number of array elements. Index must not exceed 12."),
    (A, [1.0, 5.0], "Index in position 2 exceeds array bounds. Index must not exceed 4."),
    (A, [4.0, 1.0], "Index in position 1 exceeds array bounds. Index must not exceed 3."),
    (A, [0.0], "Array indices must be positive integers or logical values."),
    (A, [1.5], "Array indices must be positive integers or logical values."),
    (A, [row(1, -1)], "Array indices must be positive integers or logical values."),
    (A, [np.inf], "Array indices must be positive integers or logical values."),
    (A, [np.nan, 1.0], "Array indices must be positive integers or logical values."),
    (A, [row(1, np.inf)], "Array indices must be positive integers or logical values."),
    (row(1, 2), [arr([[False, False, True]], bool)],
     "The logical indices contain a true value outside of the array bounds."),
])
def test_index_errors(value, args, message):
    assert err(index, value, args) == ("MATLAB:badsubscript", message)


def test_index_with_trailing_false_mask_beyond_bounds():
    same(index(row(1, 2, 3), [arr([[True, False, True, False]], bool)]), row(1, 3))


# ---- end


@pytest.mark.parametrize("value, k, n, expected", [
    (A, 0, 1, 12.0), (A, 0, 2, 3.0), (A, 1, 2, 4.0), (C3, 1, 2, 12.0), (C3, 2, 3, 4.0), (A, 2, 3, 1.0),
    (CharArray.from_str("abc"), 0, 1, 3.0), (5.0, 0, 1, 1.0),
])
def test_end_value(value, k, n, expected):
    assert end_value(value, k, n) == expected


# ---- cell and field access


def test_cell_index_comma_lists():
    c = cell(1.0, 2.0, 3.0, 4.0, shape=(2, 2))
    assert cell_index(c, [2.0]) == [2.0]
    assert cell_index(c, [C]) == [1.0, 2.0, 3.0, 4.0]
    assert cell_index(c, [1.0, C]) == [1.0, 3.0]
    assert err(cell_index, A, [1.0]) == ("MATLAB:cellRefFromNonCell",
                                         "Brace indexing is not supported for variables of this type.")
    assert err(cell_index, c, [5.0])[0] == "MATLAB:badsubscript"


def test_get_field():
    s = StructArray.scalar({"a": 1.0, "b": CharArray.from_str("x")})
    assert get_field(s, "a") == [1.0]
    arrs = StructArray(["v"], np.array([[{"v": 1.0}], [{"v": 2.0}]], dtype=object))
    assert get_field(arrs, "v") == [1.0, 2.0]
    assert err(get_field, s, "zz") == ("MATLAB:nonExistentField", 'Unrecognized field name "zz".')
    assert err(get_field, A, "a") == ("MATLAB:structRefFromNonStruct",
                                      "Dot indexing is not supported for variables of this type.")
    me = StructArray.scalar({"identifier": CharArray.from_str("a:b"), "message": CharArray.from_str("m")},
                            classname="MException")
    assert get_field(me, "message")[0].to_str() == "m"
    assert err(get_field, me, "nope")[1] == ("Unrecognized method, property, or field 'nope' for class "
                                             "'MException'.")


def test_function_handle_is_not_indexable():
    assert err(index, FunctionHandle("sin", name="sin"), [1.0])[0] == "MATLAB:index:functionHandle"


# ---- assignment


def paren(*args):
    return [("()", list(args))]


@pytest.mark.parametrize("base, args, rhs, expected", [
    (None, [2.0, 3.0], 7.0, arr([[0, 0, 0], [0, 0, 7]])),
    (None, [3.0], 5.0, row(0, 0, 5)),
    (NULL, [C, 2.0], arr([[1], [2]]), arr([[0, 1], [0, 2]])),
    (NULL, [2.0, C], row(1, 2, 3), arr([[0, 0, 0], [1, 2, 3]])),
    (NULL, [C, 1.0], 5.0, 5.0),
    (A, [C, row(1, 2)], arr([[10, 11], [12, 13], [14, 15]]), arr([[10, 11, 7, 10], [12, 13, 8, 11], [14, 15, 9, 12]])),
    (np.zeros((2, 2)), [3.0, 3.0], 1.0, arr([[0, 0, 0], [0, 0, 0], [0, 0, 1]])),
    (row(1, 2, 3), [6.0], 9.0, row(1, 2, 3, 0, 0, 9)),
    (arr([[1], [2], [3]]), [5.0], 1.0, arr([[1], [2], [3], [0], [1]])),
    (A, [A > 6], 0.0, arr([[1, 4, 0, 0], [2, 5, 0, 0], [3, 6, 0, 0]])),
    (A, [2.0, C], 5.0, arr([[1, 4, 7, 10], [5, 5, 5, 5], [3, 6, 9, 12]])),
    (np.zeros((2, 2)), [C], row(1, 2, 3, 4), arr([[1, 3], [2, 4]])),
    (np.zeros((2, 3)), [1.0, C], arr([[7], [8], [9]]), arr([[7, 8, 9], [0, 0, 0]])),
    (np.zeros((3, 0)), [C, 1.0], arr([[1], [2], [3]]), arr([[1], [2], [3]])),
    (arr([[1, 2, 3]], np.int8), [2.0], 300.0, arr([[1, 127, 3]], np.int8)),
    (arr([[1, 2, 3]], np.uint8), [1.0], -2.6, arr([[0, 2, 3]], np.uint8)),
    (arr([[True, False]], bool), [2.0], 2.0, arr([[True, True]], bool)),
    (arr([[True, False]], bool), [2.0], True, arr([[True, True]], bool)),
    (row(1, 2, 3), [2.0], arr([[5]], np.int8), row(1, 5, 3)),
    (row(1, 2), [1.0], np.array([[0.5]], np.float32), row(0.5, 2)),
    (arr([[1, 2]], np.int8), [2.0], arr([[300]], np.int16), arr([[1, 127]], np.int8)),
    (np.array([[1, 2]], np.float32), [1.0], arr([[3]], np.int8), arr([[3, 2]], np.float32)),
    (arr([[True, False]], bool), [2.0], np.array([[5]], np.float32), arr([[True, True]], bool)),
    (arr([[True, False]], bool), [2.0], arr([[0]], np.uint8), arr([[True, False]], bool)),
    (row(1, 2), [2.0], 1j, arr([[1, 1j]], np.complex128)),
    (C3, [C, C, 5.0], np.ones((2, 3)),
     np.concatenate([C3, np.ones((2, 3, 1))], axis=2)),
    (A, [2.0, 5.0], 1.0, arr([[1, 4, 7, 10, 0], [2, 5, 8, 11, 1], [3, 6, 9, 12, 0]])),
])
def test_assign_arrays(base, args, rhs, expected):
    out = assign(base, paren(*args), rhs)
    if isinstance(expected, float):
        assert out == expected and type(out) is float
    else:
        same(out, expected)


def test_colon_over_empty_arrays_takes_sizes_from_the_right_side():
    """A = zeros(0, 3); A(1, :) = 1 fills the 3 columns; A = []; A(1, :) = [1; 2] makes a row."""
    same(assign(np.zeros((0, 3)), paren(1.0, MAGIC_COLON), 1.0), arr([[1, 1, 1]]))
    same(assign(NULL, paren(1.0, MAGIC_COLON), arr([[1], [2]])), arr([[1, 2]]))
    same(assign(NULL, paren(MAGIC_COLON, 1.0), arr([[1, 2]])), arr([[1], [2]]))


def test_braces_on_a_string_array_reach_its_characters():
    """MATLAB: s = ["ab" "c"]; s{1} is the char row 'ab'; s{1}(2) = 'X' edits one character."""
    s = StringArray(np.array([["ab", "c"]], dtype=object))
    assert [v.to_str() for v in cell_index(s, [])] == ["ab", "c"]
    assert type(cell_index(s, [1.0])[0]) is CharArray and cell_index(s, [1.0])[0].to_str() == "ab"
    out = assign(s, [("{}", [1.0]), ("()", [2.0])], CharArray.from_str("X"))
    assert out.data.tolist() == [["aX", "c"]] and s.data.tolist() == [["ab", "c"]]
    out = assign(s, [("{}", [3.0])], CharArray.from_str("z"))
    assert out.data.tolist() == [["ab", "c", "z"]]
    missing = StringArray(np.array([[None]], dtype=object))
    assert err(cell_index, missing, [1.0])[0] == "MATLAB:string:MissingNotConvertible"


def test_assignment_into_logical_keeps_logical_and_rejects_nan():
    """MATLAB's indexed assignment preserves the array's class: D = B; D(1:5) = 2 stays logical."""
    same(assign(arr([[False, False, False]], bool), paren(2.0), 5.0), arr([[False, True, False]], bool))
    assert err(assign, arr([[True]], bool), paren(1.0), np.nan) == (
        "MATLAB:nologicalnan", "NaN's cannot be converted to logicals.")


@pytest.mark.parametrize("base, args, expected", [
    (row(1, 2, 3), [row(1, 3)], 2.0),
    (A, [C, 2.0], arr([[1, 7, 10], [2, 8, 11], [3, 9, 12]])),
    (A, [2.0, C], arr([[1, 4, 7, 10], [3, 6, 9, 12]])),
    (A, [row(1, 5)], row(2, 3, 4, 6, 7, 8, 9, 10, 11, 12)),       # MATLAB: a matrix becomes a row
    (arr([[1], [2], [3]]), [2.0], arr([[1], [3]])),
    (row(1, 2, 3, 4, 5), [arr([[True, False, True, False, True]], bool)], row(2, 4)),
    (row(1, 2, 3), [np.zeros((0, 0))], row(1, 2, 3)),
    (5.0, [1.0], np.zeros((1, 0))),
    (A, [C], np.zeros((0, 0))),
    (A, [C, C], np.zeros((0, 4))),
    (A, [row(1, 2, 3), 2.0], arr([[1, 7, 10], [2, 8, 11], [3, 9, 12]])),
])
def test_delete(base, args, expected):
    out = assign(base, paren(*args), NULL)
    if isinstance(expected, float):
        assert out == expected
    else:
        same(out, expected)


def test_delete_nd_and_errors():
    assert assign(C3, paren(C, C, 2.0), NULL).shape == (2, 3, 3)
    assert err(assign, A, paren(1.0, 2.0), NULL) == (
        "MATLAB:subsdeldimmismatch", "A null assignment can have only one non-colon index.")
    assert err(assign, row(1, 2), paren(5.0), NULL)[0] == "MATLAB:index:outOfRangeForDeletion"


def test_assign_char_and_strings():
    out = assign(CharArray.from_str("hello"), paren(row(1, 5)), CharArray.from_str("HO"))
    assert type(out) is CharArray and out.to_str() == "HellO"
    out = assign(CharArray.from_str("abc"), paren(2.0), 66.0)
    assert type(out) is CharArray and out.to_str() == "aBc"
    out = assign(CharArray.from_str("ab"), paren(4.0), CharArray.from_str("d"))
    assert out.codes.tolist() == [[97, 98, 0, 100]]
    s = assign(StringArray.scalar("a"), paren(3.0), StringArray.scalar("c"))
    assert type(s) is StringArray and s.data.tolist() == [["a", None, "c"]]
    s = assign(None, paren(2.0), StringArray.scalar("x"))
    assert s.data.tolist() == [[None, "x"]]
    assert assign(StringArray.scalar("a"), paren(1.0), 5.0).data.tolist() == [["5"]]


def test_assign_errors():
    assert err(assign, A, paren(row(1, 2)), row(1, 2, 3)) == (
        "MATLAB:subsassignnumelmismatch",
        "Unable to perform assignment because the left and right sides have different numbers of elements.")
    assert err(assign, A, paren(row(1, 2), row(1, 2, 3)), np.ones((3, 2))) == (
        "MATLAB:subsassigndimmismatch",
        "Unable to perform assignment because the size of the left side is 2-by-3 and the size of the right "
        "side is 3-by-2.")
    assert err(assign, A, paren(0.0), 1.0)[1] == "Array indices must be positive integers or logical values."
    assert err(assign, A, paren(20.0), 1.0)[1] == "Attempt to grow array along ambiguous dimension."
    assert err(assign, A, paren(1.0), CellArray.empty((1, 1))) == (
        "MATLAB:invalidConversion", "Conversion to double from cell is not possible.")
    assert err(assign, cell(1.0), paren(1.0), 2.0) == (
        "MATLAB:invalidConversion", "Conversion to cell from double is not possible.")


def test_assign_row_vector_into_matrix_row_and_column_shapes():
    same(assign(np.zeros((2, 3)), paren(2.0, C), arr([[1], [2], [3]])), arr([[0, 0, 0], [1, 2, 3]]))
    same(assign(np.zeros((3, 2)), paren(C, 1.0), row(1, 2, 3)), arr([[1, 0], [2, 0], [3, 0]]))


# ---- in place or not


def test_inplace_fast_path_writes_into_base():
    base = np.zeros((3, 3))
    out = assign(base, paren(2.0, 3.0), 5.0, inplace=True)
    assert out is base and base[1, 2] == 5.0
    out = assign(base, paren(4.0), 7.0, inplace=True)
    assert out is base and base[0, 1] == 7.0
    flags = np.zeros((1, 2), dtype=bool)
    assert assign(flags, paren(2.0), True, inplace=True) is flags and flags[0, 1]


def test_inplace_general_path_writes_into_base():
    base = np.zeros((3, 3))
    out = assign(base, paren(C, 2.0), arr([[1], [2], [3]]), inplace=True)
    assert out is base and base[:, 1].tolist() == [1, 2, 3]
    c = cell(1.0, 2.0)
    assert assign(c, [("{}", [2.0])], 5.0, inplace=True) is c and c.data[0, 1] == 5.0


def test_not_inplace_never_touches_base():
    base = np.zeros((3, 3))
    for path, rhs in ((paren(2.0, 3.0), 5.0), (paren(4.0), 7.0), (paren(C, 2.0), 1.0)):
        out = assign(base, path, rhs)
        assert out is not base and not np.shares_memory(out, base)
    assert not base.any()
    c = cell(1.0, 2.0)
    assign(c, [("{}", [2.0])], 5.0)
    assert c.data[0, 1] == 2.0
    s = StructArray.scalar({"a": 1.0})
    assign(s, [(".", "a")], 2.0)
    assign(s, [(".", "b")], 2.0)
    assert s.fields == ["a"] and s.data[0, 0] == {"a": 1.0}


def test_inplace_with_class_change_or_growth_returns_new_array():
    base = np.zeros((1, 2))
    out = assign(base, paren(3.0), 1.0, inplace=True)
    assert out.shape == (1, 3) and base.shape == (1, 2)
    ints = np.zeros((1, 2), dtype=np.int8)
    out = assign(ints, paren(1.0), 2.6, inplace=True)
    same(out, arr([[3, 0]], np.int8))


# ---- cells


def test_cell_assignment():
    c = assign(None, [("{}", [3.0])], CharArray.from_str("x"))
    assert type(c) is CellArray and c.shape == (1, 3)
    assert c.data[0, 0].shape == (0, 0) and c.data[0, 2].to_str() == "x"
    c2 = assign(c, paren(2.0), cell(5.0))
    assert c2.data[0, 1] == 5.0
    c3 = assign(c2, paren(1.0), NULL)
    assert c3.shape == (1, 2) and c3.data[0, 0] == 5.0
    c4 = assign(c2, [("{}", [1.0]), ("()", [2.0])], 4.0)
    same(c4.data[0, 0], row(0, 4))
    c5 = assign(None, [("{}", [2.0, 2.0])], 1.0)
    assert c5.shape == (2, 2)
    c6 = assign(c2, [("{}", [2.0])], NULL)          # c{2} = [] stores an empty, no deletion
    assert c6.shape == (1, 3) and c6.data[0, 1].shape == (0, 0)
    c7 = assign(None, paren(2.0), cell(1.0))
    assert type(c7) is CellArray and c7.shape == (1, 2)
    assert err(assign, A, [("{}", [1.0])], 1.0) == (
        "MATLAB:cellAssToNonCell",
        "Unable to perform assignment because brace indexing is not supported for variables of this type.")
    assert err(assign, c2, [("{}", [row(1, 2)])], 1.0)[0] == "MATLAB:index:expected_one_output_from_expression"


# ---- structs


def test_struct_field_assignment_and_order():
    s = assign(None, [(".", "b")], 1.0)
    s = assign(s, [(".", "a")], 2.0)
    assert type(s) is StructArray and s.fields == ["b", "a"] and s.data[0, 0] == {"b": 1.0, "a": 2.0}
    s = assign(s, [(".", "b")], 3.0)
    assert s.fields == ["b", "a"] and get_field(s, "b") == [3.0]


def test_nested_struct_creation():
    s = assign(None, [(".", "a"), (".", "b"), ("()", [3.0])], 7.0)
    inner = get_field(s, "a")[0]
    same(get_field(inner, "b")[0], row(0, 0, 7))
    s2 = assign(s, [(".", "a"), (".", "c")], CharArray.from_str("z"))
    assert get_field(s2, "a")[0].fields == ["b", "c"]
    assert get_field(s, "a")[0].fields == ["b"]


def test_struct_array_growth():
    s = assign(None, [(".", "f")], 1.0)
    s2 = assign(s, [("()", [2.0]), (".", "f")], 2.0)
    assert s2.shape == (1, 2) and get_field(s2, "f") == [1.0, 2.0]
    s3 = assign(s2, [("()", [3.0]), (".", "g")], 5.0)
    assert s3.shape == (1, 3) and s3.fields == ["f", "g"]
    vals = get_field(s3, "g")
    assert vals[0].shape == (0, 0) and vals[2] == 5.0
    assert get_field(s3, "f")[2].shape == (0, 0)
    t = assign(None, [("()", [2.0]), (".", "x")], 1.0)
    assert t.shape == (1, 2) and get_field(t, "x")[0].shape == (0, 0)
    assert s2.shape == (1, 2) and s2.fields == ["f"]


def test_struct_element_assignment_and_deletion():
    s = StructArray(["a"], np.array([[{"a": 1.0}, {"a": 2.0}]], dtype=object))
    out = assign(s, paren(2.0), StructArray.scalar({"a": 9.0}))
    assert get_field(out, "a") == [1.0, 9.0] and get_field(s, "a") == [1.0, 2.0]
    out = assign(s, paren(1.0), NULL)
    assert out.shape == (1, 1) and get_field(out, "a") == [2.0]
    assert err(assign, s, paren(1.0), StructArray.scalar({"b": 1.0}))[0] == "MATLAB:heterogeneousStrucAssignment"
    assert err(assign, s, [(".", "a")], 1.0)[0] == "MATLAB:index:expected_one_output_from_expression"
    assert err(assign, A, [(".", "a")], 1.0)[0] == "MATLAB:structAssToNonStruct"


def test_dynamic_field_names_and_cell_in_struct():
    s = assign(None, [(".", "dyn"), ("{}", [2.0])], 4.0)
    inner = get_field(s, "dyn")[0]
    assert type(inner) is CellArray and inner.shape == (1, 2) and inner.data[0, 1] == 4.0


def test_fast_growth_of_vectors():
    same(assign(NULL, paren(3.0), 1.0), row(0, 0, 1))
    same(assign(np.zeros((0, 1)), paren(2.0), 1.0), arr([[0], [1]]))
    same(assign(arr([[1], [2]]), paren(3.0), 3.0), arr([[1], [2], [3]]))
    same(assign(arr([[True]], bool), paren(2.0), True), arr([[True, True]], bool))
    base = row(1, 2)
    out = assign(base, paren(3.0), 3.0, inplace=True)
    same(out, row(1, 2, 3))
    same(base, row(1, 2))


def test_struct_arrays_share_nothing_visible_after_assignment():
    s = assign(None, [("()", [2.0]), (".", "a")], 1.0)
    t = index(s, [C])
    t2 = assign(t, [("()", [1.0]), (".", "a")], 5.0, inplace=True)
    assert get_field(s, "a")[0].shape == (0, 0) and get_field(t2, "a")[0] == 5.0
    u = assign(s, [("()", [1.0]), (".", "b")], 2.0, inplace=False)
    assert s.fields == ["a"] and u.fields == ["a", "b"]
    assert all(set(d) == {"a"} for d in s.data.flat)


# ---- the fast paths (fast_index, fast_assign, fast_assign_field) against the general path


SUBSCRIPTS = [C, CharArray.from_str(":"), 1.0, 2.0, 3.0, 4.0, 0.0, 2.5, -1.0, np.nan, np.inf]
BASES = [A, arr([[1, 2, 3]], np.int8), arr([[True, False], [False, True]], bool), row(7, 8, 9),
         arr([[1], [2]]), np.zeros((0, 3)), arr([[1 + 2j, 3], [4, 5j]], np.complex128),
         arr([[1, 2], [3, 4]], np.float32)]


def general(fn, *args):
    """The general path's result, or its error as (identifier, message)."""
    try:
        return fn(*args)
    except MatlabError as exc:
        return exc.identifier, exc.message


def agree(fast, slow):
    assert type(fast) is type(slow), (fast, slow)
    if isinstance(slow, np.ndarray):
        same(fast, slow)
    else:
        assert fast == slow


@pytest.mark.parametrize("base", BASES, ids=range(len(BASES)))
def test_fast_index_agrees_with_the_general_path(base):
    """Every subscript pair the fast path takes gives what the general path (select) gives, as a new
    array; the ones it declines (out of range, not whole numbers) are left to the general path."""
    taken = 0
    for i in SUBSCRIPTS:
        for j in SUBSCRIPTS:
            fast = fast_index(base, [i, j])
            slow = general(lambda: simplify(as_matrix(select(base, [i, j]))))
            if fast is None:
                continue
            taken += 1
            agree(fast, slow)
            if isinstance(fast, np.ndarray):
                assert not np.shares_memory(fast, base)
    assert taken >= 4


RHS = [5.0, True, row(1, 2, 3), arr([[1], [2], [3]]), arr([[7]]), arr([[1, 2, 3]], np.int8), row(1, 2),
       arr([[1, 2, 3, 4]]), np.zeros((0, 0)), arr([[True, False, True]], bool), 2j]


@pytest.mark.parametrize("base", BASES, ids=range(len(BASES)))
def test_fast_assign_agrees_with_the_general_path(base):
    """A(i, j) = rhs: where the fast path takes the form, the same result as assign_paren; never
    changing ``base`` unless asked to work in place."""
    before = base.copy()
    for i in SUBSCRIPTS[:7]:
        for j in SUBSCRIPTS[:7]:
            for rhs in RHS:
                slow = general(assign_paren, base.copy(), [i, j], rhs)
                fast = fast_assign(base, [i, j], rhs, False)
                same(base, before)
                if fast is not None:
                    agree(fast, slow)
                    copy = base.copy()
                    assert fast_assign(copy, [i, j], rhs, True) is copy
                    agree(copy, slow)


def test_fast_assign_declines_mismatched_sizes_and_the_general_path_explains():
    assert fast_assign(A, [C, 2.0], row(1, 2), False) is None
    assert err(assign, A, paren(C, 2.0), row(1, 2)) == (
        "MATLAB:subsassigndimmismatch", "Unable to perform assignment because the size of the left side is "
                                        "3-by-1 and the size of the right side is 1-by-2.")
    assert fast_assign(A, [C, 5.0], row(1, 2, 3), False) is None          # grows: the general path
    same(assign(A, paren(C, 5.0), row(1, 2, 3)), np.hstack([A, arr([[1], [2], [3]])]))


def test_nested_update_in_place_only_when_nothing_else_holds_the_element():
    """assign(..., inplace=True) on an owned struct or cell updates a field's array or a cell's content
    where it is when the container is its only holder; a value another name holds is copied. (The test
    follows the arrays by weak references, which hold nothing.)"""
    s = StructArray.scalar({"v": np.zeros((1, 4)), "w": 1.0})
    v = s.data[0, 0]["v"]
    out = assign(s, [(".", "v"), ("()", [2.0])], 5.0, inplace=True)
    assert out is s and s.data[0, 0]["v"] is not v           # ``v`` (this test) holds the array: copied
    same(v, np.zeros((1, 4)))
    inner = weakref.ref(s.data[0, 0]["v"])
    assign(s, [(".", "v"), ("()", [3.0])], 6.0, inplace=True)
    assert s.data[0, 0]["v"] is inner()                       # only the struct holds it: in place
    assert fast_assign_field(s, "v", [4.0], 7.0) and s.data[0, 0]["v"] is inner()
    same(get_field(s, "v")[0], row(0, 5, 6, 7))
    t = index(s, [])                                          # a copy of the struct shares the dict
    assert not fast_assign_field(s, "v", [1.0], 1.0)
    assign(s, [(".", "v"), ("()", [1.0])], 1.0, inplace=True)
    same(get_field(t, "v")[0], row(0, 5, 6, 7))
    same(get_field(s, "v")[0], row(1, 5, 6, 7))
    nested = assign(None, [(".", "a"), (".", "b")], np.zeros((1, 3)))
    deep = weakref.ref(nested.data[0, 0]["a"].data[0, 0]["b"])
    assign(nested, [(".", "a"), (".", "b"), ("()", [2.0])], 1.0, inplace=True)
    assert nested.data[0, 0]["a"].data[0, 0]["b"] is deep()
    same(deep(), row(0, 1, 0))


def test_nested_cell_update_in_place_keeps_shared_contents():
    x = row(1, 2)
    c = cell(x, np.zeros((1, 2)))
    assign(c, [("{}", [1.0]), ("()", [1.0])], 9.0, inplace=True)
    same(x, row(1, 2))
    same(c.data[0, 0], row(9, 2))
    content = weakref.ref(c.data[0, 1])
    assign(c, [("{}", [2.0]), ("()", [1.0])], 3.0, inplace=True)
    assert c.data[0, 1] is content()
    same(c.data[0, 1], row(3, 0))
    view = c.data[0, 1][:, :1]                               # a numpy view holds it too
    assign(c, [("{}", [2.0]), ("()", [1.0])], 8.0, inplace=True)
    same(view, arr([[3]]))
    same(c.data[0, 1], row(8, 0))


def test_one_element_of_a_cell_or_struct_array_agrees_with_the_general_path():
    """c(k), c(i, j), s(k): one existing element, without the index arrays of the general path."""
    c = cell(1.0, CharArray.from_str("x"), row(1, 2), 4.0, shape=(2, 2))
    st = StructArray(["a"], np.array([[{"a": 1.0}, {"a": 2.0}], [{"a": 3.0}, {"a": 4.0}]], dtype=object))
    for value in (c, st):
        for args in ([1.0], [4.0], [2.0, 1.0], [1.0, 2.0]):
            fast = index(value, args)
            slow = rewrap_like(value, select(value.data, args))
            assert type(fast) is type(slow) and fast.shape == slow.shape == (1, 1)
            assert fast.data[0, 0] is slow.data[0, 0]
            if type(value) is StructArray:
                assert fast.fields == value.fields and fast.fields is not value.fields
    assert err(index, c, [5.0])[0] == "MATLAB:badsubscript"
    assert err(index, st, [2.0, 3.0])[1] == "Index in position 2 exceeds array bounds. Index must not exceed 2."


def rewrap_like(value, data):
    return type(value)(data) if type(value) is CellArray else StructArray(list(value.fields), data)


def test_assigning_a_field_of_one_struct_array_element():
    """s(k).f = v on an existing element replaces that element's dict; a new field reaches every element;
    a copy of s taken before keeps its values, and growth still goes through the general path."""
    s = StructArray(["a"], np.array([[{"a": 1.0}, {"a": 2.0}]], dtype=object))
    t = assign(s, [("()", [2.0]), (".", "a")], 20.0)
    assert [d["a"] for d in s.data.flat] == [1.0, 2.0] and [d["a"] for d in t.data.flat] == [1.0, 20.0]
    u = assign(t, [("()", [1.0]), (".", "b")], 5.0, inplace=True)
    assert u is t and u.fields == ["a", "b"] and u.data[0, 0] == {"a": 1.0, "b": 5.0}
    assert u.data[0, 1]["b"].shape == (0, 0) and s.fields == ["a"]
    grown = assign(u, [("()", [4.0]), (".", "a")], 7.0)
    assert grown.shape == (1, 4) and grown.data[0, 3]["a"] == 7.0 and grown.data[0, 2]["a"].shape == (0, 0)
    nested = assign(u, [("()", [2.0]), (".", "a"), ("()", [3.0])], 1.0)
    assert nested.data[0, 1]["a"].tolist() == [[20.0, 0.0, 1.0]] and u.data[0, 1]["a"] == 20.0
