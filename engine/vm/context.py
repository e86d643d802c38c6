"""The VM's implementation of CallContext: what builtins may ask of the running engine."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..runtime.context import CallContext
from ..runtime.errors import MatlabError
from ..runtime.values import FunctionHandle
from .code import Code

if TYPE_CHECKING:
    from .vm import VM


class VMContext(CallContext):
    def __init__(self, vm: "VM"):
        self.vm = vm
        self.state = vm.state

    def write(self, text: str) -> None:
        self.vm.write(text)

    def warn(self, identifier: str, message: str) -> None:
        off = self.state.warnings_off
        self.state.last_warning = (message, identifier)
        if "all" in off or (identifier and identifier in off):
            return
        self.vm.write(f"Warning: {message}\n")

    def call(self, fn: Any, args: list, nargout: int = 1) -> tuple:
        return self.vm.call_handle(fn, list(args), nargout)

    def function_exists(self, name: str) -> str | None:
        return self.vm.function_kind(name)

    def variables(self) -> dict[str, Any]:
        if not self.vm.frames:
            return {}
        frame = self.vm.frames[-1]
        values = frame.variables()
        self.vm.exported.append((frame, values))
        return values

    def make_handle(self, text: str) -> Any:
        text = text.strip()
        if not text.startswith("@"):
            if not text.replace("_", "a").isalnum():
                raise MatlabError("MATLAB:str2func:invalidFunctionName", f"Invalid function name '{text}'.")
            local = self.vm.frames[-1].code.locals.get(text) if self.vm.frames else None
            return FunctionHandle(text=text, name=text, body=local)
        from .build import build_cell_code
        from .frame import Frame
        code = build_cell_code(f"h__ = {text};", "str2func", {})
        frame = Frame(code)
        self.vm.run_frame(frame)
        return frame.regs[code.slot("h__")]

    def add_figure(self, image: Any) -> None:
        self.vm.figures.append(image)

    def result_stays_on_device(self) -> bool:
        return self.vm.device_result

    def caller_counts(self) -> tuple[int, int] | None:
        frame = self.vm.frames[-1] if self.vm.frames else None
        if frame is None or frame.code.kind != "function":
            return None
        return frame.nargin, frame.nargout

    def argument_names(self) -> list[str]:
        from .evaluate import argument_names
        return argument_names(self.vm.frames[-1]) if self.vm.frames else []

    def caller_file(self) -> str:
        return self.vm.frames[-1].code.file if self.vm.frames else ""

    def function_arity(self, name: str) -> tuple[int, int] | None:
        kind = self.vm.function_kind(name)
        if kind not in ("local", "file"):
            return None
        local = self.vm.frames[-1].code.locals.get(name) if self.vm.frames else None
        code = local or self.vm.cell_functions.get(name) or self.vm.find_file(name)
        if not isinstance(code, Code):
            return None
        counts = []
        for fixed, variable in ((len(code.param_slots), code.varargin), (len(code.output_slots), code.varargout)):
            counts.append(-(fixed + 1) if variable is not None else fixed)
        return counts[0], counts[1]

    def interrupted(self) -> bool:
        return self.vm.interrupted
