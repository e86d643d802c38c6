"""Mark fusion candidate regions: maximal runs of elementwise, reduction and matmul instructions.

Within a block, variable loads, constants and plain stores do not break a run, so a region spans
statements (``y = x .* 2; z = y + 1; s = sum(z);`` is one region). Anything else breaks it: indexed or
member stores, calls the fused kernels do not express, comma lists, control flow. Whether a call is
fusible is the accelerator graph's own predicate (``callforms.call_form``), asked with the call's
literal arguments, so a region splits around a call the graph would reject and the fusible
parts on either side still fuse; the ``out k`` of a fused two-output call (``[m, i] = max(x, [], 2)``)
joins the call's run. A ``rand``/``randn`` call is a member only where an operation reads it
(``exp(b .* randn(M, 1))``: the kernel draws from the GPU stream); ``x = rand(n)`` stays with the VM,
so the variable holds rng's numbers. Generators (``linspace``, colon ranges, ``zeros``/``ones``/``eye``/
``true``/``false``: kind "generator", computed by the kernel from the element index) are members where
a member operation reads them or the window stores them (``x = linspace(0, 1, n)'``); a range only an
index reads (``y(2:n)``) stays with the VM. The sizes of draws and generators must be known when the
window starts (they are part of its plan's signature): scalar members computing them (the ``-3`` of
``-3:0.5:3``) end the run before them and run in the bytecode. A region is kept when at least one of its operations works on a
value not known to be a scalar (scalar loops never ask the accelerator). Besides fusible calls,
transposes and ``diag`` of one argument are "layout" members, ``eps`` (a bare name that is no
variable, or a call with a class name) is a "constant", and ``/`` and ``\\`` whose divisor's size is
unknown are members the planner checks at run time. Views (``reshape``, ``X(:)``, ``repmat``, ``permute``,
``meshgrid``/``ndgrid``, ``cat``/``[A, B]``: kind "view", read by the kernel at another index) are members
too, their size arguments known when the window starts, as a generator's; a concatenation is one only when
some part is surely an array or made by a member (``[n m]`` or a growing ``v = [v, k]`` stays with the
VM), and a draw only where a computing member reads it, directly or through views (``X = reshape(rand(n,
1), 2, [])`` keeps rng's numbers).

Which operations fuse, and in what form, is engine/mir/callforms.py, shared with the accelerator's graph
builder: MIR never imports engine.accel.
"""
from __future__ import annotations

from typing import Any

from .callforms import (BINOPS, CASTS, CONSTANT_CALLS, GENERATORS, LAYOUT_CALLS, MISSING, RANDOM, VIEWS,
                        colon_index, instr_call_form, literal_row, matrix_type, size_args)
from .infer import is_elementwise
from .ir import Block, Function, Instr, Region
from .passes import PassState, mir_pass

NEUTRAL = {"const", "load", "loadname", "store", "gload"}
PASSIVE = {None, "literal", "constant"}     # kinds that never make a region on their own (runs: ``big``)


@mir_pass("fusion")
def mark_regions(state: PassState) -> None:
    counter = 0
    poll = state.poll or (lambda: None)
    captured: dict[int, set[str]] = {}     # anonymous body -> the names its handle may capture
    for fn in state.functions():            # (an enclosing unit comes before the bodies it makes)
        fn.regions = []
        stored, bodies, scalars = survey(fn)
        shadowed = stored | (set(state.workspace) if fn.kind == "script" else set()) | captured.get(id(fn), set())
        captured.update(captures(fn, bodies, shadowed))
        if scalars:
            continue                # a region needs a member that is not surely a scalar
        poll()
        consts = literals(fn)
        for block in fn.blocks:
            constant_calls(block, shadowed)
        kinds = {id(ins): fusion_kind(ins, fn, shadowed, consts) for b in fn.blocks for ins in b.instrs
                 if ins.op != "out"}
        for block in fn.blocks:
            concatenations(block, kinds)
            size_rows(block, kinds)
            casts(block, kinds, shadowed)
        if not set(kinds.values()) - PASSIVE:
            continue                # only literals and constants (a literal of 70,000 numbers): no region
        poll()
        on_host = host_read_names(fn, kinds)
        for block in fn.blocks:
            for ins in made_for_host(block, kinds, on_host):
                kinds[id(ins)] = None       # made where it is read: on the host, not downloaded
            for start, end, found in runs(block, kinds):
                fn.regions.append(Region(counter, block.label, start, end, found))
                counter += 1


MEMBER_OPS = frozenset({"binop", "unop", "colon", "matrix", "index", "call", "callname", "out"})


def survey(fn: Function) -> tuple[set[str], list[Function], bool]:
    """One walk over ``fn``'s instructions: the names it stores, the bodies of the anonymous functions it
    makes, and whether every value it computes by an instruction that may be a member (MEMBER_OPS: the
    only ones fusion_kind, concatenations, casts and runs give a kind) is surely a scalar: then no region
    can be kept. Constants, loads and indexed stores of arrays (``s = 'text'``, ``v(2) = c``) do not count."""
    stored: set[str] = set()
    bodies: list[Function] = []
    scalars = True
    members = MEMBER_OPS
    for block in fn.blocks:
        for ins in block.instrs:
            op = ins.op
            if op in members:
                if scalars and ins.dest is not None and ins.dest.type.shape != (1, 1):   # Type.is_scalar
                    scalars = False
            elif op == "store":
                stored.add(ins.attr)
            elif op == "setindex":
                stored.add(ins.attr[0])
            elif op == "anon":
                bodies.append(ins.attr.body)
    return stored, bodies, scalars


def captures(fn: Function, bodies: list[Function], shadowed: set[str]) -> dict[int, set[str]]:
    """For each anonymous function ``fn`` makes (``bodies``): the free names of its body that may be
    variables of ``fn`` when the handle is made (``max = v; f = @(x) max(x)`` indexes ``v``: no reduction)."""
    maybe = shadowed | set(fn.params) | (set(fn.variables) if fn.kind == "function" else set())
    return {id(body): set(body.variables).difference(body.params) & maybe for body in bodies}


def constant_calls(block: Block, shadowed: set[str]) -> None:
    """``loadname eps`` of a name no code stores is the call ``eps()``: make it one, so that windows
    read it as a constant (``callname`` still looks for a variable first at run time, as loadname does)."""
    for ins in block.instrs:
        if ins.op == "loadname" and ins.attr in CONSTANT_CALLS and ins.attr not in shadowed:
            ins.op, ins.attr = "callname", (ins.attr, 1, ())


def literals(fn: Function) -> dict[int, Any]:
    """Temporary id -> value of every literal: constants and rows of number constants (``[2 3]``)."""
    found: dict[int, Any] = {}
    for b in fn.blocks:
        for ins in b.instrs:
            if ins.op == "const":
                found[ins.dest.id] = ins.attr
            elif ins.op == "matrix":
                row = literal_row(ins, lambda k: found.get(ins.args[k].id, MISSING))
                if row is not MISSING:
                    found[ins.dest.id] = row
    return found


def fusion_kind(ins: Instr, fn: Function, shadowed: set[str], consts: dict[int, Any]) -> str | None:
    """The fusion kind of one instruction, or None when it is not fusible (``consts``: the function's
    literal values by temporary id)."""
    const = lambda k: consts.get(ins.args[k].id, MISSING)      # noqa: E731
    if ins.op == "binop":
        a, b = (t.type for t in ins.args)
        if is_elementwise(ins.attr, a, b):
            return "elementwise" if ins.attr in BINOPS else None     # the graph's operators (not ^)
        if ins.attr == "*":
            return "matmul"
        divisor = b if ins.attr == "/" else a
        return "elementwise" if ins.attr in ("/", "\\") and divisor.shape is None else None
    if ins.op == "colon":
        return "generator"
    if ins.op == "matrix":                  # a row of literals read by the region ([2 3] as dims)
        return "literal" if ins.dest.id in consts else None
    if ins.op == "unop":
        return "elementwise" if ins.attr in ("-", "+", "~") else "layout" if ins.attr in ("'", ".'") else None
    if ins.op == "index":
        return "view" if colon_index(ins, const) else None
    if ins.op in ("call", "callname"):
        name, nargout, spread = ins.attr
        if ins.op == "callname" and name in shadowed and colon_index(ins, const):
            return "view"                   # X(:) of a variable X
        if any(spread) or name in shadowed or (fn.kind == "function" and name in fn.variables):
            return None
        if nargout == 1 and name in CONSTANT_CALLS and all(t.type.cls == "char" for t in ins.args):
            return "constant"
        if nargout == 1 and LAYOUT_CALLS.get(name) == len(ins.args):
            return "layout"
        form = instr_call_form(ins, const)
        return None if isinstance(form, str) else form.kind
    return None


def casts(block: Block, kinds: dict[int, str | None], shadowed: set[str]) -> None:
    """``single(g)`` or ``double(g)`` of a generator (``x = single(linspace(a, b, n))'``, the way MATLAB
    code most often makes a single range) is a member of kind "cast": the kernel makes the generator in
    that class. A cast of anything else stays with the VM (mixed classes are not fused)."""
    made: set[int] = set()
    for ins in block.instrs:
        kind = kinds.get(id(ins))
        if kind == "generator" or kind == "layout" and ins.op == "unop" and ins.args[0].id in made:
            made.add(ins.dest.id)
        elif ins.op in ("call", "callname") and ins.attr[0] in CASTS and ins.attr[0] not in shadowed \
                and len(ins.args) == 1 and ins.attr[1] == 1 and ins.args[0].id in made:
            kinds[id(ins)] = "cast"
            made.add(ins.dest.id)


def concatenations(block: Block, kinds: dict[int, str | None]) -> None:
    """A ``[A, B; C, D]`` of two or more parts is a view member when some part is surely an array or
    made by a member whose value is not surely a scalar (directly, or through a variable the block
    stored it in): rows of scalars (``[n m]``, a growing ``v = [v, k]``) stay with the VM."""
    made: set[int] = set()
    variables: set[str] = set()                 # variables the block stored a made value in, so far
    for ins in block.instrs:
        if ins.op == "matrix" and kinds.get(id(ins)) is None and len(ins.args) >= 2 and not any(ins.attr[1]) \
                and any(matrix_type(t.type) or t.id in made for t in ins.args):
            kinds[id(ins)] = "view"
        if ins.op == "store":
            (variables.add if ins.args[0].id in made else variables.discard)(ins.attr)
        elif ins.op in ("load", "loadname") and ins.attr in variables or ins.op == "out" and ins.args[0].id in made:
            made.add(ins.dest.id)
        elif ins.dest is not None and kinds.get(id(ins)) not in (None, "literal", "constant") \
                and not ins.dest.type.is_scalar:
            made.add(ins.dest.id)


def size_rows(block: Block, kinds: dict[int, str | None]) -> None:
    """A row of scalars that sets the size of a draw, generator or view (``reshape(x, [m n])``,
    ``zeros([m n])``) is a literal member: its values are known when the window starts (they are part
    of the plan's signature), so it does not split the window."""
    sizes = {ins.args[k].id for ins in block.instrs for k in sized_args(ins)}
    for ins in block.instrs:
        if ins.op == "matrix" and kinds.get(id(ins)) is None and ins.dest.id in sizes \
                and len(ins.attr[0]) == 1 and not any(ins.attr[1]) and all(t.type.is_scalar for t in ins.args):
            kinds[id(ins)] = "literal"


MADE = ("generator", "layout", "view", "cast")      # members that make an array without computing from the inputs


def host_read_names(fn: Function, kinds: dict[int, str | None]) -> set[str]:
    """Variables some instruction of ``fn`` reads on the host: a load whose value a non-fusible
    instruction takes, or an indexed assignment. A run that only makes arrays is left to the VM when it
    stores one of these (``A = zeros(n); A(k) = 1``): making it on the device would cost a download;
    a variable only fused windows read (or none, in the cell: the next cell may) is made on the device.
    Loads in other blocks are seen too: the whole function's reads count."""
    found = set()
    for block in fn.blocks:
        loaded = {ins.dest.id: ins.attr for ins in block.instrs if ins.op in ("load", "loadname")}
        for ins in [*block.instrs, *filter(None, [block.term])]:
            if ins.op == "setindex":
                found.add(ins.attr[0])
            elif ins.op not in NEUTRAL and kinds.get(id(ins)) is None:
                found.update(loaded[t.id] for t in ins.args if t.id in loaded)
    return found


def made_for_host(block: Block, kinds: dict[int, str | None], on_host: set[str]) -> list[Instr]:
    """The generators, views and transposes whose values only go to variables read on the host."""
    users: dict[int, list[Instr]] = {}
    for ins in block.instrs:
        for t in ins.args:
            users.setdefault(t.id, []).append(ins)
    found, host_values = [], set()
    for ins in reversed(block.instrs):
        if ins.dest is None or kinds.get(id(ins)) not in MADE or not users.get(ins.dest.id):
            continue
        if all(u.op == "store" and u.attr in on_host or u.dest is not None and u.dest.id in host_values
               for u in users[ins.dest.id]):
            host_values.add(ins.dest.id)
            found.append(ins)
    return found


def runs(block: Block, all_kinds: dict[int, str | None]) -> list[tuple[int, int, tuple]]:
    """(start, end, kinds) of each candidate run in a block (indices into block.instrs, inclusive);
    ``all_kinds``: fusion_kind of every instruction by id."""
    found = []
    members: list[tuple[int, str, bool]] = []   # (index, kind, non-scalar)
    member_of: dict[int, int] = {}              # temporary id -> position in members of the one making it

    def close() -> None:
        if members and any(big for _, _, big in members):
            first, last = members[0][0], members[-1][0]
            defined = {block.instrs[k].dest.id for k in range(first, last + 1) if block.instrs[k].dest}
            while last + 1 < len(block.instrs) and block.instrs[last + 1].op == "store" \
                    and block.instrs[last + 1].args[0].id in defined:
                last += 1
            kinds = tuple(dict.fromkeys(kind for _, kind, _ in members))
            found.append((first, last, kinds))
        members.clear()
        member_of.clear()

    calls: dict[int, str] = {}                  # member calls' values -> kind (their ``out k`` join them)
    kinds = [all_kinds.get(id(ins)) for ins in block.instrs]
    operands = {t.id for i in block.instrs if i.op != "store" for t in i.args}
    computed = computed_reads(block, kinds)
    taken = {t.id for i, kind in zip(block.instrs, kinds) if i.op == "store" or kind is not None
             for t in i.args}                   # values a store or a fusible operation reads
    for k, ins in enumerate(block.instrs):
        if ins.op == "out":
            kind = calls.get(ins.args[0].id)
        else:
            kind = kinds[k]
            if kind == "literal" and ins.dest.id not in operands or kind == "random" and ins.dest.id not in computed:
                kind = None                     # a draw stored to a variable comes from rng's stream
            if kind == "generator" and ins.dest.id not in taken:
                kind = None                     # a range only an index reads stays with the VM
            if kind in ("random", "generator", "view") \
                    and (j := first_feeder(block, ins, members, member_of)) is not None:
                del members[j:]                 # its sizes are computed before the window
                close()
            if kind is not None and ins.op in ("call", "callname"):
                calls[ins.dest.id] = kind
        if kind is not None:
            member_of[ins.dest.id] = len(members)
            members.append((k, kind, kind not in ("constant", "literal") and not ins.dest.type.is_scalar))
        elif ins.op not in NEUTRAL:
            close()
    close()
    return found


def computed_reads(block: Block, kinds: list[str | None]) -> set[int]:
    """The values some member that computes (not a view) reads, directly or through views (a view's
    operand is computed with when the view's value is)."""
    found: set[int] = set()
    for ins, kind in zip(reversed(block.instrs), reversed(kinds)):
        if kind not in (None, "view") or kind == "view" and ins.dest.id in found:
            found.update(t.id for t in ins.args)
    return found


def sized_args(ins: Instr) -> tuple[int, ...]:
    """The arguments of a draw, generator or view instruction whose values set its size."""
    if ins.op == "colon":
        return tuple(range(len(ins.args)))
    if ins.op in ("call", "callname") and ins.attr[0] in (*RANDOM, *GENERATORS, *VIEWS):
        return size_args(ins.attr[0], len(ins.args))
    return ()


def first_feeder(block: Block, ins: Instr, members: list[tuple[int, str, bool]],
                 member_of: dict[int, int]) -> int | None:
    """The position in ``members`` of the first member that computes (directly or through other
    members) a size argument of draw, generator or view ``ins``, or None (literals, rows of scalars
    included, are known when the window starts: ``reshape(x .* 2, [3 8])`` is one window, and so is
    ``reshape(x .* 2, [m n])``, while the ``2 * m`` of ``[2 * m n]`` runs before it). ``member_of``:
    the position in ``members`` of each member's value (by temporary id). The walk follows operands
    from the size arguments, so it costs the feeding members only, not the whole run."""
    todo = [ins.args[k].id for k in sized_args(ins)]
    seen = set(todo)
    first = None
    while todo:
        j = member_of.get(todo.pop())
        if j is None:
            continue
        if members[j][1] not in ("literal", "constant") and (first is None or j < first):
            first = j
        for t in block.instrs[members[j][0]].args:
            if t.id not in seen:
                seen.add(t.id)
                todo.append(t.id)
    return first


LOOP_KINDS = {"elementwise", "random", "generator", "literal", "constant"}   # what a fused loop's body may hold


def loop_regions(fn: Function) -> dict[str, Region]:
    """The ``for`` loops whose body is one fusion region that the accelerator may run as one kernel
    with the loop inside (engine/accel/fusion/loops.py): header label -> the body's region. The body
    is one block that jumps back to the header; outside the region it holds only the constants and
    loads the region reads, before it; the region computes elementwise values, draws and generators
    (no reduction, product or view: every element's iterations are independent of the others'), and
    does not assign the loop variable. Anything else (a ``disp``, an ``if``, a ``break``, an indexed
    assignment) keeps the loop as it is: the region is then a window run once per iteration."""
    by_block: dict[str, list[Region]] = {}
    for region in fn.regions:
        by_block.setdefault(region.block, []).append(region)
    labels = {b.label: b for b in fn.blocks}
    found = {}
    for head in fn.blocks:
        if head.term is None or head.term.op != "fornext" or head.instrs:
            continue
        body = labels.get(head.term.targets[0])
        regions = by_block.get(body.label, []) if body is not None else []
        if len(regions) != 1 or body.term.op != "jump" or body.term.targets[0] != head.label:
            continue
        region = regions[0]
        if region.end == len(body.instrs) - 1 and set(region.kinds) <= LOOP_KINDS \
                and all(ins.op in ("const", "load", "loadname") for ins in body.instrs[:region.start]) \
                and head.term.attr not in stored_names_of(body):
            found[head.label] = region
    return found


def stored_names_of(block: Block) -> set[str]:
    return {ins.attr for ins in block.instrs if ins.op == "store"}
