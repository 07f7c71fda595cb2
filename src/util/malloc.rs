//! The allocator's settings for commands that allocate and free large vectors many times.

/// Keep freed memory in the process for the next allocation instead of returning it to the
/// kernel. The analysis allocates and frees vectors of a few MB for every statistic; with
/// glibc's defaults each such vector is mapped anew and every page faults in again (page faults
/// were about 9% of `analyze`'s `perf` samples on a file of 1,000,000 records). It costs peak
/// memory: 0.40-0.41 against 0.34-0.35 GB on that file (measured before the columns, pairs and
/// units were reserved). With glibc only; elsewhere nothing changes.
pub fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes thresholds of the allocator; any value is accepted or refused
    // (returning 0), and it is called before the allocations it is for.
    unsafe {
        // The largest mmap threshold glibc accepts on 64 bits (32 MiB): smaller blocks come from
        // the heap and are reused; the heap is not trimmed below 1 GiB.
        libc::mallopt(libc::M_MMAP_THRESHOLD, 32 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 1 << 30);
    }
}
