"""Bad calls of the numeric builtins raise MatlabError with MATLAB-style identifiers and messages."""
import numpy as np
import pytest

from engine.runtime.errors import MatlabError
from engine.runtime.values import CellArray, CharArray
from numeric_fakes import arr, call

E = np.zeros((0, 0))
T = CharArray.from_str


@pytest.mark.parametrize("name, args, identifier, message", [
    ("zeros", (2.5,), "MATLAB:NonIntegerInput", "Size inputs must be integers."),
    ("ones", (CellArray.empty(),), "MATLAB:UndefinedFunction", "function 'ones'"),
    ("eye", (2.0, 2.0, 2.0), "MATLAB:eye:ndims", "N-dimensional arrays are not supported."),
    ("linspace", (arr([1, 2]), 3.0), "MATLAB:linspace:scalarInputs", "Inputs must be real scalars."),
    ("repmat", (1.0,), "MATLAB:minrhs", "Not enough input arguments."),
    ("reshape", (arr([1, 2, 3]), E, E), "MATLAB:getReshapeDims:unknownDim",
     "Size can only have one unknown dimension."),
    ("reshape", (arr([1, 2, 3]), -1.0, -3.0), "MATLAB:getReshapeDims:negativeDims", "nonnegative"),
    ("diag", (np.zeros((2, 2, 2)),), "MATLAB:diag:firstInputMustBe2D", "First input must be 2-D."),
    ("tril", (np.zeros((2, 2, 2)),), "MATLAB:tril:firstInputMustBe2D", "First input must be 2-D."),
    ("size", (arr([1]), 1.5), "MATLAB:getdimarg:dimensionMustBePositiveInteger", "positive integer"),
    ("numel", (1.0, 2.0), "MATLAB:TooManyInputs", "Too many input arguments."),
    ("sqrt", (np.array([[4]], np.int8),), "MATLAB:UndefinedFunction",
     "Check for incorrect argument data type or missing argument in call to function 'sqrt'."),
    ("mod", (1j, 1.0), "MATLAB:mod:complexArgs", "Inputs must be real."),
    ("round", (1.5, 0.5), "MATLAB:NonIntegerInput", "Size inputs must be integers."),
    ("sum", (arr([1]), 0.0), "MATLAB:getdimarg:dimensionMustBePositiveInteger", "positive integer"),
    ("sum", (arr([1]), T("bogus")), "MATLAB:sum:unknownOption", "Invalid option 'bogus'."),
    ("mean", (CellArray.empty(),), "MATLAB:UndefinedFunction", "function 'mean'"),
    ("max", (arr([1]), arr([2]), 1.0), "MATLAB:max:TwoInWithDimCaseNotSupported", "working dimension"),
    ("cumsum", (arr([1]), T("all")), "MATLAB:getdimarg:dimensionMustBePositiveInteger", "positive"),
    ("cummax", (arr([1j], np.complex128),), "MATLAB:cummax:complexInput", "complex"),
    ("mode", (arr([1j], np.complex128),), "MATLAB:mode:complexInput", "complex"),
    ("diff", (arr([1, 2]), -1.0), "MATLAB:diff:differenceOrderMustBePositiveInteger", "positive integer"),
    ("find", (arr([1]), -1.0), "MATLAB:find:secondArgNotPositiveInteger", "positive scalar integer"),
    ("sort", (arr([1]), 1.0, 2.0), "MATLAB:getdimarg:dimensionMustBePositiveInteger", "positive"),
    ("circshift", (arr([1, 2]), arr([1, 2]), 1.0), "MATLAB:circshift:shiftDim", "scalar"),
    ("permute", (arr([1, 2]), arr([1])), "MATLAB:permute:tooFewIndices", "at least N elements"),
    ("kron", (np.zeros((2, 2, 2)), 1.0), "MATLAB:kron:ndims", "two-dimensional"),
    ("unique", (arr([1]), T("rows"), T("x")), "MATLAB:UNIQUE:UnknownInput", "Unknown option"),
    ("union", (arr([1]), arr([2]), T("last")), "MATLAB:UNION:UnknownInput", "Unknown option"),
    ("dot", (arr([1, 2]), arr([1, 2, 3])), "MATLAB:dot:InputSizeMismatch", "A and B must be same size."),
    ("cross", (arr([1, 2]), arr([3, 4])), "MATLAB:cross:InvalidDimAorBForCrossProd", "length 3"),
    ("norm", (np.eye(2), 3.0), "MATLAB:norm:unknownNorm", "1, 2, inf, and 'fro'"),
    ("det", (np.ones((2, 3)),), "MATLAB:square", "Matrix must be square."),
    ("det", (np.zeros((2, 2, 2)),), "MATLAB:det:inputMustBe2D", "Input must be 2-D."),
    ("rank", (np.array([[1]], np.int8),), "MATLAB:UndefinedFunction", "function 'rank'"),
    ("trace", (np.ones((2, 3)),), "MATLAB:square", "Matrix must be square."),
    ("randi", (arr([3, 1]),), "MATLAB:randi:invalidLimits", "two-element vector"),
    ("rand", (2.0, T("int8")), "MATLAB:UnsupportedClass", "rand does not support class 'int8'."),
    ("rng", (2.0 ** 32,), "MATLAB:rng:badSeed", "less than 2^32"),
    ("randperm", (-1.0,), "MATLAB:randperm:inputType", "nonnegative integer scalar"),
    ("sub2ind", (arr([2, 2]), 3.0, 1.0), "MATLAB:sub2ind:IndexOutOfRange", "Out of range subscript."),
    ("sub2ind", (arr([2, 2]), arr([1, 2]), 1.0), "MATLAB:sub2ind:SubscriptVectorSize", "same size"),
    ("sub2ind", (arr([2, 2]), 1j, 1.0), "MATLAB:sub2ind:complexSubscripts", "must be real"),
    ("zeros", (1e10, 1e10), "MATLAB:array:SizeLimitExceeded",
     "Requested 10000000000x10000000000 (745058059692.4GB) array exceeds maximum array size preference"),
    ("rand", (1e10,), "MATLAB:array:SizeLimitExceeded", "exceeds maximum array size preference"),
    ("repmat", (arr([1, 2]), 1e10, 1e10), "MATLAB:array:SizeLimitExceeded", "maximum array size"),
    ("diag", (2.0, 1e10), "MATLAB:array:SizeLimitExceeded", "maximum array size"),
    ("magic", (np.nan,), "MATLAB:magic:nonFiniteInput", "must be finite"),
    ("zeros", (arr([[2], [3]]),), "MATLAB:checkDimsInput", "Size vector must be a row vector"),
    ("reshape", (arr([1, 2]), arr([[1], [2]])), "MATLAB:checkDimsInput", "row vector"),
    ("norm", (arr([1, 2]), 0.0), "MATLAB:norm:unknownNorm", "positive number"),
    ("chol", (np.array([[np.nan]]),), "MATLAB:posdef", "Matrix must be positive definite."),
    ("svd", (np.array([[np.inf]]),), "MATLAB:svd:matrixWithNaNInf", "Input to SVD must not contain NaN"),
    ("rank", (np.array([[np.nan]]),), "MATLAB:rank:matrixWithNaNInf", "Input to SVD must not contain NaN"),
    ("eig", (np.array([[np.nan]]),), "MATLAB:eig:matrixWithNaNInf", "Input to EIG must not contain NaN"),
    ("randperm", (3.0, E), "MATLAB:randperm:inputKTooLarge", "less than or equal to N"),
    ("tril", (np.eye(2), E), "MATLAB:tril:kthDiagInputNotInteger", "integer scalar"),
])
def test_error(name, args, identifier, message):
    with pytest.raises(MatlabError) as info:
        call(name, *args)
    assert info.value.identifier == identifier
    assert message in info.value.message


def test_dimensions_past_ndims_are_singletons():
    a = arr([[1, 2], [3, 4]])
    from numeric_fakes import same
    same(call("sum", a, 1e10), a)
    same(call("max", a, E, 1e10), a)
    same(call("diff", a, 1.0, 1e10), np.zeros((2, 2, 0)))
    same(call("trapz", a, 1e10), np.zeros((2, 2)))
    same(call("diag", a, 1e10), np.zeros((0, 1)))


def test_edge_values_without_python_errors():
    from numeric_fakes import close, same
    close(call("norm", arr([1e200, 1e200]), 3.0), 1.2599210498948732e200)
    same(call("norm", arr([0, 0]), 3.0), 0.0)
    same(call("rank", np.eye(2), E), 2.0)
    same(call("round", 2.5, 1000.0), 2.5)
    same(call("round", 2.5, -1000.0), 0.0)
    l, u, p = call("lu", np.zeros((1, 0)), nargout=3)
    assert (l.shape, u.shape, p) == ((1, 0), (0, 0), 1.0)
    same(call("polyfit", arr([1, 2, np.nan]), arr([1, 2, 3]), 1.0), arr([np.nan, np.nan]))
