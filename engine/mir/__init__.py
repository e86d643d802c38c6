"""MIR: the mid-level IR between the AST and bytecode.

    lower.py    AST -> MIR (a CFG of blocks of SSA temporaries per cell/script, function, anonymous body)
    ir.py       the data structures and their text form (``%3:double[3,4] = binop .* %1 %2``)
    types.py    the class/shape lattice          passes.py   the pass pipeline, dump flag and verifier
    infer.py    type/shape inference (a pass)    fusion.py   fusion candidate regions (a pass)
"""
