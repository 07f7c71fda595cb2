//! Pinning the process to one CPU, so that two engines compared against each other run on the
//! same core.
//!
//! Why: on a VM, two processes of one build solving the same positions differed by up to 16%
//! when the scheduler placed them on different vCPUs (the vCPUs' speeds differ with what the
//! host runs beside them), and by at most 2% when both were pinned to one CPU (16 gates of two
//! `serve` processes of one binary, 2026-12-01, this 2-core VM while other builds ran: ratios
//! 0.83–1.05 unpinned, 0.98–1.02 pinned). The paired solves run one after the other, so one CPU
//! costs nothing. Children inherit the calling thread's CPU set, so engine processes started
//! after the pin run on that CPU too.

/// Pins the calling thread (and every process or thread it starts later) to `cpu`, or to the
/// CPU it is running on now when `cpu` is `None`. Returns the CPU, or an error saying why not.
#[cfg(target_os = "linux")]
pub fn pin(cpu: Option<usize>) -> Result<usize, String> {
    // SAFETY: sched_getcpu has no preconditions; it returns -1 on error.
    let cpu = match cpu {
        Some(c) => c,
        None => usize::try_from(unsafe { libc::sched_getcpu() })
            .map_err(|_| "sched_getcpu failed".to_string())?,
    };
    if cpu >= libc::CPU_SETSIZE as usize {
        return Err(format!("CPU {cpu} is out of range"));
    }
    // SAFETY: a zeroed cpu_set_t is a valid empty set; CPU_SET stays within it (checked above);
    // sched_setaffinity reads `size_of::<cpu_set_t>()` bytes of it.
    let rc = unsafe {
        let mut set: libc::cpu_set_t = std::mem::zeroed();
        libc::CPU_SET(cpu, &mut set);
        libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set)
    };
    if rc == 0 {
        Ok(cpu)
    } else {
        Err(format!(
            "cannot pin to CPU {cpu}: {}",
            std::io::Error::last_os_error()
        ))
    }
}

/// The calling thread's allowed CPUs as the kernel lists them (`0-1`, `3`): the
/// `Cpus_allowed_list` of `/proc/thread-self/status`; `None` where it cannot be read.
pub fn allowed_list() -> Option<String> {
    let status = std::fs::read_to_string("/proc/thread-self/status").ok()?;
    let line = status
        .lines()
        .find(|l| l.starts_with("Cpus_allowed_list:"))?;
    line.split_whitespace().nth(1).map(str::to_string)
}

/// Pinning is Linux-only here.
#[cfg(not(target_os = "linux"))]
pub fn pin(_cpu: Option<usize>) -> Result<usize, String> {
    Err("pinning to a CPU is implemented on Linux only".into())
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    #[test]
    fn a_pinned_thread_and_its_children_run_on_that_cpu_only() {
        std::thread::spawn(|| {
            let cpu = super::pin(None).expect("pin to the current CPU");
            // SAFETY: as above.
            assert_eq!(unsafe { libc::sched_getcpu() } as usize, cpu);
            assert_eq!(super::allowed_list(), Some(cpu.to_string()));
            let out = std::process::Command::new("grep")
                .args(["Cpus_allowed_list", "/proc/self/status"])
                .output()
                .unwrap();
            let child = String::from_utf8(out.stdout).unwrap();
            assert_eq!(
                child.split_whitespace().nth(1),
                Some(cpu.to_string().as_str()),
                "{child}"
            );
            assert!(super::pin(Some(1 << 20)).is_err());
        })
        .join()
        .unwrap();
    }
}
