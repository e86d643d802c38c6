% Matrix multiply with an epilogue: Y = max(A*B .* s + bias, 0) for an m x k by k x n product of class
% cls, a scalar scale s and a 1 x n row bias.
% Parameters (run.py sets them; these defaults apply when the file runs alone):
if ~exist('m', 'var'), m = 4096; k = 4096; n = 4096; end
if ~exist('cls', 'var'), cls = 'single'; end

%% inputs
A = feval(cls, cos(0.011 * (1:m)' + 0.017 * (1:k)) / sqrt(k));
B = feval(cls, sin(0.013 * (1:k)' - 0.019 * (1:n)));
bias = feval(cls, 0.1 * sin(1:n));
s = 1.5;

%% compute
Y = max(A * B .* s + bias, 0);
