"""Conformance: matrix structure tests and matrix analysis (isdiag, istril, istriu, isbanded, bandwidth,
issymmetric, ishermitian, iscomplex, rref, rcond, condest, normest, subspace, vecnorm, lsqminnorm,
sylvester, balance, polyeig).

Values recorded with GNU Octave (tests/conformance/record.py) unless a comment says otherwise."""
import pytest

from harness import D, L, case, check, params

CASES = [
    case('isdiag_forms', 'a = isdiag(eye(3)); b = isdiag([1 2; 0 1]); c = isdiag(zeros(2,3)); d = isdiag(ones(2,2,2));', a=L(1), b=L(0), c=L(1), d=L(0)),
    case('tri_forms', "a = istril([1 0; 2 3]); b = istriu([1 0; 2 3]); c = istriu([1 2 3; 0 4 5]); d = istril(5); e = istriu(true);", a=L(1), b=L(0), c=L(1), d=L(1), e=L(1)),
    case('banded', 'a = isbanded([1 2 0; 3 4 5; 0 6 7], 1, 1); b = isbanded([1 2 0; 3 4 5; 0 6 7], 0, 1); c = isbanded(magic(4), 3, 3);', a=L(1), b=L(0), c=L(1)),
    case('banded_bad_width', 'a = isbanded(eye(2), -1, 0);',
         error=('MATLAB:isbanded:InvalidBandwidth', 'The lower and upper bandwidths must be nonnegative integer scalars.')),
    case('bandwidth_forms', "[lo, up] = bandwidth([1 2 0 0; 3 4 5 0; 0 6 7 8]); l = bandwidth(triu(magic(4))); u = bandwidth(tril(magic(4)), 'upper');", lo=D(1), up=D(1), l=D(0), u=D(0)),
    case('symmetric', "a = issymmetric([1 2; 2 1]); b = issymmetric([0 1; -1 0], 'skew'); c = issymmetric([1 2; 2.0001 1], 1e-3); d = issymmetric([1 2; 3 1]); e = issymmetric(ones(2,3)); f = issymmetric([1 2i; 2i 1]);", a=L(1), b=L(1), c=L(1), d=L(0), e=L(0), f=L(1)),
    case('hermitian', "a = ishermitian([1 2i; -2i 1]); b = ishermitian([1 2i; 2i 1]); c = ishermitian([1i 2; -2 3i], 'skew');", a=L(1), b=L(0), c=L(1)),
    case('iscomplex_forms', 'a = iscomplex(3 + 4i); b = iscomplex(5); c = iscomplex(complex(1, 0)); d = iscomplex({1i});', a=L(1), b=L(0), c=L(1), d=L(0)),
    case('rref_forms', 'a = rref(magic(4)); [b, p] = rref([1 2 1; 2 4 0]); c = rref([1 2; 3 4.0001], 0.01);', a=D([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 2.9999999999999996, -2.9999999999999996, 0], (4, 4)), b=D([1, 0, 2, 0, 0, 1], (2, 3)), p=D([1, 3]), c=D([1, 0, 0, 1], (2, 2))),
    case('rcond_forms', 'a = rcond(eye(3)); b = rcond([1 1; 1 1]); c = rcond(magic(4)); d = rcond([2 1; 1 3]);', a=D(1), b=D(0), c=D(1.3061447348531256e-17), d=D(0.31250000000000006)),
    case('rcond_not_square', 'a = rcond(ones(2, 3));', error=('MATLAB:square', 'Matrix must be square.')),
    case('condest_forms', 'a = condest([1 2; 3 4]); b = condest(hilb(4));', a=D(20.999999999999993), b=D(28375.00000000183)),
    # MATLAB's normest starts from the column sums (an eigenvector of magic(4): converged at once, the
    # second iteration confirms it); Octave starts from a random vector (33.99999999408116 after 3).
    case('normest_forms', '[a, c] = normest(magic(4));', a=D(34), c=D(2)),
    case('subspace_forms', 'a = subspace([1; 0], [1; 1]); b = subspace([1 0; 0 1; 0 0], [0; 0; 1]);', a=D(0.7853981633974487), b=D(1.5707963267948966)),
    case('vecnorm_forms', 'a = vecnorm([3 4; 0 0]); b = vecnorm([3 4; 0 0], 2, 2); c = vecnorm([1 -2 3], 1); d = vecnorm([1 -2 3], Inf);', a=D([3, 4]), b=D([5, 0], (2, 1)), c=D(6), d=D(3)),
    case('vecnorm_integer', 'a = vecnorm(int8([3 4]));', error=('MATLAB:vecnorm:inputType', 'Input must be a floating-point array.')),
    # Octave has no lsqminnorm: the minimum-norm solutions, by hand (pinv(A)*b).
    case('lsqminnorm_forms', 'a = lsqminnorm([1 1; 1 1], [2; 2]); b = norm(lsqminnorm([1 2; 3 4; 5 6], [1; 2; 3]) - [0; 0.5]) < 1e-12;', a=D([1, 1], (2, 1)), b=L(1)),
    case('sylvester_forms', 'a = sylvester([1 0; 0 2], 3, [4; 10]); b = sylvester([1 2; 0 3], [4 0; 1 5], [1 2; 3 4]);', a=D([1, 2], (2, 1)), b=D([0.023809523809523815, 0.35714285714285715, 0.16666666666666666, 0.5], (2, 2))),
    case('balance_forms', '[t, b] = balance([1 100; 0.01 1]); c = balance([1 100; 0.01 1]);', t=D([16, 0, 0, 0.25], (2, 2)), b=D([1, 0.64, 1.5625, 1], (2, 2)), c=D([1, 0.64, 1.5625, 1], (2, 2))),
    case('polyeig_forms', 'e = round(sort(polyeig([2 0; 0 6], [-3 0; 0 -5], eye(2))) * 1e8) / 1e8; [X, f] = polyeig([1 2; 3 4], eye(2)); r = norm(([1 2; 3 4] + f(1) * eye(2)) * X(:, 1)) < 1e-12; n = norm(X(:, 2));', e=D([1, 2, 2, 3], (4, 1)), r=L(1), n=D(1)),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
