% a small column-swap function file (swapcols.m) called 2,000 times on a 4x1000 array
A = reshape(1:4000, 4, 1000);
for k = 1:2000
    A = swapcols(A, mod(k, 1000) + 1, mod(3 * k, 1000) + 1);
end
checksum = A(1, :) * (1:1000)';
