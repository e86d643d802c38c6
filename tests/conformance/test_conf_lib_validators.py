"""Conformance: the validation functions (mustBe*). Identifiers and messages are MATLAB's, written by
hand from its documentation (Octave's messages differ); passing calls leave no output."""
import pytest

from harness import case, check, params


def fails(name: str, code: str, message: str):
    return case(f"{name}_fails", code, error=(f"MATLAB:validators:{name}", message))


CASES = [
    case('validators_pass', "mustBePositive([1 2 3]); mustBePositive([]); mustBeNonnegative([0 2]); mustBeNonpositive([0 -2]); "
         "mustBeNegative(-1); mustBeNonzero([1 -1]); mustBeFinite(1); mustBeNonNan(Inf); mustBeInteger([1 -4]); "
         "mustBeNumeric(int8(1)); mustBeNumericOrLogical(true); mustBeReal(2); mustBeNonempty(0); mustBeScalarOrEmpty([]); "
         "mustBeVector(1:3); mustBeText({'a', 'b'}); mustBeTextScalar('abc'); mustBeNonzeroLengthText(\"a\"); "
         "mustBeGreaterThan(5, 2); mustBeGreaterThanOrEqual(2, 2); mustBeLessThan(1, 2); mustBeLessThanOrEqual(2, 2); "
         "mustBeInRange([0 0.5 1], 0, 1); mustBeMember('red', {'red', 'green'}); mustBeMember([1 2], 1:3); "
         "mustBeFolder(tempdir); mustBeA(5, [\"double\" \"single\"]);", stdout=""),
    fails('mustBePositive', 'mustBePositive([1 0]);', 'Value must be positive.'),
    fails('mustBeNonnegative', 'mustBeNonnegative(-1);', 'Value must be nonnegative.'),
    fails('mustBeNonpositive', 'mustBeNonpositive(1 < 10);', 'Value must not be positive.'),
    fails('mustBeNegative', 'mustBeNegative(0);', 'Value must be negative.'),
    fails('mustBeNonzero', 'mustBeNonzero([1 0]);', 'Value must not be zero.'),
    fails('mustBeFinite', 'mustBeFinite([1 Inf]);', 'Value must be finite.'),
    fails('mustBeInteger', 'mustBeInteger(2.5);', 'Value must be integer.'),
    fails('mustBeNumeric', 'mustBeNumeric(true);', 'Value must be numeric.'),
    fails('mustBeNumericOrLogical', "mustBeNumericOrLogical('a');", 'Value must be numeric or logical.'),
    fails('mustBeReal', 'mustBeReal(1 + 2i);', 'Value must be real.'),
    fails('mustBeNonempty', 'mustBeNonempty([]);', 'Value must not be empty.'),
    fails('mustBeScalarOrEmpty', 'mustBeScalarOrEmpty([1 2]);', 'Value must be scalar or empty.'),
    fails('mustBeVector', 'mustBeVector(ones(2));', 'Value must be a 1-by-n vector or an n-by-1 vector.'),
    fails('mustBeText', 'mustBeText(5);', 'Value must be a character vector, string array, or cell array of character vectors.'),
    fails('mustBeTextScalar', 'mustBeTextScalar(["a" "b"]);', 'Value must be a character vector or string scalar.'),
    fails('mustBeNonzeroLengthText', 'mustBeNonzeroLengthText("");', 'Value must be text with one or more characters.'),
    fails('mustBeGreaterThan', 'mustBeGreaterThan(1, 2);', 'Value must be greater than 2.'),
    fails('mustBeLessThanOrEqual', 'mustBeLessThanOrEqual(3, 2.5);', 'Value must be less than or equal to 2.5.'),
    # the example of MATLAB's documentation of mustBeInRange
    fails('mustBeInRange', 'mustBeInRange(255, 0, 1);', 'Value must be greater than or equal to 0, and less than or equal to 1.'),
    case('mustBeInRange_exclusive', "mustBeInRange(1, 0, 1, 'exclusive');",
         error=('MATLAB:validators:mustBeInRange', 'Value must be greater than 0, and less than 1.')),
    fails('mustBeMember', "mustBeMember('blue', {'red', 'green'});", "Value must be a member of this set:\n    'red'\n    'green'"),
    fails('mustBeFile', "mustBeFile('no_such_file_here.txt');", "The following files do not exist: 'no_such_file_here.txt'."),
    fails('mustBeA', "mustBeA(5, 'char');", "Value must be one of the following types: 'char'."),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
