"""Conformance: indexing, assignment, deletion, growth, end, logical masks (values recorded with GNU Octave 7.3; MATLAB-only behaviour noted)."""
import pytest

from harness import C, Cell, D, FH, L, S, St, StArr, case, check, inf, nan, num, params

CASES = [
    case('linear_index', 'A = magic(4); a = A(6); b = A([1 16]); c = A([2; 3]);', a=D(11), b=D([16, 1]), c=D([5, 9], (2, 1))),
    case('subscript_index', 'A = magic(4); a = A(2, 3); b = A(2, :); c = A(:, [1 end]);', a=D(10), b=D([5, 11, 10, 8]), c=D([16, 5, 9, 4, 13, 8, 12, 1], (4, 2))),
    case('colon_all', 'A = [1 2; 3 4]; a = A(:);', a=D([1, 3, 2, 4], (4, 1))),
    case('colon_all_row_shape', "v = [1 2 3]; a = v(:)'; b = size(v(:));", a=D([1, 2, 3]), b=D([3, 1])),
    case('index_shape_rules', "v = 1:5; w = (1:5)'; a = v([1; 2]); b = w([1 2]); A = magic(3); c = A([1 2 3]); d = A([1; 2]);", a=D([1, 2]), b=D([1, 2], (2, 1)), c=D([8, 3, 4]), d=D([8, 3], (2, 1))),
    case('index_matrix_shape', 'v = 10:10:50; a = v([1 2; 3 4]);', a=D([10, 30, 20, 40], (2, 2))),
    case('end_arith', 'v = 1:10; a = v(end); b = v(end-2:end); c = v(end/2);', a=D(10), b=D([8, 9, 10]), c=D(5)),
    case('end_2d', 'A = magic(4); a = A(end, 1); b = A(end);', a=D(4), b=D(1)),
    case('end_nested', 'v = [5 6 7]; w = [1 2 3 4]; a = v(w(end-1));', a=D(7)),
    case('end_in_range_step', 'v = 1:10; a = v(end:-3:1);', a=D([10, 7, 4, 1])),
    case('logical_mask', 'v = [5 -2 7 -1]; a = v(v > 0); b = find(v < 0);', a=D([5, 7]), b=D([2, 4])),
    case('logical_mask_matrix', 'A = [1 -2; -3 4]; a = A(A < 0);', a=D([-3, -2], (2, 1))),
    case('logical_mask_assign', 'v = [5 -2 7 -1]; v(v < 0) = 0;', v=D([5, 0, 7, 0])),
    case('logical_mask_short', 'v = [1 2 3 4]; a = v(logical([1 0 1]));', a=D([1, 3])),
    case('assign_grow_row', 'v = [1 2]; v(5) = 9;', v=D([1, 2, 0, 0, 9])),
    case('assign_grow_2d', 'A = [1 2; 3 4]; A(3, 4) = 7;', A=D([1, 3, 0, 2, 4, 0, 0, 0, 0, 0, 0, 7], (3, 4))),
    case('assign_grow_empty', 'v = []; v(3) = 1;', v=D([0, 0, 1])),
    case('assign_grow_col', 'v = [1; 2]; v(4) = 5;', v=D([1, 2, 0, 5], (4, 1))),
    case('assign_end_plus_one', 'v = [1 2 3]; v(end+1) = 4; v(end+1) = 5;', v=D([1, 2, 3, 4, 5])),
    case('assign_row_col', 'A = zeros(2, 3); A(2, :) = [7 8 9]; A(:, 1) = 1;', A=D([1, 1, 0, 8, 0, 9], (2, 3))),
    case('assign_scalar_expand', 'A = zeros(3); A(2:3, 2:3) = 5;', A=D([0, 0, 0, 0, 5, 5, 0, 5, 5], (3, 3))),
    case('assign_colon_all', 'A = magic(3); A(:) = 1:9;', A=D([1, 2, 3, 4, 5, 6, 7, 8, 9], (3, 3))),
    case('delete_elements', 'v = 1:6; v([2 4]) = []; w = 1:5; w(w > 3) = [];', v=D([1, 3, 5, 6]), w=D([1, 2, 3])),
    case('delete_rows_cols', 'A = magic(4); A(2, :) = []; B = magic(4); B(:, [1 3]) = [];', A=D([16, 9, 4, 2, 7, 14, 3, 6, 15, 13, 12, 1], (3, 4)), B=D([2, 11, 7, 14, 13, 8, 12, 1], (4, 2))),
    case('delete_all', 'v = 1:3; v(:) = [];', v=D([], (0, 0))),
    # MATLAB: deleting linear indices of a matrix leaves a row (Octave gives a column).
    case('delete_linear_matrix', 'A = magic(3); A([1 2]) = []; a = size(A);', a=D([1, 7])),
    case('nested_index_assign', 'A = zeros(2); A(1, :) = [1 2]; A(end, end) = A(1, 1) + 10;', A=D([1, 0, 2, 11], (2, 2))),
    case('index_with_logical_rows', 'A = magic(4); B = A([true false true false], :);', B=D([16, 9, 2, 7, 3, 6, 13, 12], (2, 4))),
    case('assign_3d', 'A = zeros(2, 2); A(1, 1, 2) = 5;', A=D([0, 0, 0, 0, 5, 0, 0, 0], (2, 2, 2))),
    case('index_3d', 'A = reshape(1:24, 2, 3, 4); a = A(2, 3, 4); b = A(:, :, 2);', a=D(24), b=D([7, 8, 9, 10, 11, 12], (2, 3))),
    case('index_3d_partial', 'A = reshape(1:24, 2, 3, 4); a = A(2, 7);', a=D(14)),
    case('index_empty_result', 'v = 1:5; a = v([]); b = v(false(1, 5));', a=D([], (0, 0)), b=D([])),
    case('scalar_index_repeat', 'x = 7; a = x([1 1 1]);', a=D([7, 7, 7])),
    case('index_char', "s = 'hello'; a = s([1 end]); b = s(end:-1:1);", a=C('ho'), b=C('olleh')),
    case('assign_char', "s = 'hello'; s(1) = 'J';", s=C('Jello')),
    case('assign_type_convert', 'A = int8([1 2 3]); A(2) = 300;', A=num('int8', [1, 127, 3])),
    case('assign_double_into_logical', 'v = true(1, 3); v(2) = 5;', v=L([1, 1, 1])),
    case('assign_logical_into_double', 'v = [1 2 3]; v(2) = true;', v=D([1, 1, 3])),
    case('swap_rows', 'A = [1 2; 3 4; 5 6]; A([1 3], :) = A([3 1], :);', A=D([5, 3, 1, 6, 4, 2], (3, 2))),
    case('linear_assign_matrix', 'A = zeros(2, 3); A([1 4 6]) = [1 2 3];', A=D([1, 0, 0, 2, 0, 3], (2, 3))),
    case('assign_to_undefined', 'B(2, 3) = 1;', B=D([0, 0, 0, 0, 0, 1], (2, 3))),
    case('struct_index_field', 's.v = [10 20 30]; a = s.v(2);', a=D(20)),
    case('range_index_assign_expand', 'v = zeros(1, 6); v(1:2:end) = [1 2 3];', v=D([1, 0, 2, 0, 3, 0])),
    case('colon_assign_row_from_col', 'A = zeros(2, 3); A(1, :) = [1; 2; 3];', A=D([1, 0, 2, 0, 3, 0], (2, 3))),
    case('end_in_assignment_lhs', 'v = [1 2 3]; v(end) = 10;', v=D([1, 2, 10])),
    case('find_n', 'v = [0 3 0 5 6]; a = find(v, 2); [r, c2] = find([0 1; 1 0]); b = [r c2]; c = find(v > 10);', a=D([2, 4]), b=D([2, 1, 1, 2], (2, 2)), c=D([])),
    case('err_index_exceeds', 'x = [1 2 3]; y = x(4);', error=('MATLAB:badsubscript', 'Index exceeds the number of array elements. Index must not exceed 3.')),
    case('err_index_zero', 'x = [1 2 3]; y = x(0);', error=('MATLAB:badsubscript', 'Array indices must be positive integers or logical values.')),
    case('err_index_frac', 'x = [1 2 3]; y = x(1.5);', error=('MATLAB:badsubscript', 'Array indices must be positive integers or logical values.')),
    case('err_index_2d_exceeds', 'x = magic(3); y = x(4, 1);', error=('MATLAB:badsubscript', 'Index in position 1 exceeds array bounds. Index must not exceed 3.')),
    case('err_assign_size_mismatch', 'x = zeros(2, 2); x(1, :) = [1 2 3];', error=('MATLAB:subsassigndimmismatch', 'Unable to perform assignment because the size of the left side is 1-by-2 and the size of the right side is 1-by-3.')),
    case('err_delete_bad', 'x = magic(3); x(1, 2) = [];', error=('MATLAB:subsdeldimmismatch', 'A null assignment can have only one non-colon index.')),
    case('err_undefined_var', 'y = undefined_thing + 1;', error=('MATLAB:UndefinedFunction', "Unrecognized function or variable 'undefined_thing'.")),
    case('err_negative_index', 'x = [1 2 3]; y = x(-1);', error=('MATLAB:badsubscript', 'Array indices must be positive integers or logical values.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
