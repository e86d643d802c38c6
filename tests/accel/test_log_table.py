"""The table-driven logarithm of the f64 library's pow (m64_log_sum): the table the provider uploads
(engine/accel/log_table.py) and the series in f64_math.wgsl are what benchmarks/gpu/log_table.py
generates, and they have the properties the function's exactness relies on. No GPU needed."""
import math
import struct
import sys
from pathlib import Path

import mpmath as mp

from engine.accel import log_table as uploaded
from engine.accel.shaders import source

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks" / "gpu"))
import log_table  # noqa: E402


def test_library_holds_the_generated_table():
    assert uploaded.ROWS == tuple(log_table.table())
    assert log_table.wgsl() in source("f64_math")
    assert "array<vec3<f64>, 128>" in source("f64_math") and len(uploaded.ROWS) == log_table.INTERVALS


def test_upload_has_wgsl_layout():
    data = uploaded.table_bytes()
    assert len(data) == 32 * log_table.INTERVALS            # vec3<f64> has a 32-byte stride in storage
    assert struct.unpack_from("<4d", data, 32 * 75) == (*uploaded.ROWS[75], 0.0)


def test_reciprocals_have_nine_bits_and_logs_split_at_two_to_minus_43():
    for invc, hi, lo in log_table.table():
        assert (invc * 512).is_integer() and invc * 512 < 2 ** 10       # zhi (21 bits) * invc is exact
        assert (hi * 2 ** 43).is_integer()                             # k ln2_hi + hi is exact
        with mp.workprec(300):
            assert abs(mp.mpf(hi) + mp.mpf(lo) + mp.log(mp.mpf(invc))) < mp.mpf(2) ** -96


def test_intervals_around_one_have_c_one_and_r_stays_small():
    rows = log_table.table()
    assert all(rows[i][:2] == (1.0, 0.0) for i in log_table.UNIT)
    assert log_table.rmax(log_table.reciprocals()) < 0.0053


def test_series_within_two_to_minus_68_of_log1p():
    q = log_table.series()
    a = log_table.rmax(log_table.reciprocals())
    worst = 0.0
    with mp.workdps(50):
        for j in range(1, 400):
            r = mp.mpf(-a + 2 * a * j / 400)
            if r == 0:
                continue
            series = r - r * r / 2 + r ** 3 * sum(mp.mpf(c) * r ** n for n, c in enumerate(q))
            worst = max(worst, float(abs(series / mp.log1p(r) - 1)))
    assert math.log2(worst) < -68
