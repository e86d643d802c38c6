// MATLAB's Mersenne Twister (MT19937) stream, jumped ahead per chunk (engine/accel/mersenne.py).
// Word indices are absolute: x_0 is the next word of the host stream; chunk k emits the words
// [k * chunk, min((k + 1) * chunk, total)), the last chunk also generates the words up to words_end.
// Filled in: the functions of mt19937_maps.wgsl, the class's storage type, and the map of two words to a
// value (mt_double or mt_single).
struct Params {
    n: u32,            // values drawn (total = 2n words)
    chunk: u32,        // words per chunk (even)
    chunks: u32,
    total: u32,        // words drawn
    tail_start: u32,   // total - 624: the first word the last chunk keeps in `words`
    words_end: u32,    // total + 20560: the words the next draw's jump needs
    parts: u32,        // a chunk's window is the XOR of this many parts (mt19937_jump.wgsl)
}

const N: u32 = 624u;
const M: u32 = 397u;
const RING: u32 = 1024u;       // >= 624 known words + a round of new ones: a round never overwrites its reads
const ROUND: u32 = 226u;

@group(0) @binding(0) var<uniform> p: Params;

// Each chunk starts from its window (mt19937_jump.wgsl: start_windows[(part * chunks + k) * 624 ..], the
// parts XORed) and runs the recurrence in rounds.
@group(0) @binding(1) var<storage, read> start_windows: array<u32>;
@group(0) @binding(2) var<storage, read_write> out: array<$T>;
@group(0) @binding(3) var<storage, read_write> words: array<u32>;

var<workgroup> ring: array<u32, 1024>;

$maps
fn keep(w: u32, x: u32) {
    if (w >= p.tail_start && w < p.words_end) {
        words[w - p.tail_start] = x;
    }
}

@compute @workgroup_size(256)
fn generate(@builtin(local_invocation_id) lid: vec3<u32>, @builtin(workgroup_id) wid: vec3<u32>) {
    let k = wid.x;
    let t = lid.x;
    let first = k * p.chunk;                                   // the first word this chunk emits
    let skip = select(2u, 0u, k == 0u);                        // words of the window before it
    let s = first - skip;                                      // the window holds x_s .. x_{s+623}
    let emit_end = min(first + p.chunk, p.total);
    let stop = select(emit_end, p.words_end, k + 1u == p.chunks);
    for (var i = t; i < N; i += 256u) {
        var x = 0u;
        for (var part = 0u; part < p.parts; part++) {
            x ^= start_windows[(part * p.chunks + k) * N + i];
        }
        ring[(s + i) & (RING - 1u)] = x;
    }
    workgroupBarrier();
    for (var i = skip + 2u * t; i < N; i += 512u) {            // the window's own words, in pairs
        let w = s + i;
        let x1 = ring[w & (RING - 1u)];
        let x2 = ring[(w + 1u) & (RING - 1u)];
        if (w < emit_end) {
            out[w / 2u] = $value(x1, x2);
        }
        if (w < stop) {
            keep(w, x1);
            keep(w + 1u, x2);
        }
    }
    for (var b = s; b + N < stop; b += ROUND) {
        let w = b + N + t;                                     // x_w = f(x_{w-624}, x_{w-623}, x_{w-227})
        if (t < ROUND && w < stop) {
            let x = mt_next(ring[(w - N) & (RING - 1u)], ring[(w - N + 1u) & (RING - 1u)],
                            ring[(w - N + M) & (RING - 1u)]);
            ring[w & (RING - 1u)] = x;
            keep(w, x);
        }
        workgroupBarrier();
        // the round's values, a pair of words a thread (b is even); the next round writes words
        // b + 850 .. b + 1075, which share no slot of the ring with these
        let v = b + N + 2u * t;
        if (t < ROUND / 2u && v < emit_end) {
            out[v / 2u] = $value(ring[v & (RING - 1u)], ring[(v + 1u) & (RING - 1u)]);
        }
    }
}
