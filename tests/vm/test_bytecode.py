"""Bytecode: dis-like listing, the scalar-loop rewrites, fusion windows and the accelerator hook."""
import textwrap

from engine.session import Session
from engine.vm.build import build_cell


def listing(code: str) -> str:
    return Session().bytecode(textwrap.dedent(code).strip())


def test_listing_columns_and_scalar_loop_rewrites():
    assert listing("""
        s = 0;
        for i = 1:10
          if i > 5
            s = s + i;
          end
        end
    """) == textwrap.dedent("""\
        code <cell> (script): 9 instructions, 8 registers
            1     0 MOVE       s r2<0>
            2     1 RANGEITER  r5 r3<1> - r4<10>
                  2 TIER2      0
                  3 FORITER    r5 i False -> 7
            3     4 JGT        i r6<5> -> 8
            4     5 ADD        s s i '+'
            3     6 FORITER    r5 i True -> 4
            0     7 RETURN     
                  8 LOOP       -> 2""")


def test_while_loop_compiles_to_compare_and_jump():
    text = listing("k = 0; while k < 10, k = k + 1; end")
    ops = [line.split()[-3:] for line in text.splitlines()[1:]]
    assert "JLT" in text and "ADD        k k r3<1> '+'" in text and "LOOP" in text
    assert len(ops) == 6 and "TIER2      0" in text        # the loop's head: tier 2's site (engine/tier2)


def test_indexed_assignment_target_gets_disown_after_sharing_reads():
    text = listing("A = zeros(3); A(1) = 2; B = A;")
    assert "SETINDEX" in text and "MOVE       B A\n          3 DISOWN     A -" in text


class RecordingAccel:
    """An accelerator that runs nothing but records the windows it was offered."""

    def __init__(self, accept: bool = False):
        self.seen = []
        self.accept = accept

    def try_run(self, window, frame) -> bool:
        self.seen.append((window.region, window.start, window.end, window.kinds))
        if self.accept:
            for slot in window.outputs:
                frame.regs[slot] = 42.0
        return self.accept

    def try_loop(self, loop, frame) -> bool:
        return False


def test_windows_are_offered_to_the_accelerator_and_skipped_when_run():
    code = "x = rand(4);\ny = x .* 2;\nz = y + 1;\nq = 5;"
    s = Session()
    s.vm.accel = RecordingAccel()
    assert s.execute(code).error is None
    assert s.vm.accel.seen and s.vm.accel.seen[0][3] == ("elementwise",)
    assert s.get("z").shape == (4, 4)
    s2 = Session()
    s2.vm.accel = RecordingAccel(accept=True)
    assert s2.execute(code).error is None
    assert s2.get("z")[0, 0] == 42.0 and s2.get("y")[0, 0] == 42.0 and s2.get("q")[0, 0] == 5.0


def test_window_metadata_names_inputs_outputs_and_registers():
    code, _ = build_cell("x = rand(4);\ny = x .* 2;\nz = y + 1;\nw = z(1);", "<cell>", {})
    (window,) = code.windows
    names = [code.varnames[r] for r in window.outputs]
    assert names == ["y", "z"] or sorted(names) == ["y", "z"]
    assert code.slot("x") in window.inputs
    assert code.ops[window.start - 1] == code.ops[window.start - 1]  # WINDOW precedes the span
    assert str(code).count("; window 0") == 1


def test_indexing_a_variable_in_a_loop_keeps_ownership_of_it():
    text = listing("A = zeros(1, 9); for k = 2:9, A(k) = A(k - 1) + 1; end")
    assert "DISOWN     A r" in text and "DISOWN     A -" not in text


def test_local_functions_are_listed_after_the_cell():
    text = listing("y = f(1);\nfunction r = f(x)\n  r = g(x) + 1;\nend\nfunction v = g(u)\n  v = u;\nend")
    assert "code <cell> (script)" in text and "code f (function)" in text and "code g (function)" in text
    assert "CALL       y 'f' (r2<1>) 1 f" in text and "CALLLOCAL  r" in text


def test_a_window_never_holds_the_conditional_jump_of_a_branch():
    code = "a = f(-2);\nb = f(3);\nfunction y = f(x)\n  if x < 0\n    y = 1;\n  else\n    y = 0;\n  end\nend"
    s = Session()
    s.vm.accel = RecordingAccel(accept=True)
    assert s.execute(code).error is None
    assert s.get("a")[0, 0] == 1.0 and s.get("b")[0, 0] == 0.0
