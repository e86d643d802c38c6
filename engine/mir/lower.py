"""AST -> MIR lowering (one ``Function`` per cell/script, function and anonymous function body).

Name resolution: in a function a name assigned anywhere in it is a variable and any other name is a
function call; in a script/cell (and in anonymous function bodies, whose free names are captured at
creation) that is decided at run time, so identifiers lower to ``loadname``/``callname``.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

import numpy as np

from ..frontend import ast as A
from ..runtime.builtins import registry
from ..runtime.errors import MatlabError
from ..runtime.semantics import hex_literal
from ..runtime.values import CharArray, StringArray
from .ir import AnonSpec, Block, Function, Instr, Module, Temp, Terminator
from .nested import Scope, nest_scopes

LIST_NODES = (A.CellIndex, A.Field, A.DynField)
COMPOUND_STATEMENTS = frozenset({A.For, A.While, A.If, A.Switch, A.TryCatch})    # those with bodies
POLL_EVERY = 1024      # statements lowered between two calls of LowerOptions.poll


def char_value(text: str) -> CharArray:
    """A char literal; ``''`` is 0x0 as in MATLAB."""
    return CharArray.from_str(text) if text else CharArray(np.zeros((0, 0), dtype=np.uint16))


class MagicColon:
    """A bare ``:`` subscript in MIR (the compiler turns it into indexing.MAGIC_COLON)."""

    def __repr__(self) -> str:
        return "':'"


COLON = MagicColon()


@dataclass
class LowerOptions:
    local_functions: frozenset[str] = frozenset()
    base_globals: frozenset[str] = frozenset()     # script: names declared global in earlier cells
    workspace: frozenset[str] = frozenset()        # script: the variables defined when it starts
    function_defs: tuple = ()                      # the file's local functions (AST), for parfor bodies
    poll: Callable[[], None] | None = None         # called every POLL_EVERY statements (may raise)


@dataclass
class Loop:
    head: str
    exit: str
    try_depth: int


def lower_program(program: A.Program, name: str, options: LowerOptions | None = None) -> Module:
    """Lower a parsed cell/script/function file to a MIR module."""
    options = options or LowerOptions()
    local = frozenset(f.name for f in program.functions) | options.local_functions
    options = replace(options, local_functions=local, function_defs=options.function_defs or program.functions)
    main = Function(name=name, kind="script", source=program.source)
    if not program.is_function_file:
        Lowerer(main, None, options).lower_body(program.body, options.base_globals)
    functions = {}
    for f in program.functions:
        for fdef, scope in nest_scopes(f) if f.nested else [(f, None)]:
            functions[scope.key if scope else f.name] = lower_function(fdef, options, program.source, scope)
    if program.is_function_file and program.functions:
        main = functions[program.functions[0].name]
    return Module(main, functions)


def lower_function(fdef: A.FunctionDef, options: LowerOptions, source: str = "", scope: Scope | None = None
                   ) -> Function:
    """A function; ``scope`` places one among nested functions (nested.py): its name is then its key
    (``outer/inner``) and the variables it shares live in environments."""
    fn = Function(name=scope.key if scope else fdef.name, kind="function", params=list(fdef.params),
                  outputs=list(fdef.outputs), source=source)
    static = set(fdef.params) | set(fdef.outputs) | assigned_names(fdef.body)
    if scope is not None:
        static |= scope.variables
        fn.shared, fn.nested = dict(scope.shared), True
    static.discard("~")
    low = Lowerer(fn, static, options, scope)
    for name in [*fdef.params, *fdef.outputs]:
        if name != "~":
            low.slot(name)
    low.lower_body(fdef.body, frozenset())
    return fn


def lower_parfor(st: A.For, options: LowerOptions, known: frozenset[str], outer: Function | None = None):
    """The body of ``parfor var = ...`` as a unit of kind ``parfor`` whose names resolve at run time
    (``known``: the enclosing workspace's variables); ``continue`` ends the iteration."""
    from .parfor import ParforSpec
    jump = first_jump(st.body)
    if jump is not None:
        word = type(jump).__name__.upper()
        raise MatlabError("MATLAB:parfor:InvalidStatement", f"A {word} statement cannot be used in a parfor loop.")
    name = outer.name if outer is not None else "parfor"
    body = Function(name=name, kind="parfor", params=[st.var], source=outer.source if outer else "",
                    file=outer.file if outer else "")
    low = Lowerer(body, None, replace(options, workspace=known | {st.var}))
    low.slot(st.var)
    low.script_assigned |= assigned_names(st.body)
    end = low.new_block()
    low.loops.append(Loop(end.label, end.label, 0))
    low.statements(st.body)
    low.pending_jump(end, st)
    low.start(end)
    low.terminate("return", [])
    return ParforSpec(st.var, body, st.body, options.function_defs, known, st.line)


def first_jump(stmts: tuple) -> A.Node | None:
    """A ``break`` or ``return`` of the loop itself (not of a loop nested in it)."""
    for st in stmts:
        if isinstance(st, (A.Break, A.Return)):
            return st
        if not isinstance(st, (A.For, A.While)):
            for body in nested_bodies(st):
                found = first_jump(body)
                if found is not None:
                    return found
    return None


def assigned_names(stmts: tuple) -> set[str]:
    """Names a function body assigns (its variables), not looking into anonymous function bodies."""
    names: set[str] = set()
    for st in stmts:
        if isinstance(st, A.Assign):
            for t in st.targets:
                if type(t) is A.Ident:          # the common target, its own root
                    names.add(t.name)
                elif not isinstance(t, A.Tilde):
                    names.add(target_root(t).name)
        elif isinstance(st, A.For):
            names.add(st.var)
            names |= assigned_names(st.body)
        elif isinstance(st, A.While):
            names |= assigned_names(st.body)
        elif isinstance(st, A.If):
            for _, body in st.clauses:
                names |= assigned_names(body)
            names |= assigned_names(st.orelse)
        elif isinstance(st, A.Switch):
            for _, body in st.cases:
                names |= assigned_names(body)
            names |= assigned_names(st.otherwise or ())
        elif isinstance(st, A.TryCatch):
            names |= assigned_names(st.body) | assigned_names(st.handler)
            if st.ident:
                names.add(st.ident)
        elif isinstance(st, (A.Global, A.Persistent)):
            names |= set(st.names)
    return names


def declared(stmts: tuple, kind: type) -> set[str]:
    """Names declared ``global`` (or ``persistent``) anywhere in a body."""
    names: set[str] = set()
    for st in stmts:
        if type(st) is kind:
            names |= set(st.names)
        elif type(st) in COMPOUND_STATEMENTS:
            for body in nested_bodies(st):
                names |= declared(body, kind)
    return names


def nested_bodies(st: A.Node) -> list[tuple]:
    if isinstance(st, (A.For, A.While)):
        return [st.body]
    if isinstance(st, A.If):
        return [b for _, b in st.clauses] + [st.orelse]
    if isinstance(st, A.Switch):
        return [b for _, b in st.cases] + [st.otherwise or ()]
    if isinstance(st, A.TryCatch):
        return [st.body, st.handler]
    return []


def is_list_target(node: A.Node) -> bool:
    """``c{...}`` or ``s.f`` directly on a variable: an assignment target that takes a comma list."""
    return isinstance(node, (A.CellIndex, A.Field, A.DynField)) and isinstance(node.base, A.Ident)


def target_root(node: A.Node) -> A.Ident:
    while not isinstance(node, A.Ident):
        if not isinstance(node, (A.Index, A.CellIndex, A.Field, A.DynField)):
            raise MatlabError("MATLAB:parse", "Invalid target of an assignment.")
        node = node.base
    return node


def uses_end(node: A.Node, is_function: Callable[[str], bool] = lambda name: False,
             memo: dict[int, bool] | None = None) -> bool:
    """Whether ``end`` in this subscript expression refers to the enclosing indexed value: directly, or
    inside the arguments of a call of a function (``x(min(end, 5))``), but not inside the subscripts of
    another indexed value (``x(y(end))``: that ``end`` is y's). ``memo`` (by node id) keeps the answer
    for every node below ``node``: nested calls ask again for each argument, which must not be
    quadratic. The walk is a loop, not recursion: operator chains nest deeply."""
    if type(node) in END_FREE:
        return False
    memo = {} if memo is None else memo
    stack = [(node, False)]
    while stack:
        item, ready = stack.pop()
        if id(item) in memo:
            continue
        below = end_operands(item, is_function)
        if below is None or ready:
            memo[id(item)] = below is None or any(memo[id(b)] for b in below)
        else:
            stack.append((item, True))
            stack.extend((b, False) for b in below)
    return memo[id(node)]


END_FREE = frozenset({A.Number, A.String, A.Ident, A.Colon, A.FuncHandle})   # leaves that hold no ``end``


def end_operands(node: A.Node, is_function: Callable[[str], bool]) -> list | None:
    """The subexpressions in which an ``end`` would still be the enclosing value's (None for ``end``)."""
    if isinstance(node, A.End):
        return None
    if isinstance(node, A.Index) and isinstance(node.base, A.Ident) and is_function(node.base.name):
        return list(node.args)
    if isinstance(node, (A.Index, A.CellIndex, A.Field, A.DynField)):
        return [node.base]
    if isinstance(node, A.Binary):
        return [node.left, node.right]
    if isinstance(node, (A.Unary, A.Postfix)):
        return [node.operand]
    if isinstance(node, A.Range):
        return [n for n in (node.start, node.step, node.stop) if n is not None]
    if isinstance(node, (A.Matrix, A.CellLiteral)):
        return [e for row in node.rows for e in row]
    return []


class Lowerer:
    """Builds one MIR Function from statements. ``static`` is the set of variable names for a function,
    or None where names are resolved at run time (scripts, anonymous function bodies)."""

    def __init__(self, fn: Function, static: set[str] | None, options: LowerOptions,
                 scope: Scope | None = None):
        self.fn = fn
        self.static = static
        self.options = options
        self.scope = scope                      # where a nested function stands: the ones it can call
        self.loops: list[Loop] = []
        self.try_depth = 0
        self.end_ctx: tuple[Temp, int, int] | None = None
        self.script_assigned: set[str] = set(options.workspace)   # scripts: names that may be variables
        self.hidden = 0
        self.end_memo: dict[int, bool] = {}     # uses_end answers for the statement being lowered
        self.lowered = 0                        # statements lowered (for options.poll)
        self.slotted = set(fn.variables)        # fn.variables as a set (a list lookup made many names quadratic)
        self.block = self.new_block()

    # ------------------------------------------------------------ building blocks
    def new_block(self) -> Block:
        block = Block(f"b{len(self.fn.blocks)}")
        self.fn.blocks.append(block)
        return block

    def emit(self, op: str, args: list[Temp] | None = None, attr=None, node: A.Node = None,
             value: bool = True) -> Temp | None:
        """Append an instruction at ``node``'s line and column (its result, a new temporary, unless
        ``value`` is false). The instruction keeps ``args`` itself: every caller passes a list of its own."""
        if value:
            fn = self.fn
            dest = Temp(fn.ntemps)
            fn.ntemps += 1
        else:
            dest = None
        self.block.instrs.append(Instr(op, dest, [] if args is None else args, attr, node.line, node.col))
        return dest

    def terminate(self, op: str, targets: list[str], args: list[Temp] | None = None, attr=None,
                  node: A.Node | None = None) -> None:
        if self.block.term is None:
            line, col = (node.line, node.col) if node is not None else (0, 0)
            self.block.term = Terminator(op, targets, list(args or []), attr, line, col)

    def start(self, block: Block) -> None:
        self.block = block

    def slot(self, name: str) -> None:
        if name not in self.slotted:
            self.slotted.add(name)
            self.fn.variables.append(name)

    def is_function(self, name: str) -> bool:
        """Statically a function call: not a variable of a function; in a script or anonymous function, a
        builtin that is not a parameter, a workspace variable or assigned by the script."""
        if self.static is not None:
            return not self.is_variable(name)
        return name in registry.load_all() and name not in self.script_assigned and name not in self.fn.params

    def any_uses_end(self, nodes: tuple) -> bool:
        """Whether ``end`` in any of these subscripts refers to the value they index (``uses_end``)."""
        for node in nodes:
            if type(node) not in END_FREE and uses_end(node, self.is_function, self.end_memo):
                return True
        return False

    def is_variable(self, name: str) -> bool:
        """Statically a variable (functions), or possibly one (run-time resolution)."""
        return self.static is None or name in self.static or name in self.fn.globals \
            or name in self.fn.persistents

    # ------------------------------------------------------------ variables
    def read_var(self, name: str, node: A.Node) -> Temp:
        if name in self.fn.shared:
            return self.emit("eload", attr=(name, self.fn.shared[name], False), node=node)
        if name in self.fn.globals:
            return self.emit("gload", attr=name, node=node)
        if name in self.fn.persistents:
            return self.emit("pload", attr=name, node=node)
        if name not in self.slotted:
            self.slot(name)
        return self.emit("load" if self.static is not None else "loadname", None, name, node)

    def write_var(self, name: str, value: Temp, node: A.Node) -> None:
        if name in self.fn.shared:
            self.emit("estore", [value], (name, self.fn.shared[name]), node, value=False)
            return
        if name in self.fn.globals or name in self.fn.persistents:
            op = "gstore" if name in self.fn.globals else "pstore"
            self.emit(op, [value], name, node, value=False)
            return
        if name not in self.slotted:
            self.slot(name)
        self.emit("store", [value], name, node, False)

    def fill_slot(self, name: str, node: A.Node) -> None:
        """A shared (None if undefined), global or persistent variable's value copied into its slot, for
        the instructions that work on a slot (indexed and comma-list assignments, a for loop's variable,
        captures of anonymous functions)."""
        if name in self.fn.shared:
            self.slot(name)
            value = self.emit("eload", attr=(name, self.fn.shared[name], True), node=node)
            self.emit("store", [value], name, node, value=False)
        elif name in self.fn.globals or name in self.fn.persistents:
            self.slot(name)
            self.emit("store", [self.read_var(name, node)], name, node, value=False)

    def flush_slot(self, name: str, node: A.Node) -> None:
        """The slot of a shared, global or persistent variable written back to where it lives (after
        ``fill_slot``, or a for loop's step)."""
        if name in self.fn.shared or name in self.fn.globals or name in self.fn.persistents:
            self.write_var(name, self.emit("load", attr=name, node=node), node)

    # ------------------------------------------------------------ statements
    def lower_body(self, stmts: tuple, base_globals: frozenset[str]) -> None:
        self.fn.globals |= declared(stmts, A.Global) | base_globals
        self.fn.persistents |= declared(stmts, A.Persistent)
        self.script_assigned |= assigned_names(stmts)
        if self.fn.persistents and self.fn.kind == "script":
            raise MatlabError("MATLAB:persistentNotInFunction",
                              "Persistent declarations are only valid in a function.")
        self.statements(stmts)
        self.terminate("return", [])

    def statements(self, stmts: tuple) -> None:
        """Each statement by its handler (STATEMENT_HANDLERS), calling ``options.poll`` every POLL_EVERY."""
        handlers, poll, end_memo = STATEMENT_HANDLERS, self.options.poll, self.end_memo
        for st in stmts:
            if self.block.term is not None:
                self.start(self.new_block())     # code after break/continue/return: unreachable
            if end_memo:
                end_memo.clear()
            self.lowered += 1
            if poll is not None and self.lowered % POLL_EVERY == 0:
                poll()
            handler = handlers.get(type(st))
            if handler is None:
                raise MatlabError("MATLAB:unsupported", f"Unsupported statement: {type(st).__name__}.")
            handler(self, st)

    def stmt_ExprStmt(self, st: A.ExprStmt) -> None:
        expr = st.expr
        if isinstance(expr, A.Ident):
            if self.static is None and expr.name not in self.fn.globals:
                self.slot(expr.name)
                self.emit("showname", attr=(expr.name, st.show), node=expr, value=False)
                return
            if self.is_variable(expr.name):
                value = self.read_var(expr.name, expr)
                if st.show:
                    self.emit("display", [value], expr.name, expr, value=False)
                return
        if isinstance(expr, (A.Ident, A.Index)):
            value = self.call_like(expr, 0)
        elif isinstance(expr, LIST_NODES):
            value = self.list_value(expr)
        else:
            value = self.value(expr)
        self.emit("setans", [value], st.show, st, value=False)

    def stmt_Assign(self, st: A.Assign) -> None:
        targets = st.targets
        if len(targets) == 1 and type(targets[0]) is A.Ident:      # ``name = value``, the common case
            self.write_var(targets[0].name, self.value(st.value), st)     # (self.assign_to's first case)
            shown = targets
        elif isinstance(st.value, (A.Ident, A.Index)) and not self.reads_variable(st.value) \
                and any(is_list_target(t) for t in targets):
            shown = self.assign_comma_lists(st)
        elif len(targets) == 1:
            target = targets[0]
            if isinstance(target, A.Tilde):
                raise MatlabError("MATLAB:parse", "Invalid use of '~' as an assignment target.")
            else:
                self.assign_to(target, self.value(st.value), st)
            shown = [target]
        else:
            rhs = self.multi_value(st.value, len(st.targets))
            shown = []
            for k, target in enumerate(st.targets):
                if isinstance(target, A.Tilde):
                    continue
                self.assign_to(target, self.emit("out", [rhs], k, st), st)
                shown.append(target)
        if st.show:
            for target in shown:
                name = target_root(target).name
                self.emit("display", [self.read_var(name, target)], name, target, value=False)

    def reads_variable(self, expr: A.Node) -> bool:
        """True when ``expr`` is a plain name that lowers to a variable read (a global, or a variable of a
        function), not to a call whose output count could be set at run time."""
        if not isinstance(expr, A.Ident):
            return False
        return expr.name in self.fn.globals or (self.static is not None and self.is_variable(expr.name))

    def assign_comma_lists(self, st: A.Assign) -> list[A.Node]:
        """``[c{:}] = f(...)``, ``[s.v, x] = deal(...)``: a ``c{...}`` or ``s.f`` target takes as many
        outputs as it has elements, so the call's nargout is counted at run time (``nlhs``), the outputs
        are sliced (``outs``) and each comma-list target is assigned all of its values (``setlist``)."""
        counts, total = [], None
        for target in st.targets:
            if is_list_target(target):
                self.fill_slot(target.base.name, st)
            count = self.target_count(target) if is_list_target(target) else self.emit("const", attr=1.0, node=st)
            counts.append(count)
            total = count if total is None else self.emit("binop", [total, count], "+", st)
        rhs = self.call_like(st.value, -2)
        call = self.block.instrs[-1]
        if call.dest is not rhs or call.op not in ("call", "callname", "callnested", "index"):
            raise MatlabError("MATLAB:TooManyOutputs", "Too many output arguments.")
        call.args.append(total)
        call.attr = (*call.attr[:-2], -2, call.attr[-1] + (False,)) if call.op != "index" \
            else (-2, call.attr[1] + (False,))
        offset = self.emit("const", attr=0.0, node=st)
        shown = []
        for target, count in zip(st.targets, counts):
            values = self.emit("outs", [rhs, offset, count], node=st)
            offset = self.emit("binop", [offset, count], "+", st)
            if isinstance(target, A.Tilde):
                continue
            if is_list_target(target):
                self.set_list(target, values, st)
            else:
                self.assign_to(target, self.emit("first", [values], node=st), st)
            shown.append(target)
        return shown

    def target_count(self, target: A.Node) -> Temp:
        name = target.base.name
        self.slot(name)
        base = self.emit("loadopt", attr=name, node=target)
        if isinstance(target, A.CellIndex):
            temps, spread = self.arguments(target.args, base)
            return self.emit("nlhs", [base, *temps], "{}", target)
        return self.emit("nlhs", [base], ".", target)

    def set_list(self, target: A.Node, values: Temp, st: A.Node) -> None:
        name = target.base.name
        if self.static is not None:
            self.static.add(name)
        if isinstance(target, A.CellIndex):
            base = self.emit("loadopt", attr=name, node=target)
            temps, _ = self.arguments(target.args, base)
            self.emit("setlist", [values, *temps], (name, "{}", len(temps)), st, value=False)
        elif isinstance(target, A.Field):
            self.emit("setlist", [values], (name, ".", target.name), st, value=False)
        else:
            self.emit("setlist", [values, self.value(target.name)], (name, ".()", 1), st, value=False)
        self.flush_slot(name, st)

    def multi_value(self, node: A.Node, nargout: int) -> Temp:
        if isinstance(node, (A.Ident, A.Index)):
            return self.call_like(node, nargout)
        if isinstance(node, LIST_NODES):
            return self.list_value(node)
        raise MatlabError("MATLAB:TooManyOutputs", "Too many output arguments.")

    def assign_to(self, target: A.Node, value: Temp, st: A.Node) -> None:
        if isinstance(target, A.Ident):
            self.write_var(target.name, value, st)
            return
        chain = []
        node = target
        while not isinstance(node, A.Ident):
            chain.append(node)
            node = node.base
        chain.reverse()
        name = node.name
        if self.static is not None:
            self.static.add(name)
        glob = name in self.fn.globals or name in self.fn.persistents
        if not glob:
            self.fill_slot(name, st)            # a shared variable: before the subscripts, whose end reads it
        args: list[Temp] = []
        steps: list[tuple] = []
        prefix: Temp | None = None
        for k, step in enumerate(chain):
            if isinstance(step, A.Field):
                steps.append((".", step.name))
                continue
            if isinstance(step, A.DynField):
                steps.append((".()", 1))
                args.append(self.value(step.name))
                continue
            if self.any_uses_end(step.args):
                prefix = self.prefix_value(name, chain[:k], node)
            temps, spread = self.arguments(step.args, prefix)
            kind = "()" if isinstance(step, A.Index) else "{}"
            steps.append((kind, len(temps), spread) if any(spread) else (kind, len(temps)))
            args.extend(temps)
        if glob:
            self.fill_slot(name, st)            # a global: after the subscripts, which may change it
        self.slot(name)
        self.emit("setindex", [value, *args], (name, tuple(steps)), st, value=False)
        self.flush_slot(name, st)

    def prefix_value(self, name: str, chain: list, node: A.Node) -> Temp:
        """The value that ``end`` refers to inside an assignment target (``[]`` if not yet defined)."""
        if name in self.fn.globals or name in self.fn.persistents:
            value = self.read_var(name, node)
        else:
            self.slot(name)
            value = self.emit("loadopt", attr=name, node=node)
        for step in chain:
            if isinstance(step, A.Field):
                value = self.emit("first", [self.emit("field", [value], step.name, step)], node=step)
            elif isinstance(step, A.DynField):
                value = self.emit("first", [self.emit("dynfield", [value, self.value(step.name)], node=step)],
                                  node=step)
            else:
                temps, spread = self.arguments(step.args, value)
                if isinstance(step, A.Index):
                    value = self.emit("index", [value, *temps], (1, spread), step)
                else:
                    value = self.emit("first", [self.emit("cellindex", [value, *temps], spread, step)], node=step)
        return value

    def stmt_If(self, st: A.If) -> None:
        end = self.new_block()
        for cond, body in st.clauses:
            then, other = self.new_block(), self.new_block()
            self.branch(cond, then.label, other.label)
            self.start(then)
            self.statements(body)
            self.pending_jump(end, st)
            self.start(other)
        self.statements(st.orelse)
        self.pending_jump(end, st)
        self.start(end)

    def pending_jump(self, end: Block, node: A.Node) -> None:
        """Fall into a join block, unless this block already ended (break, return...)."""
        if self.block.term is None:
            self.terminate("jump", [end.label], node=node)

    def stmt_While(self, st: A.While) -> None:
        head, body, exit_ = self.new_block(), self.new_block(), self.new_block()
        self.terminate("jump", [head.label], node=st)
        self.start(head)
        self.branch(st.cond, body.label, exit_.label)
        self.start(body)
        self.loop_body(st.body, head.label, exit_, st)

    def stmt_For(self, st: A.For) -> None:
        if st.parfor:
            self.parfor(st)
            return
        it = self.iterator(st.iterable)
        head, body, exit_ = self.new_block(), self.new_block(), self.new_block()
        self.terminate("jump", [head.label], node=st)
        self.start(head)
        self.slot(st.var)
        if self.static is not None:
            self.static.add(st.var)
        self.terminate("fornext", [body.label, exit_.label], [it], st.var, st)
        self.start(body)
        self.flush_slot(st.var, st)
        self.loop_body(st.body, head.label, exit_, st)

    def parfor(self, st: A.For) -> None:
        """``parfor``: one instruction over the range (and worker limit) holding the body as its own unit
        (engine/mir/parfor.py classifies its variables; engine/parallel/ runs it)."""
        known = frozenset(self.static if self.static is not None else self.script_assigned)
        known = (known | self.fn.globals) - {st.var}
        spec = lower_parfor(st, self.options, known, self.fn)
        for name in spec.body.variables:
            if name in known:
                self.slot(name)
        args = [self.value(st.iterable)] + ([self.value(st.workers)] if st.workers is not None else [])
        self.emit("parfor", args, spec, st, value=False)

    def iterator(self, node: A.Node) -> Temp:
        if isinstance(node, A.Range):
            parts = [self.value(node.start)] + ([self.value(node.step)] if node.step is not None else [])
            return self.emit("rangeiter", parts + [self.value(node.stop)], node=node)
        return self.emit("iter", [self.value(node)], node=node)

    def loop_body(self, body: tuple, head: str, exit_: Block, node: A.Node) -> None:
        self.loops.append(Loop(head, exit_.label, self.try_depth))
        self.statements(body)
        self.loops.pop()
        self.terminate("jump", [head], node=node)
        self.start(exit_)

    def stmt_Break(self, st: A.Break) -> None:
        loop = self.current_loop(st, "BREAK")
        self.pop_tries(self.try_depth - loop.try_depth, st)
        self.terminate("jump", [loop.exit], node=st)

    def stmt_Continue(self, st: A.Continue) -> None:
        loop = self.current_loop(st, "CONTINUE")
        self.pop_tries(self.try_depth - loop.try_depth, st)
        self.terminate("jump", [loop.head], node=st)

    def current_loop(self, st: A.Node, word: str) -> Loop:
        if not self.loops:
            raise MatlabError("MATLAB:parse", f"A {word} statement appeared outside a loop.")
        return self.loops[-1]

    def stmt_Return(self, st: A.Return) -> None:
        self.pop_tries(self.try_depth, st)
        self.terminate("return", [], node=st)

    def pop_tries(self, count: int, node: A.Node) -> None:
        for _ in range(count):
            self.emit("trypop", node=node, value=False)

    def stmt_Switch(self, st: A.Switch) -> None:
        subject = self.value(st.subject)
        end = self.new_block()
        for case, body in st.cases:
            then, other = self.new_block(), self.new_block()
            match = self.emit("casematch", [subject, self.value(case)], node=case)
            self.terminate("branch", [then.label, other.label], [match], node=case)
            self.start(then)
            self.statements(body)
            self.pending_jump(end, st)
            self.start(other)
        self.statements(st.otherwise or ())
        self.pending_jump(end, st)
        self.start(end)

    def stmt_TryCatch(self, st: A.TryCatch) -> None:
        handler, end = self.new_block(), self.new_block()
        self.emit("trypush", attr=handler.label, node=st, value=False)
        self.try_depth += 1
        self.statements(st.body)
        self.try_depth -= 1
        if self.block.term is None:
            self.emit("trypop", node=st, value=False)
        self.pending_jump(end, st)
        self.start(handler)
        if st.ident:
            if self.static is not None:
                self.static.add(st.ident)
            self.write_var(st.ident, self.emit("caught", node=st), st)
        self.statements(st.handler)
        self.pending_jump(end, st)
        self.start(end)

    def stmt_Global(self, st: A.Global) -> None:
        for name in st.names:
            self.emit("global", attr=name, node=st, value=False)

    def stmt_Persistent(self, st: A.Persistent) -> None:
        for name in st.names:
            self.emit("persistent", attr=name, node=st, value=False)

    # ------------------------------------------------------------ conditions
    def branch(self, node: A.Node, then: str, other: str, operand: bool = False) -> None:
        """Jump on a condition; the operands of && and || must be logical scalars (``sctruth``), where
        an if or while condition takes any array (all nonzero)."""
        pending = []     # (block, right operand, then, other), outermost first: a loop, not recursion,
        while isinstance(node, A.Binary) and node.op in ("&&", "||"):    # for long chains a || b || ...
            mid = self.new_block()
            pending.append((mid, node.right, then, other))
            then, other = (mid.label, other) if node.op == "&&" else (then, mid.label)
            node, operand = node.left, True
        if isinstance(node, A.Binary) and node.op in ("|", "&"):
            self.elementwise_branch(node, then, other, operand)
        else:
            self.test(node, then, other, operand)
        for mid, right, then, other in reversed(pending):
            self.start(mid)
            self.branch(right, then, other, True)

    def elementwise_branch(self, node: A.Binary, then: str, other: str, operand: bool) -> None:
        """``a | b`` or ``a & b`` as a condition: MATLAB short-circuits them there. When ``a`` is a scalar
        that decides (true for ``|``, false for ``&``: ``decides``), ``b`` is not evaluated; otherwise the
        condition is the element-wise ``a | b`` (all nonzero)."""
        left = self.condition_value(node.left)
        rest = self.new_block()
        decided = self.emit("decides", [left], node.op, node)
        self.terminate("branch", [then if node.op == "|" else other, rest.label], [decided], node=node)
        self.start(rest)
        value = self.emit("binop", [left, self.condition_value(node.right)], node.op, node)
        if operand:
            value = self.emit("sctruth", [value], node=node)
        self.terminate("branch", [then, other], [value], node=node)

    def condition_value(self, node: A.Node) -> Temp:
        """The value of an operand of | or & in a condition, its own | and & short-circuited as in
        ``elementwise_branch`` (the value ``a`` when it decides alone)."""
        if not (isinstance(node, A.Binary) and node.op in ("|", "&")):
            return self.value(node)
        name = f"$sc{self.hidden}"
        self.hidden += 1
        self.slot(name)
        left = self.condition_value(node.left)
        self.emit("store", [left], name, node, value=False)
        rest, end = self.new_block(), self.new_block()
        decided = self.emit("decides", [left], node.op, node)
        self.terminate("branch", [end.label, rest.label], [decided], node=node)
        self.start(rest)
        value = self.emit("binop", [left, self.condition_value(node.right)], node.op, node)
        self.emit("store", [value], name, node, value=False)
        self.terminate("jump", [end.label], node=node)
        self.start(end)
        return self.emit("load", attr=name, node=node)

    def test(self, node: A.Node, then: str, other: str, operand: bool) -> None:
        """Jump on the value of ``node`` (an operand of && / || when ``operand``)."""
        value = self.value(node)
        if operand:
            value = self.emit("sctruth", [value], node=node)
        self.terminate("branch", [then, other], [value], node=node)

    # ------------------------------------------------------------ expressions
    def value(self, node: A.Node) -> Temp:
        """Lower an expression to the temporary holding its (single) value."""
        kind = type(node)
        if kind is A.Ident:
            return self.ident(node, 1)          # self.call_like's first case, without its call
        if kind is A.Index:
            return self.call_like(node, 1)
        handler = EXPRESSION_HANDLERS.get(kind)
        if handler is not None:
            return handler(self, node)
        qualified = self.package_function(node)
        if qualified is not None:
            return self.call_function(qualified, [], 1, (), node)
        if isinstance(node, LIST_NODES):
            return self.emit("first", [self.list_value(node)], node=node)
        raise MatlabError("MATLAB:unsupported", f"Unsupported expression: {kind.__name__}.")

    def expr_Number(self, node: A.Number) -> Temp:
        if node.text[:2] in ("0x", "0X"):       # MATLAB types 0x1F as uint8, 0x100 as uint16, ...
            return self.emit("const", attr=hex_literal(node.text), node=node)
        value = node.value
        if type(value) is not float and not isinstance(value, complex):
            value = float(value)
        return self.emit("const", None, value, node)

    def expr_String(self, node: A.String) -> Temp:
        value = StringArray.scalar(node.value) if node.double_quoted else char_value(node.value)
        return self.emit("const", attr=value, node=node)

    def expr_Colon(self, node: A.Colon) -> Temp:
        return self.emit("const", attr=COLON, node=node)

    def expr_End(self, node: A.End) -> Temp:
        if self.end_ctx is None:
            raise MatlabError("MATLAB:parse", "'end' is only valid inside an index expression.")
        base, k, n = self.end_ctx
        return self.emit("end", [base], (k, n), node)

    def expr_Unary(self, node: A.Unary | A.Postfix) -> Temp:
        """Unary and postfix operators (``---x``, ``x''``), a chain of them lowered in a loop."""
        chain = []
        while isinstance(node, (A.Unary, A.Postfix)):
            chain.append(node)
            node = node.operand
        value = self.value(node)
        for link in reversed(chain):
            value = self.emit("unop", [value], "~" if link.op == "!" else link.op, link)
        return value

    expr_Postfix = expr_Unary

    def expr_Binary(self, node: A.Binary) -> Temp:
        """``a op b``; a left-associative chain (``1+1+...+1``) is lowered in a loop down its left side."""
        if node.op in ("&&", "||"):
            return self.short_circuit(node)
        chain = []
        while isinstance(node, A.Binary) and node.op not in ("&&", "||"):
            chain.append(node)
            node = node.left
        value = self.value(node)
        for link in reversed(chain):
            right = link.right
            right = self.ident(right, 1) if type(right) is A.Ident else self.value(right)   # self.value's first case
            value = self.emit("binop", [value, right], link.op, link)
        return value

    def short_circuit(self, node: A.Binary) -> Temp:
        """``a && b`` as a value: branches that store true/false in a hidden slot."""
        name = f"$sc{self.hidden}"
        self.hidden += 1
        self.slot(name)
        yes, no, end = self.new_block(), self.new_block(), self.new_block()
        self.branch(node, yes.label, no.label)
        for block, flag in ((yes, True), (no, False)):
            self.start(block)
            self.emit("store", [self.emit("const", attr=flag, node=node)], name, node, value=False)
            self.pending_jump(end, node)
        self.start(end)
        return self.emit("load", attr=name, node=node)

    def expr_Range(self, node: A.Range) -> Temp:
        parts = [self.value(node.start)] + ([self.value(node.step)] if node.step is not None else [])
        return self.emit("colon", parts + [self.value(node.stop)], node=node)

    def expr_Matrix(self, node: A.Matrix) -> Temp:
        return self.literal("matrix", node)

    def expr_CellLiteral(self, node: A.CellLiteral) -> Temp:
        return self.literal("cell", node)

    def literal(self, op: str, node: A.Matrix | A.CellLiteral) -> Temp:
        rows = [row for row in node.rows if row]
        if op == "matrix" and not rows:
            return self.emit("const", attr=np.zeros((0, 0)), node=node)
        temps, spread = [], []
        for row in rows:
            for el in row:
                is_list = isinstance(el, LIST_NODES)
                temps.append(self.list_value(el) if is_list else self.value(el))
                spread.append(is_list)
        return self.emit(op, temps, (tuple(len(r) for r in rows), tuple(spread)), node)

    def expr_FuncHandle(self, node: A.FuncHandle) -> Temp:
        nested = self.scope and self.scope.nested_call(node.name)
        if nested is not None:              # a handle to a nested function keeps its parent's environment
            return self.emit("nestedhandle", attr=(node.name, *nested), node=node)
        return self.emit("fhandle", attr=node.name, node=node)

    def expr_AnonFunc(self, node: A.AnonFunc) -> Temp:
        text = node.text or "@(" + ",".join(node.params) + ")"
        body = Function(name=text, kind="anon", params=list(node.params), outputs=["$out"],
                        source=self.fn.source, file=self.fn.file)
        low = Lowerer(body, None, self.options)
        for p in node.params:
            low.slot(p)
        result = low.call_like(node.body, -1) if isinstance(node.body, (A.Ident, A.Index)) \
            else low.value(node.body)
        low.write_var("$out", result, node.body)
        low.terminate("return", [])
        for name in body.variables:
            if name not in node.params and not name.startswith("$") and self.is_variable(name):
                self.fill_slot(name, node)          # a shared or global variable is captured from where it lives
                self.slot(name)
        return self.emit("anon", attr=AnonSpec(tuple(node.params), body, text), node=node)

    # ------------------------------------------------------------ calls, indexing, comma lists
    def call_like(self, node: A.Ident | A.Index, nargout: int) -> Temp:
        """``name``, ``name(args)`` or ``expr(args)``: a call or paren indexing, asking ``nargout`` outputs
        (a tuple when nargout > 1 or -1: the frame's nargout)."""
        if isinstance(node, A.Ident):
            return self.ident(node, nargout)
        base = node.base
        qualified = self.package_function(base)
        if qualified is not None:
            temps, spread = self.arguments(node.args, None)
            return self.call_function(qualified, temps, nargout, spread, node)
        if isinstance(base, A.Ident):
            name = base.name
            if self.any_uses_end(node.args):
                if self.end_ctx is not None and self.is_function(name):
                    temps, spread = self.arguments(node.args, self.end_ctx)     # end is the enclosing value's
                    return self.call_function(name, temps, nargout, spread, node)
            elif self.static is None and name not in self.fn.globals:
                self.slot(name)
                temps, spread = self.arguments(node.args, None)
                return self.emit("callname", temps, (name, nargout, spread), node)
            elif not self.is_variable(name):
                temps, spread = self.arguments(node.args, None)
                return self.call_function(name, temps, nargout, spread, node)
        if isinstance(base, A.Field):        # obj.name(args): a method call on a handle object
            value = self.emit("first", [self.emit("method", [self.value(base.base)], base.name, base)], node=base)
        else:
            value = self.value(base)
        temps, spread = self.arguments(node.args, value)
        return self.emit("index", [value, *temps], (nargout, spread), node)

    def package_function(self, node: A.Node) -> str | None:
        """``pkg.name`` of a package function the registry has (``containers.Map``), where ``pkg`` is no
        variable: the name to call; else None."""
        if not (isinstance(node, A.Field) and isinstance(node.base, A.Ident)):
            return None
        package = node.base.name
        name = f"{package}.{node.name}"
        if name not in registry.load_all():
            return None
        if self.static is not None:
            return None if self.is_variable(package) else name
        return None if package in self.script_assigned or package in self.fn.params else name

    def call_function(self, name: str, temps: list[Temp], nargout: int, spread: tuple[bool, ...],
                      node: A.Node) -> Temp:
        """A call of the function ``name``: ``callnested`` for a nested function (nested.py), which runs
        in the environment its parent has here, else ``call``."""
        nested = self.scope and self.scope.nested_call(name)
        if nested is not None:
            return self.emit("callnested", temps, (name, *nested, nargout, spread), node)
        return self.emit("call", temps, (name, nargout, spread), node)

    def ident(self, node: A.Ident, nargout: int) -> Temp:
        name = node.name
        if self.static is not None and not self.is_variable(name):
            if name in ("nargin", "nargout") and self.fn.kind == "function":
                return self.emit(name, node=node)
            return self.call_function(name, [], nargout, (), node)
        if self.static is None and nargout != 1 and name not in self.fn.globals:
            self.slot(name)
            return self.emit("callname", [], (name, nargout, ()), node)
        return self.read_var(name, node)

    def arguments(self, nodes: tuple, base: Temp | tuple | None) -> tuple[list[Temp], tuple[bool, ...]]:
        """Lower subscripts or call arguments; ``end`` in them refers to ``base`` (a value, or an
        enclosing end context tuple that a function call's arguments keep)."""
        temps, spread = [], []
        saved = self.end_ctx
        for k, arg in enumerate(nodes):
            if isinstance(base, tuple):
                self.end_ctx = base
            else:
                self.end_ctx = (base, k, len(nodes)) if base is not None else None
            is_list = isinstance(arg, LIST_NODES)
            temps.append(self.list_value(arg) if is_list else self.value(arg))
            spread.append(is_list)
        self.end_ctx = saved
        return temps, tuple(spread)

    def list_value(self, node: A.Node) -> Temp:
        """A comma-list producing expression (``c{:}``, ``s.f``): a temporary holding a list of values."""
        if isinstance(node, A.Field):
            return self.emit("field", [self.value(node.base)], node.name, node)
        if isinstance(node, A.DynField):
            return self.emit("dynfield", [self.value(node.base), self.value(node.name)], node=node)
        base = self.value(node.base)
        temps, spread = self.arguments(node.args, base)
        return self.emit("cellindex", [base, *temps], spread, node)


# The Lowerer method for each statement and expression node type (``stmt_Assign``, ``expr_Binary``, ...).
STATEMENT_HANDLERS = {getattr(A, name[5:]): method for name, method in vars(Lowerer).items()
                      if name.startswith("stmt_")}
EXPRESSION_HANDLERS = {getattr(A, name[5:]): method for name, method in vars(Lowerer).items()
                       if name.startswith("expr_")}
