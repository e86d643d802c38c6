"""Syntax errors of the front end: MATLAB's wording, located at a line and column."""
from __future__ import annotations

from ..runtime.errors import MatlabError, StackFrame

MISMATCHED = ("Invalid expression. When calling a function or indexing a variable, use parentheses. "
              "Otherwise, check for mismatched delimiters.")
BAD_ASSIGN = ("Incorrect use of '=' operator. To assign a value to a variable, use '='. To compare values "
              "for equality, use '=='.")
MISSING_OPERAND = "Invalid expression. Check for missing or extra characters."
MISSING_OPERATOR = ("Invalid expression. Check for missing multiplication operator, missing or unbalanced "
                    "delimiters, or other syntax error. To construct matrices, use brackets instead of "
                    "parentheses.")
MISSING_END = "At least one END is missing. The statement beginning here does not have a matching end."


def syntax_error(message: str, line: int, col: int, identifier: str = "MATLAB:parse") -> MatlabError:
    """A MatlabError located at line/col; ``parse`` fills in the cell name and source line."""
    return MatlabError(identifier, message, [StackFrame("", line, col)])
