"""Single pow's f64 core (m32_pow_positive in rounded_ops.wgsl) holds the polynomials that
benchmarks/gpu/pow32_poly.py generates, and they are as accurate as the function's error budget says.
No GPU needed."""
import sys
from pathlib import Path

from engine.accel.shaders import source

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks" / "gpu"))
import pow32_poly  # noqa: E402


def test_library_holds_the_generated_constants():
    assert pow32_poly.wgsl() in source("rounded_ops")


def test_polynomials_within_the_budget():
    log_error, exp_error = pow32_poly.errors(1000)
    assert log_error < -35.7 and exp_error < -34.0, (log_error, exp_error)
