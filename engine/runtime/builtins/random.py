"""Random numbers: rand randn randi rng.

The session's generator is ``ctx.state.rng``, a numpy ``RandomState``: the same Mersenne Twister as
MATLAB's default generator ('twister'), seeded the same way (MATLAB seed 0 is MT seed 5489), and numpy's
``random_sample`` builds doubles from two 32-bit outputs exactly as MATLAB does. So after ``rng(seed)``,
``rand`` returns MATLAB's numbers, filled in column-major order. randn cannot match MATLAB (MATLAB uses a
ziggurat algorithm, numpy the polar Box-Muller method): the values are standard normal and repeatable per
seed, but not MATLAB's.

Large ``rand`` draws that the accelerator keeps on the device are drawn there from the same stream
(engine/accel/mersenne.py); the generator's state then lives on the device until the host needs it, so
every host use goes through ``generator(state)``, which brings it back first.
"""
from __future__ import annotations

import math
import time
from typing import Any

import numpy as np

from ..context import CallContext
from ..errors import MatlabError
from ..values import DTYPE_OF_CLASS, INTEGER_CLASSES, CharArray, StructArray, Value
from .construct import finish, split_class
from .registry import builtin
from .sizes import check_size, integer_values, is_text, option_text, size_from_args

DEFAULT_SEED = 5489  # MT19937 seed of MATLAB's rng(0) / rng('default')
MAX_SEED = 2 ** 32
CLASSES = {"rand": ("double", "single"), "randn": ("double", "single"),
           "randi": ("double", "single") + INTEGER_CLASSES}     # the classes each draw can give


# Where draws made on the device leave the session generator (engine/accel/mersenne.py DeviceState): an
# object whose ``host_generator()`` returns the RandomState that host draws would have left.
DEVICE_MT = "device_mt"


def generator(state: Any) -> np.random.RandomState:
    """The session's generator (``state.rng``), brought back from the device first if draws made there
    hold its state."""
    held = state.extras.pop(DEVICE_MT, None)
    if held is not None:
        state.rng = held.host_generator()
    return state.rng


def _draw(ctx: CallContext, args: tuple[Value, ...], fname: str, sample) -> Value:
    sizes, cls, cplx = split_class(args, fname, CLASSES[fname])
    shape = size_from_args(sizes, fname)
    rs = generator(ctx.state)
    values = sample(rs, math.prod(shape)).reshape(shape, order="F")
    if cplx:
        values = values + 1j * sample(rs, values.size).reshape(shape, order="F")
    dtype = DTYPE_OF_CLASS[cls] if not cplx else np.complex64 if cls == "single" else np.complex128
    values = values.astype(dtype)
    if fname == "rand" and cls == "single":
        below_one(values.real if cplx else values)
    return finish(values, cplx)


SINGLE_BELOW_ONE = np.float32(1 - 2 ** -24)     # the largest single below 1


def below_one(values: np.ndarray) -> None:
    """Keep single draws in the open interval (0, 1): a double within half an ulp of 1 rounds to
    single 1.0, which rand never gives; it becomes the largest single below 1."""
    np.minimum(values, SINGLE_BELOW_ONE, out=values)


@builtin("rand", family="random")
def rand(ctx: CallContext, *args: Value) -> Value:
    """rand, rand(n), rand(m, n, ...), rand([m n ...]), rand(..., 'single'), rand(..., 'like', p)

    Uniformly distributed numbers in the open interval (0, 1), from the session generator (see rng).
    Doubles match MATLAB's for the same seed: rng(0); rand(1, 3) gives 0.8147 0.9058 0.1270.

        rng(0); r = rand(2, 3)
    """
    return _draw(ctx, args, "rand", lambda rs, n: rs.random_sample(n))


@builtin("randn", family="random")
def randn(ctx: CallContext, *args: Value) -> Value:
    """randn, randn(n), randn(m, n, ...), randn([m n ...]), randn(..., 'single'), randn(..., 'like', p)

    Standard normally distributed numbers (mean 0, standard deviation 1) from the session generator.
    The values repeat for a given rng seed but are not MATLAB's: MATLAB draws them with a ziggurat
    algorithm, matfuse with the polar Box-Muller method of numpy's RandomState.

        rng(1); x = randn(1000, 1); m = mean(x)
    """
    return _draw(ctx, args, "randn", lambda rs, n: rs.standard_normal(n))


def randi_range(spec: Value) -> tuple[int, int]:
    try:
        bounds = integer_values(spec, "randi")
    except MatlabError:
        bounds = []
    if len(bounds) == 1 and bounds[0] >= 1:
        return 1, bounds[0]
    if len(bounds) == 2 and bounds[0] <= bounds[1]:
        return bounds[0], bounds[1]
    raise MatlabError("MATLAB:randi:invalidLimits",
                      "The first input must be a positive integer scalar value or a two-element vector "
                      "of integers with the first element less than or equal to the second.")


def check_randi_class(lo: int, hi: int, cls: str) -> None:
    """An error when randi's limits lie outside the range of integer class ``cls``."""
    if cls in INTEGER_CLASSES:
        info = np.iinfo(DTYPE_OF_CLASS[cls])
        if lo < info.min or hi > info.max:
            raise MatlabError("MATLAB:randi:limitsOutsideOutputType",
                              f"The range of integers must be within the range of the output class "
                              f"'{cls}'.")


@builtin("randi", family="random")
def randi(ctx: CallContext, imax: Value, *args: Value) -> Value:
    """randi(imax), randi(imax, n), randi(imax, m, n, ...), randi([lo hi], ...), randi(..., classname)

    Uniformly distributed random integers from 1 to imax (or lo to hi), computed as MATLAB does from the
    uniform stream: lo - 1 + ceil((hi - lo + 1) * rand), so after rng(seed) they match MATLAB. The class
    is double unless a numeric class name (e.g. 'int8', 'single') is given.

        rng(0); k = randi(10, 1, 5)
    """
    lo, hi = randi_range(imax)
    sizes, cls, _ = split_class(args, "randi", CLASSES["randi"])
    check_randi_class(lo, hi, cls)
    shape = size_from_args(sizes, "randi")
    uniform = generator(ctx.state).random_sample(math.prod(shape)).reshape(shape, order="F")
    values = (lo - 1) + np.ceil(uniform * (hi - lo + 1))
    return finish(values.astype(DTYPE_OF_CLASS[cls]), False)


def _settings(ctx: CallContext) -> StructArray:
    """The generator settings as MATLAB's rng returns them: Type, Seed, State (624 keys and position)."""
    _, keys, pos, *_ = generator(ctx.state).get_state()
    state = np.concatenate([keys, np.array([pos], dtype=np.uint32)]).reshape(-1, 1)
    return StructArray.scalar({"Type": CharArray.from_str("twister"),
                               "Seed": np.array([[ctx.state.rng_seed]], dtype=np.uint32),
                               "State": state})


def _seed(ctx: CallContext, seed: int) -> None:
    ctx.state.rng = np.random.RandomState(DEFAULT_SEED if seed == 0 else seed)
    ctx.state.rng_seed = seed
    ctx.state.extras.pop(DEVICE_DRAWS, None)
    ctx.state.extras.pop(DEVICE_MT, None)


def _restore(ctx: CallContext, settings: StructArray) -> None:
    fields = settings.data.flat[0] if settings.data.size == 1 else {}
    state = fields.get("State")
    if not isinstance(state, np.ndarray) or state.size != 625 or state.dtype != np.uint32:
        raise MatlabError("MATLAB:rng:badSettings", "The settings structure is not valid.")
    flat = state.ravel(order="F")
    rs = np.random.RandomState()
    rs.set_state(("MT19937", flat[:624].copy(), int(flat[624])))
    ctx.state.rng = rs
    ctx.state.rng_seed = int(np.asarray(fields.get("Seed", 0.0)).ravel()[0])
    ctx.state.extras.pop(DEVICE_DRAWS, None)
    ctx.state.extras.pop(DEVICE_MT, None)


def _seed_value(arg: Value) -> int:
    try:
        vals = integer_values(arg, "rng")
    except MatlabError:
        vals = []
    if len(vals) != 1 or not 0 <= vals[0] < MAX_SEED:
        raise MatlabError("MATLAB:rng:badSeed",
                          "The seed must be a nonnegative integer less than 2^32.")
    return vals[0]


# The device stream that fused kernels draw plain rand/randn from (engine/accel/random.py device_draws):
# kept in ``state.extras[DEVICE_DRAWS]`` and started again from ``state.rng_seed`` after every rng call, so
# a cell that begins with rng(s) draws the same numbers each time it runs on the same device.
DEVICE_DRAWS = "device_draws"


@builtin("rng", family="random")
def rng(ctx: CallContext, *args: Value, nargout: int = 0) -> Value:
    """rng(seed), rng('default'), rng('shuffle'), rng(seed, 'twister'), s = rng, rng(s)

    Controls the session's random number generator, MATLAB's Mersenne Twister: rng(seed) reseeds it
    (seeds 0 to 2^32-1; 0 is the default), rng('default') resets it, rng('shuffle') seeds it from the
    clock. s = rng returns the settings as a struct (Type, Seed, State); rng(s) restores them. Only the
    'twister' generator exists. Called with an output, rng returns the settings before the change.

        rng(42); a = rand; rng(42); b = rand;    % a == b
    """
    previous = _settings(ctx) if nargout > 0 or not args else None
    if len(args) == 2:
        if not is_text(args[1], "twister"):
            raise MatlabError("MATLAB:rng:unsupportedGenerator",
                              "Only the 'twister' generator is supported.")
        args = args[:1]
    if len(args) > 2:
        raise MatlabError("MATLAB:TooManyInputs", "Too many input arguments.")
    if args:
        _apply(ctx, args[0])
    return previous


def _apply(ctx: CallContext, arg: Value) -> None:
    if is_text(arg, "default"):
        _seed(ctx, 0)
    elif is_text(arg, "shuffle"):
        _seed(ctx, int(time.time() * 1e6) % MAX_SEED)
    elif type(arg) is StructArray:
        _restore(ctx, arg)
    elif option_text(arg) is not None:
        raise MatlabError("MATLAB:rng:unsupportedOption", f"rng('{option_text(arg)}') is not supported; use "
                          "rng(seed), rng('default') or rng('shuffle').")
    else:
        _seed(ctx, _seed_value(arg))


@builtin("randperm", family="random")
def randperm(ctx: CallContext, n: Value, k: Value | None = None) -> Value:
    """randperm(n), randperm(n, k)  a random permutation of 1:n, or k distinct integers drawn from 1:n.

    The result is a row vector of doubles from the session generator: repeatable per rng seed, but not
    MATLAB's sequence (MATLAB's permutation algorithm is not documented).

        rng(3); p = randperm(5)
    """
    count = integer_values(n, "randperm")
    if len(count) != 1 or count[0] < 0:
        raise MatlabError("MATLAB:randperm:inputType", "N must be a nonnegative integer scalar.")
    total = check_size((1, count[0]))[1]
    picks = [total] if k is None else integer_values(k, "randperm")
    take = picks[0] if len(picks) == 1 else -1
    if not 0 <= take <= total:
        raise MatlabError("MATLAB:randperm:inputKTooLarge",
                          "K must be a nonnegative integer less than or equal to N.")
    picked = generator(ctx.state).permutation(total)[:take] + 1.0
    return finish(picked.reshape(1, take), False)
