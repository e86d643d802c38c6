"""inputParser and its methods (addRequired, addOptional, addParameter, parse); the object is
runtime/inputparser.py. Validation functions are called through the VM (``ctx.call``)."""
from __future__ import annotations

from ..errors import MatlabError, not_enough_inputs, too_many_inputs
from ..inputparser import Input, InputParser
from ..ops import truth
from ..values import FunctionHandle, StringArray, StructArray, Value
from .registry import builtin
from .textutil import is_text_scalar, text_arg


def parser_arg(p: Value, fname: str) -> InputParser:
    if type(p) is not InputParser:
        raise MatlabError(f"MATLAB:{fname}:InvalidInput", f"The first argument of {fname} must be an "
                                                          "inputParser.")
    return p


def _declare(p: Value, fname: str, kind: str, name: Value, default: Value, validator: Value) -> None:
    parser = parser_arg(p, fname)
    text = text_arg(name, fname, "The argument name")
    if validator is not None and type(validator) is not FunctionHandle:
        raise MatlabError("MATLAB:InputParser:ValidationFunctionNotHandle",
                          "The validation function must be a function handle.")
    if any(i.name.lower() == text.lower() for i in parser.inputs):
        raise MatlabError("MATLAB:InputParser:DuplicateName", f"An argument named '{text}' already exists.")
    later = {"required": ("optional", "parameter"), "optional": ("parameter",), "parameter": ()}[kind]
    if any(i.kind in later for i in parser.inputs):
        raise MatlabError("MATLAB:InputParser:ArgumentOrder", f"{fname}: a {kind} argument cannot follow "
                                                              f"{' or '.join(later)} arguments.")
    parser.inputs.append(Input(kind, text, default, validator))


@builtin("inputParser", family="checks")
def input_parser() -> InputParser:
    """p = inputParser  a parser of a function's inputs: required, optional and name-value arguments.

    Declare the inputs with addRequired, addOptional and addParameter (or p.addRequired(...)), then
    parse(p, varargin{:}): p.Results holds every input by name, p.UsingDefaults the ones not given,
    p.Unmatched the unknown name-value pairs when p.KeepUnmatched is true. p.CaseSensitive,
    p.PartialMatching (unique prefixes of parameter names), p.StructExpand (a struct gives name-value
    pairs) and p.FunctionName can be set. An inputParser is a handle object: its methods change it.

        p = inputParser;  addRequired(p, 'x', @isnumeric);  addParameter(p, 'tol', 1e-6);
        parse(p, 3, 'tol', 1e-3);  p.Results.tol   % 1e-3
    """
    return InputParser()


@builtin("addRequired", family="checks")
def add_required(p: Value, name: Value, validator: Value = None) -> None:
    """addRequired(p, name), addRequired(p, name, validationFcn)  declare a required positional input.

    Required inputs come first, in the order declared; validationFcn (a function handle) must return
    true, or not error, for the value.

        p = inputParser;  addRequired(p, 'x', @isnumeric);
    """
    _declare(p, "addRequired", "required", name, None, validator)


@builtin("addOptional", family="checks")
def add_optional(p: Value, name: Value, default: Value, validator: Value = None) -> None:
    """addOptional(p, name, default, validationFcn)  declare an optional positional input.

    validationFcn may be left out. Optional inputs follow the required ones; a text argument that
    names a parameter, or one that fails validationFcn, ends them. When not given, the input is default.

        p = inputParser;  addOptional(p, 'n', 10, @isnumeric);
    """
    _declare(p, "addOptional", "optional", name, default, validator)


@builtin("addParameter", family="checks")
def add_parameter(p: Value, name: Value, default: Value, validator: Value = None) -> None:
    """addParameter(p, name, default, validationFcn)  declare a name-value input.

    validationFcn may be left out. After the positional inputs, name-value pairs in any order set the
    parameters (names in any case unless p.CaseSensitive; a unique prefix when p.PartialMatching); not
    given, a parameter is default.

        p = inputParser;  addParameter(p, 'Tol', 1e-6);  parse(p, 'tol', 1e-3);
    """
    _declare(p, "addParameter", "parameter", name, default, validator)


@builtin("addParamValue", family="checks")
def add_param_value(p: Value, name: Value, default: Value, validator: Value = None) -> None:
    """addParamValue(p, name, default, validationFcn)  the older name of addParameter.

    Declares a name-value input exactly as addParameter does.

        p = inputParser;  addParamValue(p, 'Tol', 1e-6);
    """
    _declare(p, "addParamValue", "parameter", name, default, validator)


@builtin("parse", family="checks")
def parse(ctx, p: Value, *args: Value) -> None:
    """parse(p, arg1, ..., argN)  match the arguments to p's declared inputs and validate them.

    Fills p.Results (every input, by name, in alphabetical order), p.UsingDefaults and p.Unmatched. Too
    few required inputs, a failed validation or an unknown parameter name (unless p.KeepUnmatched) is an
    error.

        p = inputParser;  addOptional(p, 'n', 1);  parse(p, 5);  p.Results.n   % 5
    """
    parser = parser_arg(p, "parse")
    Parse(ctx, parser).run(list(args))


class Parse:
    """One parse of an argument list by ``parser``."""

    def __init__(self, ctx, parser: InputParser) -> None:
        self.ctx, self.parser = ctx, parser
        self.results: dict[str, Value] = {}
        self.unmatched: dict[str, Value] = {}
        self.params = [i for i in parser.inputs if i.kind == "parameter"]

    def run(self, args: list) -> None:
        required = [i for i in self.parser.inputs if i.kind == "required"]
        if len(args) < len(required):
            raise not_enough_inputs()
        for inp, value in zip(required, args):
            self.accept(inp, value)
        rest = args[len(required):]
        for inp in (i for i in self.parser.inputs if i.kind == "optional"):
            if not rest or self.starts_parameters(inp, rest[0]):
                break
            self.accept(inp, rest.pop(0))
        self.name_values(rest)
        parser = self.parser
        parser.using_defaults = [i.name for i in parser.inputs if i.name not in self.results]
        parser.results = {i.name: self.results.get(i.name, i.default) for i in parser.inputs}
        parser.unmatched = self.unmatched

    def starts_parameters(self, inp: Input, value: Value) -> bool:
        """Whether ``value``, where optional input ``inp`` could be, is a parameter name instead."""
        if not is_text_scalar(value) or not self.params:
            return False
        if self.match(text_arg(value, "parse")) is not None:
            return True
        return inp.validator is not None and not self.passes(inp.validator, value)

    def name_values(self, rest: list) -> None:
        k = 0
        while k < len(rest):
            value = rest[k]
            if self.parser.flags["StructExpand"] and type(value) is StructArray and value.shape == (1, 1):
                for name, field in value.data[0, 0].items():
                    self.set_parameter(name, field)
                k += 1
                continue
            if not is_text_scalar(value) or (type(value) is StringArray and value.data[0, 0] is None):
                if not self.params and not self.parser.flags["KeepUnmatched"]:
                    raise too_many_inputs()
                raise MatlabError("MATLAB:InputParser:ParamMustBeChar", "Expected a string scalar or "
                                  "character vector for the parameter name.")
            name = text_arg(value, "parse")
            if k + 1 >= len(rest):
                raise MatlabError("MATLAB:InputParser:ParamMissingValue", f"No value was given for '{name}'. "
                                  "Name-value pair arguments require a name followed by a value.")
            self.set_parameter(name, rest[k + 1])
            k += 2

    def match(self, name: str) -> Input | None:
        """The parameter ``name`` names: exactly, else (PartialMatching) as the unique prefix."""
        sensitive = self.parser.flags["CaseSensitive"]
        fold = (lambda text: text) if sensitive else str.lower
        for inp in self.params:
            if fold(inp.name) == fold(name):
                return inp
        if not self.parser.flags["PartialMatching"]:
            return None
        starts = [i for i in self.params if fold(i.name).startswith(fold(name))]
        if len(starts) > 1:
            raise MatlabError("MATLAB:InputParser:AmbiguousParameter",
                              f"Ambiguous parameter name '{name}': it matches "
                              f"{', '.join(repr(i.name) for i in starts)}.")
        return starts[0] if starts else None

    def set_parameter(self, name: str, value: Value) -> None:
        inp = self.match(name)
        if inp is not None:
            self.accept(inp, value)
        elif self.parser.flags["KeepUnmatched"]:
            self.unmatched[name] = value
        else:
            raise MatlabError("MATLAB:InputParser:UnmatchedParameter",
                              f"'{name}' is not a recognized parameter. For a list of valid name-value pair "
                              "arguments, see the documentation for this function.")

    def accept(self, inp: Input, value: Value) -> None:
        if inp.validator is not None:
            try:
                ok = self.passes(inp.validator, value)
            except MatlabError as err:
                raise MatlabError("MATLAB:InputParser:ArgumentFailedValidation",
                                  f"The value of '{inp.name}' is invalid. {err.message}") from None
            if not ok:
                raise MatlabError("MATLAB:InputParser:ArgumentFailedValidation",
                                  f"The value of '{inp.name}' is invalid. It must satisfy the function: "
                                  f"{inp.validator.text}.")
        self.results[inp.name] = value

    def passes(self, validator: FunctionHandle, value: Value) -> bool:
        """True when ``validator(value)`` returns true or returns nothing (a validateattributes check)."""
        outputs = self.ctx.call(validator, [value], 0)
        return not outputs or truth(outputs[0])
