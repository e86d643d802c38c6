"""The harness itself: canonical forms and comparisons must tell wrong values apart."""
import numpy as np

from engine.runtime.values import CellArray, CharArray, StructArray
from harness import C, Cell, D, L, St, StArr, canon, nan, num, same


def test_canonical_forms():
    assert canon(np.array([[1.0, 2.0], [3.0, 4.0]])) == D([1, 3, 2, 4], (2, 2))
    assert canon(True) == L(1) and canon(CharArray.from_str("ab")) == C("ab")
    data = np.empty((1, 2), dtype=object)
    data[0, 0], data[0, 1] = 1.0, CharArray.from_str("x")
    assert same(canon(CellArray(data)), Cell([D(1), C("x")]))
    assert same(canon(StructArray.scalar({"a": 1.0})), St(a=D(1)))


def test_mismatches_are_caught():
    assert not same(D([1, 2]), D([1, 2], (2, 1)))                 # size
    assert not same(num("int8", [1]), D(1))                        # class
    assert not same(D(1.0), D(1.0 + 1e-9))                         # value
    assert not same(L(1), num("uint8", 1))
    assert not same(D(nan), D(0)) and same(D(nan), D(nan))
    assert not same(St(a=D(1), b=D(2)), St(b=D(2), a=D(1)))        # field order
    assert not same(StArr(["a"], [[D(1)], [D(2)]]), StArr(["a"], [[D(1)], [D(3)]]))
    assert not same(Cell([C("a")]), Cell([C("b")]))
    assert same(D(0.1 + 0.2), D(0.3))                               # 1e-12 relative
