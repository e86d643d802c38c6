% the issue's scalar loop: 1e6 iterations of mod, a multiply and a reset branch
s = 0;
for i = 1:1e6
    s = s + mod(i, 7) * 0.5;
    if s > 1e9, s = 0; end
end
checksum = s;
