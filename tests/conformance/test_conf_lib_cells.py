"""Conformance: the struct and cell library (structfun, cell2struct, orderfields, num2cell with
dimensions, getfield/setfield with subscripts). Values recorded with GNU Octave (record.py); where MATLAB
differs, the case follows MATLAB's documentation and says so."""
import pytest

from harness import C, Cell, D, L, St, case, check, num, params

CASES = [
    # recorded with GNU Octave: cellfun's legacy function names
    case('cellfun_legacy', "b = cellfun('isclass', {1, 'a'}, 'char'); s = cellfun('size', {ones(2,3), 1}, 2); r = cellfun('isreal', {1, 1i, 'a'}); l = cellfun('islogical', {true, 1}); n = cellfun('isnumeric', {1, 'a', int8(2)});", b=L([0, 1]), s=D([3, 1]), r=L([1, 0, 1]), l=L([1, 0]), n=L([1, 0, 1])),
    case('structfun_uniform', "a = structfun(@numel, struct('a', 1:3, 'b', 'xy'));", a=D([3, 2], (2, 1))),
    case('structfun_cells', "b = structfun(@(x) x * 2, struct('a', 1, 'b', [1 2]), 'UniformOutput', false);", b=St(a=D(2), b=D([2, 4]))),
    case('structfun_two_outputs', "[m, k] = structfun(@max, struct('a', [1 5 2], 'b', [7 3]));", m=D([5, 7], (2, 1)), k=D([2, 1], (2, 1))),
    case('cell2struct_dims', "s = cell2struct({1; 'x'}, {'a', 'b'}, 1); c = cell2struct({1, 2; 3, 4}, {'p', 'q'}, 2); c1 = [c.p]; c2 = [c.q]; e = size(cell2struct({1 2 3}, 'v', 1));", s=St(a=D(1), b=C('x')), c1=D([1, 3]), c2=D([2, 4]), e=D([3, 1])),
    case('orderfields_forms', "[o, perm] = orderfields(struct('b', 1, 'a', 2, 'C', 3)); f1 = fieldnames(o); f2 = fieldnames(orderfields(struct('b', 1, 'a', 2), {'b', 'a'})); f3 = fieldnames(orderfields(struct('b', 1, 'a', 2), [2 1])); f4 = fieldnames(orderfields(struct('b', 1, 'a', 2), struct('a', 0, 'b', 0)));", f1=Cell([C('C'), C('a'), C('b')], (3, 1)), perm=D([3, 2, 1], (3, 1)), f2=Cell([C('b'), C('a')], (2, 1)), f3=Cell([C('a'), C('b')], (2, 1)), f4=Cell([C('a'), C('b')], (2, 1))),
    case('num2cell_dims', 'a = num2cell([1 2; 3 4], 1); b = num2cell([1 2; 3 4], 2); f = num2cell(magic(3), [1 2]);', a=Cell([D([1, 3], (2, 1)), D([2, 4], (2, 1))]), b=Cell([D([1, 2]), D([3, 4])], (2, 1)), f=Cell([D([8, 3, 4, 1, 5, 9, 6, 7, 2], (3, 3))])),
    case('num2cell_classes', "c = num2cell(int8([1 2])); e = num2cell('ab'); g = num2cell(true(1,2));", c=Cell([num('int8', 1), num('int8', 2)]), e=Cell([C('a'), C('b')]), g=Cell([L(1), L(1)])),
    case('getfield_indexed', "y = getfield(struct('v', [4 5 6]), 'v', {2}); q = getfield(struct('a', {1, 2}), {2}, 'a');", y=D(5), q=D(2)),
    case('setfield_indexed', "s = setfield(struct('a', struct('b', 1)), 'a', 'b', 5); x = s.a.b; t = struct('a', 1); t = setfield(t, 'a', {3}, 7); z = t.a; u = setfield(struct('a', {1, 2}), {2}, 'a', 9); w = [u.a];", x=D(5), z=D([1, 0, 7]), w=D([1, 9])),
    # MATLAB accepts a char matrix of field names (Octave: only a cell array or one name).
    case('cell2struct_char_matrix', "s = cell2struct({1, 2}, ['ab'; 'cd'], 2);", s=St(ab=D(1), cd=D(2))),
    case('cell2struct_count_mismatch', "s = cell2struct({1, 2}, {'a'}, 2);",
         error=('MATLAB:cell2struct:InvalidNumberOfFields',
                'Number of field names must match number of fields in new structure.')),
    case('structfun_not_struct', 'a = structfun(@numel, {1});',
         error=('MATLAB:structfun:NotAScalarStruct', 'Input must be a scalar structure.')),
    case('structfun_error_handler', "a = structfun(@(x) error('m:x', 'bad'), struct('a', 1, 'b', 2), "
         "'ErrorHandler', @(e, x) e.index);", a=D([1, 2], (2, 1))),
    case('orderfields_mismatch', "s = orderfields(struct('a', 1), {'b'});",
         error=('MATLAB:orderfields:FieldsDoNotMatch',
                'The structures or names must have the same fields as the input.')),
    # recorded with Octave
    case('mat2cell_blocks', "c = mat2cell(magic(4), [1 3], [2 2]); s = cellfun(@(x) size(x, 1) * 10 + size(x, 2), c); "
         "c22 = c{2, 2}; d = mat2cell((1:6)', [2 4]); e = mat2cell('abcdef', 1, [2 4]);",
         s=D([12, 32, 12, 32], (2, 2)), c22=D([10, 6, 15, 8, 12, 1], (3, 2)),
         d=Cell([D([1, 2], (2, 1)), D([3, 4, 5, 6], (4, 1))], (2, 1)), e=Cell([C('ab'), C('cdef')])),
    case('mat2cell_bad_sizes', "c = mat2cell(1:3, 1, [1 1]);",
         error=('MATLAB:mat2cell:DimensionMismatch',
                'Input arguments, D1 through D2, must sum to each dimension of the input matrix size, [1 3].')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
