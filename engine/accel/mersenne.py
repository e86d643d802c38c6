"""MATLAB's Mersenne Twister on the device: large plain ``rand`` draws made where their consumer runs, with
exactly the numbers (and the generator state afterwards) of the host generator.

The session's generator (``state.rng``, engine/runtime/builtins/random.py) is MT19937, and ``rand`` builds
each double from two 32-bit outputs (genrand_res53). A draw of N values uses the next T = 2N words of the
stream. MT19937 is linear over GF(2): with x_0, x_1, ... the untempered words from the current position,
the window W_t = (x_t .. x_{t+623}) is the generator's 19937-bit state (only the top bit of x_t counts),
and W_J = sum over {i : c_i = 1} of W_i where sum c_i x^i = x^J mod phi (phi: the characteristic
polynomial of the generator, degree 19937). So word j of W_J is the XOR of x_{i+j} over those i: the
first 19937 + 623 words from the current position decide every later window.

    jump     the starting window W_{kC-2} of each chunk k of CHUNK_WORDS words (C), from the polynomial
             x^(kC-2) mod phi (made on the host once per k and kept) and the words x_0 .. x_20559 (word 0
             of a jumped window has wrong low bits, word 1 is x_{kC-1}: chunk k emits from word 2 on;
             chunk 0 starts from W_0 itself, its polynomial 1). A workgroup makes a third of the windows
             of JUMP_GROUP chunks over one part of the polynomials' bits: per 32 bits it tabulates the XOR
             of x_{i+j} over every subset of 4 consecutive i in workgroup memory, then each nibble of each
             chunk's polynomial costs one lookup per word;
    generate one workgroup per chunk XORs its window's parts and runs the recurrence from it in rounds
             of 226 words (words t+624 for 226 consecutive t depend only on known words), tempers them
             and writes MATLAB's values
             (double: (a * 2^26 + b) / 2^53 with a = w1 >> 5, b = w2 >> 6; single: that 53-bit
             fraction rounded to 24 bits in integer arithmetic, kept below 1 as the host does). The last
             chunk runs on past the draw and writes the words x_{T-624} .. x_{T+20559}: the host state
             after the draw, and the next draw's jump input.

The host generator is not touched until the host needs it: ``state.extras[ON_DEVICE]`` holds a
``DeviceState`` (those words on the device, and the block position a host draw would have reached), so
consecutive device draws never wait for the device. ``random.generator(state)`` settles it (one 5 kB
read-back) before any host draw, ``rng`` or ``s = rng``. If the device loses the words, the host
generator is advanced from the state it had before the first device draw, so no number changes.
"""
from __future__ import annotations

import functools
import math
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import scipy

from engine.accel.provider import GpuUnavailable, Provider
from engine.accel.residency import GpuTensor, empty, implicit, upload
from engine.accel.shaders import render, source
from engine.config import cache_dir, flag
from engine.runtime.builtins.random import DEVICE_MT, below_one

DEGREE = 19937                  # of phi: the state has 19937 bits
WORDS = 624                     # words in a window
JUMP_WORDS = DEGREE + WORDS - 1     # x_0 .. x_20559: what every jumped window is made from
TAIL_WORDS = WORDS + JUMP_WORDS     # x_{T-624} .. x_{T+20559}, written by the last chunk
CHUNK_WORDS = 1 << 18           # words per workgroup of the generator (even)
JUMP_SPAN = 208                 # window words per workgroup of the jump kernel (mt19937_jump.wgsl)
JUMP_GROUP = 16                 # chunks per workgroup of the jump kernel (at most 104)
JUMP_PARTS = 16                 # at most this many parts of the polynomials' bits, one a workgroup ...
JUMP_WORKGROUPS = 1024          # ... as many as give this many workgroups
POLY_WORDS = WORDS              # a polynomial of degree < 19937 as 624 u32 words of bits
FFT_SIZE = 40000                # >= 2 * DEGREE - 1 (products of two reduced polynomials), 5-smooth
CACHE_VERSION = 1


# ------------------------------------------------------------------ words of the host stream

def temper(y: np.ndarray) -> np.ndarray:
    y = y ^ (y >> 11)
    y = y ^ ((y << 7) & 0x9D2C5680)
    y = y ^ ((y << 15) & 0xEFC60000)
    return y ^ (y >> 18)


def untemper(z: np.ndarray) -> np.ndarray:
    """The inverse of MT19937's output tempering (uint32 arrays)."""
    y = z ^ (z >> 18)
    y = y ^ ((y << 15) & np.uint32(0xEFC60000))
    x = y
    for _ in range(5):
        x = y ^ ((x << 7) & np.uint32(0x9D2C5680))
    return x ^ (x >> 11) ^ (x >> 22)


def next_words(key: np.ndarray, pos: int, n: int) -> np.ndarray:
    """The next ``n`` untempered words of a generator in state (key, pos), as uint32."""
    bits = np.random.MT19937()
    bits.state = {"bit_generator": "MT19937", "state": {"key": key, "pos": pos}}
    return untemper(bits.random_raw(n).astype(np.uint32))


# ------------------------------------------------------------------ GF(2) polynomials
# A polynomial is a uint8 array of its coefficients (index = power). Products come from a float FFT of
# the 0/1 coefficients: every coefficient of the integer product is a count below 2^15, exact after
# rounding, and its parity is the GF(2) coefficient.

def minimal_polynomial(bits: np.ndarray) -> np.ndarray:
    """Berlekamp-Massey over GF(2): the lowest-degree phi with sum phi_i s_{t+i} = 0 for every t."""
    c, b, length, m = 1, 1, 0, 1
    window = 0                                   # bit i: s_{n-i}
    for n, s in enumerate(bits.tolist()):
        window = (window << 1) | s
        if (c & window).bit_count() & 1:
            previous = c
            c ^= b << m
            if 2 * length <= n:
                length, b, m = n + 1 - length, previous, 1
                continue
        m += 1
    connection = np.array([(c >> i) & 1 for i in range(length + 1)], dtype=np.uint8)
    return connection[::-1].copy()               # phi is the connection polynomial reversed


def _spectrum(p: np.ndarray) -> np.ndarray:
    return scipy.fft.rfft(p.astype(np.float64), FFT_SIZE)


def _product(fa: np.ndarray, fb: np.ndarray, n: int) -> np.ndarray:
    return (np.rint(scipy.fft.irfft(fa * fb, FFT_SIZE)[:n]).astype(np.int64) & 1).astype(np.uint8)


def _divide(num: int, den: int) -> int:
    """The quotient of two polynomials held as Python ints (bit i: the coefficient of x^i)."""
    quotient, d = 0, den.bit_length() - 1
    while num.bit_length() - 1 >= d:
        shift = num.bit_length() - 1 - d
        quotient |= 1 << shift
        num ^= den << shift
    return quotient


def _as_int(p: np.ndarray) -> int:
    return int.from_bytes(np.packbits(p, bitorder="little").tobytes(), "little")


def _from_int(v: int, n: int) -> np.ndarray:
    data = np.frombuffer(v.to_bytes((n + 7) // 8, "little"), dtype=np.uint8)
    return np.unpackbits(data, bitorder="little")[:n].copy()


class Modulus:
    """Arithmetic modulo phi: products reduced by Barrett's method (exact for polynomials), with the
    spectra of phi and mu = floor(x^(2*19937) / phi) computed once."""

    def __init__(self, phi: np.ndarray) -> None:
        self.phi = phi
        self.mu = _from_int(_divide(1 << 2 * DEGREE, _as_int(phi)), DEGREE + 1)
        self.phi_spectrum = _spectrum(phi)
        self.mu_spectrum = _spectrum(self.mu)

    def reduce(self, r: np.ndarray) -> np.ndarray:
        """``r`` (degree < 2 * 19937 - 1) modulo phi."""
        high = _spectrum(r[DEGREE:])
        q = _product(high, self.mu_spectrum, 2 * DEGREE)[DEGREE:]
        return (r[:DEGREE] ^ _product(_spectrum(q), self.phi_spectrum, DEGREE))

    def times(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """a * b mod phi; ``b`` may be given as its spectrum (a factor used many times)."""
        fb = b if b.dtype == np.complex128 else _spectrum(b)
        return self.reduce(_product(_spectrum(a), fb, 2 * DEGREE - 1))

    def power_of_x(self, e: int) -> np.ndarray:
        """x^e mod phi, by squaring (a spread of the coefficients) and multiplying by x."""
        result = np.zeros(DEGREE, dtype=np.uint8)
        result[0] = 1
        for bit in bin(e)[2:]:
            square = np.zeros(2 * DEGREE - 1, dtype=np.uint8)
            square[::2] = result
            result = self.reduce(square)
            if bit == "1":
                shifted = np.zeros(DEGREE + 1, dtype=np.uint8)
                shifted[1:] = result
                result = shifted[:DEGREE] ^ (self.phi[:DEGREE] if shifted[DEGREE] else 0)
        return result


def stream_bits(count: int) -> np.ndarray:
    """The top bits of ``count`` outputs of MATLAB's default generator (rng(0)): a sequence whose minimal
    polynomial is phi."""
    state = np.random.RandomState(5489).get_state()
    return (next_words(state[1], state[2], count) >> 31).astype(np.uint8)


@functools.lru_cache(maxsize=1)
def modulus() -> Modulus:
    """Arithmetic modulo MT19937's characteristic polynomial; phi is found by Berlekamp-Massey (about a
    second) and kept in the cache folder."""
    path = cache_dir() / f"mt19937-phi-v{CACHE_VERSION}.npy"
    phi = _load(path, DEGREE + 1)
    if phi is None:
        phi = minimal_polynomial(stream_bits(2 * DEGREE))
        if len(phi) != DEGREE + 1:
            raise GpuUnavailable("the Mersenne Twister's characteristic polynomial was not found")
        _save(path, phi)
    return Modulus(phi)


def _load(path: Path, n: int) -> np.ndarray | None:
    try:
        data = np.load(path)
    except (OSError, ValueError):
        return None
    return data if data.dtype == np.uint8 and data.shape[-1] == n else None


def _save(path: Path, data: np.ndarray) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        np.save(path, data)
    except OSError:
        pass                      # an unwritable cache only means computing again


class JumpTable:
    """x^(kC-2) mod phi for chunks k = 1, 2, ... of C words, as rows of 624 u32 words, made as far as
    a draw needs and kept (in memory, in the cache folder, and on each device)."""

    def __init__(self, chunk: int) -> None:
        self.chunk = chunk
        self.path = cache_dir() / f"mt19937-jumps-{chunk}-v{CACHE_VERSION}.npy"
        self.rows = _load(self.path, POLY_WORDS * 4)
        self.rows = np.zeros((0, POLY_WORDS * 4), np.uint8) if self.rows is None else self.rows
        self.device: dict[int, GpuTensor] = {}       # id(provider) -> the rows uploaded there

    def need(self, count: int) -> None:
        """Rows for chunks 1 .. count (at least)."""
        have = len(self.rows)
        if have >= count:
            return
        ring = modulus()
        step = _spectrum(ring.power_of_x(self.chunk))
        last = ring.power_of_x(self.chunk - 2) if have == 0 else self.unpack(self.rows[-1])
        made = []
        for k in range(have + 1, count + 1):
            if k > 1:
                last = ring.times(last, step)
            made.append(np.packbits(np.concatenate([last, np.zeros(POLY_WORDS * 32 - DEGREE, np.uint8)]),
                                    bitorder="little"))
        self.rows = np.concatenate([self.rows, np.array(made)])
        _save(self.path, self.rows)
        self.device.clear()

    @staticmethod
    def unpack(row: np.ndarray) -> np.ndarray:
        return np.unpackbits(row, bitorder="little")[:DEGREE].copy()

    def on(self, provider: Provider, chunks: int) -> GpuTensor:
        """The rows of chunks 0 .. chunks - 1 (at least) on ``provider``, as uint32 words: chunk 0's
        polynomial (1: its window is x_0 .. x_623) first, then the table's."""
        self.need(chunks - 1)
        rows = self.device.get(id(provider))
        if rows is None or rows.numel < chunks * POLY_WORDS or rows.provider is not provider:
            unit = np.zeros(POLY_WORDS, np.uint32)
            unit[0] = 1
            words = np.concatenate([unit, self.rows.view(np.uint32).ravel()])
            rows = self.device[id(provider)] = upload(words.reshape(-1, 1), provider)
        return rows


_tables: dict[int, JumpTable] = {}


def jump_table(chunk: int) -> JumpTable:
    table = _tables.get(chunk)
    if table is None:
        table = _tables[chunk] = JumpTable(chunk)
    return table


# ------------------------------------------------------------------ the generator state on the device

@dataclass
class DeviceState:
    """The session generator's state after draws made on the device: ``words`` (uint32, on the device)
    are x_{T-624} .. x_{T+20559} around the next word x_T, ``pos`` the position in its block of 624 that
    a host draw would have reached, ``gauss`` the rest of numpy's state (randn's cached value, which rand
    never touches). ``before`` and ``drawn``: the host state before the first of these draws and the
    words drawn since, to advance the host generator if the device loses the words."""
    words: GpuTensor
    pos: int
    gauss: tuple[int, float]
    before: tuple
    drawn: int

    def host_generator(self) -> np.random.RandomState:
        """The host generator where the device draws left it (reads 5 kB back)."""
        rs = np.random.RandomState()
        try:
            tail = self.words.download().ravel()[:2 * WORDS]
        except GpuUnavailable:
            rs.set_state(self.before)
            _skip(rs, self.drawn)
            return rs
        start = WORDS - self.pos
        rs.set_state(("MT19937", tail[start:start + WORDS].copy(), self.pos, *self.gauss))
        return rs


def _skip(rs: np.random.RandomState, words: int) -> None:
    """Advance ``rs`` by ``words`` 32-bit outputs (words is even: pairs of doubles' halves)."""
    block = 1 << 22
    while words:
        step = min(words, block)
        rs.random_sample(step // 2)
        words -= step


def _origin(state: Any, provider: Provider) -> tuple[GpuTensor, int, tuple[int, float], tuple, int]:
    """(words, pos, gauss, before, drawn) where the next draw starts: the device state left by earlier
    device draws, or the host generator's (its next 20560 words, uploaded)."""
    held = state.extras.get(DEVICE_MT)
    if held is not None and held.words.provider is provider and not held.words.storage.lost:
        return held.words, held.pos, held.gauss, held.before, held.drawn
    if held is not None:
        state.rng = state.extras.pop(DEVICE_MT).host_generator()
    before = state.rng.get_state()
    _, key, pos, has_gauss, gauss = before
    words = np.zeros(TAIL_WORDS, np.uint32)
    words[WORDS:] = next_words(key, pos, JUMP_WORDS)
    return upload(words, provider), pos, (has_gauss, gauss), before, 0


def jump_parts(chunks: int) -> int:
    """In how many parts the jump kernel splits the polynomials' bits (the generator XORs the parts'
    windows): few chunks still fill the device."""
    spans = (WORDS // JUMP_SPAN) * -(-chunks // JUMP_GROUP)
    return max(1, min(JUMP_PARTS, -(-JUMP_WORKGROUPS // spans)))


def params(n: int, chunk: int, chunks: int, parts: int) -> bytes:
    total = 2 * n
    return struct.pack("<7I", n, chunk, chunks, total, total - WORDS, total + JUMP_WORDS, parts)


@functools.lru_cache(maxsize=None)
def generator_source(cls: str) -> str:
    return render("mt19937", maps=source("mt19937_maps"), T="f64" if cls == "double" else "f32",
                  value="mt_double" if cls == "double" else "mt_single")


def device_rand(state: Any, shape: tuple[int, ...], cls: str, provider: Provider) -> GpuTensor:
    """``rand(shape, cls)`` of the session generator, drawn on the device as an implicit (plain) array;
    the generator moves on as a host draw would move it. Raises GpuUnavailable (nothing drawn) when the
    device cannot do it."""
    n, chunk = math.prod(shape), CHUNK_WORDS
    if 2 * n < 2 * WORDS or 2 * n + JUMP_WORDS >= 1 << 32 or chunk % 2 or chunk < 2 * WORDS:
        raise GpuUnavailable("this draw is not made on the device")
    source, pos, gauss, before, drawn = _origin(state, provider)
    chunks = -(-2 * n // chunk)
    rows = jump_table(chunk).on(provider, chunks)
    parts = jump_parts(chunks)
    windows = empty((parts * chunks * WORDS, 1), "uint32", provider)
    out = empty(shape, cls, provider)
    words = empty((TAIL_WORDS, 1), "uint32", provider)
    uniform = params(n, chunk, chunks, parts)
    provider.dispatch(provider.pipeline(render("mt19937_jump", group=str(JUMP_GROUP)), "jump"),
                      [source.buffer, rows.buffer, windows.buffer], uniform,
                      (WORDS // JUMP_SPAN, -(-chunks // JUMP_GROUP), parts))
    provider.dispatch(provider.pipeline(generator_source(cls), "generate"),
                      [windows.buffer, out.buffer, words.buffer], uniform, (chunks, 1, 1))
    windows.release()
    total = 2 * n
    state.extras[DEVICE_MT] = DeviceState(words, (pos + total - 1) % WORDS + 1, gauss, before, drawn + total)
    tensor = implicit(out)
    tensor.recipe = HostDraw(before, drawn, shape, cls)
    return tensor


@dataclass(frozen=True)
class HostDraw:
    """The recipe of a device draw (engine/accel/fusion/recipe.py's contract: ``value()``): the same
    numbers from the host generator, should the device lose them."""
    before: tuple
    skip: int
    shape: tuple[int, ...]
    cls: str
    depth = 1                   # recipes that read it are one window further from a host value

    def value(self) -> np.ndarray:
        rs = np.random.RandomState()
        rs.set_state(self.before)
        _skip(rs, self.skip)
        values = rs.random_sample(math.prod(self.shape)).reshape(self.shape, order="F")
        if self.cls == "single":
            values = values.astype(np.float32)
            below_one(values)
        return values


def minimum_draw() -> int:
    return flag("MATFUSE_DEVICE_RAND_MIN")
