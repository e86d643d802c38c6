% Reductions over an m x n array of class cls: sum, mean, max, min along each dimension and over 'all',
% std along each dimension, and two reductions of elementwise producers.
% Parameters (run.py sets them; these defaults apply when the file runs alone):
if ~exist('m', 'var'), m = 4096; n = 4096; end
if ~exist('cls', 'var'), cls = 'double'; end

%% inputs
i = (1:m)';
j = 1:n;
X = feval(cls, 0.5 + 0.3 * sin(0.013 * i + 0.007 * j) + 0.1 * cos(0.0011 * i .* j));

%% compute
colsum = sum(X, 1);
rowsum = sum(X, 2);
rowmean = mean(X, 2);
colmax = max(X, [], 1);
rowmin = min(X, [], 2);
total = sum(X, 'all');
avg = mean(X, 'all');
peak = max(X, [], 'all');
colstd = std(X, 0, 1);
rowstd = std(X, 0, 2);
energy = sum(X .^ 2, 2);
absdev = mean(abs(X - rowmean), 2);
