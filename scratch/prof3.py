import time, sys
import engine.accel.provider as P
from engine.session import Session
E = int(sys.argv[1]) if len(sys.argv) > 1 else 25
orig = P.wait
def spin_wait(promise):
    event = getattr(promise, "_thread_event", None)
    prov = P.current_provider()
    if event is not None and prov is not None:
        end = time.perf_counter() + 0.005
        while not event.is_set() and time.perf_counter() < end:
            prov.device._poll(False)
    return orig(promise)
def block_wait(promise):
    prov = P.current_provider()
    if prov is not None:
        prov.device._poll_wait()
    return orig(promise)
code_s = "x = single(linspace(-3, 3, 2^%d))';\nu = exp(-x.^2/2).*cos(4*x); v = u.*u + 0.5*sin(x); w = tanh(v) - 0.25*u; r = sum(w);" % E
s = Session()
for _ in range(3): s.execute(code_s); P.current_provider().sync()
p = P.current_provider()
for name, fn in (("orig", orig), ("spin", spin_wait), ("block", block_wait), ("orig", orig), ("spin", spin_wait)):
    P.wait = fn
    rows = []
    for _ in range(10):
        t0 = time.perf_counter(); s.execute(code_s); t1 = time.perf_counter(); p.sync(); t2 = time.perf_counter()
        rows.append((t2 - t0, t1 - t0, t2 - t1))
    rows.sort()
    es = []
    for _ in range(10):
        t0 = time.perf_counter(); p.sync(); es.append(time.perf_counter() - t0)
    print(name, "total/exec/sync ms:", " | ".join(" ".join("%.3f" % (1e3 * v) for v in r) for r in rows[:3]), " empty sync min/med ms %.3f %.3f" % (1e3*min(es), 1e3*sorted(es)[5]))
