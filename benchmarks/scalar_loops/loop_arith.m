% 1e6 iterations of scalar arithmetic, a call of a user function file (step.m) and a branch
n = 1e6;
s = 0;
for i = 1:n
    t = i * 0.5 + 3;
    if t - step(i) > 100
        s = s + t;
    else
        s = s - 1;
    end
end
checksum = s;
