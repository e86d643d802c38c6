"""rand randn randi rng: MATLAB's numbers for rand/randi after rng(seed); statistics and determinism for
randn (whose stream cannot match MATLAB's ziggurat)."""
import numpy as np
import pytest

from engine.runtime.errors import MatlabError
from engine.runtime.values import CharArray, StructArray
from numeric_fakes import FakeContext, arr, call, same


def text(s: str) -> CharArray:
    return CharArray.from_str(s)


@pytest.fixture
def ctx() -> FakeContext:
    return FakeContext()


def digits16(values) -> list[str]:
    """MATLAB's values as printed with 16 significant digits (format long g / %.16g)."""
    return [f"{v:.16g}" for v in np.ravel(values, order="F")]


def test_rand_matches_matlab(ctx):
    call("rng", 0.0, ctx=ctx, nargout=0)
    r = call("rand", 1.0, 3.0, ctx=ctx)
    assert r.shape == (1, 3)
    assert digits16(r) == ["0.8147236863931789", "0.9057919370756192", "0.1269868162935061"]
    call("rng", 1.0, ctx=ctx, nargout=0)
    same(call("rand", ctx=ctx), 0.417022004702574)


def test_rand_fills_column_major(ctx):
    call("rng", text("default"), ctx=ctx, nargout=0)
    r = call("rand", 2.0, 2.0, ctx=ctx)
    assert digits16(r) == ["0.8147236863931789", "0.9057919370756192", "0.1269868162935061",
                           "0.9133758561390194"]


def test_default_session_state_is_rng_default(ctx):
    same(call("rand", ctx=ctx), 0.8147236863931789)


def test_rand_forms(ctx):
    assert call("rand", 3.0, ctx=ctx).shape == (3, 3)
    assert call("rand", arr([2, 3, 4]), ctx=ctx).shape == (2, 3, 4)
    assert call("rand", 2.0, text("single"), ctx=ctx).dtype == np.float32
    same(call("rand", 0.0, 3.0, ctx=ctx), np.zeros((0, 3)))
    z = call("rand", 1.0, 2.0, text("like"), 1j, ctx=ctx)
    assert z.dtype == np.complex128 and z.shape == (1, 2)
    with pytest.raises(MatlabError, match="rand does not support class 'int8'"):
        call("rand", 2.0, text("int8"), ctx=ctx)


def test_randi_matches_matlab(ctx):
    call("rng", text("default"), ctx=ctx, nargout=0)
    same(call("randi", 10.0, 1.0, 5.0, ctx=ctx), arr([9, 10, 2, 10, 7]))   # MATLAB's documented draw


def test_randi_forms(ctx):
    call("rng", 0.0, ctx=ctx, nargout=0)
    same(call("randi", arr([5, 8]), 2.0, text("int8"), ctx=ctx), np.array([[8, 5], [8, 8]], np.int8))
    draws = call("randi", arr([-3, 3]), 1.0, 2000.0, ctx=ctx)
    assert set(np.unique(draws)) == set(range(-3, 4))
    with pytest.raises(MatlabError, match="positive integer scalar"):
        call("randi", 0.0, ctx=ctx)
    with pytest.raises(MatlabError, match="positive integer scalar"):
        call("randi", arr([5, 2]), ctx=ctx)
    with pytest.raises(MatlabError, match="range of the output class"):
        call("randi", 300.0, 1.0, text("int8"), ctx=ctx)


def test_randn_statistics_and_determinism(ctx):
    call("rng", 7.0, ctx=ctx, nargout=0)
    x = call("randn", 100000.0, 1.0, ctx=ctx)
    assert abs(x.mean()) < 0.015 and abs(x.std() - 1) < 0.01
    call("rng", 7.0, ctx=ctx, nargout=0)
    same(call("randn", 100000.0, 1.0, ctx=ctx), x)
    assert call("randn", 2.0, text("single"), ctx=ctx).dtype == np.float32


def test_rng_settings_round_trip(ctx):
    call("rng", 42.0, ctx=ctx, nargout=0)
    settings = call("rng", ctx=ctx)
    assert isinstance(settings, StructArray) and settings.fields == ["Type", "Seed", "State"]
    assert settings.data[0, 0]["Type"].to_str() == "twister"
    assert settings.data[0, 0]["State"].shape == (625, 1)
    first = call("rand", 1.0, 4.0, ctx=ctx)
    previous = call("rng", settings, ctx=ctx, nargout=1)
    same(call("rand", 1.0, 4.0, ctx=ctx), first)
    assert previous.data[0, 0]["Seed"][0, 0] == 42


def test_rng_forms(ctx):
    call("rng", 5.0, text("twister"), ctx=ctx, nargout=0)
    a = call("rand", ctx=ctx)
    call("rng", 5.0, ctx=ctx, nargout=0)
    assert call("rand", ctx=ctx) == a
    call("rng", text("shuffle"), ctx=ctx, nargout=0)
    assert 0 < call("rand", ctx=ctx) < 1
    with pytest.raises(MatlabError, match="nonnegative integer less than 2\\^32"):
        call("rng", -1.0, ctx=ctx, nargout=0)
    with pytest.raises(MatlabError, match="Only the 'twister' generator"):
        call("rng", 1.0, text("philox"), ctx=ctx, nargout=0)
    with pytest.raises(MatlabError, match="not supported"):
        call("rng", text("bogus"), ctx=ctx, nargout=0)


def test_randperm(ctx):
    call("rng", 3.0, ctx=ctx, nargout=0)
    p = call("randperm", 10.0, ctx=ctx)
    assert p.shape == (1, 10) and sorted(p.ravel()) == list(range(1, 11))
    call("rng", 3.0, ctx=ctx, nargout=0)
    same(call("randperm", 10.0, ctx=ctx), p)
    k = call("randperm", 10.0, 3.0, ctx=ctx)
    assert k.shape == (1, 3) and len(set(k.ravel())) == 3
    same(call("randperm", 0.0, ctx=ctx), np.zeros((1, 0)))
    with pytest.raises(MatlabError, match="less than or equal to N"):
        call("randperm", 3.0, 5.0, ctx=ctx)


def test_single_draws_stay_below_one(ctx):
    """A double draw within half an ulp of 1 rounds to single 1.0; rand's interval is open. With rng(30),
    draw 629438 of a million is such a double."""
    call("rng", 30.0, ctx=ctx, nargout=0)
    r = call("rand", 1e6, 1.0, text("single"), ctx=ctx)
    call("rng", 30.0, ctx=ctx, nargout=0)
    d = call("rand", 1e6, 1.0, ctx=ctx).astype(np.float32)
    assert d[629437, 0] == 1 and r[629437, 0] == np.float32(1 - 2 ** -24)
    assert r.dtype == np.float32 and r.max() < 1 and r.min() > 0
    d[629437, 0] = r[629437, 0]
    np.testing.assert_array_equal(r, d)          # every other draw is the double rounded to single
