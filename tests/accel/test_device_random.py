"""Device random numbers (engine/accel/random.py, wgsl/philox.wgsl) against a numpy reference of the
whole pipeline: Philox4x32-10 checked on Random123's known-answer vectors, then the uniform, normal and
integer maps value by value, the stream positions (normals two to a block: pairs across odd bases and
counts), and the statistics of a million draws."""
from string import Template

import numpy as np
import pytest

from engine.accel import random as R
from engine.accel.residency import empty, upload
from engine.accel.shaders import library, prune

# Random123's kat_vectors, "philox4x32 10" lines: counter (4 words), key (2 words), expected output.
KAT = [
    ((0x00000000, 0x00000000, 0x00000000, 0x00000000), (0x00000000, 0x00000000),
     (0x6627e8d5, 0xe169c58d, 0xbc57ac4c, 0x9b00dbd8)),
    ((0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff), (0xffffffff, 0xffffffff),
     (0x408f276d, 0x41c83b0e, 0xa20bc7c6, 0x6d5451fd)),
    ((0x243f6a88, 0x85a308d3, 0x13198a2e, 0x03707344), (0xa4093822, 0x299f31d0),
     (0xd16cfe09, 0x94fdcceb, 0x5001e420, 0x24126ea1)),
]


# ------------------------------------------------------------------ numpy reference

philox_ref = R.host_philox
unit64, unit32 = R.host_unit64, R.host_unit32
uniform_ref = R.host_uniform


def words_ref(seed, start, n):
    """The four words at stream positions start .. start+n-1 (64-bit, wrapping) of seed's stream."""
    return R.host_words((seed & 0xFFFFFFFF, seed >> 32), start, n)


def integer_ref(w, lo, hi):
    """lo + floor(K * span / 2^64), K = w0 * 2^32 + w1, in exact integer arithmetic."""
    k = [int(a) << 32 | int(b) for a, b in zip(w[:, 0], w[:, 1])]
    return np.array([lo + (x * (hi - lo + 1) >> 64) for x in k], dtype=object)


# ------------------------------------------------------------------ Philox itself

KAT_KERNEL = """
struct Params { n: u32, zero: u32, }
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> ctr: array<vec4<u32>>;
@group(0) @binding(2) var<storage, read> key: array<vec2<u32>>;
@group(0) @binding(3) var<storage, read_write> out: array<vec4<u32>>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x >= p.n) { return; }
    out[gid.x] = philox4x32_10(ctr[gid.x], key[gid.x]);
}
"""


def philox_gpu(provider, ctr, key, has_f64):
    n = len(ctr)
    ins = [upload(np.asarray(a, dtype=np.uint32).reshape(-1, 1), provider) for a in (ctr, key)]
    out = empty((4 * n, 1), "uint32", provider)
    pipe = provider.pipeline(prune(library(has_f64) + KAT_KERNEL))
    provider.dispatch(pipe, [t.buffer for t in ins] + [out.buffer], np.array([n, 0], np.uint32).tobytes(),
                      (-(-n // 64), 1, 1))
    return out.download().reshape(n, 4).astype(np.uint64)


def test_reference_matches_random123_vectors():
    for ctr, key, expected in KAT:
        np.testing.assert_array_equal(philox_ref([ctr], key)[0], expected)


@pytest.mark.parametrize("has_f64", [True, False])
def test_kernel_matches_random123_vectors_and_the_reference(gpu, has_f64):
    if has_f64 and not gpu.f64:
        pytest.skip("the adapter has no shader-f64")
    rng = np.random.default_rng(4)
    ctr = np.vstack([k[0] for k in KAT] + [rng.integers(0, 2 ** 32, (500, 4))]).astype(np.uint64)
    key = np.vstack([k[1] for k in KAT] + [rng.integers(0, 2 ** 32, (500, 2))]).astype(np.uint64)
    got = philox_gpu(gpu, ctr, key, has_f64)
    np.testing.assert_array_equal(got[:3], [k[2] for k in KAT])
    expected = np.vstack([philox_ref(ctr[i:i + 1], key[i]) for i in range(3, len(ctr))])
    np.testing.assert_array_equal(got[3:], expected)


# ------------------------------------------------------------------ the draws, value by value

@pytest.mark.parametrize("cls", ["double", "single"])
@pytest.mark.parametrize("n", [1, 255, 256, 257, 3000])
def test_uniform_is_bit_exact(gpu64, cls, n):
    """Across workgroup boundaries, from a position whose low word wraps inside the draw."""
    stream = R.DeviceStream(seed=2 ** 32 - 7, position=2 ** 32 - n // 2)
    got = R.gpu_rand(stream, (n, 1), cls, gpu64).download().ravel()
    expected = uniform_ref(words_ref(2 ** 32 - 7, 2 ** 32 - n // 2, n), cls)
    assert got.dtype == expected.dtype
    np.testing.assert_array_equal(got, expected)
    assert stream.position == 2 ** 32 - n // 2 + n


# Measured over 200,000 draws: at most 3 ulp (double) and 2 ulp (single) from the reference.
@pytest.mark.parametrize("cls, rtol", [("double", 1e-15), ("single", 3e-7)])
def test_normal_matches_box_muller(gpu64, cls, rtol):
    stream = R.DeviceStream(seed=11, position=5)
    got = R.gpu_randn(stream, (40, 50), cls, gpu64).download().ravel(order="F")
    expected = R.host_normal((11, 0), 5, 2000, cls)
    np.testing.assert_allclose(got, expected, rtol=rtol, atol=rtol * 1e-3)


@pytest.mark.parametrize("cls", ["double", "single"])
@pytest.mark.parametrize("start", [0, 7, 2 ** 32 - 3])
def test_normals_in_pieces_equal_one_draw(gpu64, cls, start):
    """Normals come two to a Philox block (positions 2b, 2b + 1): draws of 1, 2, 3, 5, 1 and 300 values
    from even and odd positions (and across the low word's wrap) give the numbers of one draw of them
    all, bit for bit, and the host twin's."""
    counts = (1, 2, 3, 5, 1, 300)
    pieces = R.DeviceStream(seed=5, position=start)
    parts = [R.gpu_randn(pieces, (n, 1), cls, gpu64).download() for n in counts]
    whole = R.gpu_randn(R.DeviceStream(seed=5, position=start), (sum(counts), 1), cls, gpu64).download()
    np.testing.assert_array_equal(np.vstack(parts), whole)
    np.testing.assert_allclose(whole.ravel(), R.host_normal((5, 0), start, sum(counts), cls),
                               rtol=1e-15 if cls == "double" else 3e-7, atol=1e-18)


ALONE_KERNEL = """
struct Params { n: u32, zero: u32, key: vec2<u32>, base: vec2<u32>, }
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read_write> out: array<$t>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    mf_init(p.zero);
    let i = gid.x;
    if (i >= p.n) { return; }
    if ($pairs) {
        if (2u * i + 1u >= p.n) { return; }
        let two = rng_normal_two_$t(p.key, rng_pos(p.base, 2u * i + ${offset}u));
        out[2u * i] = two.x;
        out[2u * i + 1u] = two.y;
    } else {
        out[i] = rng_normal_$t(p.key, rng_pos(p.base, i));
    }
}
"""


@pytest.mark.parametrize("cls", ["double", "single"])
@pytest.mark.parametrize("base", [4, 9])
def test_a_kernel_drawing_elements_alone_or_in_twos_gets_the_same_numbers(gpu64, cls, base):
    """The position contract: element i computed on its own (rng_normal_*, one branch of its block), or
    with its neighbour (rng_normal_two_*, one block or, from an odd position, two) equals the fill
    kernel's, which computes both branches of each block at once."""
    n, t = 40, "f64" if cls == "double" else "f32"
    expected = R.gpu_randn(R.DeviceStream(seed=8, position=base), (n + 1, 1), cls, gpu64).download().ravel()
    block = np.array([n, 0, 8, 0, base, 0], np.uint32).tobytes()
    for pairs, offset in ((False, 0), (True, 0), (True, 1)):
        source = Template(ALONE_KERNEL).substitute(t=t, pairs=str(pairs).lower(), offset=offset)
        out = empty((n, 1), cls, gpu64)
        gpu64.dispatch(gpu64.pipeline(prune(library(True) + source)), [out.buffer], block, (1, 1, 1))
        np.testing.assert_array_equal(out.download().ravel(), expected[offset:n + offset], err_msg=str(pairs))


NORMAL_PARTS_KERNEL = """
struct Params { n: u32, zero: u32, }
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> x: array<T>;
@group(0) @binding(2) var<storage, read_write> out: array<T>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(num_workgroups) nwg: vec3<u32>) {
    mf_init(p.zero);
    let i = gid.x + gid.y * nwg.x * 64u;
    if (i >= p.n) { return; }
    out[i] = PART;
}
"""


def normal_part(provider, part, x):
    """``part`` (a WGSL expression of ``x[i]``, f64 or f32 as ``x`` is) of each value of ``x`` on the
    device."""
    n = x.size
    cls, t = ("double", "f64") if x.dtype == np.float64 else ("single", "f32")
    source = NORMAL_PARTS_KERNEL.replace("PART", part).replace("array<T>", f"array<{t}>")
    pipe = provider.pipeline(prune(library(True) + source))
    out = empty((n, 1), cls, provider)
    provider.dispatch(pipe, [upload(x.reshape(-1, 1), provider).buffer, out.buffer],
                      np.array([n, 0], np.uint32).tobytes(), (-(-n // 64), 1, 1))
    return out.download().ravel()


def test_the_normals_logarithm_is_within_an_ulp(gpu64):
    """m64_log_plain (fdlibm's e_log in plain double) against numpy's log: the uniforms it takes, both
    ends of its reduction, the binade edges, subnormals and the whole range. Measured: at most 1 ulp."""
    from f64_cases import ulp_errors
    rng = np.random.default_rng(12)
    x = np.concatenate([unit64(rng.integers(0, 2 ** 32, 40000, dtype=np.uint64),
                               rng.integers(0, 2 ** 32, 40000, dtype=np.uint64)),
                        1 + rng.uniform(-0.3, 0.42, 20000), 1 + rng.uniform(-1e-7, 1e-7, 5000),
                        np.sqrt(2) * (1 + rng.uniform(-1e-4, 1e-4, 5000)),
                        np.exp(rng.uniform(-744, 709, 20000)), [2.0 ** -53, 1 - 2.0 ** -53, 1.0, 0.5, 2.0,
                                                               5e-324, 2.2250738585072014e-308, 1.7e308]])
    assert ulp_errors(normal_part(gpu64, "m64_log_plain(x[i])", x), np.log(x)).max() <= 1


def angle_arguments(cls):
    """Uniforms of class ``cls``: random ones, both sides of every quadrant edge, and the points nearest
    the zeros of the cosine (u = 1/4, 3/4) and of the sine (u = 0, 1/2, 1), where each branch is tiny."""
    rng = np.random.default_rng(13)
    step = 2.0 ** -52 if cls == "double" else 2.0 ** -23
    random = unit64(rng.integers(0, 2 ** 32, 40000, dtype=np.uint64), rng.integers(0, 2 ** 32, 40000,
                                                                                    dtype=np.uint64))
    edges = [q / 8 + d * step for q in (1, 3, 5, 7) for d in (-1.5, -0.5, 0.5, 1.5)]      # where q changes
    zeros = [z + d * step for z in (0.0, 0.25, 0.5, 0.75, 1.0) for d in (-2.5, -1.5, -0.5, 0.5, 1.5, 2.5)
             if 0 < z + d * step < 1]
    u = np.concatenate([random, edges, zeros])
    return u if cls == "double" else np.concatenate([random.astype(np.float32), np.float32(edges),
                                                     np.float32(zeros)])


@pytest.mark.parametrize("cls", ["double", "single"])
def test_the_normals_angle_is_the_host_twins(gpu64, cls):
    """rng_sincos_turns_* against random.host_sincos_turns (the same reduction in numpy): within an ulp
    of each other (single: of the twin rounded to single), so within 2 of cos and sin of 2 pi u; across
    every quadrant edge and at the uniforms nearest the zeros of each branch, where the sine branch is
    as small as 2 pi 2^-53 (single: 2^-24) and keeps its relative accuracy."""
    from f64_cases import ulp_errors
    u = angle_arguments(cls)
    t = "f64" if cls == "double" else "f32"
    cosine, sine = R.host_sincos_turns(u)
    for branch, expected in ((".x", cosine), (".y", sine)):
        got = normal_part(gpu64, f"rng_sincos_turns_{t}(x[i]){branch}", u)
        assert ulp_errors(got, expected.astype(u.dtype)).max() <= 1, branch
    step = 2.0 ** -52 if cls == "double" else 2.0 ** -23
    for values in (cosine, sine):           # the arguments reach each branch's zeros
        tiny = np.abs(values) < 20 * step
        assert tiny.sum() == 12 and np.all(values[tiny] != 0)


def test_the_sine_branch_near_its_zeros_is_correctly_rounded_or_nearly():
    """The host twin's sine at the uniforms nearest 0, 1/2 and 1 against 40-digit values: within an ulp,
    where sin of the rounded 2 pi u would be off by its whole size near u = 1/2."""
    import mpmath
    from f64_cases import ulp_errors
    mpmath.mp.dps = 40
    u = np.array([(k + 0.5) * 2.0 ** -52 for k in range(4)] + [0.5 + d * 2.0 ** -52 for d in (-1.5, -0.5, 0.5, 1.5)]
                 + [1 - (k + 0.5) * 2.0 ** -52 for k in range(4)])
    exact = np.array([float(mpmath.sin(2 * mpmath.pi * mpmath.mpf(x))) for x in u])
    assert ulp_errors(R.host_sincos_turns(u)[1], exact).max() <= 1
    assert ulp_errors(np.sin(2 * np.pi * u), exact).max() > 1e6          # the rounded product


@pytest.mark.parametrize("lo, hi, cls", [
    (1, 10, "double"), (-5, 5, "single"), (-2 ** 31, 2 ** 31 - 1, "int32"), (0, 2 ** 32 - 1, "uint32"),
    (7, 7 + 2 ** 32 + 12345, "double"), (-2 ** 53, 2 ** 53, "double"), (-2 ** 24, 2 ** 24, "single")])
def test_integers_are_exact(gpu64, lo, hi, cls):
    stream = R.DeviceStream(seed=3)
    got = R.gpu_randi(stream, lo, hi, (700, 1), cls, gpu64).download().ravel()
    expected = integer_ref(words_ref(3, 0, 700), lo, hi)
    assert [int(v) for v in got] == [int(v) for v in expected]
    assert got.min() >= lo and got.max() <= hi


def test_single_draws_without_shader_f64_give_the_same_uniforms(gpu, monkeypatch):
    """Kernels built on the f32 library (adapters without shader-f64) draw the same single values."""
    source = R.fill_source
    monkeypatch.setattr(R, "fill_source", lambda kind, cls, has_f64: source(kind, cls, False))
    w = words_ref(9, 0, 1000)
    got = R.gpu_rand(R.DeviceStream(seed=9), (1000, 1), "single", gpu).download().ravel()
    np.testing.assert_array_equal(got, uniform_ref(w, "single"))
    ints = R.gpu_randi(R.DeviceStream(seed=9), -1000, 1000, (1000, 1), "single", gpu).download().ravel()
    np.testing.assert_array_equal(ints, integer_ref(w, -1000, 1000).astype(np.float32))
    normals = R.gpu_randn(R.DeviceStream(seed=9), (1000, 1), "single", gpu).download().ravel()
    np.testing.assert_allclose(normals, R.host_normal((9, 0), 0, 1000, "single"), rtol=1e-4, atol=1e-5)


# ------------------------------------------------------------------ the stream

def test_draws_continue_the_stream(gpu64):
    one = R.DeviceStream(seed=1)
    parts = [R.gpu_randn(one, (n, 1), "double", gpu64).download() for n in (5, 0, 300)]
    whole = R.gpu_randn(R.DeviceStream(seed=1), (305, 1), "double", gpu64).download()
    np.testing.assert_array_equal(np.vstack(parts), whole)
    assert one.position == 305


def test_empty_draw_uses_no_positions(gpu64):
    stream = R.DeviceStream(seed=4, position=10)
    for shape in ((0, 3), (2, 0, 4)):
        out = R.gpu_rand(stream, shape, "double", gpu64)
        assert out.shape == shape and out.download().shape == shape
    assert stream.position == 10


def test_reserve_wraps_the_64_bit_position():
    stream = R.DeviceStream(seed=2 ** 32 + 5, position=2 ** 64 - 2)
    assert stream.reserve(5) == ((5, 1), (2 ** 32 - 2, 2 ** 32 - 1))
    assert stream.position == 3
    assert stream.state() == (5, 1, 3, 0)
    assert R.DeviceStream.from_state(stream.state()) == stream


def test_classes_the_device_does_not_draw(gpu64):
    from engine.accel.provider import GpuUnavailable
    with pytest.raises(GpuUnavailable):
        R.gpu_rand(R.DeviceStream(), (2, 2), "int32", gpu64)
    with pytest.raises(GpuUnavailable):
        R.gpu_randi(R.DeviceStream(), 0, 2 ** 60, (2, 2), "double", gpu64)


def test_kernels_that_draw_nothing_carry_no_philox():
    from engine.accel.kernels import elementwise_source
    assert "philox" not in elementwise_source("plus", "double", [("double", "same")] * 2, True)
    assert "philox4x32_10" in R.fill_source("randn", "double", True)


# ------------------------------------------------------------------ statistics of a million draws

def test_uniform_statistics(gpu64):
    for cls in ("double", "single"):
        x = R.gpu_rand(R.DeviceStream(seed=21), (1000, 1000), cls, gpu64).download().astype(np.float64)
        assert 0.0 < x.min() and x.max() < 1.0
        assert abs(x.mean() - 0.5) < 1.5e-3 and abs(x.var() - 1 / 12) < 4e-4


def test_normal_statistics(gpu64):
    for cls in ("double", "single"):
        x = R.gpu_randn(R.DeviceStream(seed=22), (1000, 1000), cls, gpu64).download().astype(np.float64)
        assert abs(x.mean()) < 5e-3 and abs(x.var() - 1.0) < 7e-3
        assert abs(np.mean(x ** 3)) < 0.02 and abs(np.mean(x ** 4) - 3.0) < 0.05
        assert abs(np.mean(np.abs(x) < 1.0) - 0.6826894921370859) < 2.5e-3


def test_randi_covers_its_range_uniformly(gpu64):
    x = R.gpu_randi(R.DeviceStream(seed=23), -3, 7, (1000, 1000), "int32", gpu64).download().ravel()
    counts = np.bincount(x + 3, minlength=11)
    assert len(counts) == 11
    expected = x.size / 11
    chi2 = float(np.sum((counts - expected) ** 2 / expected))
    assert chi2 < 35.0          # 10 degrees of freedom: P(chi2 > 35) is about 1e-4
