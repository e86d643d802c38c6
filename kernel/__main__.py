"""``python -m kernel install ...`` installs the kernelspec; any other arguments start the kernel
(``python -m kernel -f connection.json``, as kernel.json's argv does)."""
import sys


def main() -> None:
    if sys.argv[1:2] == ["install"]:
        from .install import main as install_main
        sys.exit(install_main(sys.argv[2:]))
    from ipykernel.kernelapp import IPKernelApp
    from .kernel import MatfuseKernel
    IPKernelApp.launch_instance(kernel_class=MatfuseKernel)


if __name__ == "__main__":      # not when a parallel pool's worker process imports the main module again
    main()
