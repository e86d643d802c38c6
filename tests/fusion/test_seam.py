"""One seam (issue 9): MIR, the VM and the runtime never import engine.accel. The region marking and the
accelerator's graph ask one predicate (engine/mir/callforms.py), whose tables the kernels implement."""
import ast
from pathlib import Path

import pytest

import engine

ENGINE = Path(engine.__file__).parent
LAYERS = ("mir", "vm", "runtime")


def imported_modules(path: Path) -> list[tuple[int, str]]:
    """(line, absolute module name) of every import statement in a file of the engine package,
    including imports inside functions and relative ones."""
    package = ".".join(("engine", *path.relative_to(ENGINE).parent.parts))
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[:len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module or ""
            found.append((node.lineno, name))
            found += [(node.lineno, f"{name}.{alias.name}") for alias in node.names]
    return found


@pytest.mark.parametrize("layer", LAYERS)
def test_the_layer_imports_nothing_from_accel(layer):
    offending = [f"{path.relative_to(ENGINE.parent)}:{line}: {name}"
                 for path in sorted((ENGINE / layer).rglob("*.py"))
                 for line, name in imported_modules(path)
                 if name == "engine.accel" or name.startswith("engine.accel.")]
    assert offending == []


def test_the_accelerator_reads_what_it_needs_from_the_compiler_on_the_window():
    """Which loads a window may leave on the device is computed once by the compiler (Window.promotable),
    not again by the accelerator from the VM's code generator."""
    names = {name for path in (ENGINE / "accel").rglob("*.py") for _, name in imported_modules(path)}
    assert sorted(n for n in names if n.startswith(("engine.vm.pygen", "engine.vm.compiler"))) == []


def test_the_import_check_sees_relative_and_local_imports(tmp_path):
    sample = ENGINE / "mir" / "infer.py"
    names = {name for _, name in imported_modules(sample)}
    assert "engine.mir.ir" in names and "engine.runtime.device" in names


def test_no_stage_keeps_its_own_table_of_operations():
    """Inference, fusion marking, the graph, codegen, domain checks and one-op kernels read the registry's
    Operation records: the per-stage tables they replaced are gone."""
    from engine.accel import kernels, operations
    from engine.accel.fusion import codegen, plan, ranges
    from engine.mir import callforms
    gone = [(kernels, "ELEMENTWISE"), (kernels, "REDUCTIONS"), (callforms, "ELEMENTWISE_ARITY"),
            (callforms, "REDUCTION_OPS"), (codegen, "CHECKS"), (operations, "DOMAINS"),
            (operations, "MATH_UNARY"), (plan, "COSTLY"), (ranges, "NONNEG_RESULT")]
    assert [f"{m.__name__}.{name}" for m, name in gone if hasattr(m, name)] == []
    from engine.runtime import semantics
    assert kernels.broadcast_shape is semantics.broadcast_shape is plan.broadcast_shape


def test_one_predicate_for_regions_and_graphs():
    from engine.accel.fusion import graph
    from engine.mir import callforms, fusion
    assert graph.instr_call_form is callforms.instr_call_form and graph.BINOPS is callforms.BINOPS
    assert fusion.instr_call_form is callforms.instr_call_form and fusion.BINOPS is callforms.BINOPS
