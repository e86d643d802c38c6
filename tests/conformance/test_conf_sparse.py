"""Conformance: sparse matrices (scipy.sparse underneath): building them, operators and MATLAB's rules for
when a result is sparse, indexing and indexed assignment, concatenation, the sparse builtins and the
sparse forms of sum, max, find, abs and others.

Expected values (class, sparsity and every element) were recorded with GNU Octave 7.3, whose sparse
results agree with MATLAB's documented rules (S+F and S*F full, S.*F and S&F sparse, comparisons sparse
logical). Every case runs on devices cpu, gpu and auto: a sparse value is never fused nor uploaded, so
each device gives the CPU's answer. MATLAB-only behaviour is written by hand below, with a comment."""
import pytest

from harness import C, D, L, Sp, SpL, case, check, inf, num, params

CASES = [
    case('build_full', 'S = sparse([1 0 2; 0 0 3]);', S=Sp([1, 0, 0, 0, 2, 3], (2, 3))),
    case('build_triplets_sum', 'S = sparse([1 2 2], [1 3 3], [4 5 6], 2, 3);', S=Sp([4, 0, 0, 0, 0, 11], (2, 3))),
    case('build_triplets_autosize', 'S = sparse([3 1], [1 2], [7 8]);', S=Sp([0, 0, 7, 8, 0, 0], (3, 2))),
    case('build_zeros', 'S = sparse(2, 3);', S=Sp([0, 0, 0, 0, 0, 0], (2, 3))),
    case('build_logical_or', 'S = sparse([1 2 1], [2 2 2], [true true false], 2, 2);', S=SpL([0, 0, 1, 1], (2, 2))),
    case('build_cancel', 'S = sparse([1 1], [1 1], [2 -2], 2, 2); n = nnz(S);', S=Sp([0, 0, 0, 0], (2, 2)), n=D([0], (1, 1))),
    case('build_scalar_expand', 'S = sparse([1 2 3], 2, 5);', S=Sp([0, 0, 0, 5, 5, 5], (3, 2))),
    case('full_back', 'F = full(sparse([1 0 2; 0 0 3]));', F=D([1, 0, 0, 0, 2, 3], (2, 3))),
    case('plus_minus', 'S = sparse([1 0 2; 0 0 3]); a = S + S; b = S - S; c = S + [1 2 3; 4 5 6]; d = S - 2;', a=Sp([2, 0, 0, 0, 4, 6], (2, 3)), b=Sp([0, 0, 0, 0, 0, 0], (2, 3)), c=D([2, 4, 2, 5, 5, 9], (2, 3)), d=D([-1, -2, -2, -2, 0, 1], (2, 3))),
    case('times', 'S = sparse([1 0 2; 0 0 3]); a = S .* [1 2 3; 4 5 6]; b = 3 .* S; c = S .* sparse([0 1 1; 1 1 0]);', a=Sp([1, 0, 0, 0, 6, 18], (2, 3)), b=Sp([3, 0, 0, 0, 6, 9], (2, 3)), c=Sp([0, 0, 0, 0, 2, 0], (2, 3))),
    case('times_inf', 'S = sparse([1 0 2; 0 0 3]); a = S .* [Inf 1 1; 1 1 1];', a=Sp([inf, 0, 0, 0, 2, 3], (2, 3))),
    case('divide', 'S = sparse([1 0 2; 0 0 3]); a = S ./ 2; b = S ./ [1 2 0; 1 1 1]; c = [1 1 1; 1 1 1] ./ S;', a=Sp([0.5, 0, 0, 0, 1, 1.5], (2, 3)), b=Sp([1, 0, 0, 0, inf, 3], (2, 3)), c=Sp([1, inf, inf, inf, 0.5, 0.3333333333333333], (2, 3))),
    case('power', 'S = sparse([1 0 2; 0 0 3]); a = S .^ 2; b = 2 .^ S; c = S .^ 0;', a=Sp([1, 0, 0, 0, 4, 9], (2, 3)), b=D([2, 1, 1, 1, 4, 8], (2, 3)), c=D([1, 1, 1, 1, 1, 1], (2, 3))),
    case('mtimes', "S = sparse([1 0 2; 0 0 3]); a = S * [1; 2; 3]; b = [1 2] * S; c = S * S'; d = 2 * S;", a=D([7, 9], (2, 1)), b=D([1, 0, 8], (1, 3)), c=Sp([5, 6, 6, 9], (2, 2)), d=Sp([2, 0, 0, 0, 4, 6], (2, 3))),
    case('compare_scalar', 'S = sparse([1 0 2; 0 0 3]); a = S == 2; b = S ~= 0; c = S < 1; d = S > 1;', a=SpL([0, 0, 0, 0, 1, 0], (2, 3)), b=SpL([1, 0, 0, 0, 1, 1], (2, 3)), c=SpL([0, 1, 1, 1, 0, 0], (2, 3)), d=SpL([0, 0, 0, 0, 1, 1], (2, 3))),
    case('compare_zero_true', 'S = sparse([1 0 2; 0 0 3]); a = S >= 0; b = 0 < S;', a=SpL([1, 1, 1, 1, 1, 1], (2, 3)), b=SpL([1, 0, 0, 0, 1, 1], (2, 3))),
    case('logical_ops', 'S = sparse([1 0 2; 0 0 3]); a = S & [1 1 0; 1 1 1]; b = S | 0; c = ~S; d = S & S;', a=SpL([1, 0, 0, 0, 0, 1], (2, 3)), b=SpL([1, 0, 0, 0, 1, 1], (2, 3)), c=SpL([0, 1, 1, 1, 0, 0], (2, 3)), d=SpL([1, 0, 0, 0, 1, 1], (2, 3))),
    case('unary', "S = sparse([1 0 2; 0 0 3]); a = -S; b = S'; c = S.';", a=Sp([-1, 0, 0, 0, -2, -3], (2, 3)), b=Sp([1, 0, 2, 0, 0, 3], (3, 2)), c=Sp([1, 0, 2, 0, 0, 3], (3, 2))),
    case('solve', 'A = sparse([4 1 0; 1 4 1; 0 1 4]); x = A \\ [1; 2; 3]; y = A \\ sparse([1; 0; 3]);', x=D([0.17857142857142855, 0.28571428571428575, 0.6785714285714285], (3, 1)), y=Sp([0.32142857142857145, -0.28571428571428575, 0.8214285714285715], (3, 1))),
    case('mrdivide_mpower', 'A = sparse([4 1 0; 1 4 1; 0 1 4]); x = [1 2 3] / A; y = A ^ 2;', x=D([0.17857142857142855, 0.28571428571428575, 0.6785714285714285], (1, 3)), y=Sp([17, 8, 1, 8, 18, 8, 1, 8, 17], (3, 3))),
    case('index_read', 'A = sparse([1 0 2; 0 0 3]); x = A(2, 3); y = A(:, 3); z = A(2, :); w = A(:);', x=Sp([3], (1, 1)), y=Sp([2, 3], (2, 1)), z=Sp([0, 0, 3], (1, 3)), w=Sp([1, 0, 0, 0, 2, 3], (6, 1))),
    case('index_read_vectors', 'A = sparse([1 0 2; 0 0 3]); x = A([2 1], [3 1]); y = A(end); z = A([1 4 6]);', x=Sp([3, 2, 0, 1], (2, 2)), y=Sp([3], (1, 1)), z=Sp([1, 0, 3], (1, 3))),
    case('index_masks', 'A = sparse([1 0 2; 0 0 3]); x = A(A > 1); y = A(logical([1 0 1; 0 1 1]));', x=Sp([2, 3], (2, 1)), y=Sp([1, 0, 2, 3], (4, 1))),
    case('index_row_vector', 'A = sparse([1 0 2 0 0 3]); x = A([2 3]); y = A(:, 3:end);', x=Sp([0, 2], (1, 2)), y=Sp([2, 0, 0, 3], (1, 4))),
    case('assign_element', 'A = sparse([1 0 2; 0 0 3]); A(2, 2) = 5;', A=Sp([1, 0, 0, 5, 2, 3], (2, 3))),
    case('assign_zero', 'A = sparse([1 0 2; 0 0 3]); A(1, 1) = 0; n = nnz(A);', A=Sp([0, 0, 0, 0, 2, 3], (2, 3)), n=D([2], (1, 1))),
    case('assign_column', 'A = sparse([1 0 2; 0 0 3]); A(:, 2) = [7; 8];', A=Sp([1, 0, 7, 8, 2, 3], (2, 3))),
    case('assign_grow', 'A = sparse([1 0 2; 0 0 3]); A(3, 4) = 1;', A=Sp([1, 0, 0, 0, 0, 0, 2, 3, 0, 0, 0, 1], (3, 4))),
    case('assign_linear', 'A = sparse([1 0 2; 0 0 3]); A([1 6]) = [9 9];', A=Sp([9, 0, 0, 0, 2, 9], (2, 3))),
    case('assign_logical_base', 'A = sparse(logical([1 0 1])); A(2) = 5;', A=SpL([1, 1, 1], (1, 3))),
    case('assign_into_full', 'A = zeros(2); A(1, :) = sparse([1 2]);', A=D([1, 0, 2, 0], (2, 2))),
    case('delete_column_row', 'A = sparse([1 0 2; 0 0 3]); A(:, 1) = []; B = sparse([1 0 2; 0 0 3]); B(2, :) = [];', A=Sp([0, 0, 2, 3], (2, 2)), B=Sp([1, 0, 2], (1, 3))),
    case('concat', 'S = sparse([1 0; 0 2]); A = [S, [1; 2]]; B = [S; sparse([0 3])]; C = [S, S];', A=Sp([1, 0, 0, 2, 1, 2], (2, 3)), B=Sp([1, 0, 0, 0, 2, 3], (3, 2)), C=Sp([1, 0, 0, 2, 1, 0, 0, 2], (2, 4))),
    case('sum_forms', 'S = sparse([1 0 2; 0 0 3]); a = sum(S); b = sum(S, 2); c = sum(S(:));', a=Sp([1, 0, 5], (1, 3)), b=Sp([3, 3], (2, 1)), c=Sp([6], (1, 1))),
    case('max_min', 'S = sparse([1 0 -2; 0 0 3]); a = max(S); b = min(S); c = max(S, [], 2);', a=Sp([1, 0, 3], (1, 3)), b=Sp([0, 0, -2], (1, 3)), c=Sp([1, 3], (2, 1))),
    case('max_index', 'S = sparse([1 0 -2; 0 0 3]); [a, b] = max(S);', a=Sp([1, 0, 3], (1, 3)), b=D([1, 1, 2], (1, 3))),
    case('max_scalar', 'S = sparse([1 0 -2; 0 0 3]); a = max(S, 1);', a=Sp([1, 1, 1, 1, 1, 3], (2, 3))),
    case('elementwise_math', 'S = sparse([1 0 -2; 0 0 3]); a = abs(S); b = sqrt(abs(S)); c = cos(S);', a=Sp([1, 0, 0, 0, 2, 3], (2, 3)), b=Sp([1, 0, 0, 0, 1.4142135623730951, 1.7320508075688772], (2, 3)), c=Sp([0.5403023058681398, 1, 1, 1, -0.4161468365471424, -0.9899924966004454], (2, 3))),
    case('any_all_mean', 'S = sparse([1 0 -2; 0 0 3]); a = any(S); b = all(S); c = mean(S);', a=SpL([1, 0, 1], (1, 3)), b=SpL([0, 0, 1], (1, 3)), c=Sp([0.5, 0, 0.5], (1, 3))),
    case('counts', 'S = sparse([1 0 -2; 0 0 3]); a = nnz(S); b = nzmax(S); c = nonzeros(S); d = numel(S);', a=D([3], (1, 1)), b=D([3], (1, 1)), c=D([1, -2, 3], (3, 1)), d=D([6], (1, 1))),
    case('find_forms', 'S = sparse([1 0 -2; 0 0 3]); [a, b, c] = find(S);', a=D([1, 1, 2], (3, 1)), b=D([1, 3, 3], (3, 1)), c=D([1, -2, 3], (3, 1))),
    case('find_first_last', "S = sparse([1 0 -2; 0 0 3]); a = find(S, 2); b = find(S, 1, 'last');", a=D([1, 5], (2, 1)), b=D([6], (1, 1))),
    case('find_row', 'S = sparse([0 0 -2 0 0 3]); [a, b, c] = find(S);', a=D([1, 1], (1, 2)), b=D([3, 6], (1, 2)), c=D([-2, 3], (1, 2))),
    case('speye_forms', 'a = speye(3); b = speye(2, 3); c = speye([3 2]);', a=Sp([1, 0, 0, 0, 1, 0, 0, 0, 1], (3, 3)), b=Sp([1, 0, 0, 1, 0, 0], (2, 3)), c=Sp([1, 0, 0, 0, 1, 0], (3, 2))),
    case('spones_spfun', 'S = sparse([1 0 -2; 0 0 3]); a = spones(S); b = spfun(@exp, S);', a=Sp([1, 0, 0, 0, 1, 1], (2, 3)), b=Sp([2.718281828459045, 0, 0, 0, 0.1353352832366127, 20.085536923187668], (2, 3))),
    # MATLAB's documentation: sparse(i, j, v, m, n, nz) allocates room for nz nonzeros, which nzmax
    # reports (Octave gives nnz, 2, here).
    case('spalloc_nzmax', 'a = spalloc(3, 4, 5); b = nzmax(a); c = nzmax(sparse([1 1 2], [1 1 2], [1 2 3], 3, 3, 10));', a=Sp([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], (3, 4)), b=D([5], (1, 1)), c=D([10], (1, 1))),
    case('isequal_forms', "S = sparse([1 0 -2; 0 0 3]); a = isequal(S, full(S)); b = isequal(S, S');", a=L([1], (1, 1)), b=L([0], (1, 1))),
    case('conversions', 'S = sparse([1 0 -2; 0 0 3]); a = logical(S); b = double(logical(S)); c = isreal(S);', a=SpL([1, 0, 0, 0, 1, 1], (2, 3)), b=Sp([1, 0, 0, 0, 1, 1], (2, 3)), c=L([1], (1, 1))),
    case('spdiags_build', 'a = spdiags([1 2 3; 4 5 6; 7 8 9], [-1 0 1], 3, 3);', a=Sp([2, 1, 0, 6, 5, 4, 0, 9, 8], (3, 3))),
    case('spdiags_build_wide', "a = spdiags([1 2 3 4; 5 6 7 8]', [0 2], 4, 5);", a=Sp([1, 0, 0, 0, 0, 2, 0, 0, 5, 0, 3, 0, 0, 6, 0, 4, 0, 0, 7, 0], (4, 5))),
    case('spdiags_build_tall', "a = spdiags([1 2 3 4 5; 6 7 8 9 10]', [0 -1], 5, 3);", a=Sp([1, 6, 0, 0, 0, 0, 2, 7, 0, 0, 0, 0, 3, 8, 0], (5, 3))),
    case('spdiags_extract', 'A = magic(4); [a, d] = spdiags(A);', a=D([4, 0, 0, 0, 9, 14, 0, 0, 5, 7, 15, 0, 16, 11, 6, 1, 0, 2, 10, 12, 0, 0, 3, 8, 0, 0, 0, 13], (4, 7)), d=D([-3, -2, -1, 0, 1, 2, 3], (7, 1))),
    case('spdiags_extract_some', 'a = spdiags(magic(4), [0 1]); b = spdiags([1 2 3; 4 5 6], [0 1 -1]);', a=D([16, 11, 6, 1, 0, 2, 10, 12], (4, 2)), b=D([1, 5, 2, 6, 0, 4], (2, 3))),
    case('spdiags_replace', 'a = spdiags([10; 20; 30], 1, sparse(magic(3)));', a=Sp([8, 3, 4, 20, 5, 9, 6, 30, 2], (3, 3))),
    case('reshape_tril_diag', 'S = sparse([1 0 2; 0 0 3]); a = reshape(S, 3, 2); b = tril(S); c = diag(S);', a=Sp([1, 0, 0, 0, 2, 3], (3, 2)), b=Sp([1, 0, 0, 0, 0, 0], (2, 3)), c=Sp([1, 0], (2, 1))),
    case('class_size', 'S = sparse([1 0 2; 0 0 3]); c = class(S); [n, m] = size(S);', c=C('double'), n=D([2], (1, 1)), m=D([3], (1, 1))),
    case('issparse_forms', 'a = issparse(sparse(1)); b = issparse(1); c = issparse(sparse(2) > 1);', a=L([1], (1, 1)), b=L([0], (1, 1)), c=L([1], (1, 1))),
    case('scalar_sparse_products', 'a = sparse(2) * [1 2; 3 4]; b = sparse(2) + sparse([1 2]); c = [1 2; 3 4] * sparse(2); d = sparse(2) .* [1 2];', a=D([2, 6, 4, 8], (2, 2)), b=Sp([3, 4], (1, 2)), c=D([2, 6, 4, 8], (2, 2)), d=Sp([2, 4], (1, 2))),
    case('both_sparse_stay_sparse', 'e = sparse([1 2]) .^ sparse([1 1]); f = sparse([1 0]) - sparse(1); g = sparse([1 0; 0 1]) / 2;', e=Sp([1, 2], (1, 2)), f=Sp([0, -1], (1, 2)), g=Sp([0.5, 0, 0, 0.5], (2, 2))),
    case('diag_forms', 'S = sparse([1 0 2; 0 4 3; 5 0 6]); a = diag(S); b = diag(S, 1); c = diag(sparse([1 0 2])); d = diag(sparse([1; 2]), -1);', a=Sp([1, 4, 6], (3, 1)), b=Sp([0, 3], (2, 1)), c=Sp([1, 0, 0, 0, 0, 0, 0, 0, 2], (3, 3)), d=Sp([0, 1, 0, 0, 0, 2, 0, 0, 0], (3, 3))),
    case('triangles', 'S = sparse([1 0 2; 0 4 3; 5 0 6]); a = tril(S); b = triu(S, 1); c = tril(S, -1);', a=Sp([1, 0, 5, 0, 4, 0, 0, 0, 6], (3, 3)), b=Sp([0, 0, 0, 0, 0, 0, 2, 3, 0], (3, 3)), c=Sp([0, 0, 5, 0, 0, 0, 0, 0, 0], (3, 3))),
    case('kron_forms', 'S = sparse([1 0; 0 2]); a = kron(S, [1 2]); b = kron([1; 1], S);', a=Sp([1, 0, 2, 0, 0, 2, 0, 4], (2, 4)), b=Sp([1, 0, 1, 0, 0, 2, 0, 2], (4, 2))),
    case('full_results', "S = sparse([1 0 2; 0 4 3; 5 0 6]); a = norm(S, 1); b = norm(S, 'fro'); c = trace(S); d = det(S);", a=D([11], (1, 1)), b=D([9.539392014169458], (1, 1)), c=Sp([11], (1, 1)), d=D([-15.999999999999998], (1, 1))),
    case('inv_symmetric', 'S = sparse([1 0 2; 0 4 3; 5 0 6]); a = inv(S); b = issymmetric(S);', a=Sp([-1.5000000000000004, -0.9375000000000002, 1.2500000000000002, 0, 0.25, 0, 0.5000000000000001, 0.18750000000000006, -0.25000000000000006], (3, 3)), b=L([0], (1, 1))),
    case('more_reductions', 'S = sparse([1 0 2; 0 4 3; 5 0 6]); a = any(S, 2); b = cumsum(S);', a=SpL([1, 1, 1], (3, 1)), b=Sp([1, 1, 6, 0, 4, 4, 2, 5, 11], (3, 3))),
    case('nonzero_functions', 'S = sparse([1 0 2; 0 4 3; 5 0 6]); a = isnan(S); b = round(S / 3);', a=SpL([0, 0, 0, 0, 0, 0, 0, 0, 0], (3, 3)), b=Sp([0, 0, 2, 0, 1, 0, 1, 1, 2], (3, 3))),
    case('column_products', "S = sparse([1 0 2; 0 4 3; 5 0 6]); a = S(:, 2)' * S(:, 3);", a=Sp([12], (1, 1))),
]

# Written by hand. Errors: the identifiers of sparse-specific messages are ours where MATLAB computes the
# form (matfuse:sparse:unsupported); MATLAB has no sparse integer or single matrices.
HAND = [
    case('sprand_reproducible', 'rng(0); A = sprand(5, 4, 0.5); rng(0); B = sprand(5, 4, 0.5); e = isequal(A, B);'
         ' n = nnz(A) <= 10; r = all(nonzeros(A) > 0 & nonzeros(A) < 1); s = issparse(A);', e=L(1), n=L(1), r=L(1), s=L(1)),
    case('sprandn_pattern', 'rng(1); P = sprandn(sparse([1 0; 0 1])); same = isequal(spones(P), sparse([1 0; 0 1]));',
         same=L(1)),
    case('fused_window_declines', 'S = sparse([1 0 2; 0 0 3]); y = S .* 2 + 1; z = abs(-S) + 0;',
         y=D([3, 1, 1, 1, 5, 7], (2, 3)), z=D([1, 0, 0, 0, 2, 3], (2, 3))),
    # MATLAB's documentation: sum(A, 'all') (Octave 7 has no 'all'); of a sparse matrix it is sparse.
    case('sum_all', "S = sparse([1 0 2; 0 4 3]); a = sum(S, 'all');", a=Sp([10], (1, 1))),
    # MATLAB's implicit expansion with a sparse operand (Octave 7 rejects operands of different sizes);
    # the values by definition, sparse as S .* F is.
    case('implicit_expansion', 'S = sparse([1 0 2; 0 4 3]); a = S .* [1; 2]; b = [1 2 3] .* S; c = S ./ [2; 4];',
         a=Sp([1, 0, 0, 8, 2, 6], (2, 3)), b=Sp([1, 0, 0, 8, 6, 9], (2, 3)), c=Sp([0.5, 0, 0, 1, 1, 0.75], (2, 3))),
    case('loop_assign', 'S = sparse(4, 4); for k = 1:4, S(k, k) = k; end; t = trace(full(S));', t=D(10),
         S=Sp([1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4], (4, 4))),
    # Recorded from Octave: S(r, c) = values inside S clears the block's entries and stores the nonzeros
    # (a corpus program assembled a 209825-square matrix block by block: 385x385 blocks, 1600 of them);
    # repeated subscripts (the last wins) and growth take the general path.
    case('block_assign', 'S = sparse([1 0 2; 0 4 3; 5 0 6]); a = S; a([1 3], [1 3]) = [0 7; 8 0]; '
         'b = S; b(2:3, :) = 0; c = S; c([3 1], 2) = [9; 8]; L = logical(speye(3)); L(1:2, 2:3) = [1 0; 0 1]; '
         'e = S; e(1:2, 1:2) = sparse([0 1; 1 0]); f = S; f(1, 1:2) = [1i 2]; g = S; g([1 1], 2) = [5; 6]; '
         'h = S; h(3:4, 1:2) = 1; n = [nnz(a) nnz(b) nnz(L)]; z = isequal(S, sparse([1 0 2; 0 4 3; 5 0 6]));',
         a=Sp([0, 0, 8, 0, 4, 0, 7, 3, 0], (3, 3)), b=Sp([1, 0, 0, 0, 0, 0, 2, 0, 0], (3, 3)),
         c=Sp([1, 0, 5, 8, 4, 9, 2, 3, 6], (3, 3)), L=SpL([1, 0, 0, 1, 0, 0, 0, 1, 1], (3, 3)),
         e=Sp([0, 1, 5, 1, 0, 0, 2, 3, 6], (3, 3)), f=num("sparse double", [1j, 0, 5, 2, 4, 0, 2, 3, 6], (3, 3)),
         g=Sp([1, 0, 5, 6, 4, 0, 2, 3, 6], (3, 3)), h=Sp([1, 0, 1, 1, 0, 4, 1, 1, 2, 3, 6, 0], (4, 3)),
         n=D([4, 2, 4]), z=L(1)),
    # chol of a sparse matrix is sparse (recorded from Octave; a corpus program factors a sparse Laplacian);
    # p and the factor of the leading minor as MATLAB documents them (Octave's sparse chol gives others).
    case('chol', "S = sparse([4 2 0; 2 5 1; 0 1 3]); R = chol(S); L = chol(S, 'lower'); "
         "[R2, p] = chol(sparse([1 2; 2 1]));",
         R=Sp([2, 0, 0, 1, 2, 0, 0, 0.5, 1.6583123951777], (3, 3)),
         L=Sp([2, 1, 0, 0, 2, 0.5, 0, 0, 1.6583123951777], (3, 3)), R2=Sp([1], (1, 1)), p=D(2)),
    case('in_cell_struct', 'c = {speye(2)}; s.f = speye(2); a = issparse(c{1}); b = issparse(s.f);', a=L(1), b=L(1)),
    case('unsupported_builtin', 'y = fft(speye(2));',
         error=('matfuse:sparse:unsupported', 'fft does not support sparse matrices yet; convert with full(S) first.')),
    case('integer_operand', 'y = speye(2) + int8(1);',
         error=('MATLAB:UndefinedFunction', "Operator '+' is not supported for a sparse matrix and a value of class 'int8'.")),
    case('integer_input', 'y = sparse(int8(1));',
         error=('MATLAB:UndefinedFunction', "Undefined function 'sparse' for input arguments of type 'int8'.")),
    case('triplet_lengths', 'y = sparse([1 2], [1 2], [1 2 3]);',
         error=('MATLAB:sparsfcn:vectorsMustBeSameLength', 'Vectors must be the same length.')),
    case('index_bounds', 'S = speye(2); y = S(5);',
         error=('MATLAB:badsubscript', 'Index exceeds the number of array elements. Index must not exceed 4.')),
]


@pytest.mark.parametrize("c", params(CASES + HAND))
def test_sparse(session, c):
    check(session, c)
