// The first window of each chunk of a Mersenne Twister draw (engine/accel/mersenne.py): the jump ahead.
// src[624 + i] = x_i (i < 20560), the next words of the stream; rows[k * 624 ..]: the bits of
// x^(k * chunk - 2) mod phi (row 0: the polynomial 1, chunk 0's window x_0 .. x_623 itself). Word j of
// chunk k's window is the XOR of x_{i+j} over its set bits i.
//
// A workgroup makes SPAN consecutive words (one a thread) of the windows of GROUP consecutive chunks. It
// takes the polynomials' bits 64 at a time (a slice: two words of each row); for the slice starting at
// bit b it tabulates, for each nibble value v and column s, the XOR of x_{b+s+m+j0} over the set bits m of
// v (16 rows of WIDTH words in workgroup memory), so each nibble of each chunk's row costs its thread one
// lookup: the XOR over nibble n (bits b+4n .. b+4n+3) for word j is table[v * WIDTH + 4n + j - j0].
// Filled in: $group, the chunks per workgroup.
struct Params {
    n: u32,
    chunk: u32,
    chunks: u32,
}

const N: u32 = 624u;
const SPAN: u32 = 208u;          // window words per workgroup: 624 = 3 spans
const WIDTH: u32 = 268u;         // table columns: SPAN + 60 (the last nibble of a slice starts at bit 60)
const GROUP: u32 = ${group}u;

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read> rows: array<u32>;
@group(0) @binding(3) var<storage, read_write> windows: array<u32>;

var<workgroup> table: array<u32, 4288>;     // 16 * WIDTH

// x_i; words past x_20559 only meet bits past the polynomials' degree (zero), so any value does.
fn stream_word(i: u32) -> u32 {
    return select(0u, src[N + i], N + i < arrayLength(&src));
}

@compute @workgroup_size(208)
fn jump(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let j0 = wid.x * SPAN;
    let k0 = wid.y * GROUP;
    let t = lid.x;
    var acc: array<u32, GROUP>;
    for (var s = t; s < WIDTH; s += SPAN) {
        table[s] = 0u;                            // row 0: no bit set
    }
    for (var q = 0u; q < N; q += 2u) {
        let b = q * 32u + j0;                     // x_{b+s} is column s's first word
        workgroupBarrier();                       // the last slice's lookups are done
        for (var s = t; s < WIDTH; s += SPAN) {
            let x0 = stream_word(b + s);
            let x1 = stream_word(b + s + 1u);
            let x2 = stream_word(b + s + 2u);
            let x3 = stream_word(b + s + 3u);
            let x01 = x0 ^ x1;
            let x23 = x2 ^ x3;
            table[WIDTH + s] = x0;
            table[2u * WIDTH + s] = x1;
            table[3u * WIDTH + s] = x01;
            table[4u * WIDTH + s] = x2;
            table[5u * WIDTH + s] = x0 ^ x2;
            table[6u * WIDTH + s] = x1 ^ x2;
            table[7u * WIDTH + s] = x01 ^ x2;
            table[8u * WIDTH + s] = x3;
            table[9u * WIDTH + s] = x0 ^ x3;
            table[10u * WIDTH + s] = x1 ^ x3;
            table[11u * WIDTH + s] = x01 ^ x3;
            table[12u * WIDTH + s] = x23;
            table[13u * WIDTH + s] = x0 ^ x23;
            table[14u * WIDTH + s] = x1 ^ x23;
            table[15u * WIDTH + s] = x01 ^ x23;
        }
        workgroupBarrier();
        for (var g = 0u; g < GROUP; g++) {
            let k = k0 + g;
            if (k < p.chunks) {
                let lo = rows[k * N + q];
                let hi = rows[k * N + q + 1u];
                var a = acc[g];
                for (var n = 0u; n < 8u; n++) {
                    a ^= table[((lo >> (4u * n)) & 15u) * WIDTH + 4u * n + t];
                    a ^= table[((hi >> (4u * n)) & 15u) * WIDTH + 32u + 4u * n + t];
                }
                acc[g] = a;
            }
        }
    }
    for (var g = 0u; g < GROUP; g++) {
        let k = k0 + g;
        if (k < p.chunks) {
            windows[k * N + j0 + t] = acc[g];
        }
    }
}
