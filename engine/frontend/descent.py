"""The fast path of the parser: grammar.lark's rules by recursive descent, the AST built by the same
``AstBuilder`` methods, called with the same children in the same order as lark's reductions call them.

An LALR parse walks every operand up through one reduction per precedence level and runs a dozen
shift/reduce steps per statement; here a statement is a few calls: the binary operators are parsed by
precedence climbing (``binary``: one loop per operand, a call only for a right operand), the rest by one
method per rule. grammar.lark stays the specification and the parser of last resort: where the tokens
leave what this parser takes (any syntax error, or nesting deeper than Python's recursion limit), ``parse``
returns None and parser.py parses them again with the grammar's tables, whose error is the one reported.
So this parser needs to be right only on what it accepts: it accepts exactly the grammar's language and
builds the same AST, and tests/frontend/test_descent.py checks that against the tables.

Precedence, loosest first, as in grammar.lark: ``||``, ``&&``, ``|``, ``&``, comparisons, ``:`` (the
range, not associative: ``a:b:c`` is start, step, stop), ``+ -``, ``* /`` and the other products, unary
``+ - ~``, then ``^`` and the transposes left to right (a unary operator after ``^`` binds tighter:
``2^-1``), then indexing, fields and calls.
"""
from __future__ import annotations

from typing import Any, Callable

from . import ast
from .builder import SHOWN, AstBuilder, binary_node, end_node, ident_node, number_node, string_node
from .lexer import KIND, Token

END = "$END"
BINARY_LEVELS = {"OROR": 1, "ANDAND": 2, "OR": 3, "AND": 4, "CMP": 5, "COLON": 6, "ADDOP": 7, "MULOP": 8}
RANGE_LEVEL = BINARY_LEVELS["COLON"]
PREFIX = frozenset({"ADDOP", "NOT"})
TRAILERS = frozenset({"LPAREN", "LBRACE", "_DOT", "POWOP", "TRANSPOSE"})     # what may follow an operand's primary
SEPARATORS = frozenset({"SEMI", "NL"})
# tokens that end a list of statements (the enclosing rule or the file goes on from them)
BODY_ENDS = frozenset({"_END", "_ELSE", "_ELSEIF", "_CASE", "_OTHERWISE", "_CATCH", "FUNCTION", END})
LITERALS = {"NUMBER": number_node, "STRING": string_node, "DQSTRING": string_node, "NAME": ident_node,
            "END_IDX": end_node}       # the leaves: AstBuilder's rules of these tokens, without the rule's call


class Bail(Exception):
    """The tokens leave what this parser takes: the grammar's tables decide."""


class DescentParser:
    """One parse at a time, into ``builder`` (which ``begin`` has prepared for the tokens)."""

    def __init__(self, builder: AstBuilder) -> None:
        self.b = builder
        self.tokens: list[Token] = []
        self.kinds: list[str] = []
        self.i = 0

    def parse(self, tokens: list[Token], poll: Callable[[], None] | None = None,
              every: int = 4096) -> ast.Program | None:
        """The program, or None where the tokens do not parse here. ``poll`` is called before the
        statement (or matrix row) that passes each multiple of ``every`` tokens."""
        self.tokens, self.kinds, self.i = tokens, [t[KIND] for t in tokens] + [END], 0
        self.poll, self.every, self.next_poll = poll, every, 0
        try:
            body = self.stmts()
            functions = []
            while self.kinds[self.i] == "FUNCTION":
                functions.append(self.funcdef(AstBuilder.funcdef))
            if self.kinds[self.i] != END:
                raise Bail
            return self.b.start([body, *functions])
        except (Bail, RecursionError):
            return None
        finally:
            self.tokens, self.kinds, self.poll = [], [], None     # keep no reference to the caller

    # ------------------------------------------------------------ tokens
    def take(self, kind: str) -> Token:
        """The next token, which must be of ``kind``."""
        if self.kinds[self.i] != kind:
            raise Bail
        self.i += 1
        return self.tokens[self.i - 1]

    def maybe_poll(self) -> None:
        if self.i >= self.next_poll:
            if self.poll is not None:
                self.poll()
            self.next_poll = self.i - self.i % self.every + self.every

    def sep(self) -> bool:
        """The rule ``sep`` (whether the statement shows its value), without the builder's call."""
        kind = self.kinds[self.i]
        if kind not in SEPARATORS:
            raise Bail
        self.i += 1
        return kind == SHOWN

    def optional_sep(self, children: list) -> None:
        if self.kinds[self.i] in SEPARATORS:
            children.append(self.sep())

    # ------------------------------------------------------------ statements
    def stmts(self) -> tuple:
        body = []
        kinds = self.kinds
        while kinds[self.i] not in BODY_ENDS:
            if self.i >= self.next_poll:
                self.maybe_poll()
            body.append(self.statement())
        return self.b.stmts(body)

    def statement(self) -> Any:
        kinds, i = self.kinds, self.i
        kind = kinds[i]
        if kind == "NAME" and kinds[i + 1] == "_EQ":      # ``name = ...``: the target without a call
            target = ident_node(self.tokens[i])
            self.i = i + 1
        elif kind == "NAME" and kinds[i + 1] == "CMDWORD":
            return self.command()
        elif kind in STATEMENTS:
            return STATEMENTS[kind](self)
        else:
            target = self.expr() if kind == "AT" else self.binary(1)    # self.expr, without a call
        if kinds[self.i] == "_EQ":
            self.i += 1
            value = self.expr() if kinds[self.i] == "AT" else self.binary(1)
            return self.b.assignment(target, value, self.sep())
        return self.b.expr_stmt([target, self.sep()])

    def command(self) -> ast.ExprStmt:
        children = [self.take("NAME")]
        while self.kinds[self.i] == "CMDWORD":
            children.append(self.take("CMDWORD"))
        children.append(self.sep())
        return self.b.command(children)

    def names_stmt(self, build: Callable) -> Any:
        """``global a b`` / ``persistent a b``."""
        children = [self.tokens[self.i]]
        self.i += 1
        children.append(self.take("NAME"))
        while self.kinds[self.i] == "NAME":
            children.append(self.take("NAME"))
        children.append(self.sep())
        return build(self.b, children)

    def jump(self) -> Any:
        keyword = self.tokens[self.i]
        self.i += 1
        return self.b.jump([keyword, self.sep()])

    def if_stmt(self) -> ast.If:
        children = [self.tokens[self.i]]
        self.i += 1
        children += [self.expr(), self.sep(), self.stmts()]
        while self.kinds[self.i] == "_ELSEIF":
            self.i += 1
            children.append(self.b.elseif_clause([self.expr(), self.sep(), self.stmts()]))
        if self.kinds[self.i] == "_ELSE":
            self.i += 1
            clause: list = []
            self.optional_sep(clause)
            clause.append(self.stmts())
            children.append(self.b.else_clause(clause))
        self.take("_END")
        children.append(self.sep())
        return self.b.if_stmt(children)

    def for_stmt(self) -> ast.For:
        keyword = self.tokens[self.i]
        self.i += 1
        if self.kinds[self.i] == "LPAREN":
            head = [self.take("LPAREN"), self.take("NAME")]
            self.take("_EQ")
            head.append(self.expr())
            if self.kinds[self.i] == "_COMMA":
                self.i += 1
                head.append(self.expr())
            self.take("_RPAREN")
        else:
            head = [self.take("NAME")]
            self.take("_EQ")
            head.append(self.expr())
        children = [keyword, self.b.for_head(head), self.sep(), self.stmts()]
        self.take("_END")
        children.append(self.sep())
        return self.b.for_stmt(children)

    def while_stmt(self) -> ast.While:
        children = [self.tokens[self.i]]
        self.i += 1
        children += [self.expr(), self.sep(), self.stmts()]
        self.take("_END")
        children.append(self.sep())
        return self.b.while_stmt(children)

    def switch_stmt(self) -> ast.Switch:
        children = [self.tokens[self.i]]
        self.i += 1
        children += [self.expr(), self.sep()]
        while self.kinds[self.i] == "_CASE":
            self.i += 1
            children.append(self.b.case_clause([self.expr(), self.sep(), self.stmts()]))
        if self.kinds[self.i] == "_OTHERWISE":
            self.i += 1
            clause: list = []
            self.optional_sep(clause)
            clause.append(self.stmts())
            children.append(self.b.otherwise_clause(clause))
        self.take("_END")
        children.append(self.sep())
        return self.b.switch_stmt(children)

    def try_stmt(self) -> ast.TryCatch:
        children = [self.tokens[self.i]]
        self.i += 1
        self.optional_sep(children)
        children.append(self.stmts())
        if self.kinds[self.i] == "_CATCH":
            self.i += 1
            clause = [self.take("NAME")] if self.kinds[self.i] == "NAME" else []
            clause += [self.sep(), self.stmts()]
            children.append(self.b.catch_clause(clause))
        self.take("_END")
        children.append(self.sep())
        return self.b.try_stmt(children)

    # ------------------------------------------------------------ functions
    def funcdef(self, build: Callable) -> Any:
        """``funcdef`` (the file's functions) or ``nested_funcdef`` (a statement; its ``end`` is due)."""
        kinds, b = self.kinds, self.b
        children = [self.tokens[self.i]]
        self.i += 1
        if kinds[self.i] == "NAME" and kinds[self.i + 1] == "_EQ":
            children.append(b.func_outputs([self.take("NAME")]))
            self.i += 1
        elif kinds[self.i] == "LBRACK":
            outputs = [self.take("LBRACK")]
            if kinds[self.i] != "_RBRACK":
                outputs.append(self.take("NAME"))
                while kinds[self.i] == "_COMMA":
                    self.i += 1
                    outputs.append(self.take("NAME"))
            self.take("_RBRACK")
            self.take("_EQ")
            children.append(b.func_outputs(outputs))
        children.append(self.take("NAME"))
        if kinds[self.i] == "LPAREN":
            params = [self.take("LPAREN")]
            if kinds[self.i] != "_RPAREN":
                params.append(self.param())
                while kinds[self.i] == "_COMMA":
                    self.i += 1
                    params.append(self.param())
            self.take("_RPAREN")
            children.append(b.func_params(params))
        children += [self.sep(), self.stmts()]
        if kinds[self.i] == "_END":
            self.i += 1
            children.append(b.func_end([self.sep()]))
        elif build is AstBuilder.nested_funcdef:
            raise Bail
        return build(b, children)

    def param(self) -> str:
        if self.kinds[self.i] not in ("NAME", "TILDE"):
            raise Bail
        self.i += 1
        return self.b.param([self.tokens[self.i - 1]])

    # ------------------------------------------------------------ expressions
    def expr(self) -> Any:
        kinds = self.kinds
        if kinds[self.i] == "AT" and kinds[self.i + 1] == "LPAREN":
            children = [self.tokens[self.i], self.tokens[self.i + 1]]
            self.i += 2
            if kinds[self.i] != "_RPAREN":
                children.append(self.param())
                while kinds[self.i] == "_COMMA":
                    self.i += 1
                    children.append(self.param())
            self.take("_RPAREN")
            children.append(self.expr())
            return self.b.anon(children)
        return self.binary(1)

    def binary(self, least: int) -> Any:
        """Operands joined by binary operators of level ``least`` or tighter (BINARY_LEVELS), left to
        right; a range where ``:`` comes."""
        kinds, tokens = self.kinds, self.tokens
        i = self.i
        kind = kinds[i]
        literal = LITERALS.get(kind)
        if literal is not None and kinds[i + 1] not in TRAILERS:    # self.unary, inline
            self.i = i + 1
            left = literal(tokens[i])
        elif kind in PREFIX:
            left = self.unary()
        else:
            left = self.power()
        while True:
            level = BINARY_LEVELS.get(kinds[self.i])
            if level is None or level < least:
                return left
            i = self.i
            op = tokens[i]
            if level == RANGE_LEVEL:
                self.i = i + 1
                left = self.range(left, op)
                continue
            literal = LITERALS.get(kinds[i + 1])
            if literal is not None and kinds[i + 2] not in TRAILERS and BINARY_LEVELS.get(kinds[i + 2], 0) <= level:
                self.i = i + 2              # a name or number that nothing after it binds: self.binary's first step
                left = binary_node(left, op, literal(tokens[i + 1]))
            else:
                self.i = i + 1
                left = binary_node(left, op, self.binary(level + 1))

    def range(self, start: Any, colon: Token) -> ast.Range:
        children = [start, colon, self.binary(RANGE_LEVEL + 1)]
        if self.kinds[self.i] == "COLON":
            children += [self.take("COLON"), self.binary(RANGE_LEVEL + 1)]
            if self.kinds[self.i] == "COLON":
                raise Bail                    # not associative: a:b:c:d is an error
        return self.b.range(children)

    def unary(self) -> Any:
        kinds, i = self.kinds, self.i
        kind = kinds[i]
        if kind in PREFIX:
            op = self.tokens[i]
            self.i += 1
            return self.b.unary([op, self.unary()])
        literal = LITERALS.get(kind)
        if literal is not None and kinds[i + 1] not in TRAILERS:     # the common operand: a name or number
            self.i = i + 1
            return literal(self.tokens[i])
        return self.power()

    def power(self) -> Any:
        left = self.postfix()
        kinds, tokens, b = self.kinds, self.tokens, self.b
        while True:
            kind = kinds[self.i]
            if kind == "POWOP":
                op = tokens[self.i]
                self.i += 1
                left = binary_node(left, op, self.power_operand())
            elif kind == "TRANSPOSE":
                self.i += 1
                left = b.transpose([left, tokens[self.i - 1]])
            else:
                return left

    def power_operand(self) -> Any:
        """``powarg``: an operand of ``^``, which may carry unary operators of its own (``2^-x``)."""
        if self.kinds[self.i] in PREFIX:
            op = self.tokens[self.i]
            self.i += 1
            return self.b.unary([op, self.power_operand()])
        return self.postfix()

    def postfix(self) -> Any:
        node = self.primary()
        kinds, tokens, b = self.kinds, self.tokens, self.b
        while True:
            kind = kinds[self.i]
            if kind == "LPAREN":
                self.i += 1
                node = b.index([node, tokens[self.i - 1], self.call_args()])
            elif kind == "LBRACE":
                self.i += 1
                node = b.cell_index([node, tokens[self.i - 1], self.args("_RBRACE")])
            elif kind == "_DOT":
                self.i += 1
                if kinds[self.i] == "NAME":
                    node = b.field([node, self.take("NAME")])
                else:
                    paren = self.take("LPAREN")
                    name = self.expr()
                    self.take("_RPAREN")
                    node = b.dyn_field([node, paren, name])
            else:
                return node

    def args(self, closer: str) -> tuple:
        """``args`` up to ``closer``: expressions, or ``:`` alone."""
        return self.b.args(self.arguments(closer, False))

    def call_args(self) -> tuple:
        """``call_args`` up to ``)``: those of ``args``, then ``Name=Value`` pairs (R2021a), the name
        passed as a string scalar; an argument after such a pair is a syntax error."""
        return self.b.call_args(self.arguments("_RPAREN", True))

    def arguments(self, closer: str, pairs: bool) -> list:
        """The items of an argument list up to ``closer`` (taken), with ``Name=Value`` pairs if ``pairs``."""
        items = []
        kinds, tokens = self.kinds, self.tokens
        named = False
        if kinds[self.i] != closer:
            while True:
                if pairs and kinds[self.i] == "NAME" and kinds[self.i + 1] == "_EQ":
                    name = tokens[self.i]
                    self.i += 2
                    items.extend(self.b.name_value([name, self.expr()]))
                    named = True
                elif named:
                    raise Bail
                elif kinds[self.i] == "COLON":
                    items.append(self.b.colon([self.take("COLON")]))
                else:
                    items.append(self.expr())
                if kinds[self.i] != "_COMMA":
                    break
                self.i += 1
        self.take(closer)
        return items

    def primary(self) -> Any:
        kind = self.kinds[self.i]
        literal = LITERALS.get(kind)
        if literal is not None:
            self.i += 1
            return literal(self.tokens[self.i - 1])
        if kind == "LPAREN":
            paren = self.take("LPAREN")
            inner = self.expr()
            self.take("_RPAREN")
            return self.b.paren([paren, inner])
        if kind == "LBRACK":
            bracket = self.take("LBRACK")
            return self.b.matrix([bracket, self.rows("_RBRACK")])
        if kind == "LBRACE":
            brace = self.take("LBRACE")
            return self.b.cell([brace, self.rows("_RBRACE")])
        if kind == "AT":
            return self.b.handle([self.take("AT"), self.take("NAME")])
        raise Bail

    def rows(self, closer: str) -> tuple:
        """The rows of a matrix or cell literal up to ``closer``."""
        rows = []
        kinds = self.kinds
        if kinds[self.i] != closer:
            while True:
                if self.i >= self.next_poll:
                    self.maybe_poll()
                row = [self.element()]
                while kinds[self.i] == "_COMMA":
                    self.i += 1
                    row.append(self.element())
                rows.append(self.b.row(row))
                if kinds[self.i] != "_ROWSEP":
                    break
                self.i += 1
        self.take(closer)
        return self.b.rows(rows)

    def element(self) -> Any:
        if self.kinds[self.i] == "TILDE":
            return self.b.tilde([self.take("TILDE")])
        return self.expr()


STATEMENTS: dict[str, Callable[[DescentParser], Any]] = {
    "IF": DescentParser.if_stmt, "FOR": DescentParser.for_stmt, "PARFOR": DescentParser.for_stmt,
    "WHILE": DescentParser.while_stmt, "SWITCH": DescentParser.switch_stmt, "TRY": DescentParser.try_stmt,
    "BREAK": DescentParser.jump, "CONTINUE": DescentParser.jump, "RETURN": DescentParser.jump,
    "GLOBAL": lambda p: p.names_stmt(AstBuilder.global_stmt),
    "PERSISTENT": lambda p: p.names_stmt(AstBuilder.persistent_stmt),
    "NESTED_FUNCTION": lambda p: p.funcdef(AstBuilder.nested_funcdef),
}
