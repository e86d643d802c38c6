"""Buffers of gpuArray values return to the pool when the values are overwritten, cleared, or go out of
scope (function return, error unwinding), also inside cells and structs."""
import gc

from engine import Session
from engine.accel.residency import pool_stats

FUNCTIONS = """
function y = scaled(x)
  t = gpuArray(x) .* 2;
  u = {t, t + 1};
  w = struct('a', t);
  v = w.a;
  y = sum(t(:)) + u{2}(1) + v(1);
end
function failing(x)
  t = gpuArray(x);
  w = struct('inner', {{t, t'}});
  error('test:boom', 'boom');
end
"""

CELLS = [
    "A = gpuArray(rand(4)); B = A .* 2 + 1;",
    "A = B; B = sqrt(A); A(2, :) = 0;",
    "c = {A, B, gpuArray(single(1:3))}; c{2} = A + 1;",
    "s.x = B; s.y = {A, gpuArray(true(2))}; s(2).x = A;",
    "s(1).x = 5; s(2).y = {1}; c = 1;",
    "r = scaled(ones(3));" + FUNCTIONS,
    "try, failing(ones(2)); catch e, m = e.message; end" + FUNCTIONS,
    "clear c s",
    "k = max(A, [], 2); [m, i] = min(B(:)); clear A",
    "clear all",
]


def live() -> int:
    return pool_stats().live_buffers


def test_thousand_cells_return_every_buffer(gpu):
    gc.collect()
    session = Session()
    baseline = live()
    for k in range(1000):
        result = session.execute(CELLS[k % len(CELLS)])
        assert result.error is None, (k, result.error)
    # An error caught by try/catch keeps its Python traceback (the frames, with their registers) in a
    # reference cycle until the cycle collector runs (the VM stores it on the frame with the traceback).
    gc.collect()
    assert live() == baseline



def test_shared_buffer_lives_until_its_last_reference(gpu):
    gc.collect()
    session = Session()
    baseline = live()
    assert session.execute("G = gpuArray(ones(8)); H = G; c = {G, {G}}; s.f = c; V = G(:);").error is None
    assert live() == baseline + 1            # one buffer, shared by every reference and the G(:) view
    session.execute("clear G H c V")
    assert live() == baseline + 1            # still held by s.f
    session.execute("s = 0;")
    assert live() == baseline


def test_uncaught_error_releases_the_buffers_of_its_frames(gpu):
    gc.collect()
    session = Session()
    baseline = live()
    for _ in range(3):
        assert session.execute("failing(ones(5));" + FUNCTIONS).error.identifier == "test:boom"
        assert live() == baseline
