//! Solve 40 seeded random positions of one ply with several engine specs, interleaved per
//! position (so machine noise hits every spec alike), and print nodes, time and the checksum
//! (sum of scores) per spec. `DUMP=file` writes the positions; `N=count` changes their number.
//!
//! `cargo run --release --example dt_probe -- 12 mtdf mtdf:etc=off`
use std::time::{Duration, Instant};
use treebench::engine::connect4::{Connect4Engine, SolverConfig};
use treebench::engine::Engine;
use treebench::game::connect4::Board;
fn main() {
    let specs: Vec<String> = std::env::args().skip(2).collect();
    let ply: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    let count: usize = std::env::var("N").map_or(40, |n| n.parse().unwrap());
    let mut seed: u64 = 987654321;
    let mut positions = Vec::new();
    while positions.len() < count {
        let mut p = Board::new();
        let mut s = String::new();
        while p.nb_moves() < ply {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let c = (seed % 7) as usize;
            if !p.can_play(c) || p.is_winning_move(c) {
                continue;
            }
            p.play_col(c);
            s.push((b'1' + c as u8) as char);
        }
        if !p.can_win_next() {
            positions.push(s);
        }
    }
    if let Ok(f) = std::env::var("DUMP") {
        std::fs::write(f, positions.join("\n") + "\n").unwrap();
    }
    let mut engines: Vec<_> = specs
        .iter()
        .map(|s| Connect4Engine::<7, 6>::new(SolverConfig::parse(s).unwrap().unwrap()))
        .collect();
    let mut nodes = vec![0u64; specs.len()];
    let mut sums = vec![0i64; specs.len()];
    let mut times = vec![Duration::ZERO; specs.len()];
    for p in &positions {
        for (i, e) in engines.iter_mut().enumerate() {
            e.reset();
            let t = Instant::now();
            let r = e.solve(p).unwrap();
            times[i] += t.elapsed();
            nodes[i] += r.nodes;
            sums[i] += r.score as i64;
        }
    }
    for (i, spec) in specs.iter().enumerate() {
        let secs = times[i].as_secs_f64();
        println!(
            "{spec:40} nodes {:>12} time {secs:>8.3}s checksum {} ({:.2} Mnodes/s)",
            nodes[i],
            sums[i],
            nodes[i] as f64 / secs / 1e6
        );
    }
}
