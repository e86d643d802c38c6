% A pure-arithmetic elementwise chain (no transcendentals): three statements over n elements of class
% cls, two inputs and two outputs (u, v). Fused it is one kernel that reads x and y once and writes u
% and v once, so its speed is the memory's: the runner compares its bandwidth with a device copy.
% Parameters (run.py sets them; these defaults apply when the file runs alone):
if ~exist('n', 'var'), n = 2^24; end
if ~exist('cls', 'var'), cls = 'double'; end

%% inputs
k = (1:n)';
x = feval(cls, 2 * sin(0.001 * k));
y = feval(cls, cos(0.0007 * k) + 0.5);

%% compute
u = 1.5 .* x - y ./ 3;
v = (u .* u + 2) .* (x - 0.5 .* y) ./ (1 + y .* y);
u = u .* v - 0.25 .* x + abs(y);
