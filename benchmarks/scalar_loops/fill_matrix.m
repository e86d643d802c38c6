% a nested double loop filling a 300x300 matrix element by element
n = 300;
A = zeros(n, n);
for i = 1:n
    for j = 1:n
        A(i, j) = i * 2 + j / 3 - abs(i - j);
    end
end
checksum = sum(A(:));
