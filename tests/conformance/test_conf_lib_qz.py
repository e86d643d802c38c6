"""Conformance: qz, ordeig and cplxpair. Values recorded with GNU Octave 7: cplxpair's order (pairs by
real part, negative imaginary part first, exact conjugates, then the real values ascending), ordeig of
a quasi-triangular matrix (a 2-by-2 block gives the pair with positive imaginary part first) and of a
qz pair, and qz's generalized eigenvalues and right eigenvectors (scaled as LAPACK's tgevc scales them;
Octave's real QZ and MATLAB's default complex one give the same V here). The error texts are MATLAB's."""
import pytest

from harness import D, L, case, check, num, params

A = "A = [1 2 3; 4 5 6; 7 8 10]; B = [2 0 1; 0 3 0; 1 0 4]; "


def Z(values, size):
    """A complex double value from (real, imag) pairs, column-major."""
    return num("double", [complex(re, im) for re, im in values], size)


CASES = [
    case('cplxpair_row', "a = cplxpair([3 1+2i 5 1-2i -1 -2+1i -2-1i]);",
         a=Z([(-2, -1), (-2, 1), (1, -2), (1, 2), (-1, 0), (3, 0), (5, 0)], (1, 7))),
    case('cplxpair_columns', "b = cplxpair([1+1i; 2; 1-1i]); c = cplxpair([1+1i 2-3i; 1-1i 2+3i]); "
         "d = cplxpair([1+1i 1-1i; 2-3i 2+3i], [], 2);",
         b=Z([(1, -1), (1, 1), (2, 0)], (3, 1)), c=Z([(1, -1), (1, 1), (2, -3), (2, 3)], (2, 2)),
         d=Z([(1, -1), (2, -3), (1, 1), (2, 3)], (2, 2))),
    case('cplxpair_tolerance', "f = cplxpair([1+1e-15i 2]); g = cplxpair([]); h = cplxpair([2+1i 2-1i 2+1i 2-1i]); "
         "k = cplxpair([1+1i 1-1.0001i], 1e-3);",
         f=D([1, 2]), g=D([], (0, 0)), h=Z([(2, -1), (2, 1), (2, -1), (2, 1)], (1, 4)), k=Z([(1, -1), (1, 1)], (1, 2))),
    case('cplxpair_unpaired', "z = cplxpair([1+1i 2]);",
         error=('MATLAB:cplxpair:ComplexValuesPaired', "Complex numbers can't be paired.")),
    case('qz_decomposition', A + "[AA, BB, Q, Z] = qz(A, B); r1 = norm(Q*A*Z - AA) < 1e-13; r2 = norm(Q*B*Z - BB) < 1e-13; "
         "t = istriu(AA) && istriu(BB); u = norm(Q*Q' - eye(3)) < 1e-14; e = ordeig(AA, BB);",
         r1=L(1), r2=L(1), t=L(1), u=L(1), e=D([4.19238631547122, -0.584061729685375, 0.05834208088082261], (3, 1))),
    case('qz_eigenvectors', A + "[AA, BB, Q, Z, V, W] = qz(A, B); v = norm(A*V*diag(diag(BB)) - B*V*diag(diag(AA))) < 1e-12; "
         "w = norm(diag(diag(BB))*W'*A - diag(diag(AA))*W'*B) < 1e-12; V = real(V);",
         v=L(1), w=L(1), V=D([-0.06183010136429629, -0.8244937778973348, -1, -0.9999999999999999, 0.1088097639558124,
                              0.5442160538988119, 0.3391853391578514, -1, 0.5780387334543543], (3, 3))),
    case('qz_real', "[AA, BB, Q, Z] = qz([0 1; -1 0], eye(2), 'real'); e = ordeig(AA, BB); r = isreal(AA);",
         e=Z([(0, 1), (0, -1)], (2, 1)), r=L(1)),
    case('ordeig_schur', "f = ordeig([1 2 3; 0 4 5; 0 -6 4]); [U, T] = schur([4 -5; 5 4]); g = ordeig(T);",
         f=Z([(1, 0), (4, 5.477225575051661), (4, -5.477225575051661)], (3, 1)), g=Z([(4, 5), (4, -5)], (2, 1))),
    case('ordeig_not_schur', "e = ordeig([1 2 3; 4 5 6; 7 8 9]);",
         error=('MATLAB:ordeig:InvalidSchurForm', 'The input must be upper quasi-triangular.')),
    case('qz_empty', "[AA, BB, Q, Z] = qz([], []); s = size(Z);", s=D([0, 0])),
    case('qz_size_mismatch', "[AA, BB] = qz(eye(2), eye(3));",
         error=('MATLAB:qz:MatrixSizeMismatch', 'A and B must be the same size.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
