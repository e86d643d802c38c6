"""Parallel computing: parfor loops (loop.py), the pool of Dask workers (pool.py) and what runs on a
worker (worker.py). The classification of a parfor loop's variables is the compiler's
(engine/mir/parfor.py); this package only runs what it decided."""
