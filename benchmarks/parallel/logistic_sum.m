function s = logistic_sum(x, m)
% LOGISTIC_SUM  m steps of the logistic map from x, summed: a CPU-bound scalar loop (the parallel
% benchmark's iteration body).
s = 0;
for j = 1:m
    x = 3.9 * x * (1 - x);
    s = s + x;
end
end
