"""Random numbers on the device: the session's GPU stream (MATLAB's gpurng) and the rand/randn/randi
kernels, all on the Philox4x32-10 generator of wgsl/philox.wgsl.

    stream = stream_of(state)              the session's DeviceStream (gpurng), created at the default
    key, base = stream.reserve(n)          positions base .. base+n-1 of the stream are now used
    gpu_rand(stream, shape, cls)           -> GpuTensor, uniform in (0, 1), double or single
    gpu_randn(stream, shape, cls)          -> GpuTensor, standard normal
    gpu_randi(stream, lo, hi, shape, cls)  -> GpuTensor, integers lo..hi (double, single, int32, uint32)

The position contract, shared with fused kernels: a draw of n values first reserves n positions, and
element i (column-major linear index) is the value at position base + i, computed in WGSL by
``draw_wgsl(kind, cls, has_f64, "key", "rng_pos(base, i)")`` (the expression the kernels here use, with
key and base as vec2<u32> (low word, high word) from ``reserve``). So a fused kernel that computes
``randn(M, 1)`` inline gives the numbers an unfused ``randn(M, 1, 'gpuArray')`` would at that point of
the stream. Every draw is one dispatch; nothing is read back. ``shaders.library`` includes philox.wgsl,
so a fused kernel's text only needs the expression and key/base fields (vec2<u32>) in its uniforms.
Normals come two to a Philox block (positions 2b and 2b + 1 share block b: Box-Muller's cosine and
sine branches): a kernel computing two neighbouring elements calls ``rng_normal_two_*`` once for both
(the randn fill kernel, wgsl/rng_fill.wgsl's fill_normal_pairs, and fused loops, fusion/loops.py), with the
numbers of ``rng_normal_*`` at each position alone.

The stream is per session (MATLAB's gpurng is global to a MATLAB session and separate from rng): it
lives in ``state.extras["gpurng"]``, survives reset(gpuDevice) (MATLAB's reset clears device memory,
not the generator settings), and rng never touches it.
"""
from __future__ import annotations

import struct
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.accel.kernels import _workgroups
from engine.accel.provider import GpuUnavailable, Provider, get_provider
from engine.accel.residency import GpuTensor, empty
from engine.accel.shaders import STORAGE_TYPE, library, render
from engine.runtime.builtins.random import DEVICE_DRAWS

GENERATOR = "Philox4x32-10"
MASK32 = 0xFFFFFFFF
POSITIONS = 1 << 64          # the position wraps around after 2^64 draws
DRAW_CLASSES = {"rand": ("double", "single"), "randn": ("double", "single"),
                "randi": ("double", "single", "int32", "uint32")}
STATE_KEY = "gpurng"
M32 = np.uint64(MASK32)


def split64(value: int) -> tuple[int, int]:
    """A 64-bit integer (taken modulo 2^64, so negatives are two's complement) as (low, high) words."""
    value %= POSITIONS
    return value & MASK32, value >> 32


@dataclass
class DeviceStream:
    """The GPU stream: key = the seed (as two 32-bit words, low first), a 64-bit position."""
    seed: int = 0
    position: int = 0

    @property
    def key(self) -> tuple[int, int]:
        return split64(self.seed)

    def reserve(self, n: int) -> tuple[tuple[int, int], tuple[int, int]]:
        """Use the next ``n`` positions: returns (key, base) as (low, high) word pairs for the
        kernel's uniform block; element i of the draw takes position base + i."""
        base = self.position
        self.position = (base + n) % POSITIONS
        return self.key, split64(base)

    def state(self) -> tuple[int, int, int, int]:
        """(key low, key high, position low, position high): gpurng's State."""
        return (*self.key, *split64(self.position))

    @classmethod
    def from_state(cls, words: tuple[int, int, int, int]) -> "DeviceStream":
        return cls(seed=words[0] | words[1] << 32, position=words[2] | words[3] << 32)


def device_draws(state: Any) -> DeviceStream:
    """The stream fused kernels draw plain rand/randn from: seeded by rng (``state.rng_seed``), started
    again by every rng call (engine/runtime/builtins/random.py DEVICE_DRAWS); separate from gpurng. In a
    fresh session both start at seed 0, so fused draws equal gpuArray draws made at the same positions."""
    stream = state.extras.get(DEVICE_DRAWS)
    if stream is None:
        stream = state.extras[DEVICE_DRAWS] = DeviceStream(seed=state.rng_seed)
    return stream


def stream_of(state: Any) -> DeviceStream:
    """The session's GPU stream (``state`` is the SessionState), created at seed 0 on first use."""
    stream = state.extras.get(STATE_KEY)
    if stream is None:
        stream = state.extras[STATE_KEY] = DeviceStream()
    return stream


def draw_wgsl(kind: str, cls: str, has_f64: bool, key: str, pos: str, span: str = "p.span",
              offset: str = "p.offset") -> str:
    """The WGSL expression of one value of ``kind`` (rand, randn, randi) in class ``cls`` at stream
    position ``pos`` (both WGSL vec2<u32> expressions). randi's ``span`` and ``offset`` name the
    64-bit (low, high) words of hi - lo + 1 and lo."""
    t = "f64" if cls == "double" else "f32"
    if kind == "rand":
        return f"rng_uniform_{t}({key}, {pos})"
    if kind == "randn":
        return f"rng_normal_{t}({key}, {pos})"
    integer = f"rng_integer({key}, {pos}, {span}, {offset})"
    if cls == "double" or cls == "single" and has_f64:
        return f"{t}(rng_i64_to_f64({integer}))"
    if cls == "single":
        return f"f32(bitcast<i32>({integer}.x))"
    return f"bitcast<i32>({integer}.x)" if cls == "int32" else f"{integer}.x"


def fill_source(kind: str, cls: str, has_f64: bool) -> str:
    """WGSL of the kernel that fills an array of class ``cls`` with one draw of ``kind`` (randn: a
    thread per normal block, the two normals it holds)."""
    return render("rng_fill", library=library(has_f64), T=STORAGE_TYPE[cls],
                  fill="fill_normal_pairs" if kind == "randn" else "fill_each",
                  draw=draw_wgsl(kind, cls, has_f64, "p.key", "pos"), F="f64" if cls == "double" else "f32")


def fill_threads(kind: str, n: int, base: tuple[int, int]) -> int:
    """Threads of the fill kernel of ``n`` values from position ``base``: one per value, or for randn
    one per normal block the positions touch."""
    return (n + (base[0] & 1) + 1) // 2 if kind == "randn" else n


def _fill(stream: DeviceStream, kind: str, shape: tuple[int, ...], cls: str, provider: Provider | None,
          span: int = 1, offset: int = 0) -> GpuTensor:
    if cls not in DRAW_CLASSES[kind]:
        raise GpuUnavailable(f"{kind} of class {cls} is not drawn on the GPU")
    provider = provider or get_provider()
    out = empty(shape, cls, provider)
    n = out.numel           # below 2^32: the buffer fits one storage binding
    if n == 0:
        return out
    key, base = stream.reserve(n)
    uniform = struct.pack("<10I", n, 0, *key, *base, *split64(span), *split64(offset))
    provider.dispatch(provider.pipeline(fill_source(kind, cls, provider.f64)), [out.buffer], uniform,
                      _workgroups(fill_threads(kind, n, base), 256))
    return out


def gpu_rand(stream: DeviceStream, shape: tuple[int, ...], cls: str = "double",
             provider: Provider | None = None) -> GpuTensor:
    """Uniform values in the open interval (0, 1) (double: 52 random bits; single: 23)."""
    return _fill(stream, "rand", shape, cls, provider)


def gpu_randn(stream: DeviceStream, shape: tuple[int, ...], cls: str = "double",
              provider: Provider | None = None) -> GpuTensor:
    """Standard normal values (Box-Muller)."""
    return _fill(stream, "randn", shape, cls, provider)


def gpu_randi(stream: DeviceStream, lo: int, hi: int, shape: tuple[int, ...], cls: str = "double",
              provider: Provider | None = None) -> GpuTensor:
    """Uniform integers lo..hi (lo <= hi; the caller checks them against the class's range)."""
    if max(abs(lo), abs(hi)) > 2 ** 53:
        raise GpuUnavailable("randi limits beyond 2^53 are drawn on the CPU")
    has_f64 = (provider or get_provider()).f64
    if cls == "single" and not has_f64 and not -2 ** 31 <= lo <= hi < 2 ** 31:
        raise GpuUnavailable("single randi limits beyond the int32 range need shader-f64")
    return _fill(stream, "randi", shape, cls, provider, hi - lo + 1, lo)


# ------------------------------------------------------------------ the same numbers on the host
# A numpy twin of wgsl/philox.wgsl, for recomputing a fused window's draws on the CPU after the device
# lost them (fusion/recipe.py), and the reference the tests check the kernels against. Uniforms are
# bit-identical; normals come from numpy's log, sqrt, cos and sin (within an ulp or two of the m64_/m32_
# library).

def host_philox(ctr: np.ndarray, key: tuple[int, int]) -> np.ndarray:
    """Philox4x32-10 of each row of ``ctr`` (n x 4 words) under one key (2 words), in uint64 arithmetic."""
    c = [np.asarray(ctr, dtype=np.uint64)[:, j] for j in range(4)]
    k0, k1 = np.uint64(key[0]), np.uint64(key[1])
    for r in range(10):
        if r:
            k0, k1 = (k0 + np.uint64(0x9E3779B9)) & M32, (k1 + np.uint64(0xBB67AE85)) & M32
        p0 = np.uint64(0xD2511F53) * c[0]
        p1 = np.uint64(0xCD9E8D57) * c[2]
        c = [(p1 >> np.uint64(32)) ^ c[1] ^ k0, p1 & M32, (p0 >> np.uint64(32)) ^ c[3] ^ k1, p0 & M32]
    return np.stack(c, axis=1)


def host_positions(base: int, n: int) -> np.ndarray:
    """Stream positions base .. base+n-1 (64-bit, wrapping)."""
    return np.uint64(base % POSITIONS) + np.arange(n, dtype=np.uint64)


def counter_words(ctr: np.ndarray, lane: int, key: tuple[int, int]) -> np.ndarray:
    """The four words of the blocks at counters (ctr low, ctr high, lane, 0)."""
    n = len(ctr)
    return host_philox(np.stack([ctr & M32, ctr >> np.uint64(32), np.full(n, lane, np.uint64),
                                 np.zeros(n, np.uint64)], 1), key)


def host_words(key: tuple[int, int], base: int, n: int) -> np.ndarray:
    """The four words of the uniform blocks at stream positions base .. base+n-1 of the stream ``key``."""
    return counter_words(host_positions(base, n), 0, key)


def host_normal_words(key: tuple[int, int], base: int, n: int) -> np.ndarray:
    """The four words of the normal blocks of positions base .. base+n-1: block floor(p / 2), third
    counter word 1."""
    return counter_words(host_positions(base, n) >> np.uint64(1), 1, key)


def host_unit64(hi: np.ndarray, lo: np.ndarray) -> np.ndarray:
    return ((hi >> np.uint64(12)).astype(np.float64) * 2.0 ** 32 + lo.astype(np.float64) + 0.5) * 2.0 ** -52


def host_unit32(w: np.ndarray) -> np.ndarray:
    return (((w >> np.uint64(9)).astype(np.float64) + 0.5) * 2.0 ** -23).astype(np.float32)


def host_uniform(w: np.ndarray, cls: str) -> np.ndarray:
    return host_unit64(w[:, 0], w[:, 1]) if cls == "double" else host_unit32(w[:, 0])


def host_sincos_turns(u: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(cos(2 pi u), sin(2 pi u)) in float64 as philox.wgsl's rng_sincos_turns_* reduce them: u = q/4 + r
    exactly, then the cosine and sine of the same rounded y = 2 pi r by quadrant; y is rounded in the
    class of ``u`` (float32: as the single kernel rounds it)."""
    q = np.round(4.0 * u)
    r = u - u.dtype.type(0.25) * q.astype(u.dtype)
    y = (u.dtype.type(2 * np.pi) * r).astype(np.float64)
    quadrant = q.astype(np.int64) & 3
    c, s = np.cos(y), np.sin(y)
    return np.choose(quadrant, [c, -s, -c, s]), np.choose(quadrant, [s, c, -s, -c])


def host_normal(key: tuple[int, int], base: int, n: int, cls: str) -> np.ndarray:
    """The normals at positions base .. base+n-1: Box-Muller on each position's normal block, the cosine
    branch at even positions and the sine branch at odd ones, in float64 from the class's uniforms (the
    angle reduced in turns as the kernel does), rounded to the class."""
    w = host_normal_words(key, base, n)
    u1, u2 = host_uniform(w, cls), (host_unit64(w[:, 2], w[:, 3]) if cls == "double" else host_unit32(w[:, 2]))
    cosine, sine = host_sincos_turns(u2)
    odd = (host_positions(base, n) & np.uint64(1)).astype(bool)
    value = np.sqrt(-2.0 * np.log(u1.astype(np.float64))) * np.where(odd, sine, cosine)
    return value if cls == "double" else value.astype(np.float32)


def host_draw(kind: str, cls: str, key: tuple[int, int], base: int, shape: tuple[int, ...]) -> np.ndarray:
    """The values a kernel draws for ``kind`` (rand | randn) of class ``cls`` at positions base.., in
    MATLAB's shape (column-major)."""
    n = int(np.prod(shape))
    values = host_uniform(host_words(key, base, n), cls) if kind == "rand" else host_normal(key, base, n, cls)
    return values.reshape(shape, order="F")
