"""Conformance: boundary value problems (bvpinit, bvp4c, bvpset, bvpget, deval of a bvp4c solution).

Octave has no bvp4c, so the cases compare with exact solutions within the solver's tolerance, and with
the eigenvalue of MATLAB's mat4bvp example (Mathieu's equation, q = 5: lambda = 17.097 in MATLAB's
bvp4c documentation). Three corpus programs (chemineer, chapter 2) solve BVPs this way."""
import pytest

from harness import C, D, L, case, check, params

SINE = "odefun = @(x, y) [y(2); -y(1)]; bcfun = @(ya, yb) [ya(1); yb(1) - 1];"   # y'' = -y: y = sin(x)

CASES = [
    case('bvpinit_forms', "s = bvpinit(linspace(0, 1, 4), [1 2]); a = s.x; b = s.y; "
         "g = bvpinit([0 0.5 1], @(x) [x; 2*x]); c = g.y; p = bvpinit([0 1], 1, 7); d = p.parameters;",
         a=D([0, 1 / 3, 2 / 3, 1]), b=D([1, 2, 1, 2, 1, 2, 1, 2], (2, 4)), c=D([0, 0, 0.5, 1, 1, 2], (2, 3)), d=D(7)),
    case('bvp4c_sine', SINE + "sol = bvp4c(odefun, bcfun, bvpinit(linspace(0, pi/2, 5), [0 1])); "
         "a = max(abs(sol.y(1, :) - sin(sol.x))) < 1e-3; b = max(abs(deval(sol, [0.3 1.2]) - [sin([0.3 1.2]); cos([0.3 1.2])]), [], 'all') < 1e-3; "
         "c = sol.solver; d = all(isfield(sol, {'x', 'y', 'yp', 'stats'})); e = sol.x([1 end]);",
         a=L(1), b=L(1), c=C('bvp4c'), d=L(1), e=D([0, 1.5707963267948966])),
    case('bvp4c_decreasing_mesh', "sol = bvp4c(@(x, y) [y(2); -y(1)], @(ya, yb) [ya(1) - 1; yb(1)], bvpinit(linspace(pi/2, 0, 5), [0 1])); "
         "a = abs(deval(sol, pi/4, 1) - sin(pi/4)) < 1e-3; b = sol.x(1);", a=L(1), b=D(1.5707963267948966)),
    case('bvp4c_parameter', "q = 5; sol = bvp4c(@(x, y, lam) [y(2); -(lam - 2*q*cos(2*x))*y(1)], @(ya, yb, lam) [ya(2); yb(2); ya(1) - 1], "
         "bvpinit(linspace(0, pi, 10), @(x) [cos(4*x); -4*sin(4*x)], 15)); a = abs(sol.parameters - 17.097) < 1e-3;", a=L(1)),
    case('bvp4c_options', SINE + "o = bvpset('RelTol', 1e-6, 'Vectorized', 'on'); r = bvpget(o, 'RelTol'); "
         "sol = bvp4c(@(x, y) [y(2, :); -y(1, :)], bcfun, bvpinit(linspace(0, pi/2, 5), [0 1]), o); a = max(abs(sol.y(1, :) - sin(sol.x))) < 1e-6;",
         r=D(1e-6), a=L(1)),
    case('bvp4c_bad_bc_size', SINE + "sol = bvp4c(odefun, @(ya, yb) ya(1), bvpinit([0 1], [0 1]));",
         error=('MATLAB:bvp4c:BCfunOutputSize', 'The boundary condition function BCFUN should return a column vector of length 2.')),
    case('bvp4c_unsupported_option', SINE + "sol = bvp4c(odefun, bcfun, bvpinit([0 1], [0 1]), bvpset('AbsTol', 1e-8));",
         error=('MATLAB:bvp4c:unsupportedOption', "bvp4c does not support the option 'AbsTol'.")),
    case('bvp4c_singular', "sol = bvp4c(@(x, y) [y(2); -y(1)], @(ya, yb) [0; 0], bvpinit(linspace(0, pi, 5), [0 0]));",
         error=('MATLAB:bvp4c:SingJac', 'Unable to solve the collocation equations -- a singular Jacobian encountered.')),
    case('bvpinit_not_monotonic', "s = bvpinit([0 1 0.5], [0 1]);",
         error=('MATLAB:bvpinit:XNotMonotonic', 'The entries in x must strictly increase or decrease (x(1) = a, x(end) = b).')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
