"""The Statistics Toolbox's NaN-ignoring reductions: nanmean nanmedian nanstd nanvar nansum nanmax nanmin.

MATLAB keeps them for old code (new code passes 'omitnan' to mean, median, std, var, sum, max and min);
each is that reduction with 'omitnan' appended to the same arguments.
"""
from __future__ import annotations

from typing import Callable

from ..errors import MatlabError
from ..values import CharArray, Value
from .reductions import NAN_FLAGS, max_, mean, median, min_, std, sum_, var
from .registry import builtin
from .sizes import option_text

OMIT = CharArray.from_str("omitnan")


def _omitting(fname: str, reduction: Callable[..., Value], args: tuple[Value, ...], nargout: int) -> Value:
    if any((option_text(a) or "").lower() in NAN_FLAGS for a in args[1:]):
        raise MatlabError(f"matfuse:{fname}:unsupported", f"{fname} takes no NaN option; it always omits NaN.")
    if reduction in (max_, min_, std, var):
        return reduction(*args, OMIT, nargout=nargout)
    return reduction(*args, OMIT)


@builtin("nanmean", family="statistics")
def nanmean(x: Value, *args: Value) -> Value:
    """nanmean(X), nanmean(X, dim), nanmean(X, vecdim), nanmean(X, 'all')  the mean ignoring NaN.

    mean(X, ..., 'omitnan'), kept for old code; a column of only NaN gives NaN.

        nanmean([1 NaN 3])    % 2
    """
    return _omitting("nanmean", mean, (x, *args), 1)


@builtin("nanmedian", family="statistics")
def nanmedian(x: Value, *args: Value) -> Value:
    """nanmedian(X), nanmedian(X, dim), nanmedian(X, vecdim), nanmedian(X, 'all')  the median ignoring NaN.

    median(X, ..., 'omitnan'), kept for old code.

        nanmedian([4 NaN 1 9])    % 4
    """
    return _omitting("nanmedian", median, (x, *args), 1)


@builtin("nanstd", family="statistics")
def nanstd(x: Value, *args: Value, nargout: int = 1) -> Value:
    """nanstd(X), nanstd(X, flag), nanstd(X, flag, dim)  the standard deviation ignoring NaN.

    std(X, flag, dim, 'omitnan'), kept for old code: flag 0 (the default) normalizes by N-1, flag 1 by N,
    N counting the values that are not NaN.

        nanstd([2 NaN 4 6])    % 2
    """
    return _omitting("nanstd", std, (x, *args), nargout)


@builtin("nanvar", family="statistics")
def nanvar(x: Value, *args: Value, nargout: int = 1) -> Value:
    """nanvar(X), nanvar(X, flag), nanvar(X, flag, dim)  the variance ignoring NaN.

    var(X, flag, dim, 'omitnan'), kept for old code.

        nanvar([2 NaN 4 6])    % 4
    """
    return _omitting("nanvar", var, (x, *args), nargout)


@builtin("nansum", family="statistics")
def nansum(x: Value, *args: Value) -> Value:
    """nansum(X), nansum(X, dim), nansum(X, vecdim), nansum(X, 'all')  the sum ignoring NaN.

    sum(X, ..., 'omitnan'), kept for old code; only NaN sums to 0.

        nansum([1 NaN 3])    % 4
    """
    return _omitting("nansum", sum_, (x, *args), 1)


@builtin("nanmax", family="statistics")
def nanmax(a: Value, *args: Value, nargout: int = 1) -> Value:
    """nanmax(A), nanmax(A, [], dim), nanmax(A, B), [M, I] = nanmax(...)  the largest elements ignoring NaN.

    max(..., 'omitnan'), kept for old code (max ignores NaN by default too).

        [m, i] = nanmax([NaN 3 7 2])    % m = 7, i = 3
    """
    return _omitting("nanmax", max_, (a, *args), nargout)


@builtin("nanmin", family="statistics")
def nanmin(a: Value, *args: Value, nargout: int = 1) -> Value:
    """nanmin(A), nanmin(A, [], dim), nanmin(A, B), [M, I] = nanmin(...)  the smallest elements ignoring NaN.

    min(..., 'omitnan'), kept for old code (min ignores NaN by default too).

        [m, i] = nanmin([NaN 3 7 2])    % m = 2, i = 4
    """
    return _omitting("nanmin", min_, (a, *args), nargout)
