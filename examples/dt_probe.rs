use treebench::engine::connect4::{Connect4Engine, SolverConfig};
use treebench::engine::Engine;
use treebench::game::connect4::Board;
fn main() {
    let specs: Vec<String> = std::env::args().skip(2).collect();
    let ply: u32 = std::env::args().nth(1).unwrap().parse().unwrap();
    let mut seed: u64 = 987654321;
    let mut positions = Vec::new();
    while positions.len() < 40 {
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
    for spec in specs {
        let mut e = Connect4Engine::<7, 6>::new(SolverConfig::parse(&spec).unwrap().unwrap());
        let t = std::time::Instant::now();
        let mut nodes = 0;
        let mut sum = 0i64;
        for p in &positions {
            e.reset();
            let r = e.solve(p).unwrap();
            nodes += r.nodes;
            sum += r.score as i64;
        }
        println!(
            "{spec:40} nodes {nodes:>12} time {:>8.3}s checksum {sum}",
            t.elapsed().as_secs_f64()
        );
    }
}
