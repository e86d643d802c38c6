"""Every loop runs both ways, in the interpreter and compiled by tier 2, and the two agree exactly:
values, classes, sizes, NaN and signed zeros, printed output, and errors (identifier, message, line,
column), including where tier 2 hands control back in the middle of a loop."""
import pytest

from tier2help import both_ways, compiled, reasons

COMPILED = {
    "scalar arithmetic, mod and a branch": """
        s = 0;
        for i = 1:2000
            t = i * 0.5 + 3;
            if mod(i, 3) == 0
                s = s + t;
            else
                s = s - 1;
            end
        end""",
    "nested fill with end, abs, continue and &&": """
        n = 40; A = zeros(n, n);
        for i = 1:n
            for j = 1:n
                if j > 35 && i < 3, continue; end
                A(i, j) = i * 2 + j / 3 - abs(i - j) + A(end, 1);
            end
        end""",
    "while with break": """
        k = 0; total = 0;
        while k < 1000
            k = k + 1;
            total = total + 1 / k;
            if total > 5, break; end
        end""",
    "logical matrix and logical scalars": """
        L = false(1, 60); c = 0; any3 = false;
        for k = 1:60
            L(k) = mod(k, 3) == 0 | k > 55;
            any3 = any3 | (L(k) & ~(k > 50));
        end
        for k = 1:60
            if L(k), c = c + 1; end
        end""",
    "rounding, min, max, sign, rem with negatives and zeros": """
        r = zeros(8, 13);
        for k = -6:6
            x = k / 4;
            c = k + 7;
            r(1, c) = round(x); r(2, c) = fix(x); r(3, c) = floor(x); r(4, c) = ceil(x);
            r(5, c) = sign(x); r(6, c) = rem(k, 4); r(7, c) = mod(k, -4); r(8, c) = max(x, -x) + min(x, 0);
        end""",
    "IEEE division, Inf and NaN": """
        v = zeros(1, 24); z = 0;
        for k = 1:6
            v(k) = 1 / (k - 3); v(k + 6) = (k - 3) / 0; v(k + 12) = 0 * (1 / (k - 3));
            v(k + 18) = max(NaN, k) + min(k, NaN) + isnan(v(k + 12)) + isinf(v(k + 6));
            z = z + sqrt(k) + sin(k) * cos(k) + pi * eps;
        end""",
    "numel, size, length and end": """
        A = reshape(1:24, 4, 6); s = 0;
        for k = 1:numel(A)
            s = s + A(k) * size(A, 2) + length(A) + A(end) + A(end, 1) + size(A, 3);
        end""",
    "a for range with a step, a negative step and a loop variable after the loop": """
        s = 0; q = 0;
        for k = 10:-3:-20, s = s + k; end
        for m = 1:7:100, q = q + m ^ 2 - 2 .^ (m / 7); end
        last = k + m;""",
    "a variable first assigned inside the loop": """
        for k = 1:50
            t = k * 2;
            u = t + 1;
        end""",
    "a function with a loop and an early return": """
        r = firstover(1000);
        function k = firstover(n)
            k = 0; acc = 0;
            for k = 1:n
                acc = acc + k;
                if acc > 300, return; end
            end
        end""",
    "calls of user functions (a local function, nested calls, a loop inside)": """
        s = 0;
        for i = 1:300
            s = s + step4(i) - twice(i / 3) + tri(mod(i, 5));
        end
        function y = step4(x)
            y = x / 4;
        end
        function y = twice(x)
            y = step4(x) * 8;
        end
        function t = tri(n)
            t = 0;
            for k = 1:n
                t = t + k;
            end
        end""",
    "unary operators, transposes and left division": """
        a = 0; b = true;
        for k = 1:30
            a = -a + (k' \\ 3) + +k;
            b = ~b;
        end""",
}


NATIVE_LOOPS = {
    "a fill whose inner loop is one block": """
        n = 30; A = zeros(n, n);
        for i = 1:n
            for j = 1:n
                A(i, j) = i * j + sin(i);
            end
            A(i, 1) = -A(i, 1);
        end
        checksum = sum(A(:));""",
    "a one-block loop, then code after it": """
        s = 0;
        for k = 10:-3:-20
            s = s * 0.5 + k;
        end
        t = s + 1;""",
    "a function whose loop is one block, called from a loop": """
        t = 0;
        for r = 1:30
            t = t + tri(r) - tri(r - 1);
        end
        function s = tri(n)
          s = 0;
          for k = 1:n
            s = s + k;
          end
        end""",
    "branches, continue and break in while loops nested in a while loop": """
        s = 0; k = 0;
        while true
            k = k + 1;
            if k > 200, break; end
            if mod(k, 7) == 0
                continue;
            elseif mod(k, 5) == 0 || k < 3
                s = s - k;
            else
                j = 0;
                while j < mod(k, 4)
                    j = j + 1;
                    s = s + j;
                    if s > 1e6, break; end
                end
            end
        end""",
    "fills over descending ranges (integer twins with negative steps)": """
        A = zeros(5, 7);
        for j = 7:-1:1
            for i = 5:-2:1
                A(i, j) = i - j;
            end
        end
        v = zeros(1, 9);
        for k = 9:-1:1, v(k) = k ^ 2 + A(1, mod(k, 7) + 1); end""",
    "an inner loop past 2^18 iterations (polls enter again at the inner loop's header)": """
        A = zeros(3, 4); s = 0;
        for i = 1:3
            for j = 1:100000
                s = s + mod(j, 3);
            end
            A(i, 1) = s;
            for j = 1:4
                A(i, j) = A(i, j) + i * j;
            end
        end""",
    "polls entering again three loops deep, inside the then arm of a branch": """
        A = zeros(4, 3); s = 0;
        for i = 1:4
            if mod(i, 2) == 0
                for j = 1:3
                    for k = 1:100000
                        s = s + mod(k, 5);
                    end
                    A(i, j) = s;
                end
            else
                t = 0;
                while t < 40000 * i
                    t = t + 1;
                end
                for j = 1:3
                    A(i, j) = -i * j + t;
                end
            end
        end""",
    "a poll entering again in a while loop inside the else arm of a branch": """
        A = zeros(4, 3); s = 0;
        for i = 1:4
            if mod(i, 2) == 0
                for j = 1:3
                    for k = 1:50000
                        s = s + mod(k, 5);
                    end
                    A(i, j) = s;
                end
            else
                t = 0;
                while t < 40000 * i
                    t = t + 1;
                end
                for j = 1:3
                    A(i, j) = -i * j + t;
                end
            end
        end""",
    "a function whose one-block loop passes 2^18 iterations (handed back)": """
        t = 0;
        for r = 1:2
            t = t + tri(150000 * r);
        end
        function s = tri(n)
          s = 0;
          for k = 1:n
            s = s + k;
          end
        end""",
}


@pytest.mark.parametrize("name", sorted(NATIVE_LOOPS))
def test_loops_run_as_native_loops_and_agree(name):
    """Loops are native while loops in the generated code (codegen.Generator.structured_loop), inner
    loops nested in them; values, hand-backs and polls are the interpreter's."""
    _, r1, s2, _ = both_ways(NATIVE_LOOPS[name])
    assert r1.error is None, r1.error.report()
    assert any(v.plan.source.split("blk = entry\n    while True:\n", 1)[1].count("while True:   # ") >= 1
               for v in compiled(s2)), reasons(s2)


@pytest.mark.parametrize("name", sorted(COMPILED))
def test_compiled_loop_agrees_with_the_interpreter(name):
    _, r1, s2, _ = both_ways(COMPILED[name])
    assert r1.error is None, r1.error.report()
    assert compiled(s2), reasons(s2)


HANDED_BACK = {
    "an index past the end (the error and its line)": """
        A = zeros(3); s = 0;
        for k = 1:5
            s = s + k;
            s = s + A(k, 1);
        end""",
    "a fractional index": """
        v = 1:10; s = 0;
        for k = 1:10
            s = s + v(k / 2);
        end""",
    "a loop variable the body makes fractional, as an index": """
        v = 1:10; s = 0;
        for k = 1:4
            k = k - 0.5;
            s = s + v(k);
        end""",
    "a for variable read as an index before its loop (only the inner loop compiles), fractional": """
        v = 1:10; s = 0; j = 2.5;
        for i = 1:3
            s = s + v(j);
            for j = 1:2
                s = s + v(j) * i;
            end
        end""",
    "a for variable read as an index before its loop (only the inner loop compiles), and after it": """
        A = zeros(4); j = 0.5;
        for i = 1:4
            A(i, j * 2) = i;
            for j = 1:4
                A(i, j) = A(i, j) + j;
            end
            A(j, i) = -1;
        end""",
    "for values past 2^52 read as subscripts (integer twins cannot follow them)": """
        A = zeros(1, 3); s = 0;
        for k = 4503599627370490:4503599627370500
            s = s + 1;
            if s > 100, A(k) = 1; end
        end
        for i = 1:2
            for k = 2^53-4:2^53
                if i > 5, A(k) = 1; end
                s = s + 1;
            end
        end""",
    "an index of 0 from a descending for variable (the error and its line)": """
        A = zeros(2, 5);
        for k = 3:-1:0
            A(1, k) = k;
        end""",
    "an assignment that grows the matrix": """
        v = zeros(1, 3);
        for k = 1:40
            v(k) = k ^ 2;
        end""",
    "NaN as a condition": """
        x = 1; y = 0;
        for k = 1:5
            if k == 3, x = NaN; end
            if x, y = y + 1; end
        end""",
    "a complex power": """
        x = 0;
        for k = 1:6
            x = x + (-2) ^ (k / 2);
        end""",
    "a square root of a negative number": """
        x = 0;
        for k = 1:6
            x = x + sqrt(3 - k);
        end""",
    "inner loops that run zero times": """
        s = 0;
        for i = 1:6
            for j = 1:i - 1
                s = s + j;
            end
        end""",
    "a loop that runs zero times": """
        s = 5;
        for k = 1:0
            s = s + 1;
        end""",
    "NaN in a logical operator": """
        x = 0;
        for k = 1:4
            y = (k - 3) / (k - 3);
            x = x + (y & true);
        end""",
}


@pytest.mark.parametrize("name", sorted(HANDED_BACK))
def test_loop_handing_back_to_the_interpreter_agrees(name):
    both_ways(HANDED_BACK[name])


NOT_COMPILED = {
    "a variable changing class": ("x = 0; for k = 1:10, if k > 5, x = true; else, x = x + 1; end, end",
                                  "changes type"),
    "output": ("for k = 1:3, disp(k); end", "disp"),
    "a cell": ("c = {1, 2}; s = 0; for k = 1:2, s = s + c{k}; end", "holds cell 1x2"),
    "an int32 value": ("s = int32(0); for k = 1:3, s = s + 1; end", "int32"),
    "a user function with output": ("s = 0; for k = 1:3, s = s + g(k); end\nfunction y = g(x)\n  disp(x);\n"
                                    "  y = x * 2;\nend", "g (called here) has a call of disp as a statement at its line 3"),
    "a recursive function": ("s = 0; for k = 1:3, s = s + f(k); end\nfunction y = f(x)\n  y = 1;\n"
                             "  if x > 1, y = x * f(x - 1); end\nend", "f calls itself"),
    "an undefined name": ("for k = 1:3, y = nosuchthing + 1; end", "before it is assigned"),
    "a for over a matrix": ("s = 0; for c = [1 2; 3 4], s = s + c(1); end", "for loop over an array"),
    "exp (numpy's last bit)": ("s = 0; for k = 1:3, s = s + exp(k); end", "exp"),
}


@pytest.mark.parametrize("name", sorted(NOT_COMPILED))
def test_loop_tier2_does_not_compile_says_why_and_agrees(name):
    code, why = NOT_COMPILED[name]
    _, _, s2, _ = both_ways(code)
    assert any(why in r for r in reasons(s2)), reasons(s2)
