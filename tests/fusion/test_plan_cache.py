"""The bounded plan cache (MATFUSE_PLAN_CACHE, least recently used dropped first, counted in %fusion
stats) and literals the graphs read as constants (true, false, pi, Inf, NaN)."""
import numpy as np

from engine import Session
from engine.accel.fusion.cache import PlanCache

CODE = "y = exp(x) .* 2 + 1;"


def test_the_cache_drops_the_least_recently_used():
    cache = PlanCache(2)
    assert cache.put("a", 1) == 0 and cache.put("b", 2) == 0
    assert cache.get("a") == 1                 # now b is the oldest
    assert cache.put("c", 3) == 1
    assert cache.get("b") is None and cache.get("a") == 1 and cache.get("c") == 3 and len(cache) == 2


def test_plans_of_many_sizes_stay_within_the_bound(gpu, monkeypatch):
    monkeypatch.setenv("MATFUSE_PLAN_CACHE", "4")
    s = Session(device="gpu")
    for n in range(1, 11):
        s.set("x", np.full((n + 1, 1), 0.5))
        assert s.execute(CODE).error is None
        np.testing.assert_allclose(s.get("y"), np.full((n + 1, 1), 2 * np.exp(0.5) + 1), rtol=1e-14)
    stats = s.fusion.stats
    assert len(s.fusion.plans) == 4
    assert (stats.plan_misses, stats.plan_evictions, stats.plan_hits) == (10, 6, 0)
    s.set("x", np.full((11, 1), 0.5))
    assert s.execute(CODE).error is None                   # the last size again: a hit
    assert s.fusion.stats.plan_hits == 1
    assert "plan evictions: 6" in s.fusion_report("stats")["text/plain"]


def test_true_false_and_pi_are_constants_of_the_kernel(gpu):
    s = Session(device="gpu")
    x = np.linspace(0, 1, 11).reshape(-1, 1)
    s.set("x", x)
    assert s.execute("y = xor(x > 0.5, true); z = x .* pi + false; w = (x < 2) & ~false;").error is None
    (window,) = s.fusion.reports()
    assert window.device == "GPU", window.reason
    np.testing.assert_array_equal(s.get("y"), ~(x > 0.5))
    np.testing.assert_allclose(s.get("z"), x * np.pi, rtol=1e-15)
    assert s.get("w").all() and s.get("w").dtype == np.bool_
