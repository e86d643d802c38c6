"""Bytecode and the VM.

    compiler.py  MIR -> code objects (code.py: opcodes, line table, fusion windows, dis-like listing)
    build.py     source -> code objects (parse, lower, MIR passes, compile)
    interp.py    runs a frame, error unwinding   pygen.py  code objects -> specialised Python functions
    slowpath.py  every instruction's general case
    vm.py        frames, calls, function lookup (local, files on the path, builtins), recursion limit
    frame.py     frames, for-loop iteration, MException values       context.py  CallContext for builtins
"""
