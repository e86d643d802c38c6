% A long elementwise chain: three statements, 20 operations, two inputs and two outputs (u, v) over
% n elements of class cls. Fused, it is one kernel that reads x and y once and writes u and v once.
% Parameters (run.py sets them; these defaults apply when the file runs alone):
if ~exist('n', 'var'), n = 2^24; end
if ~exist('cls', 'var'), cls = 'double'; end

%% inputs
k = (1:n)';
x = feval(cls, 2 * sin(0.001 * k));
y = feval(cls, cos(0.0007 * k) + 0.5);

%% compute
u = 1.5 .* x - y ./ 3;
v = exp(-0.5 .* u .^ 2) .* cos(2 .* u) + sqrt(abs(y) + 1);
u = log1p(x .^ 2) ./ (1 + u .^ 2) - 0.25 .* v;
