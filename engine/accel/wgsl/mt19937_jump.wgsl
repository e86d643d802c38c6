// The first window of each chunk of a Mersenne Twister draw (engine/accel/mersenne.py): the jump ahead.
// src[624 + i] = x_i (i < 20560), the next words of the stream; rows[(k - 1) * 624 ..]: the bits of
// x^(k * chunk - 2) mod phi. Word j of chunk k's window is the XOR of x_{i+j} over its set bits i
// (chunk 0 starts at x_0: its window is x_0 .. x_623 itself).
struct Params {
    n: u32,
    chunk: u32,
    chunks: u32,
}

const N: u32 = 624u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read> rows: array<u32>;
@group(0) @binding(3) var<storage, read_write> windows: array<u32>;

@compute @workgroup_size(208)
fn jump(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let j = wid.x * 208u + lid.x;
    let k = wid.y;
    if (k >= p.chunks) {
        return;
    }
    if (k == 0u) {
        windows[j] = src[N + j];
        return;
    }
    let row = (k - 1u) * N;
    var acc = 0u;
    for (var q = 0u; q < N; q++) {
        var bits = rows[row + q];
        let base = N + q * 32u + j;
        while (bits != 0u) {
            acc ^= src[base + firstTrailingBit(bits)];
            bits &= bits - 1u;
        }
    }
    windows[k * N + j] = acc;
}

