% Issue 12's CPU chain: a 2M-element vector through exp, cos, sin and tanh, four stored results and a
% sum. On device "cpu" it is one fusion window that a host kernel runs block by block on every core
% (docs/fusion.md, host kernels). cpu_chain.py sets n and cls; these defaults apply when it runs alone.
if ~exist('n', 'var'), n = 2^21; end
if ~exist('cls', 'var'), cls = 'double'; end
x = feval(cls, linspace(-3, 3, n))';
u = exp(-x.^2/2).*cos(4*x); v = u.*u + 0.5*sin(x); w = tanh(v) - 0.25*u; r = sum(w);
