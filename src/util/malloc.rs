//! The allocator's settings for commands that allocate and free large vectors many times.

/// Keep freed memory in the process for the next allocation instead of returning it to the
/// kernel, in one heap for all threads. The analysis allocates and frees vectors of a few MB for
/// every statistic; with glibc's defaults a block of 32 MiB or more (the results file's bytes,
/// the units of a comparison) is mapped anew and every page faults in again, and each rayon
/// thread grows an arena of its own whose pages the others cannot reuse. Page faults cost about
/// a sixth of `analyze`'s CPU time on a file of 1,000,000 records (0.27–0.34 s of system time
/// in 1.5–1.7 s). With all blocks from one heap that is never trimmed: 74,000 page faults
/// instead of 105,000–128,000, 0.15–0.20 s of system time, peak memory 0.31 GB instead of
/// 0.32. With glibc only; elsewhere nothing changes.
pub fn keep_freed_memory() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes settings of the allocator; any value is accepted or refused
    // (returning 0), and it is called before the threads and allocations it is for.
    unsafe {
        // No block is mapped on its own (where the heap cannot grow glibc still maps one); the
        // heap is not trimmed below 1 GiB; every thread allocates from the main arena.
        libc::mallopt(libc::M_MMAP_MAX, 0);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 1 << 30);
        libc::mallopt(libc::M_ARENA_MAX, 1);
    }
}

/// Ask the kernel to back the `bytes` bytes at `ptr` with transparent huge pages where it
/// allows (`/sys/kernel/mm/transparent_hugepage/enabled` = `always` or `madvise`), before they
/// are first touched: a large table read at random then costs no page walk a look-up. Only
/// advice: the memory's contents never change, and a refusal (no THP, or not Linux) leaves
/// ordinary pages. The range is shrunk to whole pages.
pub fn advise_huge_pages(ptr: *mut u8, bytes: usize) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        let start = (ptr as usize).next_multiple_of(PAGE);
        let end = (ptr as usize).saturating_add(bytes) / PAGE * PAGE;
        if end > start {
            // SAFETY: madvise with MADV_HUGEPAGE changes no memory contents; on a range that
            // is not mapped it returns an error, which is ignored.
            unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, bytes);
}

/// `n` copies of `fill` in a vector whose memory was advised onto huge pages before the first
/// touch ([`advise_huge_pages`]): the tables of the generic core and of the Go solver.
#[must_use]
pub fn huge_vec<T: Clone>(n: usize, fill: T) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(n);
    advise_huge_pages(v.as_mut_ptr().cast(), n * std::mem::size_of::<T>());
    v.resize(n, fill); // the first touch, after the advice
    v
}
