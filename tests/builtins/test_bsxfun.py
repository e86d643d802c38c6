"""bsxfun: a binary element-wise function with singleton expansion, run as a user runs it. Expected values
recorded from GNU Octave 8 (MATLAB agrees)."""
import numpy as np
import pytest

from engine import Session


def run(code: str, device: str = "cpu") -> Session:
    s = Session(device=device)
    r = s.execute(code)
    assert r.error is None, r.error
    return s


CASES = [
    ("bsxfun(@minus, [1 2; 3 4], [1 2])", np.array([[0., 0.], [2., 2.]])),
    ("bsxfun(@(x, y) x .* y + 1, [1; 2], [1 2])", np.array([[2., 3.], [3., 5.]])),
    ("bsxfun(@max, [1; 5], [2 3 4])", np.array([[2., 3., 4.], [5., 5., 5.]])),
    ("bsxfun(@eq, 'ab', ['a'; 'b'])", np.array([[True, False], [False, True]])),
    ("bsxfun(@times, single([1; 2]), int8([3 4]))", np.array([[3, 4], [6, 8]], dtype=np.int8)),
    ("bsxfun(@hypot, [3; 5], [4 12])", np.array([[5., 12.36931687685298], [6.4031242374328485, 13.]])),
    ("bsxfun(@rdivide, [2 4 6], 2)", np.array([[1., 2., 3.]])),
]


@pytest.mark.parametrize("code, want", CASES, ids=[c for c, _ in CASES])
def test_bsxfun_matches_octave(code, want):
    got = run(f"c = {code};").get("c")
    assert got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)


def test_bsxfun_expands_a_user_function_to_the_result_size():
    """A function that does not expand by itself gets both inputs at the result's size."""
    s = run("c = bsxfun(@f, zeros(2, 1, 3), [1 2]);\n"
            "function z = f(x, y)\n  assert(isequal(size(x), size(y)));\n  z = x - y;\nend\n")
    got = s.get("c")
    assert got.shape == (2, 2, 3) and np.all(got == -np.array([1., 2.])[None, :, None])


@pytest.mark.parametrize("code, ident", [
    ("bsxfun(@plus, ones(2, 3), ones(3, 1))", "MATLAB:bsxfun:arrayDimensionsMustMatch"),
    ("bsxfun('plus', 1, 2)", "MATLAB:bsxfun:fcnHandleRequired"),
    ("bsxfun(@(x, y) sum(x), [1; 2], [1 2])", "MATLAB:bsxfun:outputSizeMismatch"),
])
def test_bsxfun_errors(code, ident):
    r = Session(device="cpu").execute(f"c = {code};")
    assert r.error is not None and r.error.identifier == ident


def test_bsxfun_on_gpu_arrays_stays_on_the_device(gpu):
    s = run("a = gpuArray([1 2; 3 4]); c = bsxfun(@minus, a, mean(a)); d = gather(c); k = class(c);", "gpu")
    np.testing.assert_array_equal(s.get("d"), [[-1., -1.], [1., 1.]])
    assert s.get("k") == "gpuArray"
