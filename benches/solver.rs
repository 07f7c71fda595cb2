//! Solve fixed sets of positions (ply 12, 16, 20) with the default `mtdf` engine, resetting the
//! table before each solve, and check every answer against its known score (BitBully 0.0.79).
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use treebench::engine::connect4::{Connect4Engine, SolverConfig};
use treebench::engine::Engine;

const SETS: [(u32, [(&str, i32); 4]); 3] = [
    (
        12,
        [
            ("216174121524", -5),
            ("524226356546", 3),
            ("333415347553", -7),
            ("262212642644", -4),
        ],
    ),
    (
        16,
        [
            ("4455437532172667", 2),
            ("6372556336371664", 1),
            ("5757527674111531", 9),
            ("1252615315571626", -1),
        ],
    ),
    (
        20,
        [
            ("22624421142161741215", -8),
            ("24216632536643452422", -7),
            ("65233226247657576731", 10),
            ("55653315772174445543", -5),
        ],
    ),
];

fn solver(c: &mut Criterion) {
    let mut engine = Connect4Engine::<7, 6>::new(SolverConfig::parse("mtdf").unwrap().unwrap());
    let mut group = c.benchmark_group("solver");
    group.sample_size(10);
    for (ply, set) in SETS {
        group.bench_function(format!("mtdf/ply{ply}"), |b| {
            b.iter(|| {
                for (moves, score) in set {
                    engine.reset();
                    let got = engine.solve(black_box(moves)).unwrap().score;
                    assert_eq!(got, score, "{moves}");
                }
            })
        });
    }
    group.finish();
}

criterion_group!(benches, solver);
criterion_main!(benches);
