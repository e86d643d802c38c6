"""Conformance: checking arguments (narginchk, nargoutchk, nargin/nargout of a function,
validateattributes, validatestring). Octave's messages differ from MATLAB's: the identifiers and messages
here are MATLAB's (from its documentation and error text), written by hand."""
import pytest

from harness import C, D, S, case, check, params

FUNCS = """
function r = f(a, b, c)
  narginchk(2, 3)
  r = nargin;
end
function varargout = g(varargin)
  nargoutchk(1, 2)
  varargout = {1, 2};
end
"""

CASES = [
    # MATLAB documentation (Octave lacks underlyingType): the class of the data, also inside a gpuArray
    case('underlyingType_forms', "a = underlyingType(single(1)); b = underlyingType('x'); c = underlyingType({1});",
         a=C('single'), b=C('char'), c=C('cell')),
    case('narginchk_ok', "x = f(1, 2); y = f(1, 2, 3);" + FUNCS, x=D(2), y=D(3)),
    case('narginchk_too_few', "x = f(1);" + FUNCS,
         error=('MATLAB:narginchk:notEnoughInputs', 'Not enough input arguments.')),
    case('nargoutchk_ok', "[a, b] = g();" + FUNCS, a=D(1), b=D(2)),
    case('nargoutchk_too_many', "[a, b, c] = g();" + FUNCS,
         error=('MATLAB:nargoutchk:tooManyOutputs', 'Too many output arguments.')),
    case('nargoutchk_too_few', "g();" + FUNCS,
         error=('MATLAB:nargoutchk:notEnoughOutputs', 'Not enough output arguments.')),
    case('narginchk_in_script', "narginchk(1, 2);",
         error=('MATLAB:narginchk:notInFunction', 'You can only call narginchk from within a MATLAB function.')),
    case('nargin_of_function', "a = nargin('f'); b = nargin('g'); c = nargout('f'); d = nargout('g'); "
         "e = nargin(@(x, y) x); h = nargin(@f);" + FUNCS, a=D(3), b=D(-1), c=D(1), d=D(-1), e=D(2), h=D(3)),
    case('nargin_unknown', "n = nargin('no_such_function');",
         error=('MATLAB:narginout:functionDoesnotExist', "Function 'no_such_function' does not exist.")),
    case('validateattributes_pass', "validateattributes([1 2 3], {'numeric'}, {'size', [1 NaN], 'increasing', "
         "'>', 0, 'numel', 3, 'integer', 'row', 'finite'}); validateattributes('a', {}, {'nonempty'}); ok = 1;",
         ok=D(1)),
    case('validateattributes_positive', "validateattributes(-1, {'numeric'}, {'positive'});",
         error=('MATLAB:expectedPositive', 'Expected input to be positive.')),
    case('validateattributes_named', "validateattributes(-1, {'numeric'}, {'positive'}, 'myfun', 'x', 2);",
         error=('MATLAB:myfun:expectedPositive', 'Expected input number 2, x, to be positive.')),
    case('validateattributes_class', "validateattributes('a', {'double', 'single'}, {});",
         error=('MATLAB:invalidType',
                'Expected input to be one of these types:\n\ndouble, single\n\nInstead its type was char.')),
    case('validateattributes_size', "validateattributes([1 2 3], {'numeric'}, {'size', [2 3]});",
         error=('MATLAB:incorrectSize', 'Expected input to be of size 2x3 when it is actually size 1x3.')),
    case('validateattributes_bound', "validateattributes([1 2 3], {'numeric'}, {'<=', 2}, 2);",
         error=('MATLAB:notLessEqual', 'Expected input number 2 to be an array with all of the values <= 2.')),
    case('validateattributes_integer', "validateattributes(1.5, {'numeric'}, {'integer'}, 'f', 'n');",
         error=('MATLAB:f:expectedInteger', 'Expected n to be integer-valued.')),
    case('validateattributes_groups', "validateattributes(int8(1), {'integer'}, {'scalar'}); "
         "validateattributes(single(1), {'float'}, {'real', 'nonnan'}); ok = 1;", ok=D(1)),
    case('validatestring_match', "a = validatestring('app', {'apple', 'pear'}); b = validatestring('app', "
         "{'app', 'apple'}); c = validatestring(\"PE\", [\"pear\", \"apple\"]);", a=C('apple'), b=C('app'), c=S('pear')),
    case('validatestring_ambiguous', "v = validatestring('a', {'apple', 'apricot'});",
         error=('MATLAB:ambiguousStringChoice', "Expected input to match one of these values:\n\n'apple', "
                "'apricot'\n\nThe input, 'a', matched more than one valid value.")),
    case('validatestring_none', "v = validatestring('x', {'apple', 'pear'}, 'myfun', 'fruit');",
         error=('MATLAB:myfun:unrecognizedStringChoice', "Expected fruit to match one of these values:\n\n"
                "'apple', 'pear'\n\nThe input, 'x', did not match any of the valid values.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
