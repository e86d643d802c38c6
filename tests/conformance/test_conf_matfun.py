"""Conformance: matrix functions and factorization forms (expm, logm, sqrtm, funm, null, orth, schur,
hess, linsolve, lsqnonneg, eig of pencils and left eigenvectors, lu 'vector', qr permutation forms, and
mldivide's least-squares solutions).

Expected values were recorded with GNU Octave 7.3 (tests/conformance/record.py). Bases and eigenvectors
are checked through their defining properties (signs depend on the LAPACK build). MATLAB-only forms are
written by hand from MATLAB's documentation, with a comment."""
import pytest

from harness import D, L, case, check, inf, params

CASES = [
    case('expm_forms', 'a = expm([0 1; 0 0]); b = expm([1 2; 3 4]);', a=D([1, 0, 1, 1], (2, 2)), b=D([51.96895619870499, 112.10484685050486, 74.73656456700324, 164.07380304920994], (2, 2))),
    case('logm_sqrtm', 'a = logm([1 1; 0 1]); b = sqrtm([4 0; 0 9]); c = sqrtm([2 1; 1 2]);', a=D([0, 0, 0.9999999999999997, 0], (2, 2)), b=D([2, 0, 0, 3], (2, 2)), c=D([1.3660254037844375, 0.36602540378443804, 0.36602540378443815, 1.366025403784438], (2, 2))),
    case('logm_expm_roundtrip', 'a = logm(expm([0.5 0.2; 0.1 0.3]));', a=D([0.5000000000000001, 0.09999999999999992, 0.19999999999999996, 0.30000000000000016], (2, 2))),
    case('sqrtm_complex', 's = sqrtm([1 2; 3 4]);', s=D([complex(0.5536885671459112, 0.46439416283907065), complex(1.2104410905198244, -0.318639718149603), complex(0.8069607270132164, -0.21242647876640203), complex(1.7641296576657357, 0.14575444468946763)], (2, 2))),
    case('null_orth_props', 'Z = null([1 1; 1 1]); Q = orth([1 2; 2 4]); n1 = norm([1 1; 1 1] * Z) < 1e-12; o1 = abs(norm(Q) - 1) < 1e-12;\nz = size(null(eye(3))); q = size(orth([1 2; 2 4]));', n1=L(1), o1=L(1), z=D([3, 0]), q=D([2, 1])),
    case('schur_forms', "T = schur([1 2; 0 3]); [U, T2] = schur([0 1; -1 0]); U1 = U; r = norm(U * T2 - [0 1; -1 0] * U) < 1e-12;", T=D([1, 0, 2, 3], (2, 2)), U1=D([1, 0, 0, 1], (2, 2)), T2=D([0, -1, 1, 0], (2, 2)), r=L(1)),
    case('hess_forms', '[P, H] = hess(magic(3));', P=D([1, 0, 0, 0, -0.6000000000000001, -0.8, 0, -0.8, 0.6], (3, 3)), H=D([8, -5, 0, -5.4, 10.760000000000002, 2.6800000000000015, 2.8, 4.680000000000001, -3.7599999999999993], (3, 3))),
    case('linsolve_forms', 'opts.UT = true; x = linsolve([2 1; 0 4], [4; 8], opts); o2.LT = true; o2.TRANSA = true; y = linsolve([2 0; 1 4], [4; 8], o2);\n[~, r] = linsolve([1 2; 3 4], [1; 1]);', x=D([1, 2], (2, 1)), y=D([1, 2], (2, 1)), r=D(0.04761904761904762)),
    case('lsqnonneg_basic', '[x, rn] = lsqnonneg([1 0; 0 1; 1 1], [2; -1; 1]);', x=D([1.4999999999999993, 0], (2, 1)), rn=D(1.4999999999999998)),
    case('eig_pencil', 'e = eig([2 0; 0 3], [1 0; 0 2]); e2 = eig([1 2; 3 4], [1 0; 0 0]);', e=D([1.4999999999999998, 2], (2, 1)), e2=D([-0.4999999999999999, inf], (2, 1))),
    case('eig_pencil_vectors', 'A = [2 1; 1 3]; B = [2 0; 0 1]; [V, D] = eig(A, B); c = norm(A * V - B * V * D) < 1e-12;', c=L(1)),
    case('eig_left', "A = [1 2; 3 4]; [V, D, W] = eig(A); c = norm(W' * A - D * W') < 1e-12;", c=L(1)),
    case('lu_vector', "[L, U, p] = lu([1 2; 3 4], 'vector');", L=D([1, 0.3333333333333333, 0, 1], (2, 2)), U=D([3, 0, 4, 0.6666666666666667], (2, 2)), p=D([2, 1])),  # MATLAB: a row vector (Octave: a column)
    case('mldivide_overdetermined', 'y = [1 2; 3 4; 5 6] \\ [1; 2; 4];', y=D([0.6666666666666664, 0.08333333333333359], (2, 1))),
    # MATLAB documentation: null(A, 'r') is the rational basis from rref(A); funm calls fun(x, k) and
    # @exp is expm; qr(A, 0) gives a permutation vector, qr(A, 'econ') a permutation matrix; for an
    # underdetermined system A\b is a basic solution with at most rank(A) nonzeros (Octave: minimum norm).
    case('null_rational', "z = null([1 2 3; 2 4 6], 'r');", z=D([-2, 1, 0, -3, 0, 1], (3, 2))),
    case('funm_handles', "a = funm([1 2; 0 3], @(x, k) x.^2); b = norm(funm([1 2; 0 1], @exp) - expm([1 2; 0 1])) < 1e-12;",
         a=D([1, 0, 8, 9], (2, 2)), b=L(1)),
    case('qr_pivot_forms', "[~, ~, p] = qr([1 2; 3 4; 5 6], 0); [~, ~, P] = qr([1 2; 3 4; 5 6], 'econ');",
         p=D([2, 1]), P=D([0, 1, 1, 0], (2, 2))),
    case('mldivide_basic_solution', "x = [1 1] \\ 2; z = [1 2 3; 2 4 6] \\ [1; 2];",
         x=D([2, 0], (2, 1)), z=D([0, 0, 1 / 3], (3, 1))),
    # mldivide's structured paths: a triangular A is solved by substitution, a symmetric positive
    # definite one by Cholesky, each with the near-singular warning of its condition estimate
    case('mldivide_structured', "x = [2 1 0; 0 4 1; 0 0 5] \\ [3; 9; 10]; y = [4 1; 1 3] \\ [1; 2]; "
         "w = [2 0; 1 4].' \\ [1; 2]; u = [1 0; 0 1e-20] \\ [1; 1];",
         stdout="Warning: Matrix is close to singular or badly scaled. Results may be inaccurate. "
                "RCOND =  1.000000e-20.\n",
         x=D([0.625, 1.75, 2], (3, 1)), y=D([0.09090909090909091, 0.6363636363636364], (2, 1)),
         w=D([0.25, 0.5], (2, 1)), u=D([1, 1e20], (2, 1))),
    # MATLAB's mldivide/mrdivide warnings (Octave words them differently): a zero pivot, an RCOND
    # below eps, and a rank-deficient least-squares system; 'warning off' silences one by identifier.
    case('mldivide_warns', "x = [1 2; 2 4] \\ [1; 2]; y = [1 1; 1 1+eps] \\ [1; 2]; z = [1 2 3; 2 4 6] \\ [1; 2];\n"
         "warning('off', 'MATLAB:singularMatrix'); w = [1 2; 3 4; 5 6] / [1 2; 2 4]; [~, id] = lastwarn;",
         stdout="Warning: Matrix is singular to working precision.\n"
                "Warning: Matrix is close to singular or badly scaled. Results may be inaccurate. "
                "RCOND =  5.551115e-17.\n"
                "Warning: Rank deficient, rank = 1, tol =  4.468561e-15.\n", id=('char', (1, 21), 'MATLAB:singularMatrix')),
    case('logm_warns', "a = logm([-1 0; 0 1]);",
         stdout="Warning: Principal matrix logarithm is not defined for A with nonpositive real eigenvalues. "
                "A non-principal matrix logarithm is returned.\n"),
    case('expm_single', "a = class(expm(single([0 1; 0 0])));", a=('char', (1, 6), 'single')),
    case('expm_not_square', "a = expm([1 2 3]);", error=('MATLAB:square', 'Matrix must be square.')),
    case('eig_pencil_size', "e = eig([1 2; 3 4], eye(3));", error=('MATLAB:eig:matrixSize', 'Matrix sizes must agree.')),
    case('linsolve_bad_field', "o.FOO = true; x = linsolve(eye(2), [1; 1], o);",
         error=('MATLAB:linsolve:InvalidOptsField', "Invalid field name 'FOO' in options.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
