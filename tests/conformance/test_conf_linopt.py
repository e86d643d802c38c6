"""Conformance: linprog, lsqlin and lscov (Optimization Toolbox and MATLAB's weighted least squares; a
chemical-engineering book of the corpus calls all three). linprog's cases are the examples of MATLAB's
linprog page with its printed solutions (Octave has no linprog); lsqlin's are checked by the optimality
conditions written out in the comments; lscov's values are GNU Octave's (its lscov is MATLAB's)."""
import pytest

from harness import D, L, case, check, params

LP = "A = [1 1; 1 1/4; 1 -1; -1/4 -1; -1 -1; -1 1]; b = [2 1 2 1 -1 2]; f = [-1 -1/3]; o = optimset('Display', 'off');"
W = ("x1 = [.18 .46 .61 .83 1.05 1.12]'; x2 = [.11 .32 .39 .88 1.11 1.4]'; A = [ones(size(x1)) x1 x2]; "
     "b = [.18 .25 .29 .24 .28 .35]'; w = [1 1 1.1 1.1 0.8 0.8]';")

CASES = [
    # MATLAB's linprog page: 0.6667 1.3333; with Aeq, beq: 0 2; with bounds too: 0.1875 1.2500
    case('linprog_inequalities', LP + "[x, fv, ef] = linprog(f, A, b, [], [], [], [], o);",
         x=D([2 / 3, 4 / 3], (2, 1)), fv=D(-2 / 3 - 4 / 9), ef=D(1)),
    case('linprog_equality', LP + "x = linprog(f, A, b, [1 1/4], 1/2, [], [], o);", x=D([0, 2], (2, 1))),
    case('linprog_bounds', LP + "x = linprog(f, A, b, [1 1/4], 1/2, [-1, -0.5], [1.5, 1.25], o);",
         x=D([0.1875, 1.25], (2, 1))),
    # max x1 + 2 x2 on x1 + x2 <= 4, x1 - x2 <= 2, x >= 0: the vertex (0, 4); the multipliers: f + A'*l -
    # lower = 0 with l = [2; 0] on the inequalities and 1 on x1's bound
    case('linprog_multipliers', "[x, fv, ef, out, lam] = linprog([-1; -2], [1 1; 1 -1], [4; 2], [], [], [0; 0], [], "
         "optimset('Display', 'off')); li = lam.ineqlin; lo = lam.lower; up = lam.upper; v = out.constrviolation;",
         x=D([0, 4], (2, 1)), fv=D(-8), ef=D(1), li=D([2, 0], (2, 1)), lo=D([1, 0], (2, 1)), up=D([0, 0], (2, 1)),
         v=D(0)),
    case('linprog_free_variables', "x = linprog([1; 1], [-1 0; 0 -1; 1 1], [3; 3; 10], [], [], [], [], optimset('Display', 'off'));",
         x=D([-3, -3], (2, 1))),
    case('linprog_prints', "x = linprog([1; 1], [], [], [], [], [0; 0]);", x=D([0, 0], (2, 1)),
         stdout="\nOptimal solution found.\n\n"),
    case('linprog_infeasible', "[x, fv, ef] = linprog([1; 1], [1 1], -1, [], [], [0; 0]); e = isempty(x) && isempty(fv);",
         ef=D(-2), e=L(1),
         stdout="\nNo feasible solution found.\n\nLinprog stopped because no point satisfies the constraints.\n\n"),
    case('linprog_unbounded', "[x, fv, ef] = linprog([-1; 0], [], [], [], [], [0; 0], [], optimset('Display', 'off'));",
         ef=D(-3)),
    case('linprog_too_few_inputs', "x = linprog([1; 1]);",
         error=('MATLAB:linprog:NotEnoughInputs', "The input to LINPROG should be either a structure with valid "
                "fields or consist of at least three arguments (the problem structure is not supported here).")),
    case('linprog_text_f', "x = linprog('x', [], []);",
         error=('MATLAB:linprog:InvalidInput', 'f must be a real double vector.')),
    case('lsqlin_too_few_inputs', "x = lsqlin(eye(2), [1; 2]);",
         error=('MATLAB:lsqlin:NotEnoughInputs', "The input to LSQLIN should be either a structure with valid "
                "fields or consist of at least four arguments (the problem structure is not supported here).")),
    case('linprog_bad_columns', "x = linprog([1 2], [1 1 1], 2);",
         error=('MATLAB:linprog:WrongNumberOfColumns', 'A must have 2 columns.')),
    # the corpus program's problem: min 0.5*|diag([2 3])*x - [4; 4]|^2 with A*x <= b; only the second row
    # binds, and there the gradient C'*(C*x - d) is -lambda*[3 5] (lambda = 0.9281...)
    case('lsqlin_inequality', "C = [2 0; 0 3]; d = [4; 4]; A = [-2 1; 3 5]; b = [6; 8]; "
         "[x, rn, r, ef] = lsqlin(C, d, A, b, [], [], [], [], [], optimset('Display', 'off')); g = C'*(C*x - d); "
         "a = abs(A(2, :)*x - 8) < 1e-9 && norm(g/g(1) - [1; 5/3]) < 1e-7 && g(1) < 0; "
         "c = abs(rn - sum(r.^2)) < 1e-12;", a=L(1), c=L(1), ef=D(1)),
    case('lsqlin_equality', "x = lsqlin(eye(3), [1; 2; 3], [], [], [1 1 1], 3, [], [], [], optimset('Display', 'off')); "
         "a = norm(x - [0; 1; 2]) < 1e-8;", a=L(1)),
    case('lsqlin_bounds', "[x, rn, r, ef] = lsqlin([1 0; 0 1], [2; 2], [], [], [], [], [0; 0], [0.2; 1]);",
         x=D([0.2, 1], (2, 1)), rn=D(4.24), r=D([-1.8, -1], (2, 1)), ef=D(1)),
    case('lsqlin_exact_fit_in_bounds', "x = lsqlin([1 2; 3 4; 5 6], [1; 2; 3], [], [], [], [], [0; 0], [], [], "
         "optimset('Display', 'off'));", x=D([0, 0.5], (2, 1))),
    case('lsqlin_infeasible', "[x, rn, r, ef] = lsqlin(eye(2), [1; 1], [1 1], -1, [], [], [0; 0], [], [], "
         "optimset('Display', 'off')); e = isempty(x);", ef=D(-2), e=L(1)),
    # Octave's lscov (the corpus program ml527-1.m)
    case('lscov_weights', W + "[x, se, me, S] = lscov(A, b, w);",
         x=D([0.15393328966204067, 0.24014257637470482, -0.08520930442859598], (3, 1)),
         se=D([0.056150144906140745, 0.21243369243609964, 0.15242685425592412], (3, 1)),
         me=D(0.0016418817261862212),
         S=D([0.0031528387729806034, -0.010068619657750648, 0.00605662338659486, -0.010068619657750648,
              0.04512807368203537, -0.03137136317233542, 0.00605662338659486, -0.03137136317233542,
              0.023233945898356735], (3, 3))),
    case('lscov_plain_and_covariance', W + "[x2, se2, me2] = lscov(A, b); x3 = lscov(A, b, diag(1 ./ w));",
         x2=D([0.15973008873954092, 0.2043135158564101, -0.056226359816386684], (3, 1)),
         se2=D([0.05770549259715937, 0.2188488547390481, 0.1561875861847028], (3, 1)),
         me2=D(0.0017612098716313642),
         x3=D([0.15393328966204065, 0.24014257637470504, -0.08520930442859642], (3, 1))),
    case('lscov_negative_weight', "x = lscov([1 0; 1 1], [1; 2], [1 -1]);",
         error=('MATLAB:lscov:NegativeWeights', 'Weights must be nonnegative.')),
    case('linprog_nan_input', "x = linprog([-1; -2], [1 1], NaN, [], [], [0; 0], []);",
         error=('MATLAB:linprog:InvalidInput', 'A, b, Aeq and beq must hold finite numbers.')),
    case('linprog_nan_cost', "x = linprog([-1; NaN], [1 1], 2);",
         error=('MATLAB:linprog:InvalidInput', 'f must hold finite numbers.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
