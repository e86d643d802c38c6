% Monte-Carlo loop: M paths of a multiplicative random walk over T steps,
% S <- S .* exp(a + b .* randn(M, 1)). log(S) is then normal with mean T*a and standard deviation
% b*sqrt(T); the runner checks those statistics (each implementation draws its own random numbers).
% Parameters (run.py sets them; these defaults apply when the file runs alone):
if ~exist('M', 'var'), M = 2^21; T = 50; end
if ~exist('a', 'var'), a = -0.02; b = 0.2; end
if ~exist('cls', 'var'), cls = 'double'; end

%% inputs
S0 = ones(M, 1, cls);

%% compute
S = S0;
for t = 1:T
    S = S .* exp(a + b .* randn(M, 1));
end
