"""Conformance: jsonencode and jsondecode. Values recorded with GNU Octave 7 (whose JSON functions follow
MATLAB's conversion tables); where Octave differs from MATLAB's documentation the test says so."""
import pytest

from harness import C, Cell, D, L, St, StArr, case, check, nan, params

CASES = [
    case('jsonencode_numbers', "a = jsonencode(pi); b = jsonencode([1 2 3]); c = jsonencode([1; 2; 3]); "
         "d = jsonencode(magic(3)); g = jsonencode([]); i = jsonencode([NaN Inf]); n = jsonencode(0.1); "
         "q = jsonencode(1e-7); r = jsonencode(-0); k = jsonencode(int8([1 2])); w = jsonencode([true false]);",
         a=C('3.141592653589793'), b=C('[1,2,3]'), c=C('[1,2,3]'), d=C('[[8,1,6],[3,5,7],[4,9,2]]'), g=C('[]'),
         i=C('[null,null]'), n=C('0.1'), q=C('1e-7'), r=C('0'), k=C('[1,2]'), w=C('[true,false]')),
    case('jsonencode_nd_and_containers', "m = jsonencode(reshape(1:12, 2, 3, 2)); e = jsonencode(struct('a', {1, 2})); "
         "f = jsonencode({1, 'x', [1 2]}); c2 = jsonencode({1, 2; 3, 4}); l = jsonencode(struct()); "
         "t = jsonencode(['ab'; 'cd']); o = jsonencode(''); s = jsonencode(struct('w', 800, 't', 'View', 'ids', [116 943], 'on', false));",
         m=C('[[[1,7],[3,9],[5,11]],[[2,8],[4,10],[6,12]]]'), e=C('[{"a":1},{"a":2}]'), f=C('[1,"x",[1,2]]'),
         c2=C('[1,3,2,4]'), l=C('{}'), t=C('["ab","cd"]'), o=C('""'),
         s=C('{"w":800,"t":"View","ids":[116,943],"on":false}')),
    # MATLAB's documentation: PrettyPrint indents by two spaces; ConvertInfAndNaN false writes NaN and Infinity;
    # a single is written with its own shortest digits; a Map is an object (not in Octave)
    case('jsonencode_options', "p = jsonencode(struct('a', [1 2]), 'PrettyPrint', true); "
         "x = jsonencode([1 NaN -Inf], 'ConvertInfAndNaN', false); z = jsonencode(single(0.1)); "
         "mp = jsonencode(containers.Map({'k1', 'k2'}, {1, 'v'}));",
         p=C('{\n  "a": [\n    1,\n    2\n  ]\n}'), x=C('[1,NaN,-Infinity]'), z=C('0.1'), mp=C('{"k1":1,"k2":"v"}')),
    case('jsondecode_arrays', "a = jsondecode('[1, 2, 3]'); b = jsondecode('[[1,2],[3,4],[5,6]]'); "
         "f = jsondecode('[1, null, 3]'); g = jsondecode('[\"ab\", \"c\"]'); l = jsondecode('[[[1,2],[3,4]],[[5,6],[7,8]]]'); "
         "m = jsondecode('[]'); r = jsondecode('[null, null]'); t = jsondecode('[true, false]'); o = jsondecode('3.5');",
         a=D([1, 2, 3], (3, 1)), b=D([1, 3, 5, 2, 4, 6], (3, 2)), f=D([1, nan, 3], (3, 1)), g=Cell([C('ab'), C('c')], (2, 1)),
         l=D([1, 5, 3, 7, 2, 6, 4, 8], (2, 2, 2)), m=D([], (0, 0)), r=D([nan, nan], (2, 1)), t=L([1, 0], (2, 1)), o=D(3.5)),
    case('jsondecode_objects', "c = jsondecode('{\"a\": 1, \"b\": \"x\", \"c\": [true, false], \"d\": null}'); "
         "d = jsondecode('[{\"a\":1},{\"a\":2}]'); h = fieldnames(jsondecode('{\"1st key\": 5, \"a-b\": 6}')); "
         "k = jsondecode('[{\"a\":1},{\"b\":2}]'); e = jsondecode('[1, \"x\", [1,2]]'); p = jsondecode('[[1,2],[3]]'); n = jsondecode('{}');",
         c=St(a=D(1), b=C('x'), c=L([1, 0], (2, 1)), d=D([], (0, 0))), d=StArr(['a'], [[D(1)], [D(2)]], (2, 1)),
         h=Cell([C('x1stKey'), C('a_b')], (2, 1)), k=Cell([St(a=D(1)), St(b=D(2))], (2, 1)),
         e=Cell([D(1), C('x'), D([1, 2], (2, 1))], (3, 1)), p=Cell([D([1, 2], (2, 1)), D(3)], (2, 1)), n=St()),
    case('jsondecode_bad_text', "s = jsondecode('{\"a\": }');",
         error=('MATLAB:json:ExpectedValue', 'Unable to parse JSON text: Expecting value at line 1, column 7.')),
    case('jsonencode_bad_option', "s = jsonencode(1, 'Pretty', 2, 'x');",
         error=('MATLAB:jsonencode:ArgumentsNotPaired', 'Name-value arguments must come in pairs.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)


def test_round_trip_of_nested_data(session):
    r = session.execute("s.name = 'run'; s.values = [1.5; 2; NaN]; s.tags = {'a'; 'b'}; s.inner = struct('k', {1; 2}); "
                        "t = jsondecode(jsonencode(s)); same = isequal(t.inner, s.inner) && strcmp(t.name, 'run') "
                        "&& isequaln(t.values, s.values) && iscellstr(t.tags);")
    assert r.error is None and bool(session.get("same"))
