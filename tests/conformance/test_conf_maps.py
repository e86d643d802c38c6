"""Conformance: containers.Map, a handle object (construction forms, m(key) reads and assignments, keys,
values, isKey, remove, properties, handle semantics, display, errors). Values recorded with GNU Octave
(record.py); error messages and the display are MATLAB's (its documentation), as noted."""
import pytest

from harness import C, Cell, D, L, case, check, num, params

CASES = [
    case('map_build_sorted', "m = containers.Map({'b', 'a', 'C'}, {1, 2, 3}); k = keys(m); v = values(m); "
         "n = m.Count; kt = m.KeyType; vt = m.ValueType; s = size(m); l = length(m); e = numel(m);",
         k=Cell([C('C'), C('a'), C('b')]), v=Cell([D(3), D(2), D(1)]), n=num('uint64', 3), kt=C('char'),
         vt=C('double'), s=D([3, 1]), l=D(3), e=D(1)),
    case('map_numeric_keys', "m = containers.Map([3 1 2], {'x', 'y', 'z'}); k = keys(m); v = m(2); "
         "kt = m.KeyType; vt = m.ValueType;",
         k=Cell([D(1), D(2), D(3)]), v=C('z'), kt=C('double'), vt=C('char')),
    case('map_values_iskey_remove', "m = containers.Map({'a', 'b', 'c'}, [10 20 30]); "
         "v = values(m, {'c', 'a'}); t = isKey(m, {'a', 'zz'}); t1 = isKey(m, 'b'); remove(m, 'b'); "
         "k = keys(m);",
         v=Cell([D(30), D(10)]), t=L([1, 0]), t1=L(1), k=Cell([C('a'), C('c')])),
    case('map_key_value_types', "m = containers.Map('KeyType', 'int32', 'ValueType', 'double'); m(7) = 2; "
         "k = keys(m); kc = class(k{1}); kt = m.KeyType; vt = m.ValueType; x = m(7);",
         k=Cell([num('int32', 7)]), kc=C('int32'), kt=C('int32'), vt=C('double'), x=D(2)),
    case('map_value_type_any', "m6 = containers.Map({'a', 'b'}, {1, 2}, 'UniformValues', false); "
         "vt6 = m6.ValueType; m7 = containers.Map({'a', 'b'}, {1, 'x'}); vt7 = m7.ValueType; "
         "m8 = containers.Map('k', [1 2 3]); v8 = m8('k'); vt8 = m8.ValueType; e0 = keys(containers.Map());",
         vt6=C('any'), vt7=C('any'), v8=D([1, 2, 3]), vt8=C('any'), e0=Cell([], (1, 0))),
    case('map_is_a_handle', "mm = containers.Map(); m2 = mm; m2('a') = 1; n = mm.Count; x = mm('a'); "
         "s.m = containers.Map(); s.m('a') = 5; tt = s; tt.m('b') = 6; n10 = s.m.Count; "
         "h = isa(mm, 'handle');",
         n=num('uint64', 1), x=D(1), n10=num('uint64', 2), h=L(1)),
    case('map_class_queries', "m = containers.Map(); c = class(m); o = isobject(m); "
         "a = isa(m, 'containers.Map'); st = isobject(struct());",
         c=C('containers.Map'), o=L(1), a=L(1), st=L(0)),
    # a function that changes its argument changes the caller's map (handle semantics)
    case('map_changed_by_function', "m = containers.Map(); addk(m, 'q'); k = keys(m); v = m('q');\n"
         "function addk(m, key)\n  m(key) = numel(key);\nend", k=Cell([C('q')]), v=D(1)),
    case('map_dot_methods', "m = containers.Map({'x', 'y'}, {1, 2}); k = m.keys(); v = m.values({'y'}); "
         "t = m.isKey('x'); n = m.length(); m.remove('x'); c = m.Count;",
         k=Cell([C('x'), C('y')]), v=Cell([D(2)]), t=L(1), n=D(2), c=num('uint64', 1)),
    # without parentheses m.keys, m.values and m.length are their values (recorded with Octave)
    case('map_dot_without_parens', "m = containers.Map({'x', 'y'}, {1, 2}); k = m.keys; v = m.values; "
         "n = numel(m.values); c = m.Count; t = m.KeyType; l = m.length; w = m.values{2};",
         k=Cell([C('x'), C('y')]), v=Cell([D(1), D(2)]), n=D(2), c=num('uint64', 2), t=C('char'), l=D(2), w=D(2)),
    # keys and values computed by array code (kept on the device by the accelerator) are host values in a map
    case('map_computed_keys_values', "x = ones(1000, 1) * 2; s = sum(x); m = containers.Map('KeyType', "
         "'double', 'ValueType', 'any'); m(s) = x + 1; y = m(2000); t = sum(y); k = keys(m); "
         "c = class(m(2000));", t=D(3000), k=Cell([D(2000)]), c=C('double')),
    case('map_package_name_is_a_variable', "containers = struct('Map', 5); x = containers.Map;", x=D(5)),
    # display: MATLAB's layout for a Map object (its documentation), the engine's head line convention
    case('map_display', "m = containers.Map({'a', 'b'}, {1, 'x'})",
         stdout="m = Map with properties:\n\n        Count: 2\n      KeyType: char\n    ValueType: any\n"),
    case('map_in_struct_display', "s.f = containers.Map()", stdout="s = struct with fields:\n\n"
         "    f: [1×1 containers.Map]\n"),
    # errors: MATLAB's identifiers and messages (Octave words them differently)
    case('map_missing_key', "m = containers.Map(); x = m('q');",
         error=('MATLAB:Containers:Map:NoKey', 'The specified key is not present in this container.')),
    case('map_key_type_mismatch', "m = containers.Map(); m(3) = 1;",
         error=('MATLAB:Containers:TypeMismatch',
                'Specified key type does not match the type expected for this container.')),
    case('map_value_type_not_text', "m = containers.Map('KeyType', 'char', 'ValueType', 5);",
         error=('MATLAB:Containers:Map:UnsupportedValueType', 'Unsupported ValueType (a double value, not a type '
                'name). Valid types: any, char, logical, double, single, int8, uint8, int16, uint16, int32, '
                'uint32, int64, uint64.')),
    case('map_values_missing_key', "m = containers.Map({'a'}, {1}); v = values(m, {'b'});",
         error=('MATLAB:Containers:Map:NoKey', 'The specified key is not present in this container.')),
    case('map_count_read_only', "m = containers.Map(); m.Count = 3;",
         error=('MATLAB:class:SetProhibited',
                "Unable to set the 'Count' property of class 'containers.Map' because it is read-only.")),
    case('map_count_mismatch', "m = containers.Map({'a', 'b'}, {1});",
         error=('MATLAB:Containers:Map:KeyValueNumberMismatch',
                'The number of keys and values must be the same.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_maps(session, c):
    check(session, c)
