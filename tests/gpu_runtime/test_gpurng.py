"""gpurng and rand/randn/randi(..., 'gpuArray') through Session: drawn on the device from the session's
Philox stream (tests/accel/test_device_random.py checks the numbers themselves against numpy)."""
import numpy as np
import pytest

from engine import Session
from engine.accel import random as R


def run(s, code):
    r = s.execute(code)
    assert r.error is None, (code, r.error)
    return r


def test_draws_come_from_the_session_stream(gpu):
    s = Session()
    run(s, "gpurng(1); a = rand(5, 1, 'gpuArray'); b = rand(5, 1, 'gpuArray'); "
           "gpurng(1); c = rand(10, 1, 'gpuArray'); gpurng(1); d = rand(10, 1, 'gpuArray');"
           "gpurng(8); n = randn(3, 4, 'single', 'gpuArray'); k = randi([-2 9], 1, 300, 'gpuArray');")
    np.testing.assert_array_equal(np.vstack([s.get("a"), s.get("b")]), s.get("c"))
    np.testing.assert_array_equal(s.get("c"), s.get("d"))
    stream = R.DeviceStream(seed=1)
    np.testing.assert_array_equal(s.get("c"), R.gpu_rand(stream, (10, 1), "double", gpu).download())
    stream = R.DeviceStream(seed=8)
    np.testing.assert_array_equal(s.get("n"), R.gpu_randn(stream, (3, 4), "single", gpu).download())
    np.testing.assert_array_equal(s.get("k"), R.gpu_randi(stream, -2, 9, (1, 300), "double", gpu).download())


def test_classes_sizes_and_like(gpu):
    s = Session()
    run(s, "gpurng(3); a = rand(2, 3, 'like', gpuArray(single(1))); "
           "gpurng(3); b = rand(2, 3, 'single', 'gpuArray'); c = randn([2 3 4], 'gpuArray'); "
           "k = randi(10, 257, 1, 'int32', 'gpuArray'); "
           "u = randi(5, 2, 'like', gpuArray(uint32(1))); e = randn(0, 3, 'gpuArray'); z = rand('gpuArray');"
           "cls = {class(a), classUnderlying(a), classUnderlying(c), classUnderlying(k), classUnderlying(u),"
           " class(e), class(z)};")
    assert list(s.get("cls").ravel()) == ["gpuArray", "single", "double", "int32", "uint32", "gpuArray",
                                          "gpuArray"]
    np.testing.assert_array_equal(s.get("a"), s.get("b"))
    assert s.get("c").shape == (2, 3, 4) and s.get("e").shape == (0, 3)
    k = s.get("k")
    assert k.dtype == np.int32 and k.shape == (257, 1) and k.min() >= 1 and k.max() <= 10
    assert 0.0 < s.get("z") < 1.0


def test_rng_and_the_gpu_stream_are_separate(gpu):
    s = Session()
    run(s, "gpurng(5); rng(0); a = rand(1, 4, 'gpuArray'); x = rand(1, 2);"
           "gpurng(5); rng(9); b = rand(1, 4, 'gpuArray'); rng(0); y = rand(1, 2);")
    np.testing.assert_array_equal(s.get("a"), s.get("b"))
    np.testing.assert_array_equal(s.get("x"), s.get("y"))   # drawing on the GPU left rng's stream alone
    np.testing.assert_allclose(s.get("x"), [[0.8147236863931789, 0.9057919370756192]], rtol=1e-15)


def test_settings_struct_round_trip(gpu):
    s = Session()
    run(s, "d = gpurng; gpurng(12); a = rand(3, 'gpuArray'); st = gpurng; b = rand(3, 'gpuArray'); "
           "gpurng(st); c = rand(3, 'gpuArray'); old = gpurng('default'); e = gpurng; "
           "t = d.Type; sd = st.Seed; cs = class(st.State); n = numel(st.State);")
    assert s.get("t") == "Philox4x32-10"
    assert s.get("sd").dtype == np.uint32 and s.get("sd")[0, 0] == 12
    assert s.get("cs") == "uint32" and s.get("n")[0, 0] == 4
    np.testing.assert_array_equal(s.get("b"), s.get("c"))
    assert not np.array_equal(s.get("a"), s.get("b"))
    state = s.get("st")["State"].ravel()
    assert list(state) == [12, 0, 9, 0]                      # key words, position words
    assert list(s.get("old")["State"].ravel()) == [12, 0, 18, 0]
    assert list(s.get("e")["State"].ravel()) == [0, 0, 0, 0] == list(s.get("d")["State"].ravel())


def test_seed_forms(gpu):
    s = Session()
    run(s, "gpurng(0, 'Philox'); a = rand(1, 3, 'gpuArray'); gpurng('default'); b = rand(1, 3, 'gpuArray');"
           "gpurng(4); gpurng('philox4x32_10'); c = rand(1, 3, 'gpuArray');"
           "gpurng('shuffle'); sh = gpurng; gpurng(2^32 - 1); top = gpurng;")
    np.testing.assert_array_equal(s.get("a"), s.get("b"))
    np.testing.assert_array_equal(s.get("a"), s.get("c"))
    assert s.get("top")["Seed"][0, 0] == 2 ** 32 - 1
    assert s.get("sh")["Type"] == "Philox4x32-10"


def test_new_sessions_start_at_the_default_seed(gpu):
    first, second = Session(), Session()
    run(first, "gpurng(77); x = rand(2, 'gpuArray');")
    run(second, "y = rand(2, 'gpuArray'); gpurng('default'); z = rand(2, 'gpuArray');")
    np.testing.assert_array_equal(second.get("y"), second.get("z"))


def test_reset_keeps_the_stream(gpu):
    s = Session()
    run(s, "gpurng(6); a = randn(4, 1, 'gpuArray'); reset(gpuDevice); b = randn(4, 1, 'gpuArray'); "
           "gpurng(6); c = randn(8, 1, 'gpuArray');")
    np.testing.assert_array_equal(np.vstack([s.get("a"), s.get("b")]), s.get("c"))


@pytest.mark.parametrize("code, ident", [
    ("gpurng(-1)", "parallel:gpu:rng:badSeed"),
    ("gpurng(1.5)", "parallel:gpu:rng:badSeed"),
    ("gpurng(2^32)", "parallel:gpu:rng:badSeed"),
    ("gpurng([1 2])", "parallel:gpu:rng:badSeed"),
    ("gpurng('threefry')", "parallel:gpu:rng:unsupportedGenerator"),
    ("gpurng(1, 'twister')", "parallel:gpu:rng:unsupportedGenerator"),
    ("gpurng(1, 2)", "parallel:gpu:rng:unsupportedGenerator"),
    ("gpurng(1, 'philox', 3)", "MATLAB:TooManyInputs"),
    ("s = rng; gpurng(s)", "parallel:gpu:rng:badSettings"),
    ("s = gpurng; s.State = s.State(1:3); gpurng(s)", "parallel:gpu:rng:badSettings"),
    ("randi(10, 2, 'int8', 'gpuArray')", "matfuse:gpu:unsupportedClass"),
    ("randi([-1 2^31], 2, 'int32', 'gpuArray')", "MATLAB:randi:limitsOutsideOutputType"),
    ("randi(0, 2, 'gpuArray')", "MATLAB:randi:invalidLimits"),
    ("rand(2, 'like', gpuArray(true))", "MATLAB:UnsupportedClass"),
    ("randn(2, 'int32', 'gpuArray')", "MATLAB:UnsupportedClass"),
])
def test_errors(gpu, code, ident):
    err = Session().execute(code).error
    assert err is not None and err.identifier == ident, (code, err)


def test_cpu_session_has_no_gpurng():
    err = Session(device="cpu").execute("gpurng(1)").error
    assert err is not None and err.identifier == "matfuse:gpu:cpuSession"
