"""Conformance: pcg (a chemineer corpus program solves a 4-by-4 system with it). Values recorded with
GNU Octave's pcg (same iterates: 2 iterations to [22.5 20 25 22.5]; one iteration gives relres 0.1497);
the printed message is MATLAB's text (Octave prints none)."""
import pytest

from harness import D, L, case, check, params

A = "A = [4 -1 -1 0; -1 4 0 -1; -1 0 4 -1; 0 -1 -1 4]; b = [45 35 55 45]';"

CASES = [
    case('pcg_forms', A + "[x, fl, rr, it, rv] = pcg(A, b); a = norm(x - [22.5; 20; 25; 22.5]) < 1e-12; c = rr < 1e-15; "
         "s = size(rv); y = pcg(sparse(A), b, [], [], diag(diag(A))); d = norm(y - x) < 1e-12; "
         "z = pcg(@(v) A*v, b, 1e-8); e = norm(z - x) < 1e-12;",
         a=L(1), fl=D(0), c=L(1), it=D(2), s=D([3, 1]), d=L(1), e=L(1)),
    case('pcg_maxit', A + "[x, fl, rr, it] = pcg(A, b, 1e-12, 1); a = norm(x - [21.97058823529412; 17.08823529411764; "
         "26.85294117647059; 21.97058823529412]) < 1e-12; r = round(rr, 4);", a=L(1), fl=D(1), r=D(0.1497), it=D(1)),
    case('pcg_not_positive_definite', "[x, fl] = pcg([1 0; 0 -1], [1; 1]);", x=D([0, 0], (2, 1)), fl=D(4)),
    case('pcg_message', "x = pcg([2 0; 0 2], [2; 2]);",
         stdout="pcg converged at iteration 1 to a solution with relative residual 0.\n"),
    case('pcg_complex', "x = pcg([2 1i; -1i 2], [1; 1]);",
         error=('MATLAB:pcg:complexInput', 'pcg supports real inputs only here.')),
    case('pcg_bad_rhs', "x = pcg(eye(2), [1 1]);",
         error=('MATLAB:pcg:RHSnotColumn', 'Right hand side must be a column vector.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
