% A particle-swarm-like loop on 1-by-2 rows: elementwise arithmetic and max/min clamps of small vectors
% (a corpus program's pattern, docs/testing.md's ninth round), 20,000 iterations.
x = [0.3 0.7]; v = [0.01 -0.02]; lo = [0 0]; hi = [1 1]; top = x; checksum = 0;
for k = 1:20000
    v = 0.9 * v + 0.01 * (top - x) + 0.001 * [cos(k) sin(k)];
    x = max(min(x + v, hi), lo);
    if x(1) > top(1), top = x; end
    checksum = checksum + x(1) + x(2);
end
