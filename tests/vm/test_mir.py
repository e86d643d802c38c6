"""MIR: golden text, type/shape inference, fusion candidate regions, the pass pipeline."""
import textwrap

import pytest

from engine.frontend import parse
from engine.mir.lower import lower_program
from engine.mir.passes import PASSES, PIPELINE, compile_mir
from engine.session import Session


def mir(code: str, session: Session | None = None) -> str:
    return (session or Session()).mir(textwrap.dedent(code).strip())


def golden(text: str) -> str:
    return textwrap.dedent(text).strip("\n")


def test_golden_script_with_branch_and_region():
    assert mir("""
        a = [1 2 3];
        b = a .* 2 + 1;
        if b(1) > 2
          disp(b)
        end
    """) == golden("""
        script <cell>:
          b0:
            %0:double[1,1] = const 1
            %1:double[1,1] = const 2
            %2:double[1,1] = const 3
            %3:double[1,3] = matrix rows=3 %0 %1 %2
            store a %3
            %4:double[1,3] = loadname a
            %5:double[1,1] = const 2
            ; fusion region 0 [elementwise]
            %6:double[1,3] = binop .* %4 %5
            %7:double[1,1] = const 1
            %8:double[1,3] = binop + %6 %7
            store b %8
            ; end region 0
            %9:double[1,1] = const 1
            %10:double[1,1] = callname b nargout=1 %9
            %11:double[1,1] = const 2
            %12:logical[1,1] = binop > %10 %11
            branch %12 ? b1 : b2
          b1:
            %13:double[1,3] = loadname b
            %14:? = callname disp nargout=0 %13
            setans show %14
            jump b2
          b2:
            return
    """)


def test_golden_function_with_loop_uses_static_names():
    assert mir("""
        y = g(2);
        function r = g(x)
          r = x;
          for k = 1:3
            r = r + k;
          end
        end
    """) == golden("""
        script <cell>:
          b0:
            %0:double[1,1] = const 2
            %1:? = callname g nargout=1 %0
            store y %1
            return

        function g(x) -> [r]:
          b0:
            %0:? = load x
            store r %0
            %1:double[1,1] = const 1
            %2:double[1,1] = const 3
            %3:double[1,1] = rangeiter %1 %2
            jump b1
          b1:
            fornext %3 -> k ? b2 : b3
          b2:
            %4:? = load r
            %5:double[1,1] = load k
            ; fusion region 0 [elementwise]
            %6:? = binop + %4 %5
            store r %6
            ; end region 0
            jump b1
          b3:
            return
    """)


def test_golden_comma_lists_handles_and_indexed_store():
    assert mir("""
        c = {1, 'a'};
        [p, q] = c{:};
        f = @(t) t + p;
        s.x(2) = q;
    """) == golden("""
        script <cell>:
          b0:
            %0:double[1,1] = const 1
            %1:char[1,1] = const 'a'
            %2:cell[1,2] = cell rows=2 %0 %1
            store c %2
            %3:cell[1,2] = loadname c
            %4:? = const ':'
            %5:? = cellindex %3 %4
            %6:? = out 0 %5
            store p %6
            %7:? = out 1 %5
            store q %7
            %8:function_handle[1,1] = anon @(t)t+p
            store f %8
            %9:? = loadname q
            %10:double[1,1] = const 2
            setindex s.x(%10) = %9
            return
    """)


def types_of(text: str, name: str) -> str:
    """The type printed for the temporary stored into ``name`` (last store)."""
    lines = text.splitlines()
    temp = [ln.split()[-1] for ln in lines if ln.strip().startswith(f"store {name} ")][-1]
    return [ln.split("=")[0].strip().split(":", 1)[1] for ln in lines if ln.strip().startswith(temp + ":")][0]


@pytest.mark.parametrize("code, name, expected", [
    ("x = zeros(3, 4);", "x", "double[3,4]"),
    ("x = ones(2);", "x", "double[2,2]"),
    ("x = rand(3, 1) + zeros(1, 5);", "x", "double[3,5]"),
    ("x = rand(3, 4) * rand(4, 2);", "x", "double[3,2]"),
    ("x = sum(rand(3, 4));", "x", "double[1,4]"),
    ("x = rand(3, 4)';", "x", "double[4,3]"),
    ("x = 1:5;", "x", "double[1,5]"),
    ("x = [1 2; 3 4] > 2;", "x", "logical[2,2]"),
    ("x = [zeros(2, 3), ones(2)];", "x", "double[2,5]"),
    ("x = int8(5) + 1;", "x", "?"),
    ("x = 'abc';", "x", "char[1,3]"),
    ("x = {1, 2; 3, 4};", "x", "cell[2,2]"),
    ("x = 2i * 3;", "x", "cdouble[1,1]"),
    ("if rand > 0.5, x = zeros(3, 4); else, x = zeros(3, 5); end, y = x;", "y", "double[3,?]"),
    ("if rand > 0.5, x = zeros(3, 4); else, x = 'a'; end, y = x;", "y", "?"),
])
def test_type_and_shape_inference(code, name, expected):
    assert types_of(mir(code), name) == expected


def test_workspace_values_seed_types():
    s = Session()
    s.execute("A = zeros(5, 6);")
    assert types_of(s.mir("B = A .* 2;"), "B") == "double[5,6]"


def regions(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if "fusion region" in ln]


def test_fusion_region_spans_statements_until_a_barrier():
    text = mir("""
        x = rand(100, 1);
        y = x .* 2;
        z = exp(y) + 1;
        s = sum(z);
        x(3) = 0;
        w = x - 1;
    """)
    assert regions(text) == ["; fusion region 0 [elementwise, reduction]", "; fusion region 1 [elementwise]"]
    body = text.split("; fusion region 0")[1].split("; end region 0")[0]
    assert "store y" in body and "store z" in body and "store s" in body and "setindex" not in body


def test_scalar_only_code_and_shadowed_builtins_are_not_candidates():
    assert regions(mir("a = 1; b = a + 2 * a;")) == []
    assert regions(mir("exp = [1 2 3]; q = exp(2);")) == []


def test_matmul_region():
    assert regions(mir("a = rand(3); b = a * a + 1;")) == ["; fusion region 0 [matmul, elementwise]"]


def test_dump_after_pass_prints_mir(monkeypatch, capsys):
    monkeypatch.setenv("MATFUSE_DUMP_AFTER", "infer")
    Session().mir("x = 1 + 2;")
    err = capsys.readouterr().err
    assert "--- MIR after infer ---" in err and "%2:double[1,1] = binop + %0 %1" in err


def test_pipeline_passes_are_named_and_registered():
    assert PIPELINE == ("prune", "parfor", "infer", "fusion") and all(name in PASSES for name in PIPELINE)


@pytest.mark.parametrize("verifying", ["1", "0"])
def test_verifier_names_the_pass_that_broke_the_mir_when_on(monkeypatch, verifying):
    """MATFUSE_VERIFY_MIR (on in the test suite) checks the MIR after every pass; a build without it skips
    the check."""
    def assign_twice(state):
        block = state.module.main.blocks[0]
        block.instrs.append(block.instrs[0])            # %0 assigned a second time
    monkeypatch.setenv("MATFUSE_VERIFY_MIR", verifying)
    monkeypatch.setitem(PASSES, "parfor", assign_twice)
    if verifying == "1":
        with pytest.raises(AssertionError, match="MIR verify after parfor: %0 assigned twice"):
            compile_mir(lower_program(parse("x = 1;", "t"), "t"))
    else:
        compile_mir(lower_program(parse("x = 1;", "t"), "t"))


def test_unreachable_code_after_return_is_pruned():
    text = mir("y = f();\nfunction r = f()\n  r = 1;\n  return\n  r = 2;\nend")
    assert "const 2" not in text.split("function f")[1]
