"""Conformance: function functions (fzero, fminbnd, fminsearch, integral, quadgk, integral2, quad,
optimset/optimget) and the ODE solvers (ode45, ode23, odeset/odeget).

Expected values were recorded with GNU Octave 7.3 (tests/conformance/record.py). Where the algorithms
may differ from MATLAB's in their last digits, the cases test the answers against known values within
tolerances; ode45 and ode23 take different steps than MATLAB (scipy's step-size control), so their
cases test accuracy, not step sequences."""
import pytest

from harness import C, D, L, case, check, params

CASES = [
    case('fzero_forms', "a = abs(fzero(@(x) x.^2 - 2, 1) - sqrt(2)) < 1e-14; b = abs(fzero(@cos, [1 2]) - pi/2) < 1e-14; c = abs(fzero('sin', 3) - pi) < 1e-14;", a=L(1), b=L(1), c=L(1)),
    case('fzero_outputs', '[x, fv, ef] = fzero(@(x) x - 0.5, [0 1]);', fv=D(0), ef=D(1)),
    case('fminbnd_forms', '[x, fv] = fminbnd(@(x) (x - 2).^2 + 1, 0, 5); a = abs(x - 2) < 1e-4;', a=L(1), fv=D(1)),
    case('fminsearch_quadratic', 'x = fminsearch(@(x) (x(1) - 1)^2 + (x(2) + 2)^2, [0 0]); a = norm(x - [1 -2]) < 1e-3;', a=L(1)),
    case('integral_forms', "a = abs(integral(@(x) exp(-x.^2), -Inf, Inf) - sqrt(pi)) < 1e-9; b = abs(integral(@(x) 1./x, 1, 2) - log(2)) < 1e-10;\nc = abs(integral(@(x) exp(-x), 0, Inf) - 1) < 1e-10; d = abs(integral(@(x) x.^2, 0, 1, 'RelTol', 1e-12) - 1/3) < 1e-12;", a=L(1), b=L(1), c=L(1), d=L(1)),
    case('integral_arrayvalued', "q = integral(@(x) [x, x.^2], 0, 1, 'ArrayValued', true);", q=D([0.5, 0.33333333333333326])),
    # Octave's quad is QUADPACK; MATLAB's (ours) adaptive Simpson: equal to within quad's tolerance 1e-6.
    case('quad_forms', 'q = quad(@(x) 1 ./ (x.^3 - 2*x - 5), 0, 2); a = abs(q - -0.4605015338467388) < 1e-6;', a=L(1)),
    case('quadgk_singular', 'a = abs(quadgk(@(x) 1 ./ sqrt(x), 0, 1) - 2) < 1e-8;', a=L(1)),
    case('integral2_forms', 'a = abs(integral2(@(x, y) x .* y, 0, 1, 0, 2) - 1) < 1e-10; b = abs(integral2(@(x, y) ones(size(x)), 0, 1, 0, @(x) x) - 0.5) < 1e-10;', a=L(1), b=L(1)),
    case('optimset_get', "o = optimset('TolX', 1e-8); t = optimget(o, 'tolx'); d = optimget(o, 'Display', 'iter');", t=D(1e-08), d=C('iter')),
    case('ode45_decay', '[t, y] = ode45(@(t, y) -y, [0 1], 1); a = abs(y(end) - exp(-1)) < 1e-5;', a=L(1)),
    case('ode45_tspan', '[t, y] = ode45(@(t, y) [y(2); -y(1)], 0:0.5:2, [0; 1]); a = max(abs(y(:, 1) - sin(t))) < 1e-4; n = size(y);', a=L(1), n=D([5, 2])),
    case('ode23_decay', '[t, y] = ode23(@(t, y) -2*t*y, [0 1], 1); a = abs(y(end) - exp(-1)) < 1e-4;', a=L(1)),
    # MATLAB's odearguments: RelTol must be positive, and below 100*eps it is raised with a warning
    case('ode45_reltol_not_positive', "[t, y] = ode45(@(t, y) -y, [0 1], 1, odeset('RelTol', -1));",
         error=('MATLAB:odearguments:RelTolNotPosScalar', 'Relative tolerance must be a positive scalar.')),
    case('ode45_reltol_raised', "[t, y] = ode45(@(t, y) -y, [0 1], 1, odeset('RelTol', 1e-20)); "
         "a = abs(y(end) - exp(-1)) < 1e-5;", stdout='Warning: RelTol has been increased to 2.22045e-14.\n',
         a=L(1)),
    case('ode45_tight', "o = odeset('RelTol', 1e-8, 'AbsTol', 1e-10); [t, y] = ode45(@(t, y) [y(2); -y(1)], [0 pi], [0; 1], o); a = abs(y(end, 1)) < 1e-7;", a=L(1)),
    case('odeget_forms', "o = odeset('RelTol', 1e-6); r = odeget(o, 'RelTol'); d = odeget(o, 'AbsTol', 5);", r=D(1e-06), d=D(5)),
    # MATLAB documentation: fminsearch on Rosenbrock's function from [-1.2 1] stops after 85 iterations
    # and 159 function evaluations at f = 8.17766e-10 (Octave's simplex code stops elsewhere).
    case('fminsearch_rosenbrock', "[x, fv, ef, out] = fminsearch(@(x) 100*(x(2) - x(1)^2)^2 + (1 - x(1))^2, [-1.2 1]); "
         "a = abs(fv - 8.17766e-10) < 1e-14; it = out.iterations; fc = out.funcCount;", a=L(1), ef=D(1), it=D(85), fc=D(159)),
    case('ode45_events', "o = odeset('Events', @(t, y) deal(y(1), 1, -1)); "
         "[t, y, te, ye, ie] = ode45(@(t, y) [y(2); -9.8], [0 5], [10; 0], o); a = abs(te - sqrt(20 / 9.8)) < 1e-6; "
         "b = abs(t(end) - te) < 1e-12; n = size(ye);", a=L(1), b=L(1), ie=D(1), n=D([1, 2])),
    case('ode45_sol_struct', "sol = ode45(@(t, y) -y, [0 1], 1); s = sol.solver; a = abs(sol.y(end) - exp(-1)) < 1e-5; r = size(sol.y, 1);",
         s=C('ode45'), a=L(1), r=D(1)),
    case('integral_not_vectorized', "q = integral(@(x) x^2, 0, 1);",
         error=('MATLAB:mpower:notScalarAndSquareMatrix', 'Incorrect dimensions for raising a matrix to a power. '
                'Check that the matrix is square and the power is a scalar. To operate on each element of the '
                'matrix individually, use POWER (.^) for elementwise power.')),
    case('integral_size_mismatch', "q = integral(@(x) ones(1, 3), 0, 1);",
         error=('MATLAB:integral:integrandOutputSize', "Output of the function must be the same size as the input. "
                "If FUN is an array-valued integrand, set the 'ArrayValued' option to true.")),
    case('fzero_same_sign', "x = fzero(@(x) x.^2 + 1, [0 1]);",
         error=('MATLAB:fzero:ValuesAtEndPtsSameSign', 'The function values at the interval endpoints must differ in sign.')),
    case('fminbnd_bounds', "x = fminbnd(@sin, 3, 1);",
         error=('MATLAB:fminbnd:LowerBoundGreaterThanUpperBound', 'The lower bound exceeds the upper bound.')),
    # The Mass option (a corpus program's beam: odeset('Mass', MM)): Octave 7's ode45 drops a constant
    # mass matrix and calls M(t) with (t, y), so the references are exact (expm) or scipy's DOP853 at 1e-13
    case('ode45_mass_forms', "f = @(t, y) [y(2); -y(1)]; "
         "[t, y] = ode45(f, [0 1 2], [1; 0], odeset('Mass', [2 1; 1 3], 'RelTol', 1e-10, 'AbsTol', 1e-12)); "
         "a = norm(y(end, :) - [0.9747254378423931 -0.6975196266232571]) < 1e-8; "
         "[t, y] = ode45(f, [0 1], [1; 0], odeset('Mass', @(t) [1 0; 0 1 + t], 'RelTol', 1e-10, 'AbsTol', 1e-12)); "
         "b = norm(y(end, :) - [0.635779110815735 -0.6163897953181154]) < 1e-8; "
         "[t, y] = ode23(f, [0 1], [1; 0], odeset('Mass', @(t, y) [1 0; 0 1 + y(1)^2], "
         "'MStateDependence', 'strong', 'RelTol', 1e-10, 'AbsTol', 1e-12)); "
         "c = norm(y(end, :) - [0.7505948925350301 -0.49627504243793924]) < 1e-7;", a=L(1), b=L(1), c=L(1)),
    case('ode45_mass_singular', "[t, y] = ode45(@(t, y) [y(2); -y(1)], [0 1], [1; 0], odeset('Mass', [1 0; 0 0]));",
         error=('MATLAB:ode45:MassSingular', 'ode45 supports a nonsingular mass matrix only (a singular one makes a '
                'differential-algebraic system: ode15s or ode23t in MATLAB).')),
    case('ode45_tspan_error', "[t, y] = ode45(@(t, y) -y, [0 0], 1);",
         error=('MATLAB:ode45:tspanSize', 'The time span must have at least two distinct values, [t0 tfinal] or '
                '[t0 t1 ... tfinal].')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
