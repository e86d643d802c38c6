"""Conformance: the Krylov solvers gmres, bicgstab, cgs, bicg, qmr, minres and lsqr beside pcg, and the
incomplete factorizations ichol and ilu that precondition them. Values recorded with GNU Octave 7 (the same
iterates: iteration counts, residual histories and relres agree to rounding); the model problems are
the 5-point Laplacian kron(I, T) + kron(T, I) (the matrix delsq(numgrid('S', n+2)) builds; MATLAB's
ichol page reports 59 iterations of pcg with ichol(A) on it and 38 with michol 'on', as here) and a
convection-diffusion matrix. Printed messages are MATLAB's (Octave prints none), errors MATLAB's
identifiers. Dropping follows Octave, whose tests compare with MATLAB's factors: ichol 'ict' tests an
entry of L before the division by the pivot (as MATLAB's ilu page says for L), and ilu 'crout' tests
U(i,j) against droptol*norm(A(i,:)) (MATLAB's page says norm(A(:,j))). Octave has no minres nor lsqr:
their cases check the solutions against A\\b and the least squares solution (exact arithmetic fixes
the iteration counts of these small systems)."""
import pytest

from harness import D, L, Sp, case, check, params

TRI = "n = 10; A = 4*eye(n) - 1.5*diag(ones(n-1,1),1) - 0.5*diag(ones(n-1,1),-1); b = (1:n)'; "

CASES = [
    case('gmres_small', 'A = [4 1; 2 3]; b = [5; 5]; [x, f, r, i, v] = gmres(A, b); r = r < 1e-15; v1 = v(1); v2 = v(2) < 1e-14;', x=D([1.0000000000000002, 1.0000000000000002], (2, 1)), f=D(0), r=L(1), i=D([1, 1]), v1=D(7.0710678118654755), v2=L(1)),
    case('bicgstab_half', 'A = [4 1; 2 3]; b = [5; 5]; [x, f, r, i, v] = bicgstab(A, b);', x=D([1, 1], (2, 1)), f=D(0), r=D(0), i=D(0.5), v=D([7.0710678118654755, 0], (2, 1))),
    case('gmres_handle_x0', 'A = [4 1; 2 3]; b = [5; 5]; [x, f, r, i, v] = gmres(@(y) A*y, b, [], 1e-12, [], [], [], [1; 0]); a = norm(x - [1; 1]) < 1e-14; v(end) = v(end) < 1e-13;', f=D(0), i=D([1, 2]), v=D([3.1622776601683795, 0.7669649888473704, 1], (3, 1)), a=L(1)),
    case('bicgstab_sparse_precond', 'A = [4 1; 2 3]; b = [5; 5]; [x, f, r, i, v] = bicgstab(sparse(A), b, 1e-12, 5, diag([4 3])); a = norm(x - [1; 1]) < 1e-14; v(end) = v(end) < 1e-13;', f=D(0), i=D(1.5), v=D([7.0710678118654755, 0.4159451654038513, 0.05882352941176467, 1], (4, 1)), a=L(1)),
    case('zero_rhs', '[x, f, r, i] = gmres([4 1; 2 3], [0; 0]); [y, g, s, j] = bicgstab([4 1; 2 3], [0; 0]);', x=D([0, 0], (2, 1)), f=D(0), r=D(0), i=D([0, 0]), y=D([0, 0], (2, 1)), g=D(0), s=D(0), j=D(0)),
    case('gmres_tridiag', "n = 10; A = 4*eye(n) - 1.5*diag(ones(n-1,1),1) - 0.5*diag(ones(n-1,1),-1); b = (1:n)'; [x, f, r, i, v] = gmres(A, b); v(end) = v(end) < 1e-13;", f=D(0), i=D([1, 10]), v=D([19.621416870348586, 6.133399848161856, 2.3166990651555017, 0.9014238016924222, 0.3479997857651261, 0.1326123557803657, 0.049653423701194646, 0.01804458915858331, 0.006149533379508537, 0.0017521015756445397, 1], (11, 1))),
    case('gmres_restart', "n = 10; A = 4*eye(n) - 1.5*diag(ones(n-1,1),1) - 0.5*diag(ones(n-1,1),-1); b = (1:n)'; [x, f, r, i, v] = gmres(A, b, 3, 1e-10, 20); r = round(r, 4, 'significant'); v = round(v, 5, 'significant');", f=D(0), r=D(4.039e-11), i=D([7, 1]), v=D([19.621, 6.1334, 2.3167, 0.90142, 0.36395, 0.13327, 0.049695, 0.018813, 0.0062214, 0.0018587, 0.00041578, 0.00012011, 2.1092e-05, 5.9767e-06, 1.9657e-06, 2.808e-07, 4.568e-08, 1.612e-08, 3.6702e-09, 7.9248e-10], (20, 1))),
    case('gmres_maxit', "n = 10; A = 4*eye(n) - 1.5*diag(ones(n-1,1),1) - 0.5*diag(ones(n-1,1),-1); b = (1:n)'; [x, f, r, i, v] = gmres(A, b, [], 1e-12, 3);", x=D([0.6459063659747009, 1.1454372420168506, 1.632405832784561, 2.1193744235522716, 2.6063430143199815, 3.0933116050876923, 3.5802801958554022, 4.067248786623113, 3.9323842563060705, 3.0028589425046253], (10, 1)), f=D(1), r=D(0.045940810882757005), i=D([1, 3]), v=D([19.621416870348586, 6.133399848161856, 2.3166990651555017, 0.9014238016924222], (4, 1))),
    case('bicgstab_tridiag', "n = 10; A = 4*eye(n) - 1.5*diag(ones(n-1,1),1) - 0.5*diag(ones(n-1,1),-1); b = (1:n)'; [x, f, r, i, v] = bicgstab(A, b); r = round(r, 8, 'significant'); v = round(v, 8, 'significant');", f=D(0), r=D(4.1999649e-07), i=D(7), v=D([19.621417, 6.4569639, 2.3168154, 0.93389634, 0.37944676, 0.19753441, 0.063300738, 0.15529964, 0.01993739, 0.0042869491, 0.0010795063, 0.00051908188, 0.00017378311, 5.9995325e-05, 8.2409262e-06], (15, 1))),
    case('bicgstab_maxit', "n = 10; A = 4*eye(n) - 1.5*diag(ones(n-1,1),1) - 0.5*diag(ones(n-1,1),-1); b = (1:n)'; [x, f, r, i, v] = bicgstab(A, b, 1e-12, 2);", x=D([0.6806227910084796, 1.1944081744052164, 1.6898842901012507, 2.1837255611171744, 2.6775668321330977, 3.171408103149021, 3.665249374164944, 3.916316210184377, 3.8937591862220153, 2.9873747990030313], (10, 1)), f=D(1), r=D(0.019338397437034076), i=D(2), v=D([19.621416870348586, 6.456963900510827, 2.3168154417376057, 0.933896344227053, 0.3794467577165263], (5, 1))),
    case('ilu_preconditioned', "m = 20; e = ones(m, 1); T = spdiags([-1.3*e 2*e -0.7*e], -1:1, m, m); I = speye(m); B = kron(I, T) + kron(T, I); c = (1:m*m)'/100; [l, u] = ilu(B); [y1, f1, r1, i1] = gmres(B, c, 10, 1e-8, 20, l, u); [y2, f2, r2, i2] = bicgstab(B, c, 1e-8, 50, l, u); [y3, f3, r3, i3] = bicgstab(B, c, 1e-8, 50); opt.type = 'crout'; opt.droptol = 1e-2; [l2, u2] = ilu(B, opt); nl = nnz(l2); nu = nnz(u2); [y4, f4, r4, i4] = gmres(B, c, [], 1e-10, 50, l2, u2); d1 = norm(y1 - B\\c) < 1e-5; d2 = norm(y2 - B\\c) < 1e-5;", f1=D(0), i1=D([2, 9]), f2=D(0), i2=D(10), f3=D(0), i3=D(35), nl=D(2184), nu=D(2168), f4=D(0), i4=D([1, 10]), d1=L(1), d2=L(1)),
    case('ichol_nofill', 'A = sparse([4 -1 0 -1; -1 4 -1 0; 0 -1 4 -1; -1 0 -1 4]); L = ichol(A);', L=Sp([2, -0.5, 0, -0.5, 0, 1.9364916731037085, -0.5163977794943222, 0, 0, 0, 1.9321835661585918, -0.5175491695067657, 0, 0, 0, 1.8660500682304473], (4, 4))),
    case('ichol_ict', "A = sparse([4 -1 0 -1; -1 4 -1 0; 0 -1 4 -1; -1 0 -1 4]); o.type = 'ict'; o.droptol = 0.1; L2 = ichol(A, o); o.droptol = 0; L3 = ichol(A, o);", L2=Sp([2, -0.5, 0, -0.5, 0, 1.9364916731037085, -0.5163977794943222, 0, 0, 0, 1.9321835661585918, -0.5175491695067657, 0, 0, 0, 1.8660500682304473], (4, 4)), L3=Sp([2, -0.5, 0, -0.5, 0, 1.9364916731037085, -0.5163977794943222, -0.12909944487358055, 0, 0, 1.9321835661585918, -0.5520524474738834, 0, 0, 0, 1.851640199545103], (4, 4))),
    case('ichol_pcg', "n = 98; e = ones(n, 1); T = spdiags([-e 2*e -e], -1:1, n, n); I = speye(n); A = kron(I, T) + kron(T, I); b = ones(n*n, 1); L = ichol(A); [x, fl, rr, it] = pcg(A, b, 1e-6, 100, L, L'); L3 = ichol(A, struct('type', 'ict', 'droptol', 1e-2)); [x3, fl3, rr3, it3] = pcg(A, b, 1e-6, 100, L3, L3'); n3 = nnz(L3);", fl=D(0), it=D(59), n3=D(47337), it3=D(34)),
    case('ichol_options', "A = sparse([4 -1 0; -1 4 -1; 0 -1 4]); U = ichol(A, struct('shape', 'upper')); d = ichol(A, struct('diagcomp', 0.5)); d = full(d(1, 1));", U=Sp([2, 0, 0, -0.5, 1.9364916731037085, 0, 0, -0.5163977794943222, 1.9321835661585918], (3, 3)), d=D(2.449489742783178)),
    case('ilu_nofill', 'A = sparse([4 1 0 2; 1 5 1 0; 0 2 6 1; 3 0 1 7]); [l, u] = ilu(A); w = ilu(A);', l=Sp([1, 0.25, 0, 0.75, 0, 1, 0.42105263157894735, 0, 0, 0, 1, 0.1792452830188679, 0, 0, 0, 1], (4, 4)), u=Sp([4, 0, 0, 0, 1, 4.75, 0, 0, 0, 1, 5.578947368421053, 0, 2, 0, 1, 5.320754716981132], (4, 4)), w=Sp([4, 0.25, 0, 0.75, 1, 4.75, 0.42105263157894735, 0, 0, 1, 5.578947368421053, 0.1792452830188679, 2, 0, 1, 5.320754716981132], (4, 4))),
    case('ilu_crout', "A = sparse([4 1 0 2; 1 5 1 0; 0 2 6 1; 3 0 1 7]); p.type = 'crout'; p.droptol = 0.2; [l, u] = ilu(A, p);", l=Sp([1, 0, 0, 0.75, 0, 1, 0.4, 0, 0, 0, 1, 0, 0, 0, 0, 1], (4, 4)), u=Sp([4, 0, 0, 0, 1, 5, 0, 0, 0, 0, 6, 0, 2, 0, 0, 5.5], (4, 4))),
    case('ilu_crout_complete', "A = sparse([4 1 0 2; 1 5 1 0; 0 2 6 1; 3 0 1 7]); p.type = 'crout'; p.droptol = 0; [l, u] = ilu(A, p); a = norm(full(l*u - A)) < 1e-14;", a=L(1)),
    case('gmres_message', "n = 10; A = 4*eye(n) - 1.5*diag(ones(n-1,1),1) - 0.5*diag(ones(n-1,1),-1); "
         "x = gmres(A, (1:n)', 3, 1e-10, 20);",
         stdout="gmres converged at outer iteration 7 (inner iteration 1) to a solution with relative residual 4e-11.\n"),
    case('bicgstab_message_converged', "n = 10; A = 4*eye(n) - 1.5*diag(ones(n-1,1),1) - 0.5*diag(ones(n-1,1),-1); "
         "x = bicgstab(A, (1:n)');",
         stdout="bicgstab converged at iteration 7 to a solution with relative residual 4.2e-07.\n"),
    case('bicgstab_message', "x = bicgstab([4 1; 2 3], [5; 5]);",
         stdout="bicgstab converged at iteration 0.5 to a solution with relative residual 0.\n"),
    case('gmres_message_maxit', "n = 10; A = 4*eye(n) - 1.5*diag(ones(n-1,1),1) - 0.5*diag(ones(n-1,1),-1); "
         "x = gmres(A, (1:n)', [], 1e-12, 3);",
         stdout="gmres stopped at outer iteration 1 (inner iteration 3) without converging to the desired tolerance "
                "1e-12\nbecause the maximum number of iterations was reached.\nThe iterate returned (number 1(3)) has "
                "relative residual 0.046.\n"),
    case('bicgstab_message_maxit', "n = 10; A = 4*eye(n) - 1.5*diag(ones(n-1,1),1) - 0.5*diag(ones(n-1,1),-1); "
         "x = bicgstab(A, (1:n)', 1e-12, 2);",
         stdout="bicgstab stopped at iteration 2 without converging to the desired tolerance 1e-12\nbecause the "
                "maximum number of iterations was reached.\nThe iterate returned (number 2) has relative residual "
                "0.019.\n"),
    case('gmres_bad_rhs', "x = gmres(eye(2), [1 1]);", error=('MATLAB:gmres:RHSnotColumn', 'Right hand side must be a column vector.')),
    case('bicgstab_bad_size', "x = bicgstab(eye(3), [1; 1]);",
         error=('MATLAB:bicgstab:NonSquareMatrix', 'A must be a square matrix with as many rows as b.')),
    case('gmres_bad_precond', "x = gmres(eye(2), [1; 1], [], [], [], eye(3));",
         error=('MATLAB:gmres:WrongPrecondSize', 'M must be a square matrix of the size of b.')),
    case('gmres_bad_handle', "x = gmres(@(x) [1; 2; 3], [1; 1]);",
         error=('MATLAB:gmres:InvalidFunctionOutput', 'The function must return a real column vector of the size of b.')),
    case('pcg_bad_maxit', "x = pcg(eye(2), [1; 1], [], -5);",
         error=('MATLAB:pcg:InvalidMaxit', 'maxit must be a nonnegative integer.')),
    case('gmres_complex', "x = gmres([2 1i; 1 2], [1; 1]);", error=('MATLAB:gmres:complexInput', 'gmres supports real inputs only here.')),
    case('ichol_full', "L = ichol([4 1; 1 4]);", error=('MATLAB:ichol:SparseSquareInput', 'A must be a sparse square matrix.')),
    case('ichol_breakdown', "L = ichol(sparse([1 2; 2 1]));", error=('MATLAB:ichol:Breakdown', 'Encountered nonpositive pivot.')),
    case('ichol_michol', "n = 98; e = ones(n, 1); T = spdiags([-e 2*e -e], -1:1, n, n); I = speye(n); A = kron(I, T) + kron(T, I); "
         "b = ones(n*n, 1); o.type = 'nofill'; o.michol = 'on'; L = ichol(A, o); r = norm(A*b - L*(L'*b)) < 1e-12; "
         "[x, fl, rr, it] = pcg(A, b, 1e-6, 100, L, L'); d = full(L(1:3, 1:3));",
         r=L(1), fl=D(0), it=D(38), d=D([2, -0.5, 0, 0, 1.8708286933869707, -0.5345224838248488, 0, 0, 1.851640199545103], (3, 3))),
    case('ichol_michol_ict', "L = ichol(sparse([4 1; 1 4]), struct('type', 'ict', 'michol', 'on'));",
         error=('MATLAB:ichol:michol', "ichol supports michol 'on' with type 'nofill' only.")),
    case('ilu_zero_pivot', "[l, u] = ilu(sparse([0 1; 1 0]));",
         error=('MATLAB:ilu:ZeroPivot', "There is a pivot equal to zero. Consider decreasing the drop tolerance or "
                "consider using the 'udiag' option.")),
    case('ilu_ilutp', "[l, u] = ilu(sparse([4 1; 1 4]), struct('type', 'ilutp'));",
         error=('MATLAB:ilu:unsupportedType', "ilu supports the types 'nofill' and 'crout' without milu here.")),
    case('cgs_tridiag', TRI + "[x, f, r, i, v] = cgs(A, b); r = round(r, 8, 'significant'); v = round(v, 8, 'significant');",
         f=D(0), r=D(6.5390437e-07), i=D(8),
         v=D([19.621417, 6.3680371, 0.71680812, 0.092422213, 0.2912937, 0.020868832, 0.010924036, 0.00078234339,
              1.283053e-05], (9, 1))),
    case('cgs_maxit', TRI + "[x, f, r, i, v] = cgs(A, b, 1e-12, 3);",
         x=D([0.7120447161172507, 1.2385131749777398, 1.7411760813336135, 2.2409093553398347, 2.740341671036408,
              3.2174414649954253, 3.6186207231927567, 3.8888542888111237, 3.8488760298453477, 2.9762518081935583], (10, 1)),
         f=D(1), r=D(0.004710272119554078), i=D(3),
         v=D([19.621416870348586, 6.3680370676744555, 0.7168081194915276, 0.09242221283055098], (4, 1))),
    case('bicg_tridiag', TRI + "[x, f, r, i, v] = bicg(A, b); a = norm(x - A\\b) < 1e-12; v = v(1:end-1);",
         f=D(0), i=D(10), a=L(1),
         v=D([19.621416870348586, 6.456963900510827, 2.3672533480426674, 1.1789848629078696, 1.1011423571559686,
              0.26421034488887923, 0.19869198283852343, 0.04661290468329869, 0.007844344532754939,
              0.0018427087247032947], (10, 1))),
    case('bicg_precond_maxit', TRI + "[x, f, r, i, v] = bicg(A, b, 1e-12, 3, diag(diag(A)));",
         f=D(1), r=D(0.060086632412846966), i=D(3),
         v=D([19.621416870348586, 6.456963900510827, 2.3672533480426674, 1.1789848629078696], (4, 1))),
    case('bicg_handle', "A = [4 1; 2 3]; [x, f] = bicg(@(v, t) op(A, v, t), [5; 5]); a = norm(x - [1; 1]) < 1e-14;\n"
         "function y = op(A, v, t)\n  if strcmp(t, 'notransp'), y = A*v; else, y = A'*v; end\nend", f=D(0), a=L(1)),
    # qmr: Octave 7's iterates (a corpus program, chemineer 2nd ed. ml150.m, calls it)
    case('qmr_tridiag', TRI + "[x, f, r, i, v] = qmr(A, b); a = norm(x - A\\b) < 1e-12; v = v(1:end-1);",
         f=D(0), i=D(10), a=L(1),
         v=D([19.62141687034859, 6.133399848161853, 2.343904913903147, 1.39049355879857, 0.6842705073005461,
              0.2265936709041319, 0.0830379249865759, 0.04425771051881465, 0.007467060931361092,
              0.001792518822696428], (10, 1))),
    case('qmr_precond_maxit', TRI + "[x, f, r, i, v] = qmr(A, b, 1e-12, 3, diag(diag(A)));",
         f=D(1), r=D(0.07086611369538), i=D(3),
         v=D([19.62141687034859, 6.133399848161853, 2.343904913903147, 1.39049355879857], (4, 1)),
         x=D([0.607118924350474, 1.092231100224682, 1.570983362203827, 2.049735624182973, 2.528487886162118,
              3.007240148141263, 3.485992410120408, 3.964744672099553, 4.128681196273071, 3.099935263051362],
             (10, 1))),
    case('qmr_handle_sparse', "A = [4 1; 2 3]; [x, f] = qmr(@(v, t) op(A, v, t), [5; 5]); a = norm(x - [1; 1]) < 1e-14;\n"
         "[y, g] = qmr(sparse(A), [5; 5], 1e-10, 5, diag([4 3]), eye(2)); c = norm(y - [1; 1]) < 1e-12;\n"
         "function y = op(A, v, t)\n  if strcmp(t, 'notransp'), y = A*v; else, y = A'*v; end\nend",
         f=D(0), a=L(1), g=D(0), c=L(1)),
    case('qmr_message_maxit', TRI + "x = qmr(A, b, 1e-12, 2);",
         stdout="qmr stopped at iteration 2 without converging to the desired tolerance 1e-12\nbecause the "
                "maximum number of iterations was reached.\nThe iterate returned (number 2) has relative "
                "residual 0.12.\n"),
    case('cgs_message', "x = cgs([4 1; 2 3], [5; 5], 1e-6, 1);",
         stdout="cgs converged at iteration 1 to a solution with relative residual 0.\n"),
    case('minres_small', "[x, f, r, i, v] = minres([2 1; 1 -3], [3; -2]); a = norm(x - [1; 1]) < 1e-14; s = size(v);",
         f=D(0), i=D(2), a=L(1), s=D([3, 1])),
    case('minres_indefinite', "D = delsq(numgrid('L', 12)); A = D - 2*speye(size(D, 1)); c = (1:size(D, 1))'; "
         "[x, f, r, i] = minres(A, c, 1e-10, 200); a = norm(x - A\\c) < 1e-6; b = r <= 1e-10; "
         "[y, g] = minres(D, c, 1e-8, 200, diag(diag(D))); e = norm(y - D\\c) < 1e-5;", f=D(0), a=L(1), b=L(1),
         g=D(0), e=L(1)),
    case('minres_message', "x = minres([2 0; 0 -3], [2; 3], 1e-6, 1);",
         stdout="minres stopped at iteration 1 without converging to the desired tolerance 1e-06\nbecause the maximum "
                "number of iterations was reached.\nThe iterate returned (number 1) has relative residual 0.84.\n"),
    case('minres_resveccg', "[x, f, r, i, v, w] = minres([2 0; 0 -3], [2; 3]);",
         error=('MATLAB:TooManyOutputs', "Too many output arguments: minres's resveccg output is not supported.")),
    case('lsqr_consistent', "[x, f, r, i] = lsqr([1 0; 0 1; 1 1], [1; 1; 2]); a = norm(x - [1; 1]) < 1e-14;",
         f=D(0), r=D(0), i=D(1), a=L(1)),
    case('lsqr_least_squares', "[x, f, r, i, v, l] = lsqr(sparse([1 0; 0 1; 1 1]), [1; 2; 4]); "
         "a = norm(x - [4; 7]/3) < 1e-14; r = round(r, 10); s = [size(v); size(l)]; l = l(end) < 1e-14;",
         f=D(0), r=D(0.1259881577), i=D(2), a=L(1), s=D([3, 2, 1, 1], (2, 2)), l=L(1)),
    case('lsqr_handle', "A = [1 0; 0 1; 1 1]; [x, f] = lsqr(@(v, t) op(A, v, t), [1; 2; 4]); a = norm(x - [4; 7]/3) < 1e-14;\n"
         "function y = op(A, v, t)\n  if strcmp(t, 'notransp'), y = A*v; else, y = A'*v; end\nend", f=D(0), a=L(1)),
    case('lsqr_maxit_message', "x = lsqr([1 0; 0 1; 1 1], [1; 2; 4], 1e-6, 1);",
         stdout="lsqr stopped at iteration 1 without converging to the desired tolerance 1e-06\nbecause the maximum "
                "number of iterations was reached.\nThe iterate returned (number 1) has relative residual 0.16.\n"),
    case('lsqr_bad_rhs', "x = lsqr([1 0; 0 1; 1 1], [1; 2]);",
         error=('MATLAB:lsqr:RHSsizeMismatch', 'Right hand side must be a column vector of the length of the number of '
                'rows of A.')),
]


@pytest.mark.parametrize("c", params(CASES))
def test_case(session, c):
    check(session, c)


def test_gmres_workspace_past_memory_is_out_of_memory(session, monkeypatch):
    """A corpus program asked gmres for 50653 inner iterations (restart and maxit n): 2 x 20 GB of basis
    and Hessenberg matrix, which numpy took lazily until the system ended the session; MATLAB's error now."""
    import engine.runtime.builtins.iterative as iterative
    monkeypatch.setattr(iterative, "MAX_BYTES", (10 + 11) * 11 * 8 - 1)
    r = session.execute("x = gmres(eye(10), ones(10, 1), 10, 1e-12, 10);")
    assert r.error is not None and r.error.identifier == "MATLAB:nomem"
    monkeypatch.setattr(iterative, "MAX_BYTES", (10 + 11) * 11 * 8)
    assert session.execute("x = gmres(eye(10), ones(10, 1), 10, 1e-12, 10);").error is None
