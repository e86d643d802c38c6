"""%fusion wgsl listings: the entry point first, then declarations and only the library functions the
kernel calls, every line under its line number in the shader (as compile errors count them)."""
import re

import pytest

from engine import Session
from engine.accel.fusion.wgsl_listing import listing_text, omitted, sections


@pytest.fixture(scope="module")
def fused():
    session = Session(device="gpu")
    session.fusion.mode = "gpu"
    result = session.execute("x = linspace(0, 1, 1e5); y = exp(x) .* 2 + 1;")
    assert result.error is None
    return session


def test_entry_point_first_then_only_called_functions_with_shader_line_numbers(fused):
    wgsl = fused.fusion.reports()[0].groups[0].wgsl
    shader = wgsl.splitlines()
    found = sections(wgsl)
    assert found[0].kind == "entry" and any("@compute" in t for _, t in found[0].lines)
    for section in found:
        for number, text in section.lines:
            assert shader[number - 1] == text                  # the number is the shader's own line
    library = [s.name for s in found if s.kind == "library"]
    assert "m64_exp" in library and "gen_linspace" in library
    defined = re.findall(r"^fn (\w+)", wgsl, re.M)
    assert omitted(wgsl) == len(defined) - 1 - len(library)      # every function: entry, listed or counted
    text = listing_text(wgsl)
    first = re.match(r"// entry point main\n\s*(\d+)  ", text)
    assert first and shader[int(first.group(1)) - 1].startswith("@compute")


def test_report_bundle_folds_library_functions_and_never_wraps_mid_word(fused):
    bundle = fused.fusion_report("wgsl 0")
    assert bundle["text/plain"].split("\n")[1] == "// entry point main"
    page = bundle["text/html"]
    assert page.index("entry point main") < page.index("<details><summary>library function")
    assert "white-space:pre;word-break:normal" in page


def test_functions_the_entry_point_never_calls_are_left_out():
    wgsl = ("fn helper(x: f32) -> f32 { return inner(x); }\nfn inner(x: f32) -> f32 { return x; }\n"
            "fn unused(x: f32) -> f32 {\n    return x * 2.0;\n}\n@group(0) @binding(0) var<storage, read_write> o: "
            "array<f32>;\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) g: vec3<u32>) {\n"
            "    o[g.x] = helper(1.0);\n}\n")
    assert [(s.kind, s.name, [n for n, _ in s.lines]) for s in sections(wgsl)] == [
        ("entry", "main", [7, 8, 9, 10]), ("declarations", "", [6]), ("library", "helper", [1]),
        ("library", "inner", [2])]
    assert omitted(wgsl) == 1 and "unused" not in listing_text(wgsl)
