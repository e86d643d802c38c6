"""Cell and struct builtins, cellfun and arrayfun. Expected values recorded from GNU Octave 8 where MATLAB
agrees."""
import numpy as np
import pytest

from engine.runtime.errors import MatlabError
from engine.runtime.values import CellArray, FunctionHandle, StructArray, size_of
from misc_fakes import FakeContext, arr, c, call, cellrow, handle, s, same


def numel(v):
    return float(np.prod(size_of(v)))


# -- cell and struct construction --------------------------------------------------------------------

def test_cell_sizes():
    same(call("cell", 2.0), CellArray.empty((2, 2)))
    same(call("cell", 2.0, 3.0), CellArray.empty((2, 3)))
    same(call("cell", arr([1.0, 4.0])), CellArray.empty((1, 4)))
    same(call("cell", 0.0), CellArray.empty((0, 0)))
    assert call("cell", 1.0).data[0, 0].shape == (0, 0)


def test_struct_forms():
    same(call("struct"), StructArray.scalar({}))
    same(call("struct", np.zeros((0, 0))), StructArray([], np.empty((0, 0), dtype=object)))
    same(call("struct", c("a"), 1.0, c("b"), c("x")), StructArray.scalar({"a": 1.0, "b": c("x")}))
    arr2 = call("struct", c("a"), cellrow(1.0, 2.0), c("b"), c("x"))   # octave: size 1x2
    assert arr2.shape == (1, 2) and arr2.fields == ["a", "b"]
    assert arr2.data[0, 1]["a"] == 2.0
    same(arr2.data[0, 1]["b"], c("x"))
    nested = call("struct", c("a"), cellrow(cellrow(1.0, 2.0)))        # octave: 1x1 with a cell
    assert nested.shape == (1, 1)
    same(nested.data[0, 0]["a"], cellrow(1.0, 2.0))
    empty = call("struct", c("a"), CellArray.empty((0, 0)))
    assert empty.shape == (0, 0) and empty.fields == ["a"]
    with pytest.raises(MatlabError) as e:
        call("struct", c("a"))
    assert e.value.message == "Field and value input arguments must come in pairs."
    with pytest.raises(MatlabError):
        call("struct", c("a"), cellrow(1.0, 2.0), c("b"), cellrow(1.0, 2.0, 3.0))


def test_fieldnames_isfield_rmfield():
    st = StructArray.scalar({"b": 1.0, "a": 2.0})
    same(call("fieldnames", st), cellrow("b", "a", shape=(2, 1)))                 # octave
    same(call("isfield", StructArray.scalar({"a": 1.0}), cellrow("a", "b")), arr([True, False], bool))
    assert call("isfield", st, c("a")) is True
    assert call("isfield", 5.0, c("a")) is False
    same(call("rmfield", st, c("b")), StructArray.scalar({"a": 2.0}))
    same(call("rmfield", st, cellrow("a", "b")), StructArray.scalar({}))
    with pytest.raises(MatlabError) as e:
        call("rmfield", st, c("zz"))
    assert e.value.identifier == "MATLAB:rmfield:InvalidFieldname"
    with pytest.raises(MatlabError):
        call("fieldnames", 1.0)


def test_getfield_setfield():
    inner = StructArray.scalar({"b": 5.0})
    outer = StructArray.scalar({"a": inner})
    assert call("getfield", outer, c("a"), c("b")) == 5.0
    with pytest.raises(MatlabError) as e:
        call("getfield", outer, c("zz"))
    assert (e.value.identifier, e.value.message) == ("MATLAB:nonExistentField",
                                                     'Unrecognized field name "zz".')
    same(call("setfield", StructArray.scalar({}), c("a"), 1.0), StructArray.scalar({"a": 1.0}))
    updated = call("setfield", outer, c("a"), c("c"), 2.0)
    same(updated, StructArray.scalar({"a": StructArray.scalar({"b": 5.0, "c": 2.0})}))
    same(inner, StructArray.scalar({"b": 5.0}))       # value semantics: the input is unchanged


# -- conversions --------------------------------------------------------------------------------------

def test_cell2mat():
    blocks = cellrow(arr([1.0, 2.0]), arr([4.0, 5.0]), 3.0, 6.0, shape=(2, 2))
    same(call("cell2mat", blocks), arr([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]))          # octave
    same(call("cell2mat", cellrow("ab", "c")), "abc")                                 # octave
    same(call("cell2mat", CellArray.empty((0, 0))), np.zeros((0, 0)))                # octave
    ints = cellrow(np.array([[1]], np.int8), np.array([[2]], np.int8))
    same(call("cell2mat", ints), arr([[1, 2]], np.int8))
    with pytest.raises(MatlabError) as e:
        call("cell2mat", cellrow(1.0, c("a")))
    assert e.value.identifier == "MATLAB:cell2mat:MixedDataTypes"
    with pytest.raises(MatlabError) as e:
        call("cell2mat", cellrow(arr([1.0, 2.0]), arr([[1.0], [2.0]]), shape=(2, 1)))
    assert e.value.identifier == "MATLAB:catenate:dimensionMismatch"


def test_num2cell_struct2cell():
    same(call("num2cell", arr([[1.0, 2.0], [3.0, 4.0]])),
         cellrow(1.0, 3.0, 2.0, 4.0, shape=(2, 2)))                                   # octave
    same(call("num2cell", c("ab")), cellrow("a", "b"))
    same(call("num2cell", arr([[1, 2]], np.int8)),
         cellrow(np.array([[1]], np.int8), np.array([[2]], np.int8)))
    same(call("struct2cell", StructArray.scalar({"a": 1.0, "b": c("x")})), cellrow(1.0, "x", shape=(2, 1)))
    two = call("struct", c("a"), cellrow(1.0, 2.0), c("b"), c("x"))
    out = call("struct2cell", two)                                                    # octave: 2x1x2
    assert out.shape == (2, 1, 2)
    assert out.data[0, 0, 1] == 2.0


def test_deal():
    assert call("deal", 1.0, 2.0, nargout=2) == (1.0, 2.0)
    assert call("deal", 7.0, nargout=3) == (7.0, 7.0, 7.0)
    assert call("deal", 7.0) == 7.0
    with pytest.raises(MatlabError) as e:
        call("deal", 1.0, 2.0, nargout=3)
    assert e.value.identifier == "MATLAB:deal:narginchk"


# -- cellfun / arrayfun --------------------------------------------------------------------------------

def test_cellfun_uniform():
    ctx = FakeContext(functions={"numel": numel})
    texts = cellrow("ab", "cde", np.zeros((0, 0)))
    same(call("cellfun", FunctionHandle("numel", name="numel"), texts, ctx=ctx), arr([2.0, 3.0, 0.0]))  # octave
    same(call("cellfun", c("numel"), cellrow("ab"), ctx=ctx), 2.0)
    same(call("cellfun", c("isempty"), cellrow(np.zeros((0, 0)), "a", CellArray.empty((0, 0)))),
         arr([True, False, True], bool))                                              # octave (legacy name)
    same(call("cellfun", c("length"), cellrow(arr([1.0, 2.0, 3.0]), np.ones((2, 5)))), arr([3.0, 5.0]))
    same(call("cellfun", handle(lambda x: x), cellrow("a", "b")), "ab")
    same(call("cellfun", handle(lambda x: x), CellArray.empty((0, 3))), np.zeros((0, 3)))


def test_cellfun_uniform_errors():
    with pytest.raises(MatlabError) as e:
        call("cellfun", handle(lambda x: x), cellrow(1.0, arr([1.0, 2.0])))
    assert e.value.identifier == "MATLAB:cellfun:NotAScalarOutput"
    assert e.value.message.startswith("Non-scalar in Uniform output, at index 2, output 1.")
    with pytest.raises(MatlabError) as e:
        call("cellfun", handle(lambda x: x), cellrow(1.0, True))
    assert e.value.identifier == "MATLAB:cellfun:MismatchInOutputTypes"
    with pytest.raises(MatlabError) as e:
        call("cellfun", handle(lambda x: x), arr([1.0]))
    assert e.value.identifier == "MATLAB:cellfun:NotACell"
    with pytest.raises(MatlabError) as e:
        call("cellfun", handle(lambda x, y: x), cellrow(1.0), cellrow(1.0, 2.0))
    assert e.value.identifier == "MATLAB:cellfun:InputSizeMismatch"


def test_cellfun_non_uniform_and_several_outputs():
    doubled = call("cellfun", handle(lambda x: x * 2), cellrow(1.0, arr([1.0, 2.0])),
                   c("UniformOutput"), False)
    same(doubled, cellrow(2.0, arr([2.0, 4.0])))
    same(call("cellfun", handle(lambda x: x), cellrow(1.0, "a"), c("uni"), 0.0), cellrow(1.0, "a"))

    def max_and_index(v):
        k = int(np.argmax(v))
        return float(v.flat[k]), float(k + 1)
    m, i = call("cellfun", handle(max_and_index), cellrow(arr([1.0, 5.0, 2.0]), arr([7.0, 3.0])), nargout=2)
    same(m, arr([5.0, 7.0]))                                                          # octave
    same(i, arr([2.0, 1.0]))
    pairs = call("cellfun", handle(lambda a, b: a + b), cellrow(1.0, 2.0), cellrow(10.0, 20.0))
    same(pairs, arr([11.0, 22.0]))


def test_cellfun_error_handler():
    def fails(x):
        raise MatlabError("my:id", "bad input")

    def recover(err, x):
        assert err.data[0, 0]["index"] in (1.0, 2.0)
        same(err.data[0, 0]["identifier"], "my:id")
        return -1.0
    out = call("cellfun", handle(fails), cellrow(1.0, 2.0), c("ErrorHandler"), handle(recover))
    same(out, arr([-1.0, -1.0]))
    with pytest.raises(MatlabError) as e:
        call("cellfun", handle(fails), cellrow(1.0))
    assert e.value.identifier == "my:id"


def test_cellfun_without_outputs_calls_for_effect():
    seen = []
    ctx = FakeContext(functions={"show": lambda x: seen.append(x)})
    assert call("cellfun", c("show"), cellrow(1.0, 2.0), nargout=0, ctx=ctx) is None
    assert seen == [1.0, 2.0]
    assert ctx.calls[0][1] == 0


def test_arrayfun():
    same(call("arrayfun", handle(lambda x: x ** 2), arr([1.0, 2.0, 3.0])), arr([1.0, 4.0, 9.0]))  # octave
    same(call("arrayfun", handle(lambda x: x * 2), np.array([[1, 2]], np.int8)), arr([[2, 4]], np.int8))
    same(call("arrayfun", handle(lambda ch: ch), c("hi")), "hi")
    st = call("struct", c("a"), cellrow(1.0, 2.0))
    same(call("arrayfun", handle(lambda e: e.data[0, 0]["a"] + 1), st), arr([2.0, 3.0]))
    same(call("arrayfun", handle(lambda x: arr([x, x])), arr([1.0, 2.0]), c("UniformOutput"), False),
         cellrow(arr([1.0, 1.0]), arr([2.0, 2.0])))
    same(call("arrayfun", handle(lambda x: x), s("a", "b"), c("UniformOutput"), False),
         cellrow(s("a"), s("b")))
    with pytest.raises(MatlabError) as e:
        call("arrayfun", handle(lambda x, y: x), arr([1.0, 2.0]), arr([1.0]))
    assert e.value.identifier == "MATLAB:arrayfun:InputSizeMismatch"
