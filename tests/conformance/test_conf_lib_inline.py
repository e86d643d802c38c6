"""Conformance: inline, vectorize, formula and argnames.

Recorded with GNU Octave where the arguments are named; the automatic argument (the isolated letter
closest to x) follows MATLAB's documentation, written by hand (Octave takes every variable)."""
import pytest

from harness import C, Cell, D, case, check, params

CASES = [
    case('inline_forms', "g = inline('a*x + b', 'x', 'a', 'b'); b = g(2, 3, 1); h = inline('x + P1*P2', 2); c = h(1, 2, 3); v = vectorize('x^2*y'); k = inline('x.^2', 'x'); d = k([1 2 3]); n = argnames(g); z = fzero(inline('x^2-2', 'x'), [0 2]); a = feval(inline('3*x', 'x'), 2);",
         a=D(6), b=D(7), c=D(7), v=C('x.^2.*y'), d=D([1, 4, 9]), n=Cell([C('x'), C('a'), C('b')], (3, 1)), z=D(1.414213562373096)),
    case('inline_argument_found', "f = inline('t^2 - 1'); a = f(3); q = argnames(inline('sin(s) + t')); r = argnames(inline('2*pi')); "
         "k = vectorize(inline('x^2')); d = k([1 2 3]); e = formula(inline('y+1', 'y'));",
         a=D(8), q=Cell([C('t')]), r=Cell([C('x')]), d=D([1, 4, 9]), e=C('y+1')),
    case('inline_bad_name', "f = inline('x + 1', '1x');",
         error=('MATLAB:inline:InvalidArgument', 'Argument names must be valid variable names.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
