"""Adapter choice, lazy start, errors as GpuUnavailable, batching and the pipeline cache."""
import os
import subprocess
import sys
from types import SimpleNamespace

import numpy as np
import pytest

from engine.accel import provider
from engine.accel.kernels import gpu_elementwise
from engine.accel.provider import GpuUnavailable, choose_adapter
from engine.accel.residency import upload
from engine.runtime.builtins.registry import operations
from engine.runtime.errors import MatlabError

ELEMENTWISE = {name: op for name, op in operations().items() if op.wgsl is not None}   # one-kernel forms


def fake(name, backend, adapter_type):
    return SimpleNamespace(info={"device": name, "backend_type": backend, "adapter_type": adapter_type})


ADAPTERS = [fake("llvmpipe", "OpenGL", "CPU"), fake("llvmpipe (LLVM 15)", "Vulkan", "CPU"),
            fake("Intel UHD", "Vulkan", "IntegratedGPU"), fake("NVIDIA H100", "Vulkan", "DiscreteGPU")]


@pytest.mark.parametrize("preference, expected", [
    ("", "NVIDIA H100"), ("gpu", "NVIDIA H100"), ("software", "llvmpipe (LLVM 15)"),
    ("opengl", "llvmpipe"), ("intel", "Intel UHD"), ("LLVM", "llvmpipe (LLVM 15)"), ("vulkan", "NVIDIA H100"),
    ("0", "NVIDIA H100"), ("1", "Intel UHD"), ("3", "llvmpipe"),     # by index in order of preference
])
def test_adapter_choice(preference, expected):
    assert choose_adapter(ADAPTERS, preference).info["device"] == expected


def test_software_before_opengl_without_gpu():
    assert choose_adapter(ADAPTERS[:2]).info["backend_type"] == "Vulkan"


def test_no_matching_adapter():
    with pytest.raises(GpuUnavailable, match="matching 'metal'.*found: llvmpipe"):
        choose_adapter(ADAPTERS, "metal")
    with pytest.raises(GpuUnavailable, match="matching '4'"):
        choose_adapter(ADAPTERS, "4")
    with pytest.raises(GpuUnavailable, match="found: none"):
        choose_adapter([], "")


def test_require_adapter_raises_matlab_error(monkeypatch):
    monkeypatch.setattr(provider, "_state", {"provider": None, "error": "no GPU adapter (found: none)"})
    with pytest.raises(MatlabError) as err:
        provider.require_adapter()
    assert err.value.identifier == "matfuse:gpu:noAdapter" and "mesa-vulkan-drivers" in err.value.message
    assert provider.available() is False


def test_importing_does_not_start_wgpu():
    code = ("import sys; import engine.accel.provider, engine.accel.residency, engine.accel.kernels; "
            "print('wgpu' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    assert out.stdout.strip() == "False"


def test_type_strings_parse_alone_with_the_same_types(monkeypatch):
    """quick_type_parsing: a new type string is parsed with only the typedef names it mentions declared,
    and resolves to the same C type as cffi's full parse; a string that fails that way (here: no name
    found, so no typedef declared) is parsed again in full."""
    import re
    cffi = pytest.importorskip("cffi")
    header = "typedef int Count; typedef struct Pair { Count first; double second; } Pair; " \
             "typedef void (*Callback)(Pair *, Count);"
    quick, full = cffi.FFI(), cffi.FFI()
    for ffi in (quick, full):
        ffi.cdef(header)
    parser, seen = quick._parser, []
    real = parser._parse

    def spied(csource):                              # the typedefs each parse is given
        seen.append(sorted(k[8:] for k in parser._declarations if k.startswith("typedef ")))
        return real(csource)
    parser._parse = spied
    provider.quick_type_parsing(quick)
    installed = parser._parse
    provider.quick_type_parsing(quick)               # once only
    assert parser._parse is installed
    for text, names in (("Pair *", ["Pair"]), ("Count[4]", ["Count"]), ("Callback", ["Callback"]),
                        ("struct Pair *", ["Pair"]), ("Pair *(*)(Count, Callback)", ["Callback", "Count", "Pair"]),
                        ("uint32_t[1]", [])):
        assert quick.getctype(quick.typeof(text)) == full.getctype(full.typeof(text)), text
        assert seen[-1] == names, text
    monkeypatch.setattr(provider, "_IDENTIFIER", re.compile(r"(?!)"))
    assert quick.getctype(quick.typeof("Count *")) == "int *"
    assert seen[-2:] == [[], ["Callback", "Count", "Pair"]]      # failed alone, then parsed in full
    assert quick.new("Pair *").second == 0.0


def test_describe(gpu):
    facts = provider.describe()
    assert set(facts) >= {"name", "backend", "kind", "f64", "int64", "subgroups", "limits"}
    assert facts["kind"] in ("gpu", "software", "opengl")
    assert facts["limits"]["max-storage-buffer-binding-size"] == gpu.max_binding > 0


def test_batching_syncs_only_on_read(gpu64):
    x = upload(np.ones((4, 4)))
    gpu64.flush()
    before = gpu64.stats.submits
    y = x
    for _ in range(10):
        y = gpu_elementwise("plus", y, 1.0)
    assert gpu64.stats.submits == before                 # encoded, not submitted
    np.testing.assert_array_equal(y.download(), np.full((4, 4), 11.0))
    assert gpu64.stats.submits == before + 1


def test_a_buffer_freed_under_the_batch_goes_after_its_submit(gpu64):
    """Freeing never submits (a release may come from the garbage collector in the middle of a flush
    or a dispatch): a buffer the batch uses is destroyed after the batch's submit."""
    source = gpu64.create_buffer(256)
    gpu64.write(source, np.full(32, 3.0).tobytes())
    y = upload(np.ones((4, 4)), gpu64)
    gpu64.copy(source, y.buffer, 128)               # the batch reads it
    submits, allocated = gpu64.stats.submits, gpu64.allocated
    gpu64.destroy(source)
    assert gpu64.stats.submits == submits and gpu64.allocated == allocated and gpu64._doomed == [source]
    np.testing.assert_array_equal(y.download(), np.full((4, 4), 3.0))
    assert gpu64._doomed == [] and gpu64.allocated == allocated - 256
    y.release()


def test_a_buffer_freed_inside_a_flush_leaves_the_flush_alone(gpu64, monkeypatch):
    """A handle released by the garbage collector in the middle of a flush frees its buffer without a
    flush of its own (which finished the encoder under the first: 'Encoding must not have ended')."""
    source = gpu64.create_buffer(256)
    y = upload(np.zeros((4, 4)), gpu64)
    gpu64.copy(source, y.buffer, 128)
    injected = gpu64.injected

    def collected(point):                        # as if a __del__ ran inside the submit
        if point == "submit" and not freed:
            freed.append(source)
            gpu64.destroy(source)
        injected(point)
    freed = []
    monkeypatch.setattr(gpu64, "injected", collected)
    submits = gpu64.stats.submits
    gpu64.flush()
    assert gpu64.stats.submits == submits + 1 and not gpu64.fallbacks[-1:] == ["submit failed"]
    assert gpu64._doomed == [] and source not in gpu64._batch_buffers
    y.release()


def test_batches_beyond_the_uniform_arena(gpu64):
    x = upload(np.zeros((3, 3)))
    for k in range(2 * provider.BATCH_LIMIT + 7):              # three submits, every slot reused
        x = gpu_elementwise("plus", x, float(k))
    total = (2 * provider.BATCH_LIMIT + 7) * (2 * provider.BATCH_LIMIT + 6) / 2
    np.testing.assert_array_equal(x.download(), np.full((3, 3), total))
    assert len(gpu64._sites) <= provider.BIND_GROUP_CACHE


def test_bind_group_layout_from_the_declarations():
    wgsl = """@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> a: array<f64>;
@group(0) @binding(2) var<storage> b: array<f32>;
@group(0) @binding(3) var<storage, read_write> out: array<f64>;
@group(0)@binding(4) var<storage,read_write> status: array<atomic<u32>>;
"""
    kinds = [(e["binding"], e["buffer"]) for e in provider.layout_entries(wgsl)]
    assert kinds == [(0, {"type": "uniform", "has_dynamic_offset": True}), (1, {"type": "read-only-storage"}),
                     (2, {"type": "read-only-storage"}), (3, {"type": "storage"}), (4, {"type": "storage"})]


def test_one_bind_group_serves_every_uniform_slot(gpu64):
    """The uniform block's slot of the arena is a dynamic offset: dispatches of one kernel over the same
    buffers in one batch share a bind group, each reading its own slot's scalars."""
    x = upload(np.zeros((3, 3)))
    outs = [gpu_elementwise("plus", x, 1.0)]
    groups = len(gpu64._sites)
    for k in range(2, 12):
        outs.append(gpu_elementwise("plus", x, float(k)))
        outs[-2].release()                  # the next output takes the pooled buffer back
    assert len(gpu64._sites) <= groups + 1
    np.testing.assert_array_equal(outs[-1].download(), np.full((3, 3), 11.0))


ADD_UNIFORM = """struct Params { v: f32 }
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read_write> a: array<f32>;
@compute @workgroup_size(1) fn main(@builtin(global_invocation_id) g: vec3<u32>) { a[g.x] = a[g.x] + p.v; }
"""


def test_a_repeated_uniform_block_is_kept_by_its_site(gpu):
    """A dispatch site whose uniform block repeats its last one binds a uniform buffer of its own (written
    once): a cell run again writes no uniform arena. A changed block goes back to the arena, a block
    that repeats again is kept anew, and every dispatch reads its own value throughout, within a batch
    and across batches."""
    pipe = gpu.pipeline(ADD_UNIFORM)
    target = gpu.create_buffer(256)
    gpu.write(target, np.zeros(64, dtype=np.float32).tobytes())
    values = [1.0, 1.0, 1.0, 2.0, 2.0, 1.0, 4.0, 4.0, 4.0]
    for v in values:
        gpu.dispatch(pipe, [target], np.float32(v).tobytes(), (4, 1, 1))
    site = gpu._sites[(pipe[1], target)]
    assert site.block == np.float32(4.0).tobytes() and site.kept is not None
    assert np.frombuffer(gpu.read(target, 16), dtype=np.float32).tolist() == [sum(values)] * 4
    for _ in range(3):                          # a cell run again: its sites' kept blocks, no arena
        gpu.dispatch(pipe, [target], np.float32(4.0).tobytes(), (4, 1, 1))
        assert not gpu._arena_data
    assert np.frombuffer(gpu.read(target, 16), dtype=np.float32).tolist() == [sum(values) + 12] * 4
    gpu.destroy(target)


def test_pow_table_stays_bound_across_pipelines(gpu64):
    """Kernels with the f64 pow read its table from group 1 (Provider.library_group, one buffer per
    device), set with their pipeline: pow, another kernel, pow again in one batch all read it."""
    x = upload(np.linspace(0.05, 40.0, 1001).reshape(7, 143))
    a = gpu_elementwise("power", x, 1.8)
    b = gpu_elementwise("plus", a, 1.0)
    c = gpu_elementwise("power", b, -0.7)
    d = gpu_elementwise("power", gpu_elementwise("exp", c), 2.5)
    expected = np.exp((x.download() ** 1.8 + 1.0) ** -0.7) ** 2.5
    np.testing.assert_allclose(d.download(), expected, rtol=2e-15)      # four roundings apart
    pipelines = gpu64._pipelines.values()
    assert any(library is gpu64.library_group[1] for _, _, library in pipelines)
    assert any(library is None for _, _, library in pipelines)


def test_pipeline_cache(gpu64):
    x = upload(np.ones((2, 2)))
    gpu_elementwise("hypot", x, x)
    count, hits = gpu64.pipeline_count, gpu64.stats.pipeline_hits
    gpu_elementwise("hypot", x, x)
    assert gpu64.pipeline_count == count and gpu64.stats.pipeline_hits == hits + 1


@pytest.mark.parametrize("checked", ["0", "1"])
def test_kernels_compile_without_runtime_checks_but_the_products_loops_stay_bounded(gpu64, monkeypatch, checked):
    """Kernels are compiled without naga's bounds checks and loop bounding, except that the tiled
    product keeps its loop bounding (provider.shader_module says why); MATFUSE_SHADER_CHECKS=1 turns
    both on for every kernel. Either way the results are right."""
    from engine.accel.kernels import gpu_matmul
    compiled, real = [], provider.shader_module

    def spy(device, source, bounds_checks=False, loop_bounding=False):
        compiled.append(("var<workgroup> tile_a" in source, bounds_checks, loop_bounding))
        return real(device, source, bounds_checks, loop_bounding)
    monkeypatch.setattr(provider, "shader_module", spy)
    monkeypatch.setattr(gpu64, "_pipelines", {})             # every text compiled again, then forgotten
    monkeypatch.setenv("MATFUSE_SHADER_CHECKS", checked)
    a, b = np.arange(1.0, 13.0).reshape(3, 4), np.linspace(-1.0, 1.0, 20).reshape(4, 5)
    np.testing.assert_allclose(gpu_matmul(upload(a), upload(b)).download(), a @ b, rtol=1e-14)
    np.testing.assert_array_equal(gpu_elementwise("plus", upload(a), 1.0).download(), a + 1.0)
    on = checked == "1"
    assert {(product, bounds, loops) for product, bounds, loops in compiled} == \
        {(True, on, True), (False, on, on)}


def test_wgpu_errors_become_gpu_unavailable(gpu):
    with pytest.raises(GpuUnavailable) as err:
        gpu.pipeline("fn broken( {")
    assert err.value.reason.startswith("shader compilation failed: Shader")
    assert "   1  fn broken( {" in err.value.detail
    assert gpu.fallbacks[-1] == err.value.reason
    still_usable = upload(np.ones((1, 2), np.float32)).download()
    np.testing.assert_array_equal(still_usable, [[1.0, 1.0]])


OPENGL_SCRIPT = """
import warnings
import numpy as np
from engine.accel import provider
from engine.accel.kernels import gpu_elementwise
from engine.accel.residency import upload
from engine.runtime.builtins.registry import operations
warnings.simplefilter("ignore")
ELEMENTWISE = {name: op for name, op in operations().items() if op.wgsl is not None}
if not provider.available():
    print("none")
    raise SystemExit
p = provider.get_provider()
print(p.info.kind, p.f64)
x = np.array([[0.5, 2.0, -3.0, 0.0, np.nan, np.inf, 1e-3, 10.0, -0.75]], dtype=np.float32)
y = np.array([[1.5, -2.0, 3.0, 0.0, 1.0, 2.0, -1e-3, 0.5, 2.0]], dtype=np.float32)
for op, spec in ELEMENTWISE.items():
    got = gpu_elementwise(op, *[upload(a) for a in (x, y)[:spec.arity]]).download()
    print(op, got.dtype, " ".join(repr(float(v)) for v in got.ravel()))
try:
    upload(np.ones((2, 2)))
except provider.GpuUnavailable as exc:
    print("double:", exc.reason)
"""


def test_opengl_adapter_single_on_builtins_and_double_on_cpu():
    """Without shader-f64 (wgpu's OpenGL adapter here) every op runs in single on the f32 built-ins
    with MATLAB's special values; double refuses to go to the GPU."""
    env = dict(os.environ, MATFUSE_ADAPTER="opengl")
    out = subprocess.run([sys.executable, "-c", OPENGL_SCRIPT], capture_output=True, text=True, env=env,
                         cwd=os.path.dirname(os.path.dirname(os.path.dirname(__file__))))
    if out.stdout.strip() == "none":
        pytest.skip("no OpenGL adapter")
    lines = out.stdout.strip().splitlines()
    assert lines[0] == "opengl False", out.stdout + out.stderr
    assert lines[-1] == "double: the GPU adapter has no shader-f64: double stays on the CPU"
    x = np.array([0.5, 2.0, -3.0, 0.0, np.nan, np.inf, 1e-3, 10.0, -0.75])
    y = np.array([1.5, -2.0, 3.0, 0.0, 1.0, 2.0, -1e-3, 0.5, 2.0])
    reference = {**{k: getattr(np, v) for k, v in (
        ("exp", "exp"), ("expm1", "expm1"), ("log", "log"), ("log1p", "log1p"), ("log2", "log2"),
        ("log10", "log10"), ("sin", "sin"), ("cos", "cos"), ("tan", "tan"), ("asin", "arcsin"),
        ("acos", "arccos"), ("atan", "arctan"), ("sinh", "sinh"), ("cosh", "cosh"), ("tanh", "tanh"),
        ("sqrt", "sqrt"), ("abs", "abs"), ("floor", "floor"), ("ceil", "ceil"), ("fix", "trunc"),
        ("sign", "sign"), ("uminus", "negative"), ("plus", "add"), ("minus", "subtract"),
        ("times", "multiply"), ("rdivide", "divide"), ("power", "power"), ("atan2", "arctan2"),
        ("hypot", "hypot"), ("max", "fmax"), ("min", "fmin"), ("eq", "equal"), ("lt", "less"))},
        "ne": np.not_equal, "ldivide": lambda a, b: b / a}
    with np.errstate(all="ignore"):
        for line in lines[1:-1]:
            op, dtype, *values = line.split()
            if op not in reference:
                continue
            got = np.array([float(v) for v in values])
            expected = reference[op](*(x, y)[:ELEMENTWISE[op].arity]).astype(np.float32).astype(float)
            assert dtype == ("bool" if op in ("eq", "ne", "lt") else "float32"), op
            np.testing.assert_allclose(got, expected, rtol=2e-4, atol=1e-6, err_msg=op)


def test_reset_starts_a_fresh_device(gpu, monkeypatch):
    old = provider.get_provider()
    kept = upload(np.ones((2, 2), np.float32))
    monkeypatch.setattr(provider, "_state", {"provider": None, "error": None})   # restored afterwards
    fresh = provider.get_provider()
    assert fresh is not old and fresh.device is not old.device
    np.testing.assert_array_equal(upload(np.ones((1, 2), np.float32)).download(), [[1.0, 1.0]])
    kept.release()                                        # a handle of the old device releases cleanly
    provider.reset_provider()
    assert provider._state["provider"] is None


@pytest.mark.parametrize("n", [1000, 400_000])          # 8 KB: write_buffer; 3.2 MB: mapped staging
def test_uploads_are_ordered_with_the_work_around_them(gpu64, n):
    """An upload into a buffer that encoded, unsubmitted work reads lands after that work (write_buffer
    submits it first; a staged upload is a copy in the batch, after it)."""
    a = np.random.default_rng(0).random(n)
    t = upload(a)
    doubled = gpu_elementwise("times", t, 2.0)         # encoded, not submitted
    t.provider.write(t.buffer, memoryview(np.ascontiguousarray(a + 1)).cast("B"))
    np.testing.assert_array_equal(doubled.download().ravel(), a * 2)
    np.testing.assert_array_equal(t.download().ravel(), a + 1)
    again = upload(a * 3)                                          # the staging buffer is reused
    np.testing.assert_array_equal(again.download().ravel(), a * 3)
    if n * 8 >= provider.STAGED_UPLOAD:
        assert gpu64._upload_staging[provider.size_class(n * 8)]      # kept for the next upload
