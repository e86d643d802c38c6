"""What the running program may ask about itself and its language: mfilename, timeit, iskeyword,
namelengthmax, usejava, isdeployed."""
from __future__ import annotations

import os
import statistics
import time

import numpy as np

from ..context import CallContext
from ..errors import MatlabError
from ..values import CellArray, CharArray, FunctionHandle, Value
from .control import KEYWORDS
from .registry import builtin
from .sizes import option_text
from .textutil import char_row


@builtin("mfilename", family="workspace")
def mfilename(ctx: CallContext, option: Value | None = None) -> Value:
    """name = mfilename, mfilename('fullpath'), mfilename('class')  the name of the running file.

    The file name without folder and extension; 'fullpath' gives the folder too (still without .m);
    'class' gives '' (no classdef files here). In a notebook cell (no file), ''.

        function show, disp(mfilename), end    % in show.m: show
    """
    path = ctx.caller_file()
    word = None if option is None else (option_text(option) or "").lower()
    if word not in (None, "fullpath", "class"):
        raise MatlabError("MATLAB:mfilename:InvalidOption", "The option must be 'fullpath' or 'class'.")
    if not path or word == "class":
        return CharArray(np.zeros((0, 0), dtype=np.uint16))
    stem = os.path.splitext(path)[0]
    return char_row(os.path.abspath(stem) if word == "fullpath" else os.path.basename(stem))


@builtin("timeit", family="workspace")
def timeit(ctx: CallContext, f: Value, outputs: Value | None = None) -> float:
    """t = timeit(f), timeit(f, numOutputs)  the time in seconds one call of f takes, measured reliably.

    f is a function handle taking no inputs; it runs once to warm up, then repeatedly (about a
    second's worth, at most 101 times, at least 3), and t is the median. numOutputs (default 1, 0 for
    a function that returns nothing) is how many outputs each call asks for.

        t = timeit(@() inv(rand(100)))
    """
    if type(f) is not FunctionHandle:
        raise MatlabError("MATLAB:timeit:InvalidFunctionHandle", "The first input must be a function handle.")
    n = 1 if outputs is None else int(np.asarray(outputs).ravel()[0]) if np.size(outputs) == 1 else -1
    if n < 0:
        raise MatlabError("MATLAB:timeit:InvalidNumOutputs", "numOutputs must be a nonnegative integer.")
    ctx.call(f, [], n)
    times: list[float] = []
    while len(times) < 101 and (len(times) < 3 or sum(times) < 1.0):
        start = time.perf_counter()
        ctx.call(f, [], n)
        times.append(time.perf_counter() - start)
        if ctx.interrupted():
            break
    return float(statistics.median(times))


@builtin("iskeyword", family="control")
def iskeyword(word: Value | None = None) -> Value:
    """tf = iskeyword(txt), words = iskeyword  whether txt is a MATLAB keyword; the keywords.

    Keywords (if, end, function, ...) cannot name variables or functions. Without an argument, the
    list of keywords as a column cell array.

        iskeyword('for')    % true
    """
    if word is None:
        data = np.empty((len(KEYWORDS), 1), dtype=object)
        for k, name in enumerate(sorted(KEYWORDS)):
            data[k, 0] = char_row(name)
        return CellArray(data)
    text = option_text(word)
    return text is not None and text in KEYWORDS


@builtin("namelengthmax", family="control")
def namelengthmax() -> float:
    """n = namelengthmax  the longest name a variable, function or field may have: 63 characters.

    isvarname rejects longer names; matlab.lang.makeValidName is not provided.

        namelengthmax    % 63
    """
    return 63.0


@builtin("usejava", family="system")
def usejava(feature: Value) -> bool:
    """tf = usejava(feature)  whether a Java feature ('jvm', 'awt', 'desktop', 'swing') is available.

    Always false: matfuse runs without Java (programs that test usejava('desktop') take their
    non-graphical-desktop path).

        usejava('desktop')    % false
    """
    name = option_text(feature)
    if name is None or name.lower() not in ("jvm", "awt", "desktop", "swing"):
        raise MatlabError("MATLAB:usejava:invalidArgument", "Feature must be 'jvm', 'awt', 'desktop' or 'swing'.")
    return False


@builtin("isdeployed", family="system")
def isdeployed() -> bool:
    """tf = isdeployed  whether the program runs as a deployed (compiled) application: always false.

    Programs run here in the kernel or a Session, never as a compiled application.

        if ~isdeployed, disp('interactive'), end
    """
    return False
