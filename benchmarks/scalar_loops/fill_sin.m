% a 300x300 fill, A(i, j) = i*j + sin(i)
n = 300;
A = zeros(n, n);
for i = 1:n
    for j = 1:n
        A(i, j) = i * j + sin(i);
    end
end
checksum = sum(A(:));
