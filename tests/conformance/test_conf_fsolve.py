"""Conformance: fsolve (MATLAB's Optimization Toolbox function; 17 programs of the chemineer corpus call
it). Solutions recorded with GNU Octave's fsolve (tests/conformance/record.py): both iterate to the
tolerance, so the cases compare within it; the printed message is MATLAB's text (fsolve's
documentation), which Octave does not print."""
import pytest

from harness import C, Cell, D, L, case, check, params

ROOT2D = "f = @(x) [exp(-exp(-(x(1)+x(2)))) - x(2)*(1+x(1)^2); x(1)*cos(x(2)) + x(2)*sin(x(1)) - 0.5];"
QUIET = "o = optimset('Display', 'off');"
SOLVED = ("\nEquation solved.\n\nfsolve completed because the vector of function values is near zero\n"
          "as measured by the value of the function tolerance, and\nthe problem appears regular as measured "
          "by the gradient.\n\n<stopping criteria details>\n\n")

CASES = [
    # Octave: 0.353246561920013 0.606082026507483, exitflag 1 (MATLAB's fsolve page: 0.3532 0.6061)
    case('fsolve_root2d', ROOT2D + QUIET + "[x, fv, ef] = fsolve(f, [0 0], o); a = max(abs(x - [0.353246561920013 0.606082026507483])) < 1e-6; "
         "s = size(x); b = norm(fv) < 1e-6; sf = size(fv);", a=L(1), s=D([1, 2]), b=L(1), sf=D([2, 1]), ef=D(1)),
    case('fsolve_prints_matlab_message', "x = fsolve(@(x) [x(1)^2 + x(2)^2 - 1; x(1) - x(2)], [1; 0]);", stdout=SOLVED),
    case('fsolve_output_and_jacobian', ROOT2D + QUIET + "[x, fv, ef, out, J] = fsolve(f, [0; 0], o); a = out.algorithm; "
         "b = out.funcCount > 0; c = size(J); d = abs(J(2, 1) - (cos(x(2)) + x(2)*cos(x(1)))) < 1e-5;",
         a=C('trust-region-dogleg'), b=L(1), c=D([2, 2]), d=L(1)),
    # MINPACK's hybrid method stalls on this one (exp overflows at its trial points); the dogleg search
    # from x0 finds the root (Octave: 4.99999999999 4.99999999999, exitflag 1; a chemineer program too)
    case('fsolve_stalled_hybrid', QUIET + "[x, fv, ef] = fsolve(@(x) [exp(-10*(x(1) - 5)) - 1; x(2) - x(1)], [0; 0], o); "
         "a = norm(x - [5; 5]) < 1e-6;", a=L(1), ef=D(1)),
    case('fsolve_no_solution', QUIET + "[x, fv, ef] = fsolve(@(x) x.^2 + 1, 1, o);", ef=D(-2)),
    case('fsolve_evaluation_limit', QUIET + "[x, fv, ef] = fsolve(@(x) x.^2 + 1, 1, optimset(o, 'MaxFunEvals', 5));", ef=D(0)),
    case('fsolve_overdetermined', QUIET + "x = fsolve(@(x) [x(1) - 1; x(2) - 2; x(1) + x(2) - 3], [0; 0], o); a = norm(x - [1; 2]) < 1e-6;",
         a=L(1)),
    case('fsolve_matrix_x0', QUIET + "x = fsolve(@(X) X*X - [2 0; 0 3], eye(2), o); a = norm(x*x - [2 0; 0 3]) < 1e-6; s = size(x);",
         a=L(1), s=D([2, 2])),
    case('fsolve_complex_value', QUIET + "x = fsolve(@(x) sqrt(x) + 1i, 1, o);",
         error=('MATLAB:fsolve:ComplexFunValue', 'fsolve cannot continue: the function returned complex values at x0.')),
    # a trial step to f < 0 makes the Colebrook equation complex: the solvers step back from it (chemineer
    # 2nd edition's ml094-2.m; Octave: 0.0198967849278, exitflag 1)
    case('fsolve_complex_trial_point', QUIET + "cb = @(f) 1/sqrt(f) + 0.86*log(1.5e-4/3.7 + 2.51/8e4/sqrt(f)); "
         "[x, fv, ef] = fsolve(cb, 0.1, o); a = abs(x - 0.0198967849) < 1e-8;", a=L(1), ef=D(1)),
    # optimoptions' names (MATLAB's current form of fsolve's options), optimset's accepted for them
    case('fsolve_optimoptions', ROOT2D + "o = optimoptions('fsolve', 'Display', 'off', 'FunctionTolerance', 1e-12); "
         "[x, fv, ef] = fsolve(f, [0 0], o); a = max(abs(x - [0.353246561920013 0.606082026507483])) < 1e-6; "
         "b = norm(fv) < 1e-6; t = o.FunctionTolerance; m = isempty(o.StepTolerance);",
         a=L(1), b=L(1), ef=D(1), t=D(1e-12), m=L(1)),
    case('fsolve_optimoptions_limit', "o = optimoptions(@fsolve, 'display', 'off'); o.MaxFunctionEvaluations = 5; "
         "[x, fv, ef] = fsolve(@(x) x.^2 + 1, 1, o); p = optimoptions(o, 'TolX', 1e-3); s = p.StepTolerance;",
         ef=D(0), s=D(1e-3)),
    case('fsolve_nan_limit', "o = optimoptions('fsolve', 'Display', 'off'); o.MaxFunctionEvaluations = NaN; x = fsolve(@(x) x - 1, 0, o);",
         error=('MATLAB:fsolve:invalidOption', 'The option MaxFunEvals must be a nonnegative number.')),
    case('fminsearch_infinite_limit', "x = fminsearch(@(x) (x - 2)^2, 1, optimset('MaxIter', Inf, 'Display', 'off')); a = abs(x - 2) < 1e-3;",
         a=L(1)),
    case('optimoptions_other_solver', "o = optimoptions('quadprog');",
         error=('MATLAB:optimoptions:InvalidSolver', "optimoptions supports the solvers fsolve, fminunc, lsqnonlin, "
                "lsqcurvefit, fmincon, linprog, lsqlin here; 'quadprog' is not one (fzero, fminbnd and fminsearch "
                "take optimset's options).")),
    # linprog and lsqlin read optimoptions' structures too (by optimset's names): max x1 + 2 x2 on x1 + x2 <= 2,
    # x >= 0 is the vertex [0; 2]
    case('optimoptions_linprog', "o = optimoptions('linprog', 'Display', 'off'); x = linprog([-1; -2], [1 1], 2, [], [], "
         "[0; 0], [], o); f = fieldnames(o)'; y = lsqlin(eye(2), [1; 2], [], [], [], [], [], [], [], optimoptions('lsqlin', "
         "'Display', 'off'));", x=D([0, 2], (2, 1)), f=Cell([C('Display'), C('MaxIterations')]), y=D([1, 2], (2, 1))),
    case('optimoptions_unknown_name', "o = optimoptions('fsolve', 'Bogus', 1);",
         error=('MATLAB:optimoptions:InvalidParameterName', "Invalid parameter name 'Bogus'.")),
    case('fsolve_unsupported_option', "x = fsolve(@(x) x - 1, 0, optimset('OutputFcn', @disp));",
         error=('MATLAB:fsolve:unsupportedOption', "fsolve does not support the option 'OutputFcn'.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
