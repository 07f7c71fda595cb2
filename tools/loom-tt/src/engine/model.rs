use super::tt::{pack, Bound, Geometry};
use loom::sync::atomic::{AtomicU64, Ordering::Relaxed};
use loom::sync::Arc;

/// What every writer stores for `k`: value and depth are functions of the key.
fn owned(k: u64) -> (i32, u32) {
    ((k % 61) as i32 - 30, (k % 40) as u32)
}

/// A 2-way table of 4 entries (2 buckets) on loom atomics, generation 1.
struct Model {
    geo: Geometry,
    cells: Vec<AtomicU64>,
}

impl Model {
    fn new(ways: u32) -> Self {
        let geo = Geometry::new(2, 8, ways);
        assert_eq!(geo.bits, 2);
        Self {
            geo,
            cells: (0..4).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    fn put(&self, k: u64) {
        let (i, tag) = self.geo.slot(k);
        let (v, d) = owned(k);
        let e = pack(tag, v, Bound::Exact, d, 1);
        self.geo.place(
            i,
            tag,
            d,
            e,
            1,
            |j| self.cells[j].load(Relaxed),
            |j, x| self.cells[j].store(x, Relaxed),
        );
    }

    /// A probe: `None`, or the key's own value and depth (checked here).
    fn get(&self, k: u64) -> Option<(i32, u32)> {
        let (i, tag) = self.geo.slot(k);
        let e = self.geo.find(i, tag, 1, |j| self.cells[j].load(Relaxed))?;
        assert_eq!((e.value, e.depth), owned(k), "key {k} read another key's entry");
        Some((e.value, e.depth))
    }
}

/// Three keys of one bucket.
fn same_bucket(geo: &Geometry) -> [u64; 3] {
    let b = geo.slot(1).0;
    let v: Vec<u64> = (1..256).filter(|&k| geo.slot(k).0 == b).take(3).collect();
    [v[0], v[1], v[2]]
}

fn two_writers_and_a_reader(ways: u32) {
    loom::model(move || {
        let m = Arc::new(Model::new(ways));
        let [a, b, c] = same_bucket(&m.geo);
        m.put(c);
        let w1 = {
            let m = m.clone();
            loom::thread::spawn(move || m.put(a))
        };
        let w2 = {
            let m = m.clone();
            loom::thread::spawn(move || {
                m.put(b);
                m.get(a);
            })
        };
        // Reads racing the stores see whole entries of the key asked for, or nothing.
        for k in [a, b, c] {
            m.get(k);
        }
        w1.join().unwrap();
        w2.join().unwrap();
        // Once both are done, the last write of each thread is readable unless replaced:
        // something of the bucket survives, and every hit is the right key's.
        assert!([a, b, c].iter().any(|&k| m.get(k).is_some()));
    });
}

#[test]
fn one_way_bucket() {
    two_writers_and_a_reader(1);
}

#[test]
fn two_way_bucket() {
    two_writers_and_a_reader(2);
}
