"""Sparse matrices beyond the conformance cases: MATLAB's display, whos, Session.get/set, the registry's
sparse gate, MAT-files, and the accelerator leaving sparse values alone (never fused nor uploaded)."""
import numpy as np
import pytest
import scipy.sparse as sp

from engine import Session
from engine.runtime.builtins.registry import load_all
from engine.runtime.values import SparseMatrix


@pytest.fixture
def s():
    return Session(device="cpu")


def run(s: Session, code: str) -> str:
    r = s.execute(code)
    assert r.error is None, (r.error.identifier, r.error.message)
    return r.stdout


# Display: MATLAB lists the nonzeros as (row,col) then the value, in column-major order, the values in
# the number format of the whole column; an all-zero matrix says so with its size. (The padding of
# multi-digit subscripts is ours: rows right-aligned, columns left-aligned, values in one column.)
def test_display_lists_nonzeros(s):
    assert run(s, "S = sparse([1 2 2], [1 3 3], [4 5 6], 2, 3)") == \
        "S =\n\n   (1,1)        4\n   (2,3)       11\n"
    assert run(s, "S = sparse([0.5 0; 0 0.25])") == "S =\n\n   (1,1)       0.5000\n   (2,2)       0.2500\n"
    assert run(s, "Z = sparse(3, 3)") == "Z =\n\n   All zero sparse: 3×3\n"
    assert run(s, "disp(speye(2))") == "   (1,1)        1\n   (2,2)        1\n"
    lines = run(s, "S = speye(10)").splitlines()
    assert lines[2] == "    (1,1)         1" and lines[-1] == "   (10,10)        1"


def test_display_in_containers_and_whos(s):
    assert "{2×2 double}" in run(s, "c = {speye(2)}")
    assert "a: [2×2 double]" in run(s, "st.a = speye(2)")
    table = run(s, "S = sparse([1 0; 0 2]); whos S")
    assert "S         2x2                56  double    sparse" in table
    assert run(s, "w = whos('S'); disp(w.sparse)").strip() == "1"


def test_get_and_set_use_scipy_sparse(s):
    run(s, "S = sparse([1 0; 0 2]);")
    got = s.get("S")
    assert sp.issparse(got) and got.format == "csc"
    np.testing.assert_array_equal(got.toarray(), [[1, 0], [0, 2]])
    s.set("T", sp.csr_array(np.array([[0.0, 3.0]])))
    assert type(s.workspace["T"]) is SparseMatrix
    assert run(s, "disp(issparse(T)); disp(full(T))") == "   1\n     0     3\n"


def test_mat_files_keep_sparse(s, tmp_path):
    path = tmp_path / "s.mat"
    run(s, f"S = sparse([1 0 2; 0 0 3]); save('{path}', 'S'); clear S; load('{path}');")
    assert run(s, "disp(issparse(S)); disp(full(S))") == "   1\n     1     0     2\n     0     0     3\n"


def test_every_builtin_meets_sparse_through_the_gate(s):
    """No implementation ever receives a sparse value it does not expect: a builtin without a sparse
    form names itself in a MATLAB-style error, never a Python exception."""
    for name in ("fft", "cumtrapz", "num2str", "gpuArray", "sort", "int8"):
        r = s.execute(f"y = {name}(speye(3));")
        assert r.error is not None and r.error.identifier == "matfuse:sparse:unsupported", name
        assert r.error.message.startswith(f"{name} does not support sparse matrices"), r.error.message
    forms = {e.sparse for e in load_all().values()}
    assert {"native", ""} <= {f for f in forms if isinstance(f, str)}


def test_operations_on_the_full_matrix_keep_the_size_limit(s):
    r = s.execute("S = sparse(1e6, 1e6); S(1, 1) = 2; T = S + 1;")
    assert r.error is not None and r.error.identifier == "MATLAB:array:SizeLimitExceeded"
    assert run(s, "S = sparse(1e6, 1e6); S(3, 5) = 2; T = S * 2; disp(nnz(T)); disp(full(sum(sum(T))))") == \
        "     1\n     4\n"


def test_fusion_leaves_sparse_values_on_the_cpu(gpu64):
    """A window with a sparse input declines (the CPU runs it, scipy computes the sparse part); the sparse
    value is never uploaded."""
    s = Session(device="gpu")
    assert s.execute("S = sparse([1 0 2; 0 0 3]);").error is None
    r = s.execute("y = S .* 2 + 1; z = abs(-S) .* 3;")
    assert r.error is None, r.error
    assert all(w.device == "CPU" for w in s.fusion.reports())
    assert any("sparse double: the CPU computes it" in w.reason for w in s.fusion.reports())
    np.testing.assert_array_equal(s.get("y"), [[3, 1, 5], [1, 1, 7]])
    assert type(s.workspace["z"]) is SparseMatrix and type(s.workspace["S"]) is SparseMatrix


SPARSE_VALUES = "S = sparse([1 0 2; 0 0 3]); L = S > 1; V = sparse([0 2 0 1]); Z = sparse(0, 3); " \
                "C = sparse([1 2; 3 4]); E = sparse(2, 2);"
ARGUMENTS = ("S", "L", "V", "Z", "C", "E", "S, 2", "S, S", "S, [], 2", "2, S", "V, 1", "C, C", "S, 'all'",
             "S, 1, 'last'", "C, C, C", "'a', S", "E, E", "{S}", "S, {1}")


def test_builtins_with_sparse_forms_never_fail_inside(s):
    """Every builtin that takes sparse arguments, with sparse matrices of several shapes (empty, all zero,
    logical, vectors) and argument lists right or wrong: an answer or a MATLAB error, never an engine
    error (MATLAB:internal)."""
    run(s, SPARSE_VALUES)
    names = sorted(name for name, entry in load_all().items() if entry.sparse)
    assert len(names) > 80
    failures = []
    for name in names:
        for args in ARGUMENTS:
            r = s.execute(f"y = {name}({args});")
            if r.error is not None and r.error.identifier == "MATLAB:internal":
                failures.append(f"{name}({args}): {r.error.message}")
    assert not failures, failures


OPERATORS = ("+", "-", "*", "/", "\\", "^", ".*", "./", ".\\", ".^", "==", "~=", "<", "<=", ">", ">=", "&", "|")
OPERANDS = ("S", "E", "X", "2", "[1; 2]", "ones(2, 3)", "'ab'", "{1}", "int8(1)", "[]", "NaN", "1i",
            "ones(2, 3, 2)")


def test_operators_with_a_sparse_operand_never_fail_inside(s):
    """Every operator with a sparse operand (empty, all zero, logical, complex) and another of any class
    and shape, on either side: an answer or a MATLAB error, never an engine error."""
    run(s, SPARSE_VALUES + " X = sparse([1+2i 0; 0 1]);")
    failures = []
    for a in ("L", "Z", "E", "X"):
        for op in OPERATORS:
            for b in OPERANDS:
                for code in (f"y = {a} {op} {b};", f"y = {b} {op} {a};"):
                    r = s.execute(code)
                    if r.error is not None and r.error.identifier == "MATLAB:internal":
                        failures.append(f"{code} {r.error.message}")
    assert not failures, failures
