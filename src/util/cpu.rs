//! The CPU features this build was compiled to use, checked once at start.
//!
//! `.cargo/config.toml` builds for x86-64-v2 (POPCNT and SSE4.2 among them: the solver's threat
//! counts are `count_ones`). On a CPU without one of them the first such instruction would stop
//! the process with SIGILL; [`missing`] lets `main` say which feature is missing instead.

/// A feature the build may use: its name (as `target_feature` and `/proc/cpuinfo` spell it),
/// whether this build was compiled with it, and its CPUID bit (leaf 1, register ECX).
struct Feature {
    name: &'static str,
    /// The tests' oracle: the kernel's name for it in `/proc/cpuinfo`.
    #[cfg_attr(not(test), allow(dead_code))]
    cpuinfo: &'static str,
    compiled: bool,
    ecx_bit: u32,
}

const FEATURES: [Feature; 6] = [
    feature("popcnt", "popcnt", cfg!(target_feature = "popcnt"), 23),
    feature("sse4.2", "sse4_2", cfg!(target_feature = "sse4.2"), 20),
    feature("sse4.1", "sse4_1", cfg!(target_feature = "sse4.1"), 19),
    feature(
        "cmpxchg16b",
        "cx16",
        cfg!(target_feature = "cmpxchg16b"),
        13,
    ),
    feature("ssse3", "ssse3", cfg!(target_feature = "ssse3"), 9),
    feature("sse3", "pni", cfg!(target_feature = "sse3"), 0),
];

const fn feature(
    name: &'static str,
    cpuinfo: &'static str,
    compiled: bool,
    ecx_bit: u32,
) -> Feature {
    Feature {
        name,
        cpuinfo,
        compiled,
        ecx_bit,
    }
}

/// CPUID leaf 1's ECX: the feature bits of [`FEATURES`]. (Not `is_x86_feature_detected!`: it
/// answers `true` without asking the CPU for a feature the build was compiled with.)
#[cfg(target_arch = "x86_64")]
fn leaf1_ecx() -> u32 {
    // SAFETY: CPUID exists on every x86-64 CPU, and leaf 1 on every one since the first.
    #[allow(unused_unsafe)]
    unsafe {
        std::arch::x86_64::__cpuid(1).ecx
    }
}

/// The first feature this build was compiled to use that this CPU lacks, as a one-line error.
pub fn missing() -> Option<String> {
    #[cfg(target_arch = "x86_64")]
    {
        let ecx = leaf1_ecx();
        let f = FEATURES
            .iter()
            .find(|f| f.compiled && ecx >> f.ecx_bit & 1 == 0)?;
        Some(format!(
            "this treebench was compiled to use {} (x86-64-v2: .cargo/config.toml), which this \
             CPU lacks; rebuild for baseline x86-64: RUSTFLAGS='-C target-cpu=x86-64' cargo \
             build --release",
            f.name
        ))
    }
    #[cfg(not(target_arch = "x86_64"))]
    None
}

/// Features past baseline x86-64 a build may be compiled for (`RUSTFLAGS`, `target-cpu=native`)
/// that [`FEATURES`] does not list; named by [`build_target`], not checked.
const BEYOND_V2: [(&str, bool); 7] = [
    ("avx", cfg!(target_feature = "avx")),
    ("avx2", cfg!(target_feature = "avx2")),
    ("fma", cfg!(target_feature = "fma")),
    ("bmi1", cfg!(target_feature = "bmi1")),
    ("bmi2", cfg!(target_feature = "bmi2")),
    ("lzcnt", cfg!(target_feature = "lzcnt")),
    ("avx512f", cfg!(target_feature = "avx512f")),
];

/// What the build was compiled for, for the run metadata: the architecture and the instruction
/// set extensions past its baseline (`x86_64: popcnt sse4.2 …`, `x86_64: baseline`).
pub fn build_target() -> String {
    let on: Vec<&str> = FEATURES
        .iter()
        .map(|f| (f.name, f.compiled))
        .chain(BEYOND_V2)
        .filter_map(|(name, compiled)| compiled.then_some(name))
        .collect();
    let arch = std::env::consts::ARCH;
    if on.is_empty() {
        format!("{arch}: baseline")
    } else {
        format!("{arch}: {}", on.join(" "))
    }
}

#[cfg(all(test, target_arch = "x86_64", target_os = "linux"))]
mod tests {
    use super::*;

    /// The CPUID bits read here agree with the kernel's reading of the same CPU (`flags` in
    /// `/proc/cpuinfo`), feature by feature, present or not.
    #[test]
    fn cpuid_bits_agree_with_proc_cpuinfo() {
        let info = std::fs::read_to_string("/proc/cpuinfo").expect("/proc/cpuinfo on Linux");
        let flags: Vec<&str> = info
            .lines()
            .find_map(|l| l.strip_prefix("flags"))
            .expect("a flags line")
            .trim_start_matches([' ', '\t', ':'])
            .split_whitespace()
            .collect();
        let ecx = leaf1_ecx();
        for f in &FEATURES {
            let bit = ecx >> f.ecx_bit & 1 == 1;
            assert_eq!(bit, flags.contains(&f.cpuinfo), "{}", f.name);
        }
    }

    /// This build runs here, so nothing it was compiled for may be reported missing; and the
    /// build is the x86-64-v2 one `.cargo/config.toml` asks for, unless RUSTFLAGS replaced it.
    #[test]
    fn this_cpu_runs_this_build() {
        assert_eq!(missing(), None);
        if option_env!("RUSTFLAGS").is_none() && option_env!("CARGO_ENCODED_RUSTFLAGS").is_none() {
            assert!(FEATURES.iter().all(|f| f.compiled), "built for x86-64-v2");
            assert_eq!(
                build_target(),
                "x86_64: popcnt sse4.2 sse4.1 cmpxchg16b ssse3 sse3"
            );
        }
    }
}
