"""Conformance: inputParser, a handle object (addRequired/addOptional/addParameter, parse, Results,
UsingDefaults, Unmatched, KeepUnmatched, CaseSensitive, PartialMatching, StructExpand, p.method(...)
calls). Values recorded with GNU Octave (record.py). Octave lists Results' fields in the order declared;
MATLAB in alphabetical order (its documentation's examples, and its Parameters property "sorted
alphabetically"), which these cases follow. Error messages are MATLAB's, as noted."""
import pytest

from harness import C, Cell, D, L, St, case, check, params

PARSE = ("function r = f(varargin)\n  p = inputParser;\n  p.FunctionName = 'f';\n"
         "  p.addRequired('x', @isnumeric);\n  p.addOptional('y', 5);\n"
         "  p.addParameter('zeta', 1, @(v) v > 0);\n  addParameter(p, 'alpha', 'a');\n"
         "  p.parse(varargin{:});\n  r = p.Results;\nend")

CASES = [
    case('addParamValue_is_addParameter', "p = inputParser; addParamValue(p, 'Width', 5); parse(p, 'Width', 7); w = p.Results.Width; "
         "q = inputParser; addParamValue(q, 'Width', 5); parse(q); d = q.Results.Width;", w=D(7), d=D(5)),
    case('ip_all_forms', "r = f(3, 7, 'ZETA', 9); n = fieldnames(r);\n" + PARSE,
         r=St(alpha=C('a'), x=D(3), y=D(7), zeta=D(9)), n=Cell([C('alpha'), C('x'), C('y'), C('zeta')], (4, 1))),
    # 'ze' is a unique prefix of zeta: MATLAB's PartialMatching (on by default); Octave matches whole names
    case('ip_defaults_partial_match', "r = f(3, 'alpha', 'q', 'ze', 2);\n" + PARSE,
         r=St(alpha=C('q'), x=D(3), y=D(5), zeta=D(2))),
    case('ip_keep_unmatched', "q = inputParser; q.KeepUnmatched = true; addParameter(q, 'a', 1); "
         "parse(q, 'b', 2, 'a', 3); un = q.Unmatched; ra = q.Results.a; k = q.KeepUnmatched;",
         un=St(b=D(2)), ra=D(3), k=L(1)),
    case('ip_optional_then_parameter', "w = inputParser; addOptional(w, 'n', 1, @isnumeric); "
         "addParameter(w, 'mode', 'x'); parse(w, 'mode', 'y'); wn = w.Results.n; wm = w.Results.mode; "
         "u = w.UsingDefaults; c = class(w); pr = w.Parameters;",
         wn=D(1), wm=C('y'), u=Cell([C('n')]), c=C('inputParser'), pr=Cell([C('mode'), C('n')])),
    case('ip_struct_expand', "s = inputParser; s.addParameter('a', 1); s.addParameter('b', 2); "
         "s.parse(struct('b', 7)); r = s.Results; u = s.UsingDefaults;", r=St(a=D(1), b=D(7)), u=Cell([C('a')])),
    case('ip_handle', "p = inputParser; q = p; addRequired(q, 'x'); parse(p, 4); x = p.Results.x; "
         "o = isobject(p);", x=D(4), o=L(1)),
    # errors: MATLAB's identifiers and messages (Octave words them differently)
    case('ip_failed_validation', "r = f('a');\n" + PARSE,
         error=('MATLAB:InputParser:ArgumentFailedValidation',
                "The value of 'x' is invalid. It must satisfy the function: isnumeric.")),
    case('ip_failed_anonymous_validation', "r = f(1, 2, 'zeta', -1);\n" + PARSE,
         error=('MATLAB:InputParser:ArgumentFailedValidation',
                "The value of 'zeta' is invalid. It must satisfy the function: @(v)v>0.")),
    case('ip_unmatched', "r = f(1, 2, 'bogus', 1);\n" + PARSE,
         error=('MATLAB:InputParser:UnmatchedParameter', "'bogus' is not a recognized parameter. For a list of "
                "valid name-value pair arguments, see the documentation for this function.")),
    case('ip_missing_required', "r = f();\n" + PARSE, error=('MATLAB:minrhs', 'Not enough input arguments.')),
    case('ip_missing_value', "r = f(1, 2, 'zeta');\n" + PARSE,
         error=('MATLAB:InputParser:ParamMissingValue', "No value was given for 'zeta'. Name-value pair "
                "arguments require a name followed by a value.")),
    case('ip_results_read_only', "p = inputParser; p.Results = 1;",
         error=('MATLAB:class:SetProhibited',
                "Unable to set the 'Results' property of class 'inputParser' because it is read-only.")),
]


@pytest.mark.parametrize("c", params(CASES))
def test_inputparser(session, c):
    check(session, c)
