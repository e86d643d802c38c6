"""The GPU accelerator: wgpu provider, device arrays (GpuTensor), WGSL kernels, fusion.

Importing this package installs it into the runtime: the device hooks of engine/runtime/device.py
(dispatch.py routes operators, builtin calls, indexing and concatenation with a gpuArray operand) and the
gpuArray builtins (builtins.py). Nothing here starts a device: that happens on first use.
"""
from . import builtins, dispatch  # noqa: F401 (installs on import)

dispatch.install()
