"""The builtin table is loaded whole whatever was imported first (issue 11): the MIR fusion pass, the
lowering and completion read the same table as the VM."""
import ast
import json
import subprocess
import sys
from pathlib import Path

import engine
from engine.runtime.builtins import registry

ENGINE = Path(engine.__file__).parent
PROBE = ("import json, {first}; from engine.runtime.builtins import registry; "
         "t = registry.load_all(); print(json.dumps([sorted(t), sorted(n for n, e in t.items() if e.gpu)]))")


def table_after_importing(module: str) -> list:
    out = subprocess.run([sys.executable, "-c", PROBE.format(first=module)], capture_output=True, text=True,
                         cwd=ENGINE.parent, check=True)
    return json.loads(out.stdout)


def test_the_table_is_the_same_whatever_was_imported_first():
    tables = {first: table_after_importing(first)
              for first in ("engine.mir.fusion", "engine.runtime.builtins.elementwise", "engine.accel",
                            "engine.vm.evaluate")}
    whole = tables["engine.accel"]
    assert {"asin", "eval", "gpuArray", "plot"} <= set(whole[0]) and "sqrt" in whole[1]
    assert all(table == whole for table in tables.values())


def registering_modules() -> set[str]:
    """Modules of the engine outside runtime/builtins that import ``builtin`` (the decorator) or
    ``set_gpu_impl`` from the registry, or call them through it."""
    found = set()
    for path in ENGINE.rglob("*.py"):
        if path.parent == ENGINE / "runtime" / "builtins":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {alias.name for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                 and (node.module or "").endswith("registry") for alias in node.names}
        if names & {"builtin", "set_gpu_impl", "replace_impl"}:
            found.add(".".join(("engine", *path.relative_to(ENGINE).with_suffix("").parts)))
    return found


def test_every_module_that_registers_builtins_is_loaded():
    probe = "import sys; from engine.runtime.builtins import registry as r; r.load_all(); print(*sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ENGINE.parent,
                            check=True).stdout.split()
    registering = registering_modules()
    assert {"engine.vm.evaluate", "engine.accel.builtins"} <= registering
    assert registering <= set(loaded), "name the module in registry.EXTENSIONS"


def test_starting_a_session_leaves_scipys_large_modules_and_matplotlib_unimported():
    """Every builtin is registered at a session's start, but the modules that compute with scipy's
    signal, stats, integrate, optimize, interpolate and fft reach them through scipy's lazy submodules,
    and matplotlib comes with the first figure: a kernel does not import them until a cell needs them
    (about half of the engine's import on the build machine)."""
    lazy = ["scipy.signal", "scipy.stats", "scipy.integrate", "scipy.optimize", "scipy.interpolate", "scipy.fft",
            "matplotlib"]
    probe = (f"import sys; from engine import Session; s = Session(device='cpu'); s.execute('x = 1;'); "
             f"print(*[m in sys.modules for m in {lazy}]); "
             f"s.execute('y = normcdf(0.5); z = resample(1:8, 3, 2);'); "
             f"print('scipy.signal' in sys.modules, 'scipy.stats' in sys.modules, s.get('y').item())")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ENGINE.parent,
                         check=True).stdout.split()
    assert out == ["False"] * len(lazy) + ["True", "True", "0.6914624612740131"]
