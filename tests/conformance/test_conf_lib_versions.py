"""Conformance: version, verLessThan and inputname.

version and verLessThan report the MATLAB language level matfuse implements (R2023b, version 23.2),
documented in their help; no toolbox other than 'matlab' is installed, which is MATLAB's error for
verLessThan. inputname of plain variables was recorded with GNU Octave ('|alpha|beta|alpha'); '' for a
number, an expression or an indexing expression, and the arguments after a comma list, follow MATLAB's
documentation."""
import pytest

from harness import C, D, L, case, check, params

SHOWN = ("\nfunction r = shown(varargin)\n  r = '';\n  for k = 1:nargin\n    r = [r, '|', inputname(k)];\n"
         "  end\nend")

CASES = [
    case('version_forms', "v = version; r = version('-release'); j = version('-java'); d = strncmp(version('-description'), 'matfuse ', 8);",
         v=C('23.2.0.0 (R2023b)'), r=C('2023b'), j=C('Java is not enabled'), d=L(1)),
    case('verlessthan_matlab', "a = verLessThan('matlab', '9.1'); b = verLessThan('matlab', '24.1'); "
         "c = verLessThan('MATLAB', '23.2'); d = verLessThan('matlab', \"23.2.0.1\");",
         a=L(0), b=L(1), c=L(0), d=L(1)),
    case('ver_struct', "v = ver; n = v(1).Name; m = ver('matlab'); mv = m.Version; mr = m.Release; k = numel(ver('signal'));",
         n=C('matfuse'), mv=C('23.2'), mr=C('(R2023b)'), k=D(0)),
    case('verlessthan_missing_toolbox', "x = verLessThan('signal', '1.0');",
         error=('MATLAB:verLessThan:missingToolbox', "Toolbox 'signal' not found.")),
    case('verlessthan_bad_version', "x = verLessThan('matlab', 'R2019a');",
         error=('MATLAB:verLessThan:badVersionFormat',
                "Version must be numbers separated by periods, like '9.14'; got 'R2019a'.")),
    case('version_bad_option', "x = version('-date');",
         error=('MATLAB:version:invalidOption',
                "Option '-date' is not supported; use '-release', '-description' or '-java'.")),
    case('inputname_variables', "alpha = 1; beta = [1 2]; s = shown(alpha, beta, alpha);" + SHOWN,
         s=C('|alpha|beta|alpha')),
    case('inputname_not_variables', "alpha = 1; beta = [1 2]; c = {1, 2}; s = shown(3, alpha + 1, beta(2), alpha); "
         "t = shown(c{:}, alpha);" + SHOWN, s=C('||||alpha'), t=C('|||')),
    case('inputname_outside_function', "n = inputname(1);",
         error=('MATLAB:inputname:noCaller', 'inputname must be called from within a function.')),
    case('inputname_too_large', "s = one(1);\nfunction r = one(x)\n  r = inputname(2);\nend",
         error=('MATLAB:inputname:argNumberTooLarge', 'Argument number exceeds number of input arguments.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
