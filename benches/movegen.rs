//! Move generation and ordering on a fixed set of seeded random positions (plies 4–30):
//! non-losing moves, and the threat-count ordering of the search (a score per move, sorted).
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use treebench::engine::ordering::{centre_first, MoveSorter};
use treebench::game::connect4::Board;

/// Positions where the side to move cannot win at once, from a fixed xorshift stream.
fn positions() -> Vec<Board> {
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut out = Vec::new();
    while out.len() < 256 {
        let ply = 4 + (out.len() as u32 % 27);
        let mut p = Board::new();
        while p.nb_moves() < ply {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let c = (seed % 7) as usize;
            if p.can_play(c) && !p.is_winning_move(c) {
                p.play_col(c);
            }
        }
        if !p.can_win_next() {
            out.push(p);
        }
    }
    out
}

fn movegen(c: &mut Criterion) {
    let ps = positions();
    let order = centre_first::<7>();
    let mut group = c.benchmark_group("movegen");
    group.bench_function("possible_non_losing_moves/256", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for p in &ps {
                acc ^= black_box(p).possible_non_losing_moves();
            }
            acc
        })
    });
    group.bench_function("threat_ordering/256", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for p in &ps {
                let p = black_box(p);
                let next = p.possible_non_losing_moves();
                let own = p.winning_position();
                let mut sorter = MoveSorter::<7>::new();
                for &col in order.iter().rev() {
                    let mv = next & Board::column_mask(col);
                    if mv != 0 {
                        let under_own = own & (mv << 1) != 0;
                        sorter.add(mv, p.move_score(mv) * 2 + 1 - 2 * under_own as u32);
                    }
                }
                while let Some(mv) = sorter.pop() {
                    acc = acc.rotate_left(7) ^ mv;
                }
            }
            acc
        })
    });
    group.finish();
}

criterion_group!(benches, movegen);
criterion_main!(benches);
