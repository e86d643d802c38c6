"""matfuse's MATLAB language engine: text -> AST -> MIR -> bytecode -> VM, with the GPU accelerator beside
the VM. ``Session`` is the one entry point used by the kernel, the CLI and tests."""

__version__ = "0.1.0"


def __getattr__(name: str):
    if name == "Session":
        from .session import Session
        return Session
    raise AttributeError(name)
