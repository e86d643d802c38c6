% Image normalisation of a batch of B images of H x W pixels (class cls): per-image mean and standard
% deviation over dimensions 2 and 3, normalise, gain, bias, clamp at 0, gamma.
% Parameters (run.py sets them; these defaults apply when the file runs alone):
if ~exist('B', 'var'), B = 16; H = 1080; W = 1920; end
if ~exist('cls', 'var'), cls = 'single'; end

%% inputs
b = (1:B)';
h = 1:H;
w = reshape(1:W, 1, 1, W);
imgs = feval(cls, 0.5 + 0.25 * sin(0.37 * b + 0.011 * h) .* cos(0.013 * w + 0.2 * b) ...
                  + 0.1 * sin(0.0007 * h .* w));
gain = 1.0123;
bias = -0.02;
gamma = 1.8;
eps0 = 1e-6;

%% compute
mu = mean(imgs, [2 3]);
sigma = sqrt(mean((imgs - mu) .^ 2, [2 3]) + eps0);
out = ((imgs - mu) ./ sigma) * gain + bias;
out = max(out, 0);
out = out .^ gamma;
