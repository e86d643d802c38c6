// window 0, group 0: MatmulEpilogue
// library (and what it calls): m64_distinct m64_max m64_opaque mf_init
struct Params {
    n: u32, ndim: u32, zero: u32, nout: u32,
    pre: u32, rn: u32, post: u32, chunk: u32,
    nchunks: u32, pad0: u32, pad1: u32, pad2: u32,
    shape: array<vec4<u32>, 2>,
    strides: array<vec4<u32>, 2>,
    scalars: array<vec4<f64>, 1>,
}
@group(0) @binding(0) var<uniform> p: Params;
@group(0) @binding(1) var<storage, read> in0: array<f64>;
@group(0) @binding(2) var<storage, read> in1: array<vec4<f64>>;
@group(0) @binding(3) var<storage, read> in2: array<vec4<f64>>;
@group(0) @binding(4) var<storage, read_write> out0: array<f64>;
fn store(r: u32, c: u32, acc: f64) {
    let i = r + p.pre * c;
    let v2 = acc;
    let v3 = f64(in0[(i / 64u)]);
    let v5 = p.scalars[0][0];
    let v4 = m64_opaque((v2 + v3));
    let v6 = m64_opaque(m64_max(v4, m64_distinct(v5)));
    out0[i] = v6;
}
fn fetch_a(i: u32, kk: u32) -> vec4<f64> {
    if (i < p.pre && kk < p.rn) { return in1[(i + p.pre * kk) / 4u]; }
    return vec4<f64>();
}
fn fetch_b(i: u32, kk: u32) -> vec4<f64> {
    if (i < p.post && kk < p.rn) { return in2[(kk + p.rn * i) / 4u]; }
    return vec4<f64>();
}
fn emit(r: u32, c: u32, z: u32, v: f64) { store(r, c, v); }
var<workgroup> tile_a: array<array<array<vec2<f64>, 32>, 16>, 2>;
var<workgroup> tile_b: array<array<array<vec2<f64>, 16>, 32>, 2>;
fn store4(row: u32, col: u32, z: u32, v: vec4<f64>) {
    if (col >= p.post) { return; }
    for (var e = 0u; e < 4u; e = e + 1u) {
        if (row + e < p.pre) { emit(row + e, col, z, v[e]); }
    }
}
@compute @workgroup_size(512)
fn main(@builtin(workgroup_id) wg: vec3<u32>, @builtin(local_invocation_index) flat: u32) {
    mf_init(p.zero);
    let row0 = wg.x * 128u;
    let col0 = wg.y * 128u;
    let lx = flat % 2u + 2u * ((flat / 32u) % 16u);
    let ly = (flat % 32u) / 2u + 16u * (flat / 512u);
    var c0_00: vec4<f64>; var c0_01: vec4<f64>; var c0_02: vec4<f64>; var c0_03: vec4<f64>;
    var c0_10: vec4<f64>; var c0_11: vec4<f64>; var c0_12: vec4<f64>; var c0_13: vec4<f64>;
    let ia0 = 4u * ((flat + 0u) % 32u); let ka0 = (flat + 0u) / 32u;
    let rowa0 = ka0 * 1u + ia0 / 128u; let lanea0 = (ia0 / 4u) % 32u;
    var sa0: vec4<f64>;
    let ib0 = (flat + 0u) / 2u; let kb0 = 4u * ((flat + 0u) % 2u);
    let rowb0 = kb0 * 2u + ib0 / 64u; let laneb0 = (ib0 / 4u) % 16u;
    var sb0: vec4<f64>;
    let tiles = (p.rn + 8u - 1u) / 8u;
    let per = (tiles + 1u - 1u) / 1u;
    let first = min(wg.z * per, tiles);
    let last = min(first + per, tiles);
    {
        let kt = first * 8u;
        if (flat < 256u) { sa0 = fetch_a(row0 + ia0, kt + ka0); }
        if (flat < 256u) { sb0 = fetch_b(col0 + ib0, kt + kb0); }
        if (flat < 256u) { tile_a[0u][2u * rowa0][lanea0] = sa0.xy; tile_a[0u][2u * rowa0 + 1u][lanea0] = sa0.zw; }
        if (flat < 256u) { tile_b[0u][2u * (rowb0 + 0u) + ib0 % 4u / 2u][laneb0][ib0 % 2u] = sb0.x; tile_b[0u][2u * (rowb0 + 2u) + ib0 % 4u / 2u][laneb0][ib0 % 2u] = sb0.y; tile_b[0u][2u * (rowb0 + 4u) + ib0 % 4u / 2u][laneb0][ib0 % 2u] = sb0.z; tile_b[0u][2u * (rowb0 + 6u) + ib0 % 4u / 2u][laneb0][ib0 % 2u] = sb0.w; }
    }
    workgroupBarrier();
    for (var t = first; t < last; t = t + 1u) {
        let h = (t - first) % 2u;
            let more = t + 1u < last;
            if (more) {
                let kt = (t + 1u) * 8u;
                if (flat < 256u) { sa0 = fetch_a(row0 + ia0, kt + ka0); }
                if (flat < 256u) { sb0 = fetch_b(col0 + ib0, kt + kb0); }
            }
            {
                let a0 = vec4<f64>(tile_a[h][0u][lx], tile_a[h][1u][lx]);
                let b0 = vec4<f64>(tile_b[h][0u][ly], tile_b[h][1u][ly]);
                let b1 = vec4<f64>(tile_b[h][2u][ly], tile_b[h][3u][ly]);
                c0_00 = fma(a0, vec4<f64>(b0.x), c0_00);
                c0_01 = fma(a0, vec4<f64>(b0.y), c0_01);
                c0_02 = fma(a0, vec4<f64>(b0.z), c0_02);
                c0_03 = fma(a0, vec4<f64>(b0.w), c0_03);
                c0_10 = fma(a0, vec4<f64>(b1.x), c0_10);
                c0_11 = fma(a0, vec4<f64>(b1.y), c0_11);
                c0_12 = fma(a0, vec4<f64>(b1.z), c0_12);
                c0_13 = fma(a0, vec4<f64>(b1.w), c0_13);
            }
            {
                let a0 = vec4<f64>(tile_a[h][2u][lx], tile_a[h][3u][lx]);
                let b0 = vec4<f64>(tile_b[h][4u][ly], tile_b[h][5u][ly]);
                let b1 = vec4<f64>(tile_b[h][6u][ly], tile_b[h][7u][ly]);
                c0_00 = fma(a0, vec4<f64>(b0.x), c0_00);
                c0_01 = fma(a0, vec4<f64>(b0.y), c0_01);
                c0_02 = fma(a0, vec4<f64>(b0.z), c0_02);
                c0_03 = fma(a0, vec4<f64>(b0.w), c0_03);
                c0_10 = fma(a0, vec4<f64>(b1.x), c0_10);
                c0_11 = fma(a0, vec4<f64>(b1.y), c0_11);
                c0_12 = fma(a0, vec4<f64>(b1.z), c0_12);
                c0_13 = fma(a0, vec4<f64>(b1.w), c0_13);
            }
            {
                let a0 = vec4<f64>(tile_a[h][4u][lx], tile_a[h][5u][lx]);
                let b0 = vec4<f64>(tile_b[h][8u][ly], tile_b[h][9u][ly]);
                let b1 = vec4<f64>(tile_b[h][10u][ly], tile_b[h][11u][ly]);
                c0_00 = fma(a0, vec4<f64>(b0.x), c0_00);
                c0_01 = fma(a0, vec4<f64>(b0.y), c0_01);
                c0_02 = fma(a0, vec4<f64>(b0.z), c0_02);
                c0_03 = fma(a0, vec4<f64>(b0.w), c0_03);
                c0_10 = fma(a0, vec4<f64>(b1.x), c0_10);
                c0_11 = fma(a0, vec4<f64>(b1.y), c0_11);
                c0_12 = fma(a0, vec4<f64>(b1.z), c0_12);
                c0_13 = fma(a0, vec4<f64>(b1.w), c0_13);
            }
            {
                let a0 = vec4<f64>(tile_a[h][6u][lx], tile_a[h][7u][lx]);
                let b0 = vec4<f64>(tile_b[h][12u][ly], tile_b[h][13u][ly]);
                let b1 = vec4<f64>(tile_b[h][14u][ly], tile_b[h][15u][ly]);
                c0_00 = fma(a0, vec4<f64>(b0.x), c0_00);
                c0_01 = fma(a0, vec4<f64>(b0.y), c0_01);
                c0_02 = fma(a0, vec4<f64>(b0.z), c0_02);
                c0_03 = fma(a0, vec4<f64>(b0.w), c0_03);
                c0_10 = fma(a0, vec4<f64>(b1.x), c0_10);
                c0_11 = fma(a0, vec4<f64>(b1.y), c0_11);
                c0_12 = fma(a0, vec4<f64>(b1.z), c0_12);
                c0_13 = fma(a0, vec4<f64>(b1.w), c0_13);
            }
            {
                let a0 = vec4<f64>(tile_a[h][8u][lx], tile_a[h][9u][lx]);
                let b0 = vec4<f64>(tile_b[h][16u][ly], tile_b[h][17u][ly]);
                let b1 = vec4<f64>(tile_b[h][18u][ly], tile_b[h][19u][ly]);
                c0_00 = fma(a0, vec4<f64>(b0.x), c0_00);
                c0_01 = fma(a0, vec4<f64>(b0.y), c0_01);
                c0_02 = fma(a0, vec4<f64>(b0.z), c0_02);
                c0_03 = fma(a0, vec4<f64>(b0.w), c0_03);
                c0_10 = fma(a0, vec4<f64>(b1.x), c0_10);
                c0_11 = fma(a0, vec4<f64>(b1.y), c0_11);
                c0_12 = fma(a0, vec4<f64>(b1.z), c0_12);
                c0_13 = fma(a0, vec4<f64>(b1.w), c0_13);
            }
            {
                let a0 = vec4<f64>(tile_a[h][10u][lx], tile_a[h][11u][lx]);
                let b0 = vec4<f64>(tile_b[h][20u][ly], tile_b[h][21u][ly]);
                let b1 = vec4<f64>(tile_b[h][22u][ly], tile_b[h][23u][ly]);
                c0_00 = fma(a0, vec4<f64>(b0.x), c0_00);
                c0_01 = fma(a0, vec4<f64>(b0.y), c0_01);
                c0_02 = fma(a0, vec4<f64>(b0.z), c0_02);
                c0_03 = fma(a0, vec4<f64>(b0.w), c0_03);
                c0_10 = fma(a0, vec4<f64>(b1.x), c0_10);
                c0_11 = fma(a0, vec4<f64>(b1.y), c0_11);
                c0_12 = fma(a0, vec4<f64>(b1.z), c0_12);
                c0_13 = fma(a0, vec4<f64>(b1.w), c0_13);
            }
            {
                let a0 = vec4<f64>(tile_a[h][12u][lx], tile_a[h][13u][lx]);
                let b0 = vec4<f64>(tile_b[h][24u][ly], tile_b[h][25u][ly]);
                let b1 = vec4<f64>(tile_b[h][26u][ly], tile_b[h][27u][ly]);
                c0_00 = fma(a0, vec4<f64>(b0.x), c0_00);
                c0_01 = fma(a0, vec4<f64>(b0.y), c0_01);
                c0_02 = fma(a0, vec4<f64>(b0.z), c0_02);
                c0_03 = fma(a0, vec4<f64>(b0.w), c0_03);
                c0_10 = fma(a0, vec4<f64>(b1.x), c0_10);
                c0_11 = fma(a0, vec4<f64>(b1.y), c0_11);
                c0_12 = fma(a0, vec4<f64>(b1.z), c0_12);
                c0_13 = fma(a0, vec4<f64>(b1.w), c0_13);
            }
            {
                let a0 = vec4<f64>(tile_a[h][14u][lx], tile_a[h][15u][lx]);
                let b0 = vec4<f64>(tile_b[h][28u][ly], tile_b[h][29u][ly]);
                let b1 = vec4<f64>(tile_b[h][30u][ly], tile_b[h][31u][ly]);
                c0_00 = fma(a0, vec4<f64>(b0.x), c0_00);
                c0_01 = fma(a0, vec4<f64>(b0.y), c0_01);
                c0_02 = fma(a0, vec4<f64>(b0.z), c0_02);
                c0_03 = fma(a0, vec4<f64>(b0.w), c0_03);
                c0_10 = fma(a0, vec4<f64>(b1.x), c0_10);
                c0_11 = fma(a0, vec4<f64>(b1.y), c0_11);
                c0_12 = fma(a0, vec4<f64>(b1.z), c0_12);
                c0_13 = fma(a0, vec4<f64>(b1.w), c0_13);
            }
            if (more) {
                if (flat < 256u) { tile_a[1u - h][2u * rowa0][lanea0] = sa0.xy; tile_a[1u - h][2u * rowa0 + 1u][lanea0] = sa0.zw; }
                if (flat < 256u) { tile_b[1u - h][2u * (rowb0 + 0u) + ib0 % 4u / 2u][laneb0][ib0 % 2u] = sb0.x; tile_b[1u - h][2u * (rowb0 + 2u) + ib0 % 4u / 2u][laneb0][ib0 % 2u] = sb0.y; tile_b[1u - h][2u * (rowb0 + 4u) + ib0 % 4u / 2u][laneb0][ib0 % 2u] = sb0.z; tile_b[1u - h][2u * (rowb0 + 6u) + ib0 % 4u / 2u][laneb0][ib0 % 2u] = sb0.w; }
            }
            workgroupBarrier();
    }
    store4(row0 + 0u + 4u * lx, col0 + 0u + 4u * ly, wg.z, c0_00);
    store4(row0 + 0u + 4u * lx, col0 + 1u + 4u * ly, wg.z, c0_01);
    store4(row0 + 0u + 4u * lx, col0 + 2u + 4u * ly, wg.z, c0_02);
    store4(row0 + 0u + 4u * lx, col0 + 3u + 4u * ly, wg.z, c0_03);
    store4(row0 + 0u + 4u * lx, col0 + 64u + 4u * ly, wg.z, c0_10);
    store4(row0 + 0u + 4u * lx, col0 + 65u + 4u * ly, wg.z, c0_11);
    store4(row0 + 0u + 4u * lx, col0 + 66u + 4u * ly, wg.z, c0_12);
    store4(row0 + 0u + 4u * lx, col0 + 67u + 4u * ly, wg.z, c0_13);
}
