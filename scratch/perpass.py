"""Per-dispatch GPU times of a benchmarks/fusion workload's compute section (one pass per dispatch)."""
import sys, time, re
import numpy as np
from engine.session import Session
from engine.accel import provider as P, timing as T
name, cls = sys.argv[1], sys.argv[2]
src = open(f"benchmarks/fusion/{name}.m").read()
inputs = src.split("%% compute")[0]
compute = src.split("%% compute")[1]
s = Session(device="gpu")
s.execute(f"cls = '{cls}'; " + (sys.argv[3] if len(sys.argv) > 3 else ""))
r = s.execute(inputs); assert r.error is None, r.error.report()
for _ in range(3):
    r = s.execute(compute); assert r.error is None, r.error.report()
prov = P.current_provider(); prov.sync()
log, durs = [], []
orig_dispatch, orig_fold = P.Provider.dispatch, T.PassTimer.fold
def dispatch(self, pipeline, buffers, uniform, workgroups):
    orig_dispatch(self, pipeline, buffers, uniform, workgroups)
    log.append((id(pipeline[0]) % 100000, workgroups, [getattr(b, "size", 0) for b in buffers]))
    self._encoder_now()          # end the pass: one pass per dispatch
def fold(self, data, taken):
    stamps = data[:sum(n for _, n in taken) * 8].view(np.uint64).astype(np.int64)
    durs.extend((stamps[1::2] - stamps[0::2]).tolist())
    orig_fold(self, data, taken)
P.Provider.dispatch, T.PassTimer.fold = dispatch, fold
t0 = time.perf_counter(); s.execute(compute); prov.sync(); t1 = time.perf_counter()
prov.gpu_seconds()
print(f"{name} {cls}: wall {1e3*(t1-t0):.3f} ms, {len(log)} dispatches, GPU total {sum(durs)/1e6:.3f} ms")
for (pid, wg, sizes), d in zip(log, durs):
    print(f"  pipe {pid:5d} wg {wg} bufs {[x>>20 for x in sizes]} MB  {d/1e3:8.1f} us")
print(s.fusion_report("plan")["text/plain"][:2500])
