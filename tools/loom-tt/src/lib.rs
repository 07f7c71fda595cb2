//! The shared table's bucket protocol under loom (see Cargo.toml). `engine::tt` is the real
//! `src/engine/tt.rs`; the model stores and probes through `Geometry::place` and
//! `Geometry::find`, as `SharedTable::put` and `SharedTable::get` do, with relaxed loom atomics.

pub mod engine {
    #[path = "../../../../src/engine/tt.rs"]
    #[allow(dead_code)]
    pub mod tt;

    #[cfg(test)]
    mod model;
}
