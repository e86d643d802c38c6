"""Conformance: mfilename in a cell, timeit, iskeyword, namelengthmax, usejava, isdeployed, clearvars, evalc, lasterr.

iskeyword('for'), iskeyword('x') and namelengthmax recorded with GNU Octave; the rest follows MATLAB's
documentation: mfilename outside a file (a cell, like MATLAB's command line) is '', iskeyword lists
MATLAB's 20 keywords, and there is no Java here."""
import pytest

from harness import C, Cell, D, L, case, check, params

CASES = [
    case('keywords', "k = iskeyword('for'); k2 = iskeyword('x'); n = namelengthmax; c = mfilename; l = numel(iskeyword()); e = iskeyword(5);",
         k=L(1), k2=L(0), n=D(63), c=C(''), l=D(20), e=L(0)),
    case('java_and_deployment', "u = usejava('desktop'); d = isdeployed;", u=L(0), d=L(0)),
    case('usejava_bad_feature', "u = usejava('nope');",
         error=('MATLAB:usejava:invalidArgument', "Feature must be 'jvm', 'awt', 'desktop' or 'swing'.")),
    case('timeit_forms', "t = timeit(@() sum(1:100)); a = t > 0 && t < 1; t0 = timeit(@() rand(2), 0); b = isa(t0, 'double');",
         a=L(1), b=L(1)),
    case('timeit_not_handle', "t = timeit(5);",
         error=('MATLAB:timeit:InvalidFunctionHandle', 'The first input must be a function handle.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)


def test_mfilename_names_the_running_file(tmp_path, monkeypatch):
    from engine import Session
    monkeypatch.chdir(tmp_path)
    (tmp_path / "whoami.m").write_text("function [a, b] = whoami()\n  a = mfilename;\n  b = mfilename('fullpath');\nend\n")
    s = Session()
    assert s.execute("[a, b] = whoami();").error is None
    assert s.workspace["a"].to_str() == "whoami"
    assert s.workspace["b"].to_str() == str(tmp_path / "whoami")


CLEARVARS = [
    # recorded with GNU Octave
    case('clearvars_forms', "a=1; ab=2; b=3; c=4; clearvars a* -except ab; w1 = who; clearvars -except w1; w2 = who; "
         "x1=1; x2=2; y=3; clearvars -regexp ^x\\d; w3 = who;",
         w1=Cell([C('ab'), C('b'), C('c')], (3, 1)), w2=Cell([C('w1')]), w3=Cell([C('w1'), C('w2'), C('y')], (3, 1))),
    case('clearvars_all', "p = 1; q = 2; clearvars; n = numel(who);", n=D(0)),
]


@pytest.mark.parametrize("c", params(CLEARVARS))
def test_clearvars(session, c):
    check(session, c)


EVALC = [
    # recorded with GNU Octave
    case('lasterr_forms', "try, error('a:b', 'boom'); catch, end; [m, id] = lasterr; p = lasterr('new', 'c:d'); lasterr(''); m2 = lasterr;",
         m=C('boom'), id=C('a:b'), p=C('boom'), m2=C('')),
    # MATLAB's documentation: evalc returns what the code prints (disp(5) prints five characters wide)
    case('evalc_captures_output', "U = evalc('disp(5); fprintf(''a\\n'');'); V = evalc('error(''boom'')', 'disp(1)'); "
         "W = evalc('y = 1;'); z = y;", stdout="", U=C('     5\na\n'), V=C('     1\n'), W=C(''), z=D(1)),
    case('evalc_error_propagates', "T = evalc('error(''my:id'', ''boom'')');", error=('my:id', 'boom')),
]


@pytest.mark.parametrize("c", params(EVALC))
def test_evalc(session, c):
    check(session, c)
