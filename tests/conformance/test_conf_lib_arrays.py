"""Conformance: repelem, shiftdim, uniquetol, ismembertol and convn.

Values recorded with GNU Octave (tests/conformance/record.py) unless a comment says otherwise."""
import pytest

from harness import C, Cell, D, L, case, check, params

CASES = [
    case('repelem_forms', "a = repelem([1 2 3], 2); b = repelem([1 2; 3 4], 1, 2); c = repelem([1; 2], [2 3]); d = repelem('ab', 3); e = repelem({1, 'x'}, 2); f = repelem(5, 3); g = repelem([1 2; 3 4], [1 2], 2);", a=D([1, 1, 2, 2, 3, 3]), b=D([1, 3, 1, 3, 2, 4, 2, 4], (2, 4)), c=D([1, 1, 2, 2, 2], (5, 1)), d=C('aaabbb'), e=Cell([D(1), D(1), C('x'), C('x')]), f=D([5, 5, 5]), g=D([1, 3, 3, 1, 3, 3, 2, 4, 4, 2, 4, 4], (3, 4))),
    case('repelem_matrix_one_count', 'a = repelem(ones(2), 2);',
         error=('MATLAB:repelem:invalidNumInputs', 'The first input must be a vector when only one replication factor is given.')),
    case('repelem_bad_counts', 'a = repelem([1 2 3], [1 2]);',
         error=('MATLAB:repelem:invalidReplications', 'Replication factors must be nonnegative integers, a scalar or one per element.')),
    case('shiftdim_forms', 's1 = size(shiftdim(zeros(1, 1, 3))); [q, m] = shiftdim(zeros(1, 1, 3)); s2 = size(shiftdim(zeros(2, 3, 4), 1)); s3 = size(shiftdim(zeros(2, 3), -1)); s4 = size(shiftdim(zeros(2,3,4), 2)); h = shiftdim([1 2 3]); s5 = size(shiftdim(ones(2,3), 2));', s1=D([3, 1]), m=D(2), s2=D([3, 4, 2]), s3=D([1, 2, 3]), s4=D([4, 2, 3]), h=D([1, 2, 3], (3, 1)), s5=D([2, 3])),
    # MATLAB's default tolerance is 1e-6 (Octave's 1e-12 keeps 1.0000001 and 0.50000001 apart)
    case('uniquetol_default_tolerance', 'a = uniquetol([1 1.0000001 2]); [c, ia, ic] = uniquetol([0.5 0.1 0.50000001 0.1]);',
         a=D([1, 2]), c=D([0.1, 0.5]), ia=D([2, 1], (2, 1)), ic=D([2, 1, 2, 1], (4, 1))),
    case('uniquetol_forms', "b = uniquetol([3; 1; 3.00001; 2], 1e-4); d = uniquetol([1 1.5 2 2.4], 0.2); e = uniquetol([1 1.4 2], 0.5, 'DataScale', 1);",
         b=D([1, 2, 3], (3, 1)), d=D([1, 1.5, 2]), e=D([1, 2])),
    # Octave has no ismembertol: by hand from the definition (tolerance 1e-6 * max(abs([A(:); B(:)])))
    case('ismembertol_forms', 'l = ismembertol([1 2.0000001 3], [2 4]); [l2, loc] = ismembertol([1 2.0000001 4], [4 2 2]); l3 = ismembertol(1.05, 1, 0.1);',
         l=L([0, 1, 0]), l2=L([0, 1, 1]), loc=D([0, 2, 1]), l3=L(1)),
    case('convn_forms', "a = convn(ones(2, 2, 2), ones(2, 2, 2)); s = size(a); b = convn([1 2 3], [1 1]); c = convn(magic(4), [1 2; 3 4], 'same'); d = convn(reshape(1:8, 2, 2, 2), ones(1, 1, 2), 'valid'); e = convn(magic(3), [1 0 -1], 'valid');", a=D([1, 2, 1, 2, 4, 2, 1, 2, 1, 2, 4, 2, 4, 8, 4, 2, 4, 2, 1, 2, 1, 2, 4, 2, 1, 2, 1], (3, 3, 3)), s=D([3, 3, 3]), b=D([1, 3, 5, 3]), c=D([91, 78, 79, 58, 49, 94, 89, 101, 79, 88, 91, 63, 68, 56, 50, 4], (4, 4)), d=D([6, 8, 10, 12], (2, 2)), e=D([-2, 4, -2], (3, 1))),
    case('uniquetol_integer_input', 'a = uniquetol(int8([1 2]));',
         error=('MATLAB:uniquetol:unsupportedClass', 'Input must be a real double or single array.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
