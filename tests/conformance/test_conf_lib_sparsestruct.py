"""Conformance: structure of sparse matrices (symrcm, sprank, etree), svds and sprandsym. Values recorded
with GNU Octave 7 where it has the function and agrees with MATLAB's documentation. svds(A, k,
'smallest') follows MATLAB (the k smallest of the min(m, n) singular values, in descending order):
Octave's svds(A, k, 0) looks among the eigenvalues of [0 A; A' 0] and returns a zero for a 4-by-3 A.
sprandsym draws from the session's generator (not MATLAB's stream), so its cases check the properties
MATLAB documents: symmetry, the pattern, the density, exact eigenvalues for rc."""
import pytest

from harness import D, L, case, check, params

CASES = [
    case('symrcm_small', 'p = symrcm(sparse([1 0 0 1; 0 1 1 0; 0 1 1 0; 1 0 0 1])); q = symrcm(sparse([4 1 0 0 1; 1 4 1 0 0; 0 1 4 1 0; 0 0 1 4 1; 1 0 0 1 4]));', p=D([3, 2, 4, 1]), q=D([4, 3, 5, 2, 1])),
    case('symrcm_graph', 'n = 8; A = speye(n); A(1,5) = 1; A(5,1) = 1; A(2,7) = 1; A(7,2) = 1; A(3,8) = 1; A(8,3) = 1; A(4,6) = 1; A(6,4) = 1; A(5,8) = 1; A(8,5) = 1; A(2,6) = 1; A(6,2) = 1; A(1,7) = 1; A(7,1) = 1; p = symrcm(A);', p=D([3, 8, 5, 1, 7, 2, 6, 4])),
    case('symrcm_grid', 'T = spdiags([-ones(4,1) 2*ones(4,1) -ones(4,1)], -1:1, 4, 4); S = spdiags([-ones(3,1) 2*ones(3,1) -ones(3,1)], -1:1, 3, 3); A = kron(speye(3), T) + kron(S, speye(4)); p = symrcm(A); [i, j] = find(A(p, p)); b = max(abs(i - j));', p=D([12, 11, 8, 10, 7, 4, 9, 6, 3, 5, 2, 1]), b=D(4)),
    case('sprank_cases', 'r = sprank(sparse([1 0 0; 1 0 0; 0 1 1])); s = sprank([1 2; 3 4]); t = sprank(sparse([1 1 0 0; 0 0 0 1; 0 0 0 1]));', r=D(2), s=D(2), t=D(2)),
    case('etree_chain', '[e, q] = etree(sparse([4 1 0 0 1; 1 4 1 0 0; 0 1 4 1 0; 0 0 1 4 1; 1 0 0 1 4]));', e=D([2, 3, 4, 5, 0]), q=D([1, 2, 3, 4, 5])),
    case('etree_branches', 'A = speye(7); A(1,3) = 1; A(3,1) = 1; A(2,3) = 1; A(3,2) = 1; A(4,6) = 1; A(6,4) = 1; A(5,6) = 1; A(6,5) = 1; A(3,7) = 1; A(7,3) = 1; A(6,7) = 1; A(7,6) = 1; [e, q] = etree(A);', e=D([3, 3, 7, 6, 6, 7, 0]), q=D([1, 2, 3, 4, 5, 6, 7])),
    case('etree_col', "e = etree(sparse([1 1 0; 0 1 1; 0 0 1]), 'col'); f = etree(sparse([1 0 1 0; 1 1 0 0; 0 0 0 1; 0 1 1 0]), 'col');", e=D([2, 3, 0]), f=D([2, 3, 0, 0])),
    case('svds_values', "A = [1 2 0; 0 3 1; 4 0 5; 1 1 1]; s = svds(A, 2); [U, S, V] = svds(sparse(A), 2); a = norm(U*S*V' - A) - 1.010250054497332 < 1e-12;", s=D([6.692360704029045, 3.632038413144331], (2, 1)), a=L(1)),
    case('svds_smallest', "A = [1 2 0; 0 3 1; 4 0 5; 1 1 1]; s = svds(A, 2, 'smallest'); t = svds(A, 1, 4);",
         s=D([3.632038413144331, 1.010250054497332], (2, 1)), t=D(3.632038413144331)),
    case('svds_default', "s = svds(diag(1:10)); [U, S, V, f] = svds(speye(3), 5); z = size(svds(ones(2), 0));",
         s=D([10, 9, 8, 7, 6, 5], (6, 1)), S=D([1, 0, 0, 0, 1, 0, 0, 0, 1], (3, 3)), f=D(0), z=D([0, 1])),
    case('svds_handle', "s = svds(@(x) x, 2);",
         error=('MATLAB:svds:unsupported', 'svds supports a full or sparse matrix A, not a function.')),
    case('sprandsym_forms', "rng(0); S = sprandsym(50, 0.1); a = issymmetric(S) && issparse(S); d = abs(nnz(S)/2500 - 0.1) < 0.03; "
         "T = sprandsym(sparse([1 0 0; 1 1 0; 0 1 1])); t = full(T ~= 0);",
         a=L(1), d=L(1), t=L([1, 1, 0, 1, 1, 1, 0, 1, 1], (3, 3))),
    case('sprandsym_rc', "rng(1); R = sprandsym(40, 0.2, 1e-3, 1); e = eig(full(R)); a = abs(max(e) - 1) < 1e-12 && "
         "abs(min(e) - 1e-3) < 1e-12; b = issymmetric(R); d = nnz(R)/1600 >= 0.2;", a=L(1), b=L(1), d=L(1)),
    case('sprandsym_kind', "R = sprandsym(4, 0.5, 0.1, 2);",
         error=('MATLAB:sprandsym:unsupportedKind', 'sprandsym supports kind 1 only.')),
    case('etree_bad_kind', "p = etree(speye(3), 'row');",
         error=('MATLAB:etree:invalidInput', "The second argument must be 'col' or 'sym'.")),
    case('symrcm_empty', "p = symrcm(sparse(0, 0)); s = size(p);", s=D([1, 0])),
    case('svds_bad_sigma', "s = svds(magic(3), 2, 'middle');",
         error=('MATLAB:svds:InvalidSigma', "sigma must be 'largest', 'smallest', 'smallestnz' or a real scalar.")),
    case('symrcm_not_square', "p = symrcm(sparse(ones(2, 3)));", error=('MATLAB:symrcm:notSquare', 'Matrix must be square.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)
