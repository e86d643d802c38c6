"""format_ast / Session.ast: the syntax tree as indented text, one node a line."""
import textwrap

from engine import Session
from engine.frontend import format_ast, parse


def tree(code: str) -> str:
    return format_ast(parse(textwrap.dedent(code).strip()))


def test_an_assignment_prints_its_nodes_with_positions_and_fields():
    assert tree("y = 2 * x + 1;") == textwrap.dedent("""\
        Program @1:1
          body[0]: Assign @1:1 show=False
            targets[0]: Ident @1:1 name='y'
            value: Binary @1:5 op='+'
              left: Binary @1:5 op='*'
                left: Number @1:5 value=2.0 text='2'
                right: Ident @1:9 name='x'
              right: Number @1:13 value=1.0 text='1'""")


def test_nested_tuples_are_labelled_by_index_path_and_defaults_are_left_out():
    text = tree("""
        if a, b = [1 2; 3 4]; elseif c, d = "s"; else, e = f(); end
    """)
    assert text == textwrap.dedent("""\
        Program @1:1
          body[0]: If @1:1
            clauses[0][0]: Ident @1:4 name='a'
            clauses[0][1][0]: Assign @1:7 show=False
              targets[0]: Ident @1:7 name='b'
              value: Matrix @1:11
                rows[0][0]: Number @1:12 value=1.0 text='1'
                rows[0][1]: Number @1:14 value=2.0 text='2'
                rows[1][0]: Number @1:17 value=3.0 text='3'
                rows[1][1]: Number @1:19 value=4.0 text='4'
            clauses[1][0]: Ident @1:30 name='c'
            clauses[1][1][0]: Assign @1:33 show=False
              targets[0]: Ident @1:33 name='d'
              value: String @1:37 value='s' double_quoted=True
            orelse[0]: Assign @1:48 show=False
              targets[0]: Ident @1:48 name='e'
              value: Index @1:52 args=()
                base: Ident @1:52 name='f'""")


def test_functions_loops_and_anonymous_functions():
    text = tree("""
        for k = 1:2:9, disp(k), end
        function r = g(a)
          % Square it.
          h = @(t) t.^2;
          r = h(a)';
        end
    """)
    assert text == textwrap.dedent("""\
        Program @1:1
          body[0]: For @1:1 var='k'
            iterable: Range @1:9
              start: Number @1:9 value=1.0 text='1'
              step: Number @1:11 value=2.0 text='2'
              stop: Number @1:13 value=9.0 text='9'
            body[0]: ExprStmt @1:16 show=True
              expr: Index @1:16
                base: Ident @1:16 name='disp'
                args[0]: Ident @1:21 name='k'
          functions[0]: FunctionDef @2:1 name='g' params=('a',) outputs=('r',) doc='Square it.'
            body[0]: Assign @4:3 show=False
              targets[0]: Ident @4:3 name='h'
              value: AnonFunc @4:7 params=('t',) text='@(t)t.^2'
                body: Binary @4:12 op='.^'
                  left: Ident @4:12 name='t'
                  right: Number @4:15 value=2.0 text='2'
            body[1]: Assign @5:3 show=False
              targets[0]: Ident @5:3 name='r'
              value: Postfix @5:7 op="'"
                operand: Index @5:7
                  base: Ident @5:7 name='h'
                  args[0]: Ident @5:9 name='a'""")


def test_session_ast_prints_the_cell():
    assert Session(device="cpu").ast("x = 1").splitlines()[1] == "  body[0]: Assign @1:1 show=True"
