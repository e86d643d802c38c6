function A = swapcols(A, i, j)
% the function swap_calls.m calls: exchange columns i and j
    t = A(:, i);
    A(:, i) = A(:, j);
    A(:, j) = t;
end
