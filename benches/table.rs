//! The transposition table at the default size (2^23 entries, 64 MiB): probe, store, and reset,
//! which bumps a 16-bit generation counter (O(1)); the table is zeroed only when the counter
//! wraps, once per 65,535 resets, which is the amortised ~size/65,535 cost `reset/2^23` shows.
use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use treebench::engine::tt::{Bound, TranspositionTable};

const KEY_BITS: u32 = 49;

fn keys(n: usize) -> Vec<u64> {
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x & ((1 << KEY_BITS) - 1)
        })
        .collect()
}

fn table(c: &mut Criterion) {
    let ks = keys(4096);
    let mut group = c.benchmark_group("table");
    for ways in [1, 2] {
        let mut t = TranspositionTable::with_options(23, KEY_BITS, true, ways);
        group.bench_function(format!("store/4096/ways{ways}"), |b| {
            b.iter(|| {
                for (i, &k) in ks.iter().enumerate() {
                    t.put(black_box(k), (i % 40) as i32 - 20, Bound::Lower, 10);
                }
            })
        });
        group.bench_function(format!("probe/4096/ways{ways}"), |b| {
            b.iter(|| {
                let mut hits = 0;
                for &k in &ks {
                    hits += t.get(black_box(k)).is_some() as u32;
                }
                hits
            })
        });
    }
    for bits in [16, 23] {
        let mut t = TranspositionTable::new(bits, KEY_BITS);
        for &k in &ks {
            t.put(k, 1, Bound::Exact, 5);
        }
        group.bench_function(format!("reset/2^{bits}"), |b| {
            b.iter(|| black_box(&mut t).reset())
        });
    }
    group.finish();
}

criterion_group!(benches, table);
criterion_main!(benches);
