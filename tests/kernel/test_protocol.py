"""The Jupyter protocol, checked declaratively by jupyter_kernel_test."""
import jupyter_kernel_test


class MatfuseKernelTests(jupyter_kernel_test.KernelTests):
    kernel_name = "matfuse"
    language_name = "matlab"
    file_extension = ".m"

    code_hello_world = "disp('hello, world')"
    code_stderr = "warning('matfuse:test', 'careful')"
    completion_samples = [{"text": "dis", "matches": {"discretize", "disp", "display"}},
                          {"text": "%lsm", "matches": {"%lsmagic"}}]
    complete_code_samples = ["x = 1", "for k = 1:3\n  y = k;\nend", "%lsmagic"]
    incomplete_code_samples = ["for k = 1:3", "if true", "x = [1 2", "y = 1 + ..."]
    invalid_code_samples = ["x = (1 + 2))", "end"]
    code_page_something = "plot?"
    code_generate_error = "error('matfuse:boom', 'it broke')"
    code_execute_result = [{"code": "6 * 7", "result": "ans = 42"},
                           {"code": "x = 1.5", "result": "x = 1.5000"}]
    code_display_data = [{"code": "plot(1:3)", "mime": "image/png"}]
    code_history_pattern = "6 *"
    supported_history_operations = ("tail", "range", "search")
    code_inspect_sample = "plot"
    code_clear_output = "clc"
