function y = step(i)
% the user function loop_arith.m calls
    y = i / 4;
end
