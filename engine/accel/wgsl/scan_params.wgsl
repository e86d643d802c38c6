// The uniform block of the three cumulative-sum passes (scan_chunks, scan_offsets, scan_add): the
// [pre, n, post] view, the chunk length and count per line, and the number of lines.
struct Params {
    pre: u32,
    n: u32,
    post: u32,
    chunk: u32,
    nchunks: u32,
    zero: u32,
    nlines: u32,
    pad: u32,
}

@group(0) @binding(0) var<uniform> p: Params;
