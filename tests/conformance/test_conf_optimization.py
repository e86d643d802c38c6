"""Conformance: fminunc, lsqnonlin, lsqcurvefit and fmincon (MATLAB's Optimization Toolbox; optimization.py)
and optimoptions for them.

The solvers iterate to tolerances, so the cases compare solutions within them, against answers known
independently of scipy: the Rosenbrock minimum [1 1] (Octave's fminunc from [-1.2 1]: 0.99999558
0.99999114), minima of quadratics and of problems solvable by hand (the comments), and the outputs printed
on MATLAB's documentation pages (lsqcurvefit's exponential fit 498.8309 -0.1013; fmincon's Rosenbrock
under x(1) + 2x(2) <= 1, 0.5022 0.2489, and in the unit disk, 0.7864 0.6177). The printed messages are
MATLAB's text (its documentation), which Octave does not print. Iteration counts are not compared.
"""
import pytest

from engine import Session

from harness import C, Cell, D, L, case, check, params

ROSEN = "f = @(x) (1 - x(1))^2 + 100*(x(2) - x(1)^2)^2; "
ROSEN_GRAD = ("fg = @(x) deal((1 - x(1))^2 + 100*(x(2) - x(1)^2)^2, [-2*(1 - x(1)) - 400*x(1)*(x(2) - x(1)^2); "
              "200*(x(2) - x(1)^2)]); ")
QUIET = "q = optimoptions('fminunc', 'Display', 'off'); "
FOUND = ("\nLocal minimum found.\n\nOptimization completed because the size of the gradient is less than\n"
         "the value of the optimality tolerance.\n\n<stopping criteria details>\n\n")
CONSTRAINED = ("\nLocal minimum found that satisfies the constraints.\n\nOptimization completed because the "
               "objective function is non-decreasing in\nfeasible directions, to within the value of the "
               "optimality tolerance,\nand constraints are satisfied to within the value of the constraint "
               "tolerance.\n\n<stopping criteria details>\n\n")
LSQDOC = ("xd = [0.9 1.5 13.8 19.8 24.1 28.2 35.2 60.3 74.6 81.3]; yd = [455.2 428.6 124.1 67.3 43.2 28.1 13.1 "
          "-0.4 -1.3 -1.5]; e = @(x, xdata) x(1)*exp(x(2)*xdata); ")
CON = "o = optimoptions('fmincon', 'Display', 'off'); "

CASES = [
    case('fminunc_rosenbrock', ROSEN + QUIET + "[x, fv, ef, out] = fminunc(f, [-1.2 1], q); a = max(abs(x - [1 1])) < 1e-4; "
         "s = size(x); b = fv < 1e-8; g = out.firstorderopt < 1e-3; al = out.algorithm;",
         a=L(1), s=D([1, 2]), b=L(1), ef=D(1), g=L(1), al=C('quasi-newton')),
    case('fminunc_prints_matlab_message', ROSEN + "x = fminunc(f, [-1.2 1]);", stdout=FOUND),
    case('fminunc_gradient', ROSEN_GRAD + "o = optimoptions('fminunc', 'Display', 'off', 'SpecifyObjectiveGradient', true, "
         "'OptimalityTolerance', 1e-10, 'StepTolerance', 1e-12); [x, fv, ef, out, g] = fminunc(fg, [-1.2; 1], o); a = max(abs(x - [1; 1])) < 1e-8; "
         "s = size(x); sg = size(g); b = max(abs(g)) < 1e-8;", a=L(1), s=D([2, 1]), sg=D([2, 1]), b=L(1), ef=D(1)),
    # logistic regression as the machine-learning course writes it (optimset's GradObj, a cost function
    # returning [J, grad]). Octave (fminunc, TolFun = TolX = 1e-10): theta = [-1.4645249780186633;
    # 0.21384065855394255; -0.26226669501244426], cost 0.5034110792747531
    case('fminunc_logistic_regression', "k = (1:20)'; X = [ones(20, 1) k mod(k*7, 11)]; y = double(mod(k*3, 7) > 2 & k > 6); "
         "h = @(t) 1 ./ (1 + exp(-X*t)); cf = @(t) deal(mean(-y .* log(h(t)) - (1 - y) .* log(1 - h(t))), X'*(h(t) - y)/20); "
         "o = optimset('GradObj', 'on', 'MaxIter', 400, 'TolFun', 1e-10, 'TolX', 1e-10, 'Display', 'off'); "
         "[theta, cost] = fminunc(cf, zeros(3, 1), o); a = max(abs(theta - [-1.4645249780186633; 0.21384065855394255; "
         "-0.26226669501244426])) < 1e-4; b = abs(cost - 0.5034110792747531) < 1e-10;", a=L(1), b=L(1)),
    # optimset's names: GradObj for SpecifyObjectiveGradient, TolFun for OptimalityTolerance
    case('fminunc_optimset', ROSEN_GRAD + "x = fminunc(fg, [-1.2 1], optimset('GradObj', 'on', 'TolFun', 1e-10, 'TolX', 1e-12, 'Display', "
         "'off')); a = max(abs(x - [1 1])) < 1e-8;", a=L(1)),
    # the minimum of sum((X - M).^2) is M, of x0's shape
    case('fminunc_matrix_x0', "M = [1 2; 3 4]; x = fminunc(@(X) sum((X - M).^2, 'all'), zeros(2), optimoptions("
         "'fminunc', 'Display', 'off')); a = max(abs(x(:) - M(:))) < 1e-6; s = size(x);", a=L(1), s=D([2, 2])),
    # an optimality tolerance out of reach: the step tolerance stops it near the minimum (exitflag 2)
    case('fminunc_step_tolerance', ROSEN_GRAD + "[x, fv, ef] = fminunc(fg, [-1.2 1], optimoptions('fminunc', 'Display', 'off', "
         "'SpecifyObjectiveGradient', true, 'OptimalityTolerance', 1e-30)); a = max(abs(x - [1 1])) < 1e-6;",
         a=L(1), ef=D(2)),
    case('fminunc_iteration_limit', ROSEN + "[x, fv, ef] = fminunc(f, [-1.2 1], optimoptions('fminunc', 'Display', "
         "'off', 'MaxIterations', 3));", ef=D(0)),
    case('fminunc_nonscalar', "x = fminunc(@(x) [x x], 1);",
         error=('MATLAB:fminunc:NonScalarObj', 'Objective function must return a scalar value.')),
    case('fminunc_undefined_at_x0', "x = fminunc(@(x) log(x), -1);",
         error=('MATLAB:fminunc:NonRealValue', 'fminunc cannot continue: the function values must be real.')),
    case('fminunc_nan_at_x0', "x = fminunc(@(x) 0/0 + x, 1);",
         error=('optimlib:commonMsgs:UsrObjUndefAtX0',
                'Objective function is undefined at initial point. fminunc cannot continue.')),
    case('fminunc_nonfinite_x0', "x = fminunc(@(x) x^2, [1 NaN]);",
         error=('MATLAB:fminunc:InvalidX0', 'x0 must be a nonempty array of finite real numbers.')),
    case('fminunc_unsupported_option', "x = fminunc(@(x) x^2, 1, optimset('OutputFcn', @disp));",
         error=('MATLAB:fminunc:unsupportedOption', "fminunc does not support the option 'OutputFcn'.")),
    case('optimoptions_fminunc_fields', "o = optimoptions('fminunc', 'TolFun', 1e-9, 'MaxIter', 50); a = o.OptimalityTolerance; "
         "b = o.MaxIterations; c = isfield(o, 'FunctionTolerance'); p = optimoptions(o, 'Display', 'iter'); d = p.Display; "
         "e = p.OptimalityTolerance;", a=D(1e-9), b=D(50), c=L(0), d=C('iter'), e=D(1e-9)),
    case('optimoptions_wrong_option', "o = optimoptions('fminunc', 'ConstraintTolerance', 1e-3);",
         error=('MATLAB:optimoptions:InvalidParameterName', "Invalid parameter name 'ConstraintTolerance'.")),

    # lsqnonlin: Rosenbrock's residuals [1 - x1; 10(x2 - x1^2)] vanish at [1 1]
    case('lsqnonlin_rosenbrock', "[x, rn, r, ef] = lsqnonlin(@(x) [1 - x(1); 10*(x(2) - x(1)^2)], [-1.2; 1], [], [], "
         "optimoptions('lsqnonlin', 'Display', 'off')); a = max(abs(x - [1; 1])) < 1e-6; b = rn < 1e-12; s = size(r);",
         a=L(1), b=L(1), s=D([2, 1]), ef=D(1)),
    case('lsqnonlin_prints_matlab_message', "x = lsqnonlin(@(x) [1 - x(1); 10*(x(2) - x(1)^2)], [-1.2; 1]);", stdout=FOUND),
    # residuals [x - 1, x - 3]: x = 2, resnorm 2, residual [1 -1] (fun's shape)
    case('lsqnonlin_resnorm_residual', "[x, rn, r] = lsqnonlin(@(x) [x - 1, x - 3], 0, [], [], optimset('Display', "
         "'off')); a = abs(x - 2) < 1e-8; b = abs(rn - 2) < 1e-8; c = max(abs(r - [1 -1])) < 1e-8; s = size(r);",
         a=L(1), b=L(1), c=L(1), s=D([1, 2])),
    # the nearest point of the box [0 2] x [0 2] to [3 -1] is [2 0]; equal bounds fix x(1) = 1
    case('lsqnonlin_bounds', "o = optimoptions('lsqnonlin', 'Display', 'off'); x = lsqnonlin(@(x) x - [3 -1], [1 1], [0 0], "
         "[2 2], o); a = max(abs(x - [2 0])) < 1e-6; y = lsqnonlin(@(x) [x(1) - 3; x(2) - 5], [1 0], [1 0], [1 Inf], o); "
         "b = max(abs(y - [1 5])) < 1e-6; [z, ~, ~, ~, ~, lam] = lsqnonlin(@(x) x - 3, 0, [], 1, o); c = abs(z - 1) < 1e-6; "
         "d = abs(lam.upper - 4) < 1e-4;", a=L(1), b=L(1), c=L(1), d=L(1)),
    case('lsqnonlin_levenberg_marquardt', "o = optimoptions('lsqnonlin', 'Algorithm', 'levenberg-marquardt', 'Display', 'off'); "
         "[x, rn, r, ef, out] = lsqnonlin(@(x) [1 - x(1); 10*(x(2) - x(1)^2)], [-1.2 1], [], [], o); "
         "a = max(abs(x - [1 1])) < 1e-6; al = out.algorithm;", a=L(1), al=C('levenberg-marquardt')),
    case('lsqnonlin_jacobian', "o = optimoptions('lsqnonlin', 'SpecifyObjectiveGradient', true, 'Display', 'off'); "
         "r = @(x) deal([1 - x(1); 10*(x(2) - x(1)^2)], [-1 0; -20*x(1) 10]); x = lsqnonlin(r, [-1.2; 1], [], [], o); "
         "a = max(abs(x - [1; 1])) < 1e-8;", a=L(1)),
    case('lsqnonlin_nan_jacobian', "o = optimoptions('lsqnonlin', 'SpecifyObjectiveGradient', true, 'Display', 'off'); "
         "x = lsqnonlin(@(x) deal(x - 1, NaN), 0, [], [], o);",
         error=('optimlib:lsqnonlin:CannotContinue', 'lsqnonlin cannot continue: array must not contain infs or NaNs.')),
    case('lsqnonlin_nan_bound', "x = lsqnonlin(@(x) x - 1, [0 0], [0 NaN]);",
         error=('optimlib:lsqnonlin:NaNBounds', 'The bound lb must not contain NaN.')),
    case('lsqnonlin_size_changes', "x = lsqnonlin(@(x) x : 3, 0, [], 1, optimset('Display', 'off'));",
         error=('optimlib:lsqnonlin:FunValueSizeChanged', 'The function must return the same number of values at '
                'every point (4, then 3).')),
    case('lsqnonlin_infeasible_bounds', "[x, rn, r, ef] = lsqnonlin(@(x) x, 1, 2, 0, optimset('Display', 'off'));",
         x=D(1), ef=D(-2)),

    case('lsqcurvefit_documented_example', LSQDOC + "x = lsqcurvefit(e, [100 -1], xd, yd, [], [], optimoptions('lsqcurvefit', "
         "'Display', 'off')); a = abs(x(1) - 498.8309) < 1e-3; b = abs(x(2) + 0.1013) < 1e-4; s = size(x);",
         a=L(1), b=L(1), s=D([1, 2])),
    # the line 1 + 2t through t = 0:4 with the slope bounded by 1: slope 1, intercept 1 + mean(t) = 3
    case('lsqcurvefit_bounded_line', "t = 0:4; [x, rn, r, ef] = lsqcurvefit(@(x, t) x(1) + x(2)*t, [0 0], t, 1 + 2*t, "
         "[-Inf -Inf], [Inf 1], optimset('Display', 'off')); a = max(abs(x - [3 1])) < 1e-6; b = abs(rn - 10) < 1e-6; "
         "s = size(r);", a=L(1), b=L(1), s=D([1, 5])),
    case('lsqcurvefit_size_mismatch', "x = lsqcurvefit(@(x, t) x*t, 1, 1:3, [1; 2; 3]);",
         error=('optimlib:lsqcurvefit:YdataSizeMismatchFunVal', 'Function value and YDATA sizes are not equal.')),

    # min x1^2 + x2^2 on x1 + x2 = 1: [0.5; 0.5]
    case('fmincon_equality', "[x, fv, ef, out] = fmincon(@(x) x(1)^2 + x(2)^2, [1; 1], [], [], [1 1], 1); "
         "a = max(abs(x - [0.5; 0.5])) < 1e-6; b = abs(fv - 0.5) < 1e-8; s = size(x); c = out.constrviolation < 1e-8;",
         a=L(1), b=L(1), s=D([2, 1]), c=L(1), ef=D(1), stdout=CONSTRAINED),
    case('fmincon_documented_linear', CON + ROSEN + "x = fmincon(f, [-1 2], [1 2], 1, [], [], [], [], [], o); "
         "a = max(abs(x - [0.5022 0.2489])) < 1e-4;", a=L(1)),
    case('fmincon_documented_nonlinear', CON + ROSEN + "nl = @(x) deal(x(1)^2 + x(2)^2 - 1, []); "
         "[x, fv, ef] = fmincon(f, [0 0], [], [], [], [], [], [], nl, o); a = max(abs(x - [0.7864 0.6177])) < 1e-4;",
         a=L(1), ef=D(1)),
    case('fmincon_constraint_gradient', CON.replace("'Display', 'off'", "'Display', 'off', 'SpecifyConstraintGradient', true, "
         "'SpecifyObjectiveGradient', true") + ROSEN_GRAD + "nl = @(x) deal(x(1)^2 + x(2)^2 - 1, [], [2*x(1); 2*x(2)], []); "
         "x = fmincon(fg, [0; 0], [], [], [], [], [], [], nl, o); a = max(abs(x - [0.7864; 0.6177])) < 1e-4;", a=L(1)),
    # a linear objective in a box: the corner [1 2]
    case('fmincon_bounds', CON + "[x, fv] = fmincon(@(x) -x(1) - x(2), [0 0], [], [], [], [], [0 0], [1 2], [], o); "
         "a = max(abs(x - [1 2])) < 1e-8; b = abs(fv + 3) < 1e-8;", a=L(1), b=L(1)),
    case('fmincon_infeasible', CON + "[x, fv, ef] = fmincon(@(x) x^2, 0, 1, -1, 1, 1, [], [], [], o);", ef=D(-2)),
    case('fmincon_bad_bounds', "x = fmincon(@(x) x, 0, [], [], [], [], 2, 1);",
         error=('optimlib:fmincon:InfeasibleBounds', 'Exiting due to infeasibility: at least one lower bound exceeds '
                'the corresponding upper bound.')),
    case('fmincon_bad_A', "x = fmincon(@(x) sum(x), [0 0], [1 2 3], 1);",
         error=('optimlib:fmincon:WrongSizeA', 'A must have numel(x0) = 2 columns and one row per element of b.')),
    # Lagrange multipliers in MATLAB's signs (grad f + lambda' * constraint gradients = 0): on x1 + x2 = 1,
    # grad f = [1; 1] gives eqlin -1; (x - 3)^2 below 1: upper 4; (x + 3)^2 above -1: lower 4; x1 + x2 >= 1
    # as -x1 - x2 <= -1: ineqlin 1
    case('fmincon_lambda', CON + "[x, fv, ef, out, l1, g1] = fmincon(@(x) x(1)^2 + x(2)^2, [1; 1], [], [], [1 1], 1, [], [], [], o); "
         "[~, ~, ~, ~, l2] = fmincon(@(x) (x - 3)^2, 0, [], [], [], [], [], 1, [], o); [~, ~, ~, ~, l3] = fmincon(@(x) (x + 3)^2, "
         "0, [], [], [], [], -1, [], [], o); [~, ~, ~, ~, l4] = fmincon(@(x) x(1)^2 + x(2)^2, [2; 2], [-1 -1], -1, [], [], [], "
         "[], [], o); a = abs(l1.eqlin + 1) < 1e-6; b = max(abs(g1 - [1; 1])) < 1e-6; c = abs(l2.upper - 4) < 1e-6 && "
         "l2.lower == 0; d = abs(l3.lower - 4) < 1e-6 && l3.upper == 0; e = abs(l4.ineqlin - 1) < 1e-6; f = fieldnames(l1)'; "
         "s = size(l1.ineqlin);", a=L(1), b=L(1), c=L(1), d=L(1), e=L(1), s=D([0, 1]),
         f=Cell([C('eqlin'), C('eqnonlin'), C('ineqlin'), C('lower'), C('upper'), C('ineqnonlin')])),
    # MATLAB's documented example with all outputs: x = [0.5 0.25] on the upper bound of x1, lambda.upper =
    # [1; 0], the disk constraint inactive (0), grad = [-1; 0]; the Hessian of Rosenbrock's function there
    # is [202 -200; -200 200] (finite differences: to about 1)
    case('fmincon_documented_all_outputs', CON + ROSEN + "nl = @(x) deal((x(1) - 1/3)^2 + (x(2) - 1/3)^2 - (1/3)^2, []); "
         "[x, fv, ef, out, lam, g, H] = fmincon(f, [1/4 1/4], [], [], [], [], [0 0.2], [0.5 0.8], nl, o); "
         "a = max(abs(x - [0.5 0.25])) < 1e-6; b = max(abs(lam.upper - [1; 0])) < 1e-4 && all(lam.lower == 0) && "
         "lam.ineqnonlin == 0; c = max(abs(g - [-1; 0])) < 1e-4; d = max(max(abs(H - [202 -200; -200 200]))) < 1;",
         a=L(1), b=L(1), c=L(1), d=L(1)),
    # the unit disk (fmincon_documented_nonlinear): the gradient of f balances lambda times that of the constraint
    case('fmincon_lambda_nonlinear', CON + ROSEN + "nl = @(x) deal(x(1)^2 + x(2)^2 - 1, []); [x, fv, ef, out, lam, g] = "
         "fmincon(f, [0 0], [], [], [], [], [], [], nl, o); a = lam.ineqnonlin > 0 && norm(g + lam.ineqnonlin*2*x(:)) < 1e-4;",
         a=L(1)),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)


def test_objectives_returning_gpuarrays_are_gathered():
    """An objective that returns a gpuArray (a session with the GPU): the solvers compute on the host, so
    fminunc, lsqnonlin and the function functions of funfun.py (fzero here) gather it (was a type error)."""
    s = Session(device="auto")
    r = s.execute("x = fminunc(@(x) sum((x - gpuArray([1 2])).^2), [0 0], optimoptions('fminunc', 'Display', 'off')); "
                  "y = lsqnonlin(@(x) x - gpuArray([3 4]), [0 0], [], [], optimset('Display', 'off')); "
                  "z = fzero(@(x) x - gpuArray(2), 0);")
    assert r.error is None, r.error and r.error.message
    assert abs(s.workspace["x"] - [[1, 2]]).max() < 1e-6
    assert abs(s.workspace["y"] - [[3, 4]]).max() < 1e-6
    assert s.workspace["z"] == 2
