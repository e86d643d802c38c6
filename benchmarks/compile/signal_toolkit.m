function report = signal_toolkit(n, opts)
%SIGNAL_TOOLKIT  Analyse a synthetic signal: filter, detect peaks, fit, summarise.
%   report = signal_toolkit(n) analyses n samples with the default options.
%   report = signal_toolkit(n, opts) takes a struct of options (see default_options).
%
%   This file is the "realistic function file" of benchmarks/compile: about 600 lines of the kind of
%   code people keep in .m files (loops, branches, struct and cell bookkeeping, string building, local
%   functions), used to time each build stage. It also runs: signal_toolkit(200) returns a struct.
if nargin < 1
    n = 500;
end
if nargin < 2
    opts = default_options();
else
    opts = merge_options(default_options(), opts);
end
t = (0:n-1) / opts.rate;
x = make_signal(t, opts);
y = moving_average(x, opts.window);
z = lowpass(y, opts.alpha);
[peaks, where] = find_peaks(z, opts.threshold);
coeffs = poly_fit(t, z, opts.degree);
fitted = poly_eval(coeffs, t);
residual = z - fitted;
stats = describe(residual);
bands = band_energy(x, opts.bands);
labels = classify_peaks(peaks, opts);
report = struct();
report.n = n;
report.peaks = peaks;
report.where = where;
report.coeffs = coeffs;
report.stats = stats;
report.bands = bands;
report.labels = labels;
report.text = summary_text(report, opts);
report.histogram = histogram_counts(residual, opts.bins);
report.runs = run_lengths(z > mean(z));
report.checksum = checksum(x);
if opts.verbose
    fprintf('%s\n', report.text);
end
end

function opts = default_options()
opts = struct();
opts.rate = 100;
opts.window = 5;
opts.alpha = 0.25;
opts.threshold = 0.5;
opts.degree = 3;
opts.bands = [0 5; 5 15; 15 50];
opts.bins = 10;
opts.verbose = false;
opts.noise = 0.1;
opts.seed = 7;
opts.frequencies = [1.5 4 11];
opts.amplitudes = [1 0.5 0.25];
opts.names = {'low', 'mid', 'high'};
end

function out = merge_options(base, extra)
out = base;
names = fieldnames(extra);
for k = 1:numel(names)
    name = names{k};
    if ~isfield(base, name)
        error('signal_toolkit:badOption', 'Unknown option ''%s''.', name);
    end
    value = extra.(name);
    if isnumeric(base.(name)) && ~isnumeric(value)
        error('signal_toolkit:badOption', 'Option ''%s'' must be numeric.', name);
    end
    out.(name) = value;
end
end

function x = make_signal(t, opts)
x = zeros(size(t));
for k = 1:numel(opts.frequencies)
    f = opts.frequencies(k);
    a = opts.amplitudes(k);
    x = x + a * sin(2 * pi * f * t);
end
state = opts.seed;
for k = 1:numel(x)
    state = mod(state * 1103515245 + 12345, 2^31);
    u = state / 2^31;
    x(k) = x(k) + opts.noise * (2 * u - 1);
end
end

function y = moving_average(x, w)
n = numel(x);
y = zeros(1, n);
acc = 0;
count = 0;
for k = 1:n
    acc = acc + x(k);
    count = count + 1;
    if k > w
        acc = acc - x(k - w);
        count = count - 1;
    end
    y(k) = acc / count;
end
end

function z = lowpass(y, alpha)
z = y;
for k = 2:numel(y)
    z(k) = alpha * y(k) + (1 - alpha) * z(k - 1);
end
end

function [values, where] = find_peaks(z, threshold)
values = [];
where = [];
n = numel(z);
k = 2;
while k < n
    if z(k) > z(k - 1) && z(k) >= z(k + 1) && z(k) > threshold
        values(end + 1) = z(k);
        where(end + 1) = k;
        k = k + 2;
    else
        k = k + 1;
    end
end
end

function c = poly_fit(t, z, degree)
n = numel(t);
V = ones(n, degree + 1);
for j = 2:degree + 1
    V(:, j) = V(:, j - 1) .* t(:);
end
c = V \ z(:);
end

function v = poly_eval(c, t)
v = zeros(size(t));
for j = numel(c):-1:1
    v = v .* t + c(j);
end
end

function s = describe(r)
s = struct();
s.mean = mean(r);
s.std = std(r);
s.min = min(r);
s.max = max(r);
s.median = median(r);
s.rms = sqrt(mean(r .^ 2));
s.range = s.max - s.min;
if s.std > 0
    s.skew = mean((r - s.mean) .^ 3) / s.std ^ 3;
    s.kurtosis = mean((r - s.mean) .^ 4) / s.std ^ 4;
else
    s.skew = 0;
    s.kurtosis = 0;
end
end

function e = band_energy(x, bands)
n = numel(x);
X = abs(fft(x)) .^ 2 / n;
freqs = (0:n-1) * (100 / n);
e = zeros(1, size(bands, 1));
for b = 1:size(bands, 1)
    lo = bands(b, 1);
    hi = bands(b, 2);
    mask = freqs >= lo & freqs < hi;
    e(b) = sum(X(mask));
end
total = sum(e);
if total > 0
    e = e / total;
end
end

function labels = classify_peaks(peaks, opts)
labels = cell(1, numel(peaks));
for k = 1:numel(peaks)
    p = peaks(k);
    if p > 2 * opts.threshold
        labels{k} = opts.names{3};
    elseif p > 1.5 * opts.threshold
        labels{k} = opts.names{2};
    else
        labels{k} = opts.names{1};
    end
end
end

function text = summary_text(report, opts)
parts = {};
parts{end + 1} = sprintf('samples: %d', report.n);
parts{end + 1} = sprintf('peaks: %d', numel(report.peaks));
if ~isempty(report.peaks)
    parts{end + 1} = sprintf('highest peak: %.3f at %d', max(report.peaks), report.where(1));
end
parts{end + 1} = sprintf('residual rms: %.4f', report.stats.rms);
for b = 1:numel(report.bands)
    parts{end + 1} = sprintf('band %d (%s): %.1f%%', b, opts.names{b}, 100 * report.bands(b));
end
text = strjoin(parts, newline);
end

function counts = histogram_counts(r, bins)
lo = min(r);
hi = max(r);
counts = zeros(1, bins);
if hi == lo
    counts(1) = numel(r);
    return
end
width = (hi - lo) / bins;
for k = 1:numel(r)
    b = floor((r(k) - lo) / width) + 1;
    if b > bins
        b = bins;
    end
    counts(b) = counts(b) + 1;
end
end

function runs = run_lengths(mask)
runs = [];
if isempty(mask)
    return
end
current = mask(1);
len = 1;
for k = 2:numel(mask)
    if mask(k) == current
        len = len + 1;
    else
        runs(end + 1) = len;
        current = mask(k);
        len = 1;
    end
end
runs(end + 1) = len;
end

function h = checksum(x)
h = 0;
for k = 1:numel(x)
    q = round(abs(x(k)) * 1000);
    h = mod(h * 31 + q, 1000003);
end
end

function m = moving_median(x, w)
n = numel(x);
m = zeros(1, n);
half = floor(w / 2);
for k = 1:n
    lo = max(1, k - half);
    hi = min(n, k + half);
    m(k) = median(x(lo:hi));
end
end

function [q, r] = divide_poly(a, b)
q = zeros(1, max(numel(a) - numel(b) + 1, 1));
r = a;
while numel(r) >= numel(b) && any(r)
    shift = numel(r) - numel(b);
    factor = r(1) / b(1);
    q(end - shift) = factor;
    r(1:numel(b)) = r(1:numel(b)) - factor * b;
    r = r(2:end);
end
end

function s = format_table(names, values)
width = 0;
for k = 1:numel(names)
    width = max(width, length(names{k}));
end
lines = cell(1, numel(names));
for k = 1:numel(names)
    pad = repmat(' ', 1, width - length(names{k}));
    lines{k} = [names{k}, pad, ' : ', num2str(values(k), '%.4g')];
end
s = strjoin(lines, newline);
end

function out = normalise_rows(A)
out = A;
for i = 1:size(A, 1)
    nrm = norm(A(i, :));
    if nrm > eps
        out(i, :) = A(i, :) / nrm;
    end
end
end

function [best, index] = nearest_value(values, target)
best = Inf;
index = 0;
for k = 1:numel(values)
    d = abs(values(k) - target);
    if d < best
        best = d;
        index = k;
    end
end
if index == 0
    warning('signal_toolkit:empty', 'No values to search.');
end
end

function y = clip(x, lo, hi)
y = x;
y(y < lo) = lo;
y(y > hi) = hi;
end

function out = resample_linear(x, factor)
n = numel(x);
m = (n - 1) * factor + 1;
out = zeros(1, m);
for k = 1:m
    pos = (k - 1) / factor + 1;
    i = floor(pos);
    frac = pos - i;
    if i >= n
        out(k) = x(n);
    else
        out(k) = (1 - frac) * x(i) + frac * x(i + 1);
    end
end
end

function kind = describe_shape(A)
[r, c] = size(A);
if r == 0 || c == 0
    kind = 'empty';
elseif r == 1 && c == 1
    kind = 'scalar';
elseif r == 1
    kind = 'row';
elseif c == 1
    kind = 'column';
elseif r == c
    kind = 'square';
else
    kind = 'matrix';
end
end

function value = lookup_unit(name)
switch lower(name)
    case {'s', 'sec', 'second'}
        value = 1;
    case {'ms', 'millisecond'}
        value = 1e-3;
    case {'us', 'microsecond'}
        value = 1e-6;
    case 'min'
        value = 60;
    case {'h', 'hour'}
        value = 3600;
    otherwise
        error('signal_toolkit:unit', 'Unknown unit "%s".', name);
end
end

function total = safe_sum(c)
total = 0;
for k = 1:numel(c)
    try
        v = c{k};
        if ischar(v)
            v = str2double(v);
        end
        if isnan(v)
            continue
        end
        total = total + v;
    catch err
        fprintf('skipped element %d: %s\n', k, err.message);
    end
end
end

function counts = word_counts(text)
words = strsplit(lower(text), ' ');
counts = struct();
for k = 1:numel(words)
    w = regexprep(words{k}, '[^a-z]', '');
    if isempty(w)
        continue
    end
    if isfield(counts, w)
        counts.(w) = counts.(w) + 1;
    else
        counts.(w) = 1;
    end
end
end

function A = tridiagonal(n, a, b, c)
A = zeros(n);
for i = 1:n
    A(i, i) = b;
    if i > 1
        A(i, i - 1) = a;
    end
    if i < n
        A(i, i + 1) = c;
    end
end
end

function x = thomas_solve(a, b, c, d)
n = numel(d);
cp = zeros(1, n);
dp = zeros(1, n);
cp(1) = c(1) / b(1);
dp(1) = d(1) / b(1);
for i = 2:n
    m = b(i) - a(i) * cp(i - 1);
    if i < n
        cp(i) = c(i) / m;
    end
    dp(i) = (d(i) - a(i) * dp(i - 1)) / m;
end
x = zeros(1, n);
x(n) = dp(n);
for i = n-1:-1:1
    x(i) = dp(i) - cp(i) * x(i + 1);
end
end

function [root, steps] = newton_root(f, df, x0, tol, maxit)
if nargin < 4
    tol = 1e-10;
end
if nargin < 5
    maxit = 50;
end
root = x0;
steps = 0;
for k = 1:maxit
    fx = f(root);
    d = df(root);
    if d == 0
        error('signal_toolkit:flat', 'Zero derivative at x = %g.', root);
    end
    delta = fx / d;
    root = root - delta;
    steps = k;
    if abs(delta) < tol * max(1, abs(root))
        return
    end
end
warning('signal_toolkit:noConvergence', 'Newton did not converge in %d steps.', maxit);
end

function [t, y] = rk4(f, tspan, y0, h)
t = tspan(1):h:tspan(2);
y = zeros(numel(y0), numel(t));
y(:, 1) = y0(:);
for k = 1:numel(t) - 1
    tk = t(k);
    yk = y(:, k);
    k1 = f(tk, yk);
    k2 = f(tk + h / 2, yk + h / 2 * k1);
    k3 = f(tk + h / 2, yk + h / 2 * k2);
    k4 = f(tk + h, yk + h * k3);
    y(:, k + 1) = yk + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4);
end
end

function area = trapezoid(x, y)
area = 0;
for k = 1:numel(x) - 1
    area = area + (x(k + 1) - x(k)) * (y(k) + y(k + 1)) / 2;
end
end

function area = simpson(f, a, b, n)
if mod(n, 2) == 1
    n = n + 1;
end
h = (b - a) / n;
area = f(a) + f(b);
for k = 1:n - 1
    x = a + k * h;
    if mod(k, 2) == 1
        area = area + 4 * f(x);
    else
        area = area + 2 * f(x);
    end
end
area = area * h / 3;
end

function s = to_roman(n)
values = [1000 900 500 400 100 90 50 40 10 9 5 4 1];
symbols = {'M', 'CM', 'D', 'CD', 'C', 'XC', 'L', 'XL', 'X', 'IX', 'V', 'IV', 'I'};
s = '';
for k = 1:numel(values)
    while n >= values(k)
        s = [s, symbols{k}];
        n = n - values(k);
    end
end
end

function b = is_prime(n)
b = n >= 2;
if n < 4
    return
end
if mod(n, 2) == 0
    b = false;
    return
end
d = 3;
while d * d <= n
    if mod(n, d) == 0
        b = false;
        return
    end
    d = d + 2;
end
end

function p = primes_below(n)
sieve = true(1, n);
sieve(1) = false;
for k = 2:floor(sqrt(n))
    if sieve(k)
        sieve(k*k:k:n) = false;
    end
end
p = find(sieve);
end

function g = gcd_pair(a, b)
while b ~= 0
    r = mod(a, b);
    a = b;
    b = r;
end
g = abs(a);
end

function out = cumulative_max(x)
out = x;
for k = 2:numel(x)
    if out(k - 1) > out(k)
        out(k) = out(k - 1);
    end
end
end

function M = pairwise_distance(P)
n = size(P, 1);
M = zeros(n);
for i = 1:n
    for j = i + 1:n
        d = sqrt(sum((P(i, :) - P(j, :)) .^ 2));
        M(i, j) = d;
        M(j, i) = d;
    end
end
end

function [centres, assign] = kmeans_simple(P, k, iters)
n = size(P, 1);
centres = P(1:k, :);
assign = zeros(n, 1);
for it = 1:iters
    for i = 1:n
        best = Inf;
        for c = 1:k
            d = sum((P(i, :) - centres(c, :)) .^ 2);
            if d < best
                best = d;
                assign(i) = c;
            end
        end
    end
    for c = 1:k
        members = P(assign == c, :);
        if ~isempty(members)
            centres(c, :) = mean(members, 1);
        end
    end
end
end

function s = join_numbers(v, sep)
if nargin < 2
    sep = ', ';
end
s = '';
for k = 1:numel(v)
    if k > 1
        s = [s, sep];
    end
    s = [s, num2str(v(k))];
end
end
