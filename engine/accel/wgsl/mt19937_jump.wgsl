// The first window of each chunk of a Mersenne Twister draw (engine/accel/mersenne.py): the jump ahead.
// src[624 + i] = x_i (i < 20560), the next words of the stream; rows[k * 624 ..]: the bits of
// x^(k * chunk - 2) mod phi (row 0: the polynomial 1, chunk 0's window x_0 .. x_623 itself). Word j of
// chunk k's window is the XOR of x_{i+j} over its set bits i.
//
// A workgroup makes SPAN consecutive words j0 .. j0 + SPAN - 1 (two a thread: j0 + t and j0 + t + HALF)
// of the windows of GROUP consecutive chunks, over one part of the polynomials' bits (`parts` parts of
// whole row words; the generator XORs the parts' windows). It takes the bits 32 at a time (a slice: one
// word of each row); for the slice of bits b .. b + 31 it tabulates, for each nibble value v and column
// s, the XOR of x_{b+j0+s+m} over the set bits m of v (16 rows of WIDTH words in workgroup memory), so a
// nibble of a chunk's row costs one lookup per word: nibble n (bits b+4n .. b+4n+3) of row word w adds
// table[v * WIDTH + 4n + j - j0] to word j. Filled in: $$group, the chunks per workgroup.
struct Params {
    n: u32,
    chunk: u32,
    chunks: u32,
    total: u32,
    tail_start: u32,
    words_end: u32,
    parts: u32,        // the polynomials' 624 words in this many parts
}

const N: u32 = 624u;
const SPAN: u32 = 208u;          // window words per workgroup: 624 = 3 spans
const HALF: u32 = 104u;          // threads
const WIDTH: u32 = 236u;         // table columns: SPAN + 28 (the last nibble of a slice starts at bit 28)
const GROUP: u32 = ${group}u;     // chunks per workgroup (JUMP_GROUP, at most HALF)

@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> src: array<u32>;
@group(0) @binding(2) var<storage, read> rows: array<u32>;
@group(0) @binding(3) var<storage, read_write> windows: array<u32>;

var<workgroup> table: array<u32, 3776>;     // 16 * WIDTH (row 0 stays 0)
var<workgroup> slice_bits: array<u32, GROUP>;

// x_i; words past x_20559 only meet bits past the polynomials' degree (zero), so any value does.
fn stream_word(i: u32) -> u32 {
    return select(0u, src[N + i], N + i < arrayLength(&src));
}

// The XOR of the nibbles' lookups of row word `bits` for the words at columns c and c + HALF.
fn lookups(bits: u32, c: u32) -> vec2<u32> {
    var a = vec2<u32>(0u);
    for (var n = 0u; n < 8u; n++) {
        let at = ((bits >> (4u * n)) & 15u) * WIDTH + 4u * n + c;
        a ^= vec2<u32>(table[at], table[at + HALF]);
    }
    return a;
}

@compute @workgroup_size(104)
fn jump(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let j0 = wid.x * SPAN;
    let k0 = wid.y * GROUP;
    let part = wid.z;
    let t = lid.x;
    let per_part = (N + p.parts - 1u) / p.parts;
    let q_end = min(N, (part + 1u) * per_part);
    for (var s = t; s < WIDTH; s += HALF) {
        table[s] = 0u;
    }
    var acc: array<vec2<u32>, GROUP>;
    for (var q = part * per_part; q < q_end; q++) {
        let b = q * 32u + j0;                     // column s's words start at x_{b+s}
        workgroupBarrier();                       // the last slice's lookups are done
        for (var s = t; s < WIDTH; s += HALF) {
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
        if (t < GROUP) {
            var bits = 0u;                        // chunks past the draw take no bits
            if (k0 + t < p.chunks) {
                bits = rows[(k0 + t) * N + q];
            }
            slice_bits[t] = bits;
        }
        workgroupBarrier();
        for (var g = 0u; g < GROUP; g++) {
            acc[g] ^= lookups(slice_bits[g], t);
        }
    }
    for (var g = 0u; g < GROUP; g++) {
        let k = k0 + g;
        if (k < p.chunks) {
            let at = (part * p.chunks + k) * N + j0 + t;
            windows[at] = acc[g].x;
            windows[at + HALF] = acc[g].y;
        }
    }
}
