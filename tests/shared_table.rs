//! Multi-thread stress of the lock-free shared transposition table (`SharedTable`): many threads
//! store and probe one small table at once (every bucket contended, every replacement path
//! taken), and every hit must be an entry some thread stored for that very key; parallel solves
//! on one shared table must give the one-thread scores.

use treebench::engine::registry;
use treebench::engine::tt::Bound;
use treebench::engine::tt_shared::SharedTable;

/// What every thread stores for `k`: value, bound and depth are functions of the key, so a hit
/// that mixed two entries, or read another key's entry, shows.
fn owned(k: u64) -> (i32, Bound, u32) {
    let bound = [Bound::Exact, Bound::Lower, Bound::Upper][(k % 3) as usize];
    ((k % 61) as i32 - 30, bound, (k % 40) as u32)
}

fn hammer(table: &SharedTable, threads: u64, ops: u64, keys: u64) -> u64 {
    let hits = std::sync::atomic::AtomicU64::new(0);
    std::thread::scope(|sc| {
        for t in 0..threads {
            let hits = &hits;
            sc.spawn(move || {
                let mut x = t.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
                let mut mine = 0;
                for _ in 0..ops {
                    // xorshift: each thread its own key sequence over the shared key range
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let k = x % keys;
                    let (v, b, d) = owned(k);
                    table.put(k, v, b, d);
                    let probe = (x >> 20) % keys;
                    if let Some(e) = table.get(probe) {
                        let (v, b, d) = owned(probe);
                        assert_eq!((e.value, e.bound, e.depth), (v, b, d), "key {probe}");
                        mine += 1;
                    }
                }
                hits.fetch_add(mine, std::sync::atomic::Ordering::Relaxed);
            });
        }
    });
    hits.into_inner()
}

#[test]
fn eight_threads_on_one_small_table_never_read_a_foreign_or_torn_entry() {
    for ways in [1, 2] {
        // 2^8 entries for 2^12 keys: every bucket is fought over.
        let table = SharedTable::new(8, 20, false, ways, false);
        for round in 0..4 {
            let hits = hammer(&table, 8, 100_000, 1 << 12);
            assert!(hits > 1000, "ways {ways}, round {round}: only {hits} hits");
            // Between solves the owner clears the table: nothing of the round is left.
            table.clear();
            assert!(
                (0..1u64 << 12).all(|k| table.get(k).is_none()),
                "ways {ways}"
            );
        }
    }
}

#[test]
fn parallel_solves_give_the_one_thread_scores() {
    let positions = [
        "657566226617355224",
        "23672245212753146657",
        "63645635535742771111",
        "7243171636345611671162",
    ];
    let mut one = registry::build("mtdf:tt=16").unwrap();
    for smp in ["lazy", "abdada"] {
        let mut many = registry::build(&format!("mtdf:tt=16,threads=4,smp={smp}")).unwrap();
        for _ in 0..3 {
            for p in positions {
                one.reset();
                many.reset();
                let want = one.solve(p).unwrap().score;
                assert_eq!(many.solve(p).unwrap().score, want, "{smp} on {p}");
            }
        }
    }
}
