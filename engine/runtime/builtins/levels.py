"""Signal levels (MATLAB functions that began in the Signal Processing Toolbox): rms rssq peak2peak
peak2rms.

Each is MATLAB's definition written with the engine's own builtins, so dimensions ('all', vecdim), NaN
flags, classes and gpuArray inputs behave as in mean, sum, max and min: rms(x, ...) =
sqrt(mean(x.*conj(x), ...)), rssq(x, ...) = sqrt(sum(x.*conj(x), ...)), peak2peak(x, ...) = max(x, [], ...)
- min(x, [], ...), peak2rms(x, ...) = max(abs(x), [], ...) ./ rms(x, ...).
"""
from __future__ import annotations

import numpy as np

from ..values import Value
from .elementwise import ANY_NUMERIC, check_classes
from .registry import builtin


def _call(ctx, name: str, *args: Value) -> Value:
    return ctx.call(name, list(args), 1)[0]


def _power(ctx, fname: str, x: Value) -> Value:
    check_classes(fname, (x,), ANY_NUMERIC)
    return _call(ctx, "times", x, _call(ctx, "conj", x))


def _rms(ctx, fname: str, x: Value, args: tuple[Value, ...]) -> Value:
    return _call(ctx, "sqrt", _call(ctx, "mean", _power(ctx, fname, x), *args))


def _extreme(ctx, name: str, x: Value, args: tuple[Value, ...]) -> Value:
    return _call(ctx, name, x, np.zeros((0, 0)), *args)


@builtin("rms", family="data")
def rms(ctx, x: Value, *args: Value) -> Value:
    """rms(X), rms(X, dim), rms(X, vecdim), rms(X, 'all'), rms(..., nanflag)  root-mean-square level.

    sqrt(mean(X.*conj(X), ...)) along the first non-singleton dimension, dim, the dimensions vecdim or
    all elements; 'omitnan' leaves NaN out. Integer X is squared in its class, as MATLAB does, and
    averaged in double.

        rms([1 2 3 4])    % 2.7386
    """
    return _rms(ctx, "rms", x, args)


@builtin("rssq", family="data")
def rssq(ctx, x: Value, *args: Value) -> Value:
    """rssq(X), rssq(X, dim), rssq(X, vecdim), rssq(X, 'all'), rssq(..., nanflag)  root-sum-of-squares
    level: sqrt(sum(X.*conj(X), ...)), along sum's dimensions.

        rssq([3 4])    % 5
    """
    return _call(ctx, "sqrt", _call(ctx, "sum", _power(ctx, "rssq", x), *args))


@builtin("peak2peak", family="data")
def peak2peak(ctx, x: Value, *args: Value) -> Value:
    """peak2peak(X), peak2peak(X, dim), peak2peak(X, vecdim), peak2peak(X, 'all')  the difference between
    the largest and smallest values: max(X, [], ...) - min(X, [], ...).

        peak2peak([1 5; 3 4])    % 2  1
    """
    check_classes("peak2peak", (x,), ANY_NUMERIC)
    return _call(ctx, "minus", _extreme(ctx, "max", x, args), _extreme(ctx, "min", x, args))


@builtin("peak2rms", family="data")
def peak2rms(ctx, x: Value, *args: Value) -> Value:
    """peak2rms(X), peak2rms(X, dim), peak2rms(X, vecdim), peak2rms(X, 'all')  peak-magnitude-to-RMS
    ratio: max(abs(X), [], ...) ./ rms(X, ...).

        peak2rms([1 2 3 4])    % 1.4606
    """
    ratio = _rms(ctx, "peak2rms", x, args)
    return _call(ctx, "rdivide", _extreme(ctx, "max", _call(ctx, "abs", x), args), ratio)
