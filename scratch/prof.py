"""Profile the user-path chain cells: wall time per run, GPU time per run (timestamp queries)."""
import sys, time, json
from engine.session import Session
CELLS = {
 "chain_single": "x = single(linspace(-3, 3, 2^{E}))';\nu = exp(-x.^2/2).*cos(4*x); v = u.*u + 0.5*sin(x); w = tanh(v) - 0.25*u; r = sum(w);",
 "chain": "x = linspace(-3, 3, 2^{E})';\nu = exp(-x.^2/2).*cos(4*x); v = u.*u + 0.5*sin(x); w = tanh(v) - 0.25*u; r = sum(w);",
}
out = {}
E = int(sys.argv[1]) if len(sys.argv) > 1 else 25
for name, code in CELLS.items():
    code = code.replace("{E}", str(E))
    s = Session()
    s.execute(code)
    prov = None
    from engine.accel import provider as P
    walls, gpus = [], []
    for k in range(6):
        acc = s._accel if hasattr(s, "_accel") else None
        t0 = time.perf_counter(); r = s.execute(code); t1 = time.perf_counter()
        walls.append(t1 - t0)
    rep = s.fusion_report("stats")["text/plain"]
    print(name, "best wall ms %.3f" % (1e3 * min(walls)), ["%.2f" % (1e3*w) for w in walls])
    print(rep)
    print("r =", s.get("r"))
