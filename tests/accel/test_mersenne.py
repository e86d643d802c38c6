"""MATLAB's Mersenne Twister on the device (engine/accel/mersenne.py, wgsl/mt19937*.wgsl): the GF(2)
algebra of the jump ahead against plain integer arithmetic, the maps of two words to a double or a single
against numpy (ties included), and whole draws against the host generator, bit for bit, with the host
generator's state afterwards."""
import numpy as np
import pytest

from engine.accel import mersenne as MT
from engine.accel.provider import GpuUnavailable
from engine.accel.residency import empty, upload
from engine.accel.shaders import prune, source
from engine.runtime.builtins.random import DEVICE_MT, below_one, generator
from engine.runtime.context import SessionState


def reduce_int(e):
    """x^e mod phi by long division of Python ints (the reference for the FFT arithmetic)."""
    phi, v = MT._as_int(MT.modulus().phi), 1 << e
    while v.bit_length() - 1 >= MT.DEGREE:
        v ^= phi << (v.bit_length() - 1 - MT.DEGREE)
    return MT._from_int(v, MT.DEGREE)


def host_draw(rs, n, cls):
    values = rs.random_sample(n)
    if cls == "single":
        values = values.astype(np.float32)
        below_one(values)
    return values


# ------------------------------------------------------------------ host algebra

def test_untemper_inverts_the_tempering():
    x = np.random.default_rng(1).integers(0, 2 ** 32, 10000, dtype=np.uint64).astype(np.uint32)
    np.testing.assert_array_equal(MT.untemper(MT.temper(x)), x)


def test_next_words_are_the_host_stream_untempered():
    rs = np.random.RandomState(9)
    rs.random_sample(7)
    _, key, pos, *_ = rs.get_state()
    words = MT.temper(MT.next_words(key, pos, 4))
    a, b = words[0] >> 5, words[1] >> 6
    assert (a * 67108864.0 + b) / 9007199254740992.0 == rs.random_sample()


def test_berlekamp_massey_finds_the_characteristic_polynomial():
    phi = MT.minimal_polynomial(MT.stream_bits(2 * MT.DEGREE))
    assert len(phi) == MT.DEGREE + 1 and phi[0] == 1 and phi[-1] == 1
    np.testing.assert_array_equal(phi, MT.modulus().phi)
    rs = np.random.RandomState(77)          # another state, another bit: phi annihilates it too
    _, key, pos, *_ = rs.get_state()
    bits = ((MT.next_words(key, pos, MT.DEGREE + 40) >> 13) & 1).astype(np.int64)
    for t in (0, 13, 39):
        assert int(phi.astype(np.int64) @ bits[t:t + MT.DEGREE + 1]) % 2 == 0


def test_products_and_powers_modulo_phi():
    ring = MT.modulus()
    np.testing.assert_array_equal(ring.power_of_x(100003), reduce_int(100003))
    np.testing.assert_array_equal(ring.times(reduce_int(30011), reduce_int(45007)), reduce_int(75018))


def test_jump_table_rows_are_powers_of_x():
    table = MT.JumpTable(2048)
    table.need(3)
    for k in (1, 2, 3):
        np.testing.assert_array_equal(table.unpack(table.rows[k - 1]), reduce_int(k * 2048 - 2))
    again = MT.JumpTable(2048)             # read back from the cache folder
    assert len(again.rows) == 3
    np.testing.assert_array_equal(again.rows, table.rows)


# ------------------------------------------------------------------ the maps, on the device

MAPS_KERNEL = """
struct Params { n: u32, }
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> w: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<$T>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x >= p.n) { return; }
    out[gid.x] = $value(w[2u * gid.x], w[2u * gid.x + 1u]);
}
"""


def maps_on_device(provider, a, b, cls):
    """The kernel's value for each pair of genrand_res53 halves (a: 27 bits, b: 26 bits)."""
    words = MT.untemper(np.stack([a << 5, b << 6], axis=1).astype(np.uint32).ravel())
    kernel = MAPS_KERNEL.replace("$T", "f64" if cls == "double" else "f32").replace(
        "$value", "mt_double" if cls == "double" else "mt_single")
    pipe = provider.pipeline(prune(source("mt19937_maps") + kernel))
    out = empty((len(a), 1), cls, provider)
    provider.dispatch(pipe, [upload(words.reshape(-1, 1), provider).buffer, out.buffer],
                      np.array([len(a)], np.uint32).tobytes(), (-(-len(a) // 64), 1, 1))
    return out.download().ravel()


def edge_halves():
    """(a, b) pairs whose 53-bit fractions sit on the single rounding's edges: exact halves (ties to
    even, both ways), one below and above them, the largest values (which round to 1), tiny ones, and
    one of every bit length."""
    pairs = [(0, 0), (0, 1), (0, (1 << 24) - 1), (0, 1 << 24), (0, (1 << 26) - 1), (1, 0),
             ((1 << 27) - 1, (1 << 26) - 1), ((1 << 27) - 1, (1 << 26) - 64), ((1 << 27) - 2, 0)]
    rng = np.random.default_rng(5)
    for width in range(2, 25):          # every bit length of the 53-bit integer (the double's exponent)
        m = (1 << (width - 1)) | int(rng.integers(0, 1 << (width - 1)))
        pairs.append((m >> 26, m & ((1 << 26) - 1)))
    for width in range(25, 54):
        shift = width - 24
        for _ in range(6):
            m = (1 << (width - 1)) | int(rng.integers(0, 1 << (width - 1)))
            for low in (1 << (shift - 1), (1 << (shift - 1)) - 1, (1 << (shift - 1)) + 1):
                v = (m >> shift << shift) | low
                pairs.append((v >> 26, v & ((1 << 26) - 1)))
    a, b = np.array(pairs, dtype=np.uint64).T
    return a, b


@pytest.mark.parametrize("cls", ["single", "double"])
def test_maps_equal_the_host_conversion(gpu, cls):
    if cls == "double" and not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    a, b = edge_halves()
    rng = np.random.default_rng(6)
    a = np.concatenate([a, rng.integers(0, 1 << 27, 5000, dtype=np.uint64)])
    b = np.concatenate([b, rng.integers(0, 1 << 26, 5000, dtype=np.uint64)])
    want = (a.astype(np.float64) * 67108864.0 + b) / 9007199254740992.0
    if cls == "single":
        want = want.astype(np.float32)
        below_one(want)
    np.testing.assert_array_equal(maps_on_device(gpu, a, b, cls), want)


# ------------------------------------------------------------------ whole draws

@pytest.fixture
def small_chunks(monkeypatch):
    monkeypatch.setattr(MT, "CHUNK_WORDS", 2048)


def at_position(seed, skip):
    """A session state and a host twin, both ``skip`` doubles past rng(seed)."""
    state = SessionState()
    state.rng = np.random.RandomState(seed)
    twin = np.random.RandomState(seed)
    for rs in (state.rng, twin):
        rs.random_sample(skip)
    return state, twin


@pytest.mark.parametrize("seed, skip", [(5489, 0), (1, 5), (2, 312), (3, 311), (4, 1000)])
@pytest.mark.parametrize("cls", ["double", "single"])
def test_draws_equal_the_host_generator_from_any_position(gpu64, small_chunks, seed, skip, cls):
    state, twin = at_position(seed, skip)        # pos 624 (fresh), mid-block, 0 (a whole block drawn)...
    for shape in ((3001, 1), (1, 2048), (999, 3)):   # several chunks, exactly 3, odd and uneven
        got = MT.device_rand(state, shape, cls, gpu64).download()
        want = host_draw(twin, int(np.prod(shape)), cls).reshape(shape, order="F")
        np.testing.assert_array_equal(got, want)
    rs = generator(state)                        # the host generator where host draws would leave it
    mine, theirs = rs.get_state(), twin.get_state()
    np.testing.assert_array_equal(mine[1], theirs[1])
    assert mine[2:] == theirs[2:]
    np.testing.assert_array_equal(rs.random_sample(700), twin.random_sample(700))


@pytest.mark.parametrize("parts, workgroups", [(1, 1), (7, 10 ** 6), (16, 10 ** 6)])
def test_chunk_groups_and_parts_of_the_jump(gpu64, small_chunks, monkeypatch, parts, workgroups):
    """Consecutive draws in both classes of one chunk and less, of a few chunks, and of a whole group of
    chunks and one more (the last chunk whole, odd-sized, of one value), with the polynomials' bits whole
    (one part), in 7 parts (624 words: the last part shorter) and in 16."""
    monkeypatch.setattr(MT, "JUMP_PARTS", parts)
    monkeypatch.setattr(MT, "JUMP_WORKGROUPS", workgroups)
    assert MT.jump_parts(9) == parts
    group = MT.JUMP_GROUP * 1024                 # values in a group of chunks of 2048 words
    state, twin = at_position(21, 17)
    for n, cls in ((1024, "double"), (700, "single"), (3 * 1024 + 5, "single"), (group + 1024, "single"),
                   (group + 517, "double"), (group + 1, "single")):
        got = MT.device_rand(state, (n, 1), cls, gpu64).download()
        np.testing.assert_array_equal(got.ravel(), host_draw(twin, n, cls))
    np.testing.assert_array_equal(generator(state).random_sample(700), twin.random_sample(700))


def test_draws_at_the_full_chunk_size(gpu64):
    """One chunk's worth and less, and just past it (two chunks) at CHUNK_WORDS itself."""
    half = MT.CHUNK_WORDS // 2
    state, twin = at_position(22, 5)
    for n, cls in ((half - 3, "single"), (half + 5, "double"), (half, "single")):
        got = MT.device_rand(state, (n, 1), cls, gpu64).download()
        np.testing.assert_array_equal(got.ravel(), host_draw(twin, n, cls))
    np.testing.assert_array_equal(generator(state).random_sample(700), twin.random_sample(700))


def test_a_state_set_at_position_zero(gpu64, small_chunks):
    """rng(s) may restore a state whose position is 0 (the whole key unread)."""
    twin = np.random.RandomState(8)
    twin.random_sample(10)
    _, key, pos, *_ = twin.get_state()
    words = MT.next_words(key, pos, 624)
    state = SessionState()
    state.rng = np.random.RandomState()
    state.rng.set_state(("MT19937", words, 0))
    got = MT.device_rand(state, (1500, 1), "single", gpu64).download()
    np.testing.assert_array_equal(got.ravel(), host_draw(twin, 1500, "single"))


def test_randn_state_survives(gpu64, small_chunks):
    state, twin = at_position(6, 3)
    state.rng.standard_normal(1)                 # leaves a cached normal in numpy's state
    twin.standard_normal(1)
    MT.device_rand(state, (2000, 1), "double", gpu64)
    twin.random_sample(2000)
    np.testing.assert_array_equal(generator(state).standard_normal(3), twin.standard_normal(3))


def test_lost_words_are_recomputed_on_the_host(gpu64, small_chunks):
    state, twin = at_position(7, 1)
    first = MT.device_rand(state, (1300, 1), "double", gpu64)
    second = MT.device_rand(state, (1400, 1), "single", gpu64)
    gpu64.flush()
    for tensor in (first, second, state.extras[DEVICE_MT].words):
        tensor.storage.lost = "test: the device lost it"
    np.testing.assert_array_equal(first.gather().ravel(), host_draw(twin, 1300, "double"))
    np.testing.assert_array_equal(second.gather().ravel(), host_draw(twin, 1400, "single"))
    np.testing.assert_array_equal(generator(state).random_sample(5), twin.random_sample(5))


def test_small_draws_are_refused(gpu64):
    state, _ = at_position(1, 0)
    with pytest.raises(GpuUnavailable):
        MT.device_rand(state, (100, 1), "double", gpu64)
    assert DEVICE_MT not in state.extras
