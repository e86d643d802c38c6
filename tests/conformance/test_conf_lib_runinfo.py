"""Conformance: mfilename in a cell, timeit, iskeyword, namelengthmax, usejava, isdeployed.

iskeyword('for'), iskeyword('x') and namelengthmax recorded with GNU Octave; the rest follows MATLAB's
documentation: mfilename outside a file (a cell, like MATLAB's command line) is '', iskeyword lists
MATLAB's 20 keywords, and there is no Java here."""
import pytest

from harness import C, D, L, case, check, params

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
