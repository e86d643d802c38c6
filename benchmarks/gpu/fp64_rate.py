"""The GPU's f64 multiply-add rate through CUDA (CuPy), the ceiling for the double product's
register-tiled kernel (docs/gpu.md): eight independent fma chains per thread, eight blocks of 512 (or 16
of 256) threads per SM; TFLOP/s of the best of five timed launches after 20.

    python3 benchmarks/gpu/fp64_rate.py
"""
import cupy as cp

SOURCE = r'''
extern "C" __global__ void k(double* out, double a, double b, int n) {
  double x0 = threadIdx.x, x1 = x0 + 1, x2 = x0 + 2, x3 = x0 + 3, x4 = x0 + 4, x5 = x0 + 5, x6 = x0 + 6, x7 = x0 + 7;
  for (int i = 0; i < n; i++) {
    x0 = fma(x0, a, b); x1 = fma(x1, a, b); x2 = fma(x2, a, b); x3 = fma(x3, a, b);
    x4 = fma(x4, a, b); x5 = fma(x5, a, b); x6 = fma(x6, a, b); x7 = fma(x7, a, b);
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = x0 + x1 + x2 + x3 + x4 + x5 + x6 + x7;
}'''


def main():
    kernel = cp.RawKernel(SOURCE, "k")
    sms = cp.cuda.Device().attributes["MultiProcessorCount"]
    for threads in (512, 256):
        blocks, n = sms * 8 * (512 // threads), 20000
        out = cp.empty(blocks * threads, cp.float64)
        args = (out, cp.float64(0.999999), cp.float64(1e-7), cp.int32(n))
        start, end = cp.cuda.Event(), cp.cuda.Event()
        for _ in range(20):
            kernel((blocks,), (threads,), args)
        best = float("inf")
        for _ in range(5):
            start.record()
            kernel((blocks,), (threads,), args)
            end.record()
            end.synchronize()
            best = min(best, cp.cuda.get_elapsed_time(start, end) * 1e-3)
        print(f"fp64 fma, {threads} threads a block: {2 * 8 * n * blocks * threads / best / 1e12:.2f} TFLOP/s "
              f"({best * 1e3:.2f} ms)", flush=True)


if __name__ == "__main__":
    main()
