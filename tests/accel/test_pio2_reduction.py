"""The reduction of 2^20 <= x < 2^28 modulo pi/2 (m64_reduce_large): the library's parts of pi/2 are what
benchmarks/gpu/pio2_reduction.py generates, the closest double to a multiple of pi/2 below 2^28 is the
one its error analysis assumes, and its arithmetic (modelled in Python doubles) meets the stated bound.
No GPU needed (tests/accel/test_f64_math.py runs the library on these arguments)."""
import math
import sys
from pathlib import Path

from engine.accel.shaders import source
from test_f64_math import CLOSEST

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks" / "gpu"))
import pio2_reduction  # noqa: E402


def test_library_holds_the_generated_parts():
    text = source("f64_math")
    parts, tails = pio2_reduction.parts()
    for k, part in enumerate(parts, 1):
        assert f"const M64_PIO2_G{k}: f64 = {part!r};" in text
    # The remainders after the second and the fourth part, which the library takes from other constants.
    assert f"const M64_PIO2_DD = vec2<f64>(1.5707963267948966, {tails[1]!r});" in text
    assert f"const M64_PIO2_4: f64 = {tails[3]!r};" in text
    assert parts[0] + parts[1] == 1.5707963267948966 == math.pi / 2


def test_closest_double_below_two_to_the_28():
    found = [pio2_reduction.closest(e) for e in range(20, 29)]
    assert [c.x for c in found] == CLOSEST
    worst = min(found[:-1], key=lambda c: c.log2_bound)
    assert worst.x == 14461176.67027838 and worst.q == 9206271
    assert worst.log2_distance == worst.log2_bound and round(worst.log2_bound, 2) == -59.03


def test_model_meets_the_bound():
    errors = [pio2_reduction.model_error(x) for x in pio2_reduction.model_arguments(3000)]
    assert max(errors) < -64.6
