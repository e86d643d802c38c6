"""Plans: an AccelGraph specialised to the classes, sizes and residency of one run's inputs.

``make_plan(graph, sig, has_f64)`` infers the class and size of every value, then cuts the graph into
groups, each one kernel:

- Reduction: reduction nodes with the elementwise expressions that produce their operands inlined (the
  kernel reads the window's inputs, not a materialised operand); those over operands of one size and
  view that do not depend on each other share one pass (shared_passes). Adjacent
  reduced dimensions are one extent of the [pre, n, post] view; max/min also write their 1-based index
  (class double) when the window takes it; var divides the sum of squared deviations by N-1 (or N).
- Generators (generators.py: linspace, colon ranges, zeros/ones/eye/true/false) and draws are computed
  inside the kernels that read them, from the element index; one stored is an ElementwiseChain output.
- ElementwiseChain: every elementwise value the window must leave behind (stored variables, live
  temporaries) of one size, written by one kernel that computes each node once per element (a shared
  subexpression is one ``let``); scalars are uniforms, other sizes are read through expansion strides.
- the specialised kinds (matrix products and the patterns around them, patterns.py), found first; the
  values they make are read, not inlined, by the other groups, and elementwise values they read are
  outputs of an ElementwiseChain. Groups run in dependency order (``ordered``).

A plan that cannot run (a class or form the kernels lack) carries the reason instead of groups.
"""
from __future__ import annotations

import math
from collections import ChainMap
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, NamedTuple

import numpy as np

from engine.accel.kernels import MAX_DIMS, SINGLE_MAX, SINGLE_TINY, TEST_KERNELS
from engine.runtime.builtins.registry import operation
from engine.runtime.errors import MatlabError
from engine.runtime.semantics import broadcast_shape, promote_all

from .graph import AccelGraph, Node
from .ranges import SINGLE_WHOLE, facts_of, unchecked

FLOAT = ("double", "single")
# node kinds computed inside the kernel reading them
INLINED = ("elementwise", "random", "generator", "view")
DOUBLE_TINY = float(np.finfo(np.float64).tiny)


class Arg(NamedTuple):
    """What the plan knows of one input or constant: class, size, whether it lives on the device, for
    the size arguments of a draw (``rand(M, 1)``) the value itself (it sets a shape), and for a host
    scalar the facts of its value (ranges.py: whether it is nonnegative, an integer, ...). A tuple:
    a run's signature is made, hashed and compared in C (the hot path of a cached window)."""
    cls: str
    shape: tuple[int, ...]
    resident: bool = False
    value: tuple[float, ...] | None = None
    facts: int = 0

    @property
    def scalar(self) -> bool:
        return self.shape == (1, 1) and not self.resident

    def __str__(self) -> str:
        """``double[64,33]``, then ``resident``, ``value=(...)`` and the facts (ranges.py) where set."""
        from .ranges import fact_names
        words = [f"{self.cls}[{','.join(map(str, self.shape))}]"]
        words += ["resident"] * self.resident + [f"value={self.value}"] * (self.value is not None)
        return " ".join(words + fact_names(self.facts))


@dataclass
class Member:
    """One reduction of a Reduction group: node ``value`` reduces ``operand`` with the reduction form of
    ``op`` (var: mean of the squared deviations) and divides by ``divisor`` when that form is a mean;
    ``index`` is max/min's index output when the window takes it."""
    value: int
    operand: int
    op: str
    divisor: int
    index: int | None = None


@dataclass
class Group:
    """One kernel: ``nodes`` computed in order, ``leaves`` read (arrays) or passed as uniforms."""
    kind: str                          # ElementwiseChain | Reduction | Alias (views.py: a shared buffer)
    nodes: list[int]
    outputs: list[int]                 # the values the kernel writes (one for a reduction)
    shape: tuple[int, ...]             # elementwise: output size; reduction: operand size
    view: tuple[int, int, int] = (1, 1, 1)   # reduction: [pre, n, post] of the operand
    op: str = ""                             # a specialised kernel's operation (patterns.Kernel)
    members: list[Member] = field(default_factory=list)   # reduction: the reductions sharing the pass
    epilogue: list[int] = field(default_factory=list)     # reduction: elementwise nodes of its results
    # computed where it stores them (codegen.fuse_epilogues), their outputs after the members' in outputs
    stored: list[int] = field(default_factory=list)       # reduction: window outputs of its operands'
    # size that its pass computes and writes at each element it reads (stored_in_passes)
    draws: list[tuple[int, str]] = field(default_factory=list)   # random nodes with their read layout
    gens: list[tuple[int, str]] = field(default_factory=list)    # generator nodes with their layout
    params: list[float] = field(default_factory=list)   # the generators' uniform params (codegen)
    maps: list[int] = field(default_factory=list)       # the views' index maps (views.py), uniform words
    leaves: list[int] = field(default_factory=list)
    # filled by codegen.emit: array leaves with their layout (same | scalar | expanded), uniform scalar
    # leaves in uniform order, whether the kernel reports inputs MATLAB makes complex, and the WGSL
    arrays: list[tuple[int, str]] = field(default_factory=list)
    scalars: list[int] = field(default_factory=list)
    literals: dict[int, float] = field(default_factory=dict)   # scalar literals written into the WGSL
    checked: bool = False
    wgsl: str = ""
    head: bytes = b""                  # the uniform block's part that every run shares (codegen.uniform)
    grid: tuple[int, int, int] = (1, 1, 1)      # an ElementwiseChain's workgroups (codegen.emit)
    finish: tuple = ()                 # a chunked Reduction's one finishing pass (codegen.finishing_kernel)
    pipeline: tuple = (None, "", None)   # (provider, entry point, pipeline) of the last run (execute.py)
    launch: tuple = (None,)            # its launch on a device, made once (execute.py: a one-pass kernel's,
    # or a chunked Reduction's Chunked)
    last: tuple[tuple, bytes] = ((), b"")       # the last run's uniform values and block (codegen.uniform)

    @property
    def writes(self) -> list[int]:
        """Every value the kernel writes: its outputs, then the values its pass stores (``stored``)."""
        return self.outputs + self.stored

    def text(self, title: str) -> list[str]:
        """The group as indented lines under ``title``: kind and size, then every field that differs
        from its default (values as ``v<id>``; the WGSL and a product's for other devices, uniform bytes
        and the last run's pipeline left out); the parts of a pattern nested below it."""
        lines = [f"{title}: {self.kind} [{','.join(map(str, self.shape))}]"]
        for f in fields(self):
            value = getattr(self, f.name)
            default = f.default_factory() if f.default_factory is not MISSING else f.default
            if f.name in ("kind", "shape", "wgsl", "tiled", "head", "last", "pipeline", "launch", "parts") or value == default:
                continue
            lines.append(f"  {f.name}: {field_text(f.name, value)}")
        for k, part in enumerate(getattr(self, "parts", [])):
            lines += ["  " + line for line in part.text(f"part {k}")]
        return lines


@dataclass
class Plan:
    info: dict[int, Arg]               # every value's class and size
    cls: str = "double"                # the computation class of every kernel
    groups: list[Group] = field(default_factory=list)
    reason: str = ""                   # why the plan cannot run ("" when it can)
    draws: dict[int, str] = field(default_factory=dict)   # random node -> rand | randn, program order
    products: set[int] = field(default_factory=set)       # matrix products: mtimes, and * of two matrices
    unchecked: set[int] = field(default_factory=set)      # nodes whose domain check cannot fire (ranges.py)
    estimate: dict[str, float] | None = None             # the auto policy's costs (accelerator.estimate)
    gens: dict[int, tuple[float, ...]] = field(default_factory=dict)   # generator -> its uniform params
    single_operands: set[int] = field(default_factory=set)   # double inputs single must hold exactly
    literals: dict[int, float] = field(default_factory=dict)  # the window's finite scalar literals
    checked: bool = False              # some kernel has a domain check (a status buffer; codegen.emit)
    subgroups: bool = False            # the adapter's subgroup operations (codegen.reduce_source's main)
    loop: Any = None                   # a fused loop's loops.LoopKernel (its one group is a FusedLoop)
    runner: Any = None                 # its execute.Runner on a device (made at its first run there)
    reports: Any = None                # its groups' GroupReports (report.group_reports), made at its first run


    def __str__(self) -> str:
        """The plan as plain text (deterministic: program order, sets sorted): its class, every value's
        Arg, the groups in run order, and the nodes whose domain checks ranges.py left out; the
        estimate (measured costs) is not printed."""
        lines = [f"plan {self.cls}" + (f": cannot run: {self.reason}" if self.reason else "")]
        lines += [f"  v{v}: {arg}" for v, arg in self.info.items()]
        for k, group in enumerate(self.groups):
            lines += ["  " + line for line in group.text(f"group {k}")]
        extras = {"draws": " ".join(f"v{v} {op}" for v, op in self.draws.items()),
                  "generators": " ".join(f"v{v} {list(params)}" for v, params in self.gens.items()),
                  "products": ids_text(sorted(self.products)), "unchecked": ids_text(sorted(self.unchecked)),
                  "single operands": ids_text(sorted(self.single_operands)), "loop": str(self.loop or "")}
        lines += [f"  {name}: {text}" for name, text in extras.items() if text]
        return "\n".join(lines)


def ids_text(values: Any) -> str:
    return " ".join(f"v{v}" for v in values)


def field_text(name: str, value: Any) -> str:
    """A group field as text: value ids as ``v<id>``, (value, layout) pairs as ``v<id> layout``."""
    if name in ("nodes", "outputs", "leaves", "scalars", "epilogue", "stored"):
        return ids_text(value)
    if name == "result":
        return f"v{value}"
    if name == "members":
        return ", ".join(f"v{m.value} = {m.op}(v{m.operand})"
                         + (f" / {m.divisor}" if operation(m.op).reduction.mean else "")
                         + (f" index v{m.index}" if m.index is not None else "") for m in value)
    if name == "literals":
        return ", ".join(f"v{v} {x!r}" for v, x in value.items())
    if name == "finish":                # (WGSL, entry point, uniform block, workgroups)
        return f"{value[1]} {field_text('', value[3])}"
    if name in ("arrays", "draws", "gens"):
        return ", ".join(f"v{v} {layout}" for v, layout in value)
    if name == "operands":
        return ", ".join(f"v{o.value}" + "'" * o.transposed + (f" - mean(v{o.centre})" if o.centre is not None
                                                                 else "") for o in value)
    if isinstance(value, tuple):
        return f"[{','.join(map(str, value))}]"
    return str(value)


class Reject(Exception):
    """The plan cannot run on the device; the message says why."""


def make_plan(graph: AccelGraph, sig: dict[int, Arg], has_f64: bool) -> Plan:
    from .patterns import pattern_groups       # patterns.py builds on this module's groups
    plan = Plan(dict(sig), literals=literals(graph, sig))
    try:
        infer(graph, plan, has_f64)
        if plan.cls == "single":          # what single holds as a normal number (else a uniform)
            plan.literals = {v: x for v, x in plan.literals.items() if SINGLE_TINY <= abs(x) <= SINGLE_MAX}
        plan.unchecked = unchecked(graph, plan)
        special, claimed = pattern_groups(graph, plan)
        produced = {v for g in special for v in g.outputs}
        operands = [v for g in special for v in g.leaves if v not in produced and v in graph.nodes]
        early = read_not_recomputed(graph, plan, claimed, produced)
        reductions, stored = stored_in_passes(graph, plan, claimed, produced, early)
        plan.groups = ordered(special + reductions + elementwise_groups(graph, plan, claimed | stored, produced,
                                                                        operands, early - stored))
        inside = {v for g in special for part in [g, *getattr(g, "parts", [])] for v in part.nodes}
        if inside & set(plan.draws):
            raise Reject("a random draw inside a matrix-product kernel runs on the CPU")
        if inside & set(plan.gens):
            raise Reject("a generator inside a matrix-product kernel runs on the CPU")
        if any(graph.nodes[v].kind == "view" for v in inside if v in graph.nodes):
            raise Reject("a view inside a matrix-product kernel runs on the CPU")
    except Reject as exc:
        plan.reason = str(exc)
    return plan


def largest_made(graph: AccelGraph, sig: dict[int, Arg]) -> int | None:
    """The element count of the largest value the window makes or reads, from its classes and sizes
    alone (``infer``, which needs no device), or None where inference rejects the window: the auto
    policy asks this of a window with draws or generators before the GPU has started, so a small
    ``0:10`` or ``rand(3)`` does not start it (make_plan's plan asks the same of every later one)."""
    plan = Plan(dict(sig), literals=literals(graph, sig))
    try:
        infer(graph, plan, has_f64=True)
    except Reject:
        return None
    return max((math.prod(a.shape) for a in plan.info.values()), default=0)


def literals(graph: AccelGraph, sig: dict[int, Arg]) -> dict[int, float]:
    """The cell's finite real scalar literals the nodes read, by value: codegen writes them into the
    shader text (``x.^2`` is ``x * x``, ``x / 3`` divides by ``3.0lf``) instead of passing them as
    uniforms. They are part of the window's text (``accelerator.window_key``), so a plan and its
    pipelines are made for these values; run-time values (variables) stay uniforms. Zeros and
    subnormals stay uniforms too: drivers fold ``x * 0.0`` to 0 (lavapipe does, measured), which is
    wrong for NaN and Inf, and may flush a subnormal literal to zero."""
    found = {}
    for v, value in graph.consts.items():
        arg = sig.get(v)
        if arg is None or arg.shape != (1, 1) or arg.cls not in FLOAT + ("logical",):
            continue
        x = float(np.asarray(value).flat[0])
        if math.isfinite(x) and abs(x) >= DOUBLE_TINY:
            found[v] = x
    return found


# ------------------------------------------------------------------ classes and sizes

def infer(graph: AccelGraph, plan: Plan, has_f64: bool) -> None:
    """Class and size of every node; the one computation class of the window.

    Nodes over scalar leaves only (``-1``, ``2 * k``) are double scalars that MATLAB converts when they
    meet a single array, so they do not make a window mixed: a single window computes them in f32
    (within an ulp of single of the double value)."""
    from .generators import check_generators, generator_params
    scalar_only = {v for v, a in plan.info.items() if a.scalar}
    for node in graph.nodes.values():
        args = [plan.info[a] for a in node.args]
        if any(a.cls not in FLOAT + ("logical",) for a in args):
            raise Reject(f"line {node.line}: {node.op} of {', '.join(a.cls for a in args)} runs on the CPU")
        if any(math.prod(plan.info[a].shape) == 0 for a in operand_args(node)):
            raise Reject(f"line {node.line}: empty operands follow the CPU's rules")
        kind = "matmul" if matrix_product(node, args) else node.kind
        plan.info[node.value] = ARG_RULES[kind](node, args)
        if kind == "matmul":
            plan.products.add(node.value)
        if node.kind == "elementwise" and all(a in scalar_only for a in node.args):
            scalar_only.add(node.value)
        if node.kind == "random":
            plan.draws[node.value] = node.op
        if node.kind == "generator":
            plan.gens[node.value] = generator_params(node, plan.info[node.value])
    check_unmade(graph, plan)
    check_draws(graph, plan)
    check_views(graph, plan)
    # indices are double in every window, internal values take the window's class; zeros, ones, eye
    # (exact in single) that the window only reads take it too
    indices = {v for v, n in graph.nodes.items() if n.kind == "index"}
    kept = set(graph.stores.values()) | set(graph.live.values())
    exact = {v for v, n in graph.nodes.items() if n.kind == "generator" and n.cls == "double" and v not in kept}
    sizes = {v for v in graph.nodes if plan.info[v].value is not None}        # rows of sizes ([m n])
    exempt = graph.internal | indices | exact | sizes
    computing = {a.cls for v, a in plan.info.items() if v not in exempt
                 and (a.cls == "single" or v in graph.nodes and v not in scalar_only and a.cls in FLOAT)}
    if len(computing) > 1:
        raise Reject("single and double computations in one window (mixed precision is not fused yet)")
    plan.cls = computing.pop() if computing else "double"
    if plan.cls == "single" and scalars_of_doubles(graph, plan, scalar_only) - exempt:
        raise Reject("a scalar expression of doubles in a single window runs on the CPU (in f32 it would "
                     "over- or underflow where MATLAB's double does not)")
    if plan.cls == "single" and inexact_scalar_tests(graph, plan, scalar_only) - exempt:
        raise Reject("a single array compared with (or and/or'ed with) a double scalar that single cannot "
                     "hold runs on the CPU (the kernel would test the scalar's f32 rounding)")
    for v in graph.internal - indices:
        if plan.info[v].cls in FLOAT:
            plan.info[v] = Arg(plan.cls, plan.info[v].shape)
    if (plan.cls == "double" or indices) and not has_f64:
        raise Reject("the adapter has no shader-f64: double (and max/min indices) stay on the CPU")
    if any(len(a.shape) > MAX_DIMS for a in plan.info.values()):
        raise Reject(f"arrays with more than {MAX_DIMS} dimensions run on the CPU")
    check_generators(graph, plan, has_f64)


WHOLE_SAFE = ("plus", "minus", "times", "uminus", "uplus", "eq", "ne", "lt", "le", "gt", "ge")


def scalars_of_doubles(graph: AccelGraph, plan: Plan, scalar_only: set[int]) -> set[int]:
    """Nodes over scalar leaves only that MATLAB computes in double (a double operand) and that a single
    window, computing them in f32, could get wrong by more than rounding: 1e-300 * 1e300 is NaN in f32,
    1e-300 ~= 0 false. A node whose operands' values are known (literals, sizes) is evaluated both ways
    with its host ufunc; one reading a host scalar passes when its operands are whole numbers single holds
    (the SINGLE_WHOLE fact, at most 2^24) and it adds, subtracts, multiplies or compares (counts like
    n - 1); the unary minus and plus are exact. Whatever else reads a double is returned."""
    exact = {v: np.float64(c) for v, c in graph.consts.items() if type(c) is float}
    exact.update({v: np.float64(a.value[0]) for v, a in plan.info.items() if a.value is not None and len(a.value) == 1})
    rounded = {v: np.float32(x) for v, x in exact.items()}
    whole = {v for v, a in plan.info.items() if a.cls == "double" and a.facts & SINGLE_WHOLE} | \
        {v for v, x in exact.items() if facts_of(float(x)) & SINGLE_WHOLE}
    risky: set[int] = set()
    for v, node in graph.nodes.items():
        if v not in scalar_only or not (plan.info[v].cls == "double" or
                                        any(plan.info[a].cls == "double" for a in node.args)):
            continue
        spec = operation(node.op)
        if spec is not None and spec.host is not None and all(a in exact for a in node.args):
            with np.errstate(all="ignore"):
                exact[v] = np.float64(spec.host(*(exact[a] for a in node.args)))
                rounded[v] = np.float32(spec.host(*(rounded[a] for a in node.args)))
            if not _f32_close(np.float32(exact[v]), rounded[v]):
                risky.add(v)
        elif node.op in ("uminus", "uplus"):
            risky |= {v} & {v for a in node.args if a in risky}
        elif not (node.op in WHOLE_SAFE and all(a in whole and a not in risky for a in node.args)):
            risky.add(v)
    return risky


def inexact_scalar_tests(graph: AccelGraph, plan: Plan, scalar_only: set[int]) -> set[int]:
    """Comparisons and logical operations of an array with a double scalar (or a double array the
    window reads into f32) that f32 may not hold: the runtime compares a single array with the double itself (``single(0.1) > 0.1`` is true, ``z ~= 1e-320``
    true where z is 0, ``1e-320 & z`` true where z is nonzero), a single window with its f32 rounding
    (0.1f, 0). A literal in the normal singles' range passes (codegen's comparison_form writes the f32
    stand-in that gives MATLAB's answer: kernels.single_test_scalar); otherwise a known scalar (a
    size, a literal outside that range) passes when f32 holds it exactly, a host scalar or a double array
    when it holds whole numbers single holds (SINGLE_WHOLE, as in ``scalars_of_doubles``: ``t =
    16777217; x == t`` is false where x is single(16777216)); the nodes that test any
    other are returned (the fuzz's seeds 715 and 717, run.py --sizes large: ``b = 1e-320 & z`` false on
    the GPU, ``a == z`` of a double column a true where single(a) equals z)."""
    known = {v: float(c) for v, c in graph.consts.items() if type(c) is float}
    known.update({v: float(a.value[0]) for v, a in plan.info.items() if a.value is not None and len(a.value) == 1})
    found: set[int] = set()
    for v, node in graph.nodes.items():
        if node.op not in TEST_KERNELS or v in scalar_only:
            continue
        for a in node.args:
            if plan.info[a].cls != "double":
                continue
            if a not in scalar_only:            # a double array read into a single window
                held = bool(plan.info[a].facts & SINGLE_WHOLE)
            elif a in plan.literals:            # written into the shader: codegen's comparison_form
                held = SINGLE_TINY <= abs(plan.literals[a]) < SINGLE_MAX
            elif a in known:
                x = known[a]
                held = math.isnan(x) or float(np.float32(x)) == x
            else:
                held = bool(plan.info[a].facts & SINGLE_WHOLE)
            if not held:
                found.add(v)
    return found


def _f32_close(want: np.float32, got: np.float32) -> bool:
    """Whether f32 arithmetic's value is single's rounding of the double value, within 4 ulp (WGSL's f32
    division may be 2.5 ulp off)."""
    if np.isnan(want) or np.isnan(got) or np.isinf(want) or np.isinf(got):
        return bool(np.isnan(want) and np.isnan(got) or want == got)
    return bool(abs(float(want) - float(got)) <= 4 * float(np.spacing(np.float32(max(abs(want), abs(got))))))


def check_unmade(graph: AccelGraph, plan: Plan) -> None:
    """The sizes of generators and views the window does not make (nothing reads them) are checked as
    if they were made, so that a size the CPU rejects sends the window there."""
    info = ChainMap({}, plan.info)
    for node in reversed(graph.unmade.values()):         # dropped readers first, so producers last
        args = [info[a] for a in node.args]
        info[node.value] = ARG_RULES[node.kind](node, args)


def check_draws(graph: AccelGraph, plan: Plan) -> None:
    """A window of draws only keeps MATLAB's CPU stream (rng) for them."""
    if plan.draws and all(n.kind == "random" for n in graph.nodes.values()):
        raise Reject("draws alone are not fused: the CPU stream (rng) gives them")


def check_views(graph: AccelGraph, plan: Plan) -> None:
    """A window that only reshapes, tiles or joins host arrays leaves them to numpy (a reshape there
    moves no data; here it would cost an upload)."""
    kinds = {n.kind for n in graph.nodes.values()}
    if kinds == {"view"} and not any(a.resident for v, a in plan.info.items() if v in graph.inputs):
        raise Reject("views of host arrays only: the CPU makes them without moving data")


def operand_args(node: Node) -> tuple[int, ...]:
    """The arguments whose elements a node reads (an empty one follows the CPU's rules): not the size
    arguments of reshape, repmat and permute (``reshape(x, 2, [])``)."""
    return node.args[:1] if node.kind == "view" and node.op in ("reshape", "repmat", "permute") else node.args


def size_args(graph: AccelGraph) -> set[int]:
    """The values that are size arguments of draws, generators and views."""
    from engine.mir.callforms import size_args as sized_args
    nodes = graph.checked_nodes()
    found = {a for n in nodes.values() if n.kind == "random" for a in n.args}
    found |= {n.args[k] for n in nodes.values() if n.kind in ("generator", "view")
              for k in sized_args(n.op, len(n.args))}
    rows = [nodes[v] for v in found if v in nodes and nodes[v].op == "cat"]
    return found | {a for row in rows for a in row.args}       # reshape(x, [m n]): m and n


def sized(sizes: set[int], sig: dict[int, Arg], values: dict[int, Any]) -> dict[int, Arg]:
    """The signature with the values of draws' size arguments (``sizes``) in it (they set shapes, so a
    plan is for those sizes); a size argument on the device keeps no value (the plan then declines)."""
    out = dict(sig)
    for v in sizes & set(sig):
        if not sig[v].resident:
            x = values[v]
            out[v] = sig[v]._replace(value=(x,) if type(x) is float else
                                     tuple(float(e) for e in np.ravel(x, order="F")))
    return out


def random_arg(node: Node, args: list[Arg]) -> Arg:
    return Arg(node.cls, dims_shape(node, args))


def generator_arg(node: Node, args: list[Arg]) -> Arg:
    from .generators import generator_arg as rule     # generators.py builds on this module
    return rule(node, args)


def view_arg(node: Node, args: list[Arg]) -> Arg:
    from .views import view_arg as rule               # views.py builds on this module
    return rule(node, args)


def dims_shape(node: Node, args: list[Arg]) -> tuple[int, ...]:
    """The size of ``rand(n)``, ``rand(m, n, ...)``, ``rand([m n ...])`` (MATLAB's size arguments)."""
    if any(a.value is None for a in args):
        raise Reject(f"line {node.line}: {node.op} with a size on the GPU runs on the CPU")
    if len(args) > 1 and any(len(a.value) != 1 for a in args):
        raise Reject(f"line {node.line}: {node.op} size arguments must be scalars (the CPU raises the error)")
    if len(args) == 1 and (len(args[0].shape) != 2 or args[0].shape[0] != 1):
        raise Reject(f"line {node.line}: {node.op}'s size vector must be a row (the CPU raises the error)")
    dims = [d for a in args for d in a.value]
    dims = dims * 2 if len(dims) == 1 else dims or [1.0, 1.0]
    if not all(d.is_integer() and 0 < d < 2**31 for d in dims):
        raise Reject(f"line {node.line}: {node.op} of an empty, negative or non-integer size follows the "
                     "CPU's rules")
    shape = tuple(int(d) for d in dims)
    while len(shape) > 2 and shape[-1] == 1:
        shape = shape[:-1]
    return shape


def elementwise_arg(node: Node, args: list[Arg]) -> Arg:
    spec = operation(node.op)
    check_scalar_operand(node, args)
    logical_ok = ("uminus", "nan_to_zero")            # nan_to_zero: sum(x > 0, 'omitnan')
    if spec.result != "logical" and spec.arity == 1 and args[0].cls == "logical" and \
            node.op not in logical_ok:
        raise Reject(f"line {node.line}: {node.op} of a logical array runs on the CPU")
    try:
        shape = broadcast_shape(*[a.shape for a in args], keep_dims=True)
    except MatlabError:
        raise Reject(f"line {node.line}: sizes of {node.op}'s operands do not agree (the CPU raises "
                     "MATLAB's error)") from None
    classes = [a.cls for a in args]
    if spec.gives_logical(classes):
        return Arg("logical", shape)
    if node.op == "power" and "single" in classes and all(a.scalar for a in args):
        raise Reject(f"line {node.line}: a single power of scalars runs on the CPU (lavapipe's compiler "
                     "does not finish m32_pow of two uniforms)")
    return Arg(promote_all(classes), shape)


def check_scalar_operand(node: Node, args: list[Arg]) -> None:
    want = node.scalar_operand
    if want is None:
        return
    scalar = [math.prod(a.shape) == 1 for a in args]
    if not (any(scalar) if want == "either" else scalar[want]):
        raise Reject(f"line {node.line}: matrix {'product' if node.op == 'times' else 'division'} "
                     "is not an elementwise operation")


def reduced_dim(node: Node, shape: tuple[int, ...]) -> tuple[int, int] | str:
    """The reduced dimensions as an inclusive 1-based range (lo, hi), or "all"."""
    dim = node.dim
    if dim is None:
        dim = next((k + 1 for k, n in enumerate(shape) if n != 1), 1)
    if isinstance(dim, tuple):
        return dim[0], dim[-1]
    return dim if dim == "all" else (dim, dim)


def reduction_view(dim: tuple[int, int] | str, shape: tuple[int, ...]) -> tuple[int, int, int]:
    """[pre, n, post]: the operand seen as pre x n x post with n the reduced extent."""
    if dim == "all":
        return 1, math.prod(shape), 1
    lo, hi = dim
    return math.prod(shape[:lo - 1]), math.prod(shape[lo - 1:hi]), math.prod(shape[hi:])


def reduced_shape(node: Node, shape: tuple[int, ...]) -> tuple[int, ...]:
    dim = reduced_dim(node, shape)
    if dim == "all":
        return 1, 1
    return tuple(1 if dim[0] <= k + 1 <= dim[1] else n for k, n in enumerate(shape))


def reduction_arg(node: Node, args: list[Arg]) -> Arg:
    (x,) = args
    if node.op in ("max", "min") and x.cls == "logical":
        raise Reject(f"line {node.line}: {node.op} of a logical array runs on the CPU")
    shape = reduced_shape(node, x.shape)
    if node.op in ("any", "all"):
        return Arg("logical", shape)
    return Arg("single" if x.cls == "single" else "double", shape)


def index_arg(node: Node, args: list[Arg]) -> Arg:
    return Arg("double", args[0].shape)


def matrix_product(node: Node, args: list[Arg]) -> bool:
    """An mtimes node, or a ``*`` (``times`` for the graph: MIR did not know its operands' sizes) whose
    operands are both matrices in this run."""
    either = node.scalar_operand == "either"
    return node.kind == "matmul" or either and all(math.prod(a.shape) > 1 for a in args)


def matmul_arg(node: Node, args: list[Arg]) -> Arg:
    a, b = args
    if a.scalar or b.scalar or math.prod(a.shape) == 1 or math.prod(b.shape) == 1:
        raise Reject(f"line {node.line}: a matrix product with a scalar operand runs on the CPU")
    if len(a.shape) != 2 or len(b.shape) != 2 or a.shape[1] != b.shape[0]:
        raise Reject(f"line {node.line}: sizes of mtimes's operands do not agree (the CPU raises MATLAB's "
                     "error)")
    return Arg(promote_all((a.cls, b.cls)), (a.shape[0], b.shape[1]))


def layout_arg(node: Node, args: list[Arg]) -> Arg:
    """Transpose: the reversed size; diag: a matrix's diagonal as a column, a vector's diagonal matrix."""
    (x,) = args
    if len(x.shape) != 2:
        raise Reject(f"line {node.line}: {node.op} of an N-D array runs on the CPU")
    m, n = x.shape
    if node.op == "transpose":
        return Arg(x.cls, (n, m))
    return Arg(x.cls, (max(m, n),) * 2 if 1 in (m, n) else (min(m, n), 1))


ARG_RULES = {"elementwise": elementwise_arg, "reduction": reduction_arg, "index": index_arg,
             "random": random_arg, "generator": generator_arg, "matmul": matmul_arg, "layout": layout_arg,
             "view": view_arg}


# ------------------------------------------------------------------ groups

def inlined(graph: AccelGraph, root: int, stop: set[int], views: bool = True) -> tuple[list[int], list[int]]:
    """(elementwise, random, generator and view nodes in dependency order, leaf values) of the expression
    computing ``root``; reductions and the values in ``stop`` are leaves (a draw or generator is computed
    where it is read; a generator reads its operands, not its sizes; a view its operands). Without
    ``views`` (a matrix-product kernel's epilogue) views are leaves: an ElementwiseChain writes them."""
    order: list[int] = []
    leaves: list[int] = []
    seen: set[int] = set()

    def visit(v: int) -> None:
        if v in seen:
            return
        seen.add(v)
        node = graph.nodes.get(v)
        if node is None or node.kind not in INLINED or v in stop or node.kind == "view" and not views:
            leaves.append(v)
            return
        for a in inlined_args(node):
            visit(a)
        order.append(v)
    visit(root)
    return order, leaves


def inlined_args(node: Node) -> tuple[int, ...]:
    """The operands an inlined node computes from."""
    if node.kind == "elementwise":
        return node.args
    if node.kind == "generator":
        from .generators import read_args
        return read_args(node)
    if node.kind == "view":
        from .views import data_args
        return data_args(node)
    return ()


def read_args(node: Node) -> tuple[int, ...]:
    from .generators import read_args as rule
    return rule(node)


def reduction_groups(graph: AccelGraph, plan: Plan, claimed: set[int] = frozenset(),
                     produced: set[int] = frozenset()) -> list[Group]:
    """The reduction nodes no pattern claimed, in shared passes (shared_passes); ``produced`` values are
    read, not inlined."""
    index = {n.args[0]: v for v, n in graph.nodes.items() if n.kind == "index"}
    means = one_pass_variances(graph, plan, claimed | produced)
    depth = {v: reductions_into(graph, mu.value, {}) for v, mu in means.items()}
    skipped = claimed | {mu.value for mu in means.values()}
    groups = [reduction_group(graph, plan, node, produced, index.get(node.value), means.get(node.value))
              for node in graph.nodes.values() if node.kind == "reduction" and node.value not in skipped]
    return shared_passes(graph, split_totals(graph, plan, groups, depth), depth)


def stored_in_passes(graph: AccelGraph, plan: Plan, claimed: set[int], produced: set[int],
                     early: set[int]) -> tuple[list[Group], set[int]]:
    """The reduction groups (reduction_groups), and the ``early`` outputs (read_not_recomputed) that they
    compute and write themselves (``Group.stored``) instead of reading them from a kernel of their own
    that runs first: an output of the size of the elements a Reduction group reads, whose every reader
    lies in that group, computed without a costly operation. ``z = w .* u + v; s = sum(z);`` reads w, u
    and v and writes z in the pass that sums z: one pass over the elements, not a second that reads z
    again (the user-path benchmark's cell on the H100: 0.58-0.62 -> 0.50-0.54 ms). A costly expression
    (a transcendental or a power) keeps its chain, whose kernel computes more elements at once: the
    user-path chain's u, v and w (exp, cos, sin, tanh) stored by its sum took that cell 0.9 -> 1.0-1.1
    ms. Not in a group with a view
    (its operand's element i may be z's element elsewhere: ``sum(z', 2)``), nor with a paired (Welford)
    member, whose ``shift`` loads each line's first element once more."""
    readers: dict[int, set[int]] = {}
    for n in graph.nodes.values():
        for a in n.args:
            readers.setdefault(a, set()).add(n.value)
    stored = {v for v in early if not any(graph.nodes[n].kind == "elementwise" and operation(graph.nodes[n].op).costly
                                          for n in inlined(graph, v, set(produced))[0])}
    while True:
        groups = reduction_groups(graph, plan, claimed, produced | (early - stored))
        holders = {v: [g for g in groups if v in g.nodes] for v in stored}
        lost = {v for v, found in holders.items() if len(found) != 1 or found[0].shape != plan.info[v].shape
                or not readers.get(v, set()) <= set(found[0].nodes)
                or any(graph.nodes[n].kind == "view" for n in found[0].nodes if n in graph.nodes)
                or any(operation(m.op).reduction.paired for m in found[0].members)}
        if not lost:
            break
        stored -= lost
    for v in sorted(stored):
        holders[v][0].stored.append(v)
    return groups, stored


def one_pass_variances(graph: AccelGraph, plan: Plan, taken: set[int]) -> dict[int, Node]:
    """The var nodes of std's and var's expansion (graph.py: mean -> squared deviations -> var) whose
    mean and deviations nothing else reads, each with its mean node: the variance is a Welford member
    over the operand itself (the paired ``welford`` reduction, fed each line's operand less its first
    element: as sound as two passes), so it shares the pass of the operand's other reductions along
    that dimension and the mean is never computed on its own. ``std(X, 0, 1)`` beside ``sum(X, 1)``
    reads X once, not twice. ``[s, mu] = std(X)`` keeps both passes (the window stores the mean). The 14
    reductions of 4096^2 on the H100 (Welford four elements a step) took 0.123 ms of GPU time so in
    single against 0.155 in two passes (the second corrected for the mean's rounding: reduction_group),
    and 0.212 against 0.240 in double (with Welford's division per element it had been 0.362)."""
    users: dict[int, set[int]] = {}
    for n in graph.nodes.values():
        for a in n.args:
            users.setdefault(a, set()).add(n.value)
    kept = taken | set(window_outputs(graph))
    found = {}
    for node in graph.nodes.values():
        if node.kind != "reduction" or node.op != "var" or node.value in taken:
            continue
        sq = graph.nodes.get(node.args[0])
        dev = graph.nodes.get(sq.args[0]) if sq is not None and sq.op == "times" and sq.args[0] == sq.args[1] \
            else None
        mu = graph.nodes.get(dev.args[1]) if dev is not None and dev.op == "minus" else None
        if mu is None or mu.kind != "reduction" or mu.op != "mean" or mu.args[0] != dev.args[0] \
                or mu.dim != node.dim:
            continue
        if not kept & {sq.value, dev.value, mu.value} and users.get(sq.value) == {node.value} \
                and users.get(dev.value) == {sq.value} and users.get(mu.value) == {dev.value}:
            found[node.value] = mu
    return found


SPLIT_TOTALS = ("sum", "mean", "max", "min")


def split_totals(graph: AccelGraph, plan: Plan, groups: list[Group], depth: dict[int, int]) -> list[Group]:
    """A reduction over all elements (``sum(X, 'all')``, ``mean``, ``max``, ``min`` without index) of an
    array that other reductions of the window reduce along dimension 1 becomes two: the reduction of
    each column, which shares their pass (shared_passes), and the reduction of the row of column
    results, a short pass. ``sum(X, 1)``, ``max(X, [], 1)``, ``sum(X, 'all')`` and ``max(X, [], 'all')``
    read X once, not twice. MATLAB's NaN rules hold: a column's max is NaN only when the column is all
    NaN, and so is then the max of the maxima. The column results are values of the plan only (ids
    past the graph's); ``depth`` gets their reduction depth for shared_passes."""
    columns = {(g.shape, g.view) for g in groups}
    # the column reductions made anyway: (shape, op, operand) -> value (sum(X, 1) serves sum(X, 'all'))
    made = {(g.shape, g.members[0].op, g.members[0].operand): g.members[0].value for g in groups
            if g.view == (1, g.shape[0], math.prod(g.shape[1:])) and g.members[0].index is None}
    out = []
    for g in groups:
        (m,) = g.members
        shape = g.shape
        view = (1, shape[0], math.prod(shape[1:]))
        if m.op not in SPLIT_TOTALS or m.index is not None or g.view != (1, math.prod(shape), 1) or \
                view[1] == 1 or view[2] == 1 or (shape, view) not in columns:
            out.append(g)
            continue
        op = "sum" if m.op == "mean" else m.op
        row = (1, *shape[1:])
        inner = made.get((shape, op, m.operand))
        if inner is None:
            inner = made[shape, op, m.operand] = max(plan.info) + 1
            plan.info[inner] = Arg(plan.info[m.value].cls, row)
            depth[inner] = reductions_into(graph, m.value, depth)
            out.append(Group("Reduction", g.nodes[:-1], [inner], shape, leaves=g.leaves, view=view,
                             members=[Member(inner, m.operand, op, view[1])]))
        depth[m.value] = reductions_into(graph, inner, depth) + 1
        out.append(Group("Reduction", g.nodes[-1:], [m.value], row, leaves=[inner], view=(1, view[2], 1),
                         members=[Member(m.value, inner, m.op, m.divisor)]))
    return out


def reduction_group(graph: AccelGraph, plan: Plan, node: Node, produced: set[int] = frozenset(),
                    index: int | None = None, mean: Node | None = None) -> Group:
    """The Reduction group of one reduction node, its operand's elementwise expression inlined (but
    ``produced`` values read); ``index`` is max/min's index output when the window takes it. A var
    node with ``mean`` (one_pass_variances) is a Welford member over that mean's operand; one without
    is, in single, a ``centered`` member over the deviations from its mean (graph.py's expansion: var
    of their squares), which sums them beside their squares to correct for the mean's rounding (a
    single mean of 1e6 is off by ulps of 1e6), else the mean of the squares (in double the correction
    cost the H100's row pass of the 14 reductions its four accumulators: 51.4 -> 69.6 us)."""
    centered = node.op == "var" and mean is None and plan.cls == "single"
    operand = node.args[0] if mean is None else mean.args[0]
    if centered:
        operand = graph.nodes[operand].args[0]
    nodes, leaves = inlined(graph, operand, set(produced))
    shape = plan.info[operand].shape
    view = reduction_view(reduced_dim(node, shape), shape)
    n = view[1]
    divisor = n - 1 if node.op == "var" and node.weight == 0 and n > 1 else n
    op = node.op if node.op != "var" else "welford" if mean is not None else "centered" if centered else "mean"
    member = Member(node.value, operand, op, divisor, index)
    return Group("Reduction", nodes + [node.value], [node.value] + ([index] if index is not None else []),
                 shape, leaves=leaves, view=view, members=[member])


MAX_MEMBERS = 6       # reductions in one pass (each chunked member binds two partial buffers)


def shared_passes(graph: AccelGraph, groups: list[Group], depth: dict[int, int] | None = None) -> list[Group]:
    """Reductions over operands of one size, along one view, that do not depend on each other (as many
    reductions lie on the longest path into each) share one pass: the kernel reads each element once,
    computes the members' operand expressions (shared ``let``s once) and updates every accumulator.
    ``sum(X.^2)``, ``mean(abs(X))``, ``max(X)`` and std's mean of one X are one kernel (in single, std's
    variance itself: one_pass_variances); std's squared deviations from that mean, or
    ``mean(abs(X - mean(X)))``, read a mean, so they are a second. ``depth``: reduction depths known
    already (split_totals, one_pass_variances)."""
    depth = {} if depth is None else depth
    passes: dict[tuple, Group] = {}
    out = []
    for g in groups:
        key = reductions_into(graph, g.members[0].value, depth), g.shape, g.view
        into = passes.get(key)
        if into is None or len(into.members) >= MAX_MEMBERS:
            passes[key] = g
            out.append(g)
            continue
        into.nodes += [v for v in g.nodes if v not in into.nodes]
        into.leaves += [v for v in g.leaves if v not in into.leaves]
        into.outputs += g.outputs
        into.members += g.members
    return out


def reductions_into(graph: AccelGraph, v: int, memo: dict[int, int]) -> int:
    """How many reduction nodes lie on the longest path into ``v``, ``v`` included."""
    if v not in memo:
        node = graph.nodes.get(v)
        below = max((reductions_into(graph, a, memo) for a in node.args), default=0) if node else 0
        memo[v] = below + (node is not None and node.kind == "reduction")
    return memo[v]


def window_outputs(graph: AccelGraph) -> list[int]:
    """Values the window leaves behind, each once, in program order."""
    wanted = set(graph.stores.values()) | set(graph.live.values())
    return [v for v in graph.nodes if v in wanted]


def read_not_recomputed(graph: AccelGraph, plan: Plan, claimed: set[int], produced: set[int]) -> set[int]:
    """The window's outputs that reductions read from the buffer an ElementwiseChain writes instead of
    computing them again where they load: those computed from the inputs alone (no reduction or
    pattern result: their kernel runs first) with a costly operation in their expression (a
    transcendental or power), or from more than one array (reading the output reads one).
    ``X = reshape(sin(k), n, n); a = sum(X(:).^2); c = max(X(:));`` computes the sine once, not once per
    reduction; ``z = w .* u + v; s = sum(z);`` reads z once after writing it, not w, u and v twice."""
    reduced = [n for n in graph.nodes.values() if n.kind == "reduction" and n.value not in claimed]
    read = {v for n in reduced for v in inlined(graph, n.args[0], set(produced))[0]}
    found = set()
    for v in window_outputs(graph):
        if v in read and v not in claimed and graph.nodes[v].kind in INLINED:
            nodes, leaves = inlined(graph, v, set(produced))
            arrays = [leaf for leaf in leaves if math.prod(plan.info[leaf].shape) > 1]
            if not any(leaf in graph.nodes for leaf in leaves) and (len(arrays) > 1 or any(
                    graph.nodes[n].kind == "elementwise" and operation(graph.nodes[n].op).costly for n in nodes)):
                found.add(v)
    return found


def elementwise_groups(graph: AccelGraph, plan: Plan, claimed: set[int] = frozenset(),
                       produced: set[int] = frozenset(), operands: list[int] = (),
                       early: set[int] = frozenset()) -> list[Group]:
    """ElementwiseChain groups of the window's elementwise outputs that no pattern claimed, and of the
    elementwise ``operands`` pattern kernels read; ``produced`` values are read, not inlined. With
    ``early`` outputs (read_not_recomputed), the outputs computed from the inputs alone are kernels of
    their own, which run before the reductions; the others read the early outputs, not recompute them."""
    by_shape: dict[tuple, list[int]] = {}
    stages: dict[int, int] = {}
    for v in dict.fromkeys([*window_outputs(graph), *operands]):
        if graph.nodes[v].kind in INLINED and v not in claimed:
            later = bool(early) and any(leaf in graph.nodes for leaf in inlined(graph, v, set(produced))[1])
            key = plan.info[v].shape, stage(graph, v, produced, stages), later
            by_shape.setdefault(key, []).append(v)
    groups = []
    for v in [v for outputs in by_shape.values() for v in outputs]:
        leaf = aliased(graph, v)
        if leaf is not None:
            groups.append(Group("Alias", [v], [v], plan.info[v].shape, leaves=[leaf]))
    aliases = {g.outputs[0] for g in groups}
    for (shape, _, later), outputs in by_shape.items():
        outputs = [v for v in outputs if v not in aliases]
        if not outputs:
            continue
        nodes: list[int] = []
        leaves: list[int] = []
        stop = (produced | early if later else produced) | smaller_outputs(by_shape, shape, aliases)
        for v in outputs:
            more, more_leaves = inlined(graph, v, set(nodes) | stop)
            nodes += [n for n in more if n not in nodes]
            leaves += [x for x in more_leaves if x not in leaves and x not in nodes]
        groups.append(Group("ElementwiseChain", nodes, outputs, shape, leaves=leaves))
    return groups


def smaller_outputs(by_shape: dict[tuple, list[int]], shape: tuple[int, ...], aliases: set[int]) -> set[int]:
    """The outputs of the chains of fewer elements than ``shape``: a chain of ``shape`` reads them from
    their buffers (broadcast) instead of computing their expressions again for each of its elements
    (``sigma = sqrt(v + e)`` of 16 images, read by the normalisation of their 33 million pixels)."""
    size = math.prod(shape)
    return {v for (other, _, _), outputs in by_shape.items() if math.prod(other) < size
            for v in outputs if v not in aliases}


def aliased(graph: AccelGraph, v: int) -> int | None:
    """The input whose data output ``v`` is, as it is: a reshape or ``X(:)`` (of a reshape ...) of an
    array the window reads. Its Alias group shares the input's buffer (no kernel, no copy)."""
    node = graph.nodes.get(v)
    while node is not None and node.kind == "view" and node.op == "reshape":
        v = node.args[0]
        node = graph.nodes.get(v)
    return v if node is None and v in graph.inputs else None


def stage(graph: AccelGraph, v: int, produced: set[int], memo: dict[int, int]) -> int:
    """How many pattern kernels (``produced`` values) lie on the longest path to ``v``: elementwise
    outputs of one size but different stages are separate kernels (one may feed a product whose
    result the other reads)."""
    if v not in memo:
        node = graph.nodes.get(v)
        below = max((stage(graph, a, produced, memo) for a in node.args), default=0) if node else 0
        memo[v] = below + (v in produced)
    return memo[v]


def ordered(groups: list[Group]) -> list[Group]:
    """The groups in dependency order (each after the groups whose outputs it reads), otherwise in
    the order given; a cycle (one kernel both feeds and reads another) keeps the window on the CPU."""
    maker = {v: g for g in groups for v in g.writes}
    done: list[Group] = []
    state: dict[int, int] = {}             # id(group) -> 1 visiting, 2 placed

    def place(g: Group) -> None:
        if state.get(id(g)) == 2:
            return
        if state.get(id(g)) == 1:
            raise Reject("kernels that read each other's results (a dependency cycle) run on the CPU")
        state[id(g)] = 1
        for leaf in g.leaves:
            if leaf in maker and maker[leaf] is not g:
                place(maker[leaf])
        state[id(g)] = 2
        done.append(g)
    for g in groups:
        place(g)
    return done
