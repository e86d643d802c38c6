import time, sys
from engine.session import Session
from engine.accel.provider import current_provider
E = int(sys.argv[1]) if len(sys.argv) > 1 else 25
for cls in ("single", "double"):
    pre = "x = single(linspace(-3, 3, 2^%d))';\n" % E if cls == "single" else "x = linspace(-3, 3, 2^%d)';\n" % E
    code = pre + "u = exp(-x.^2/2).*cos(4*x); v = u.*u + 0.5*sin(x); w = tanh(v) - 0.25*u; r = sum(w);"
    s = Session()
    for _ in range(3): s.execute(code); current_provider().sync()
    p = current_provider()
    rows = []
    for _ in range(10):
        g0 = p.gpu_seconds()
        t0 = time.perf_counter(); s.execute(code); t1 = time.perf_counter(); p.sync(); t2 = time.perf_counter()
        g1 = p.gpu_seconds()
        rows.append((t2 - t0, t1 - t0, t2 - t1, g1 - g0))
    rows.sort()
    print(cls, "total/exec/sync/gpu ms (best 3):", [" ".join("%.3f" % (1e3 * v) for v in r) for r in rows[:3]])
    t0 = time.perf_counter(); p.sync(); print("empty sync ms %.3f" % (1e3 * (time.perf_counter() - t0)))
