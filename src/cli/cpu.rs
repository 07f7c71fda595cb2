//! `--cpu` of `gate` and `run`: pin the solves to one CPU ([`crate::util::affinity`]).

use anyhow::Result;

/// `--cpu`: where to pin the solves.
#[derive(Debug, Clone, Copy)]
pub enum CpuChoice {
    Current,
    Cpu(usize),
    Off,
}

pub fn parse(s: &str) -> std::result::Result<CpuChoice, String> {
    match s {
        "current" => Ok(CpuChoice::Current),
        "off" => Ok(CpuChoice::Off),
        n => n
            .parse()
            .map(CpuChoice::Cpu)
            .map_err(|_| format!("`{n}`: expected `current`, `off` or a CPU number")),
    }
}

/// Pin the calling thread (and the engine processes it starts later) to the CPU `choice`
/// names, unless an engine searches on several threads; the CPU pinned to, if any.
pub fn pin(choice: CpuChoice, threads: usize, command: &str) -> Result<Option<usize>> {
    let cpu = match choice {
        CpuChoice::Off => return Ok(None),
        _ if threads > 1 => {
            eprintln!("{command}: not pinned to a CPU: an engine searches on {threads} threads");
            return Ok(None);
        }
        CpuChoice::Current => None,
        CpuChoice::Cpu(c) => Some(c),
    };
    match crate::util::affinity::pin(cpu) {
        Ok(c) => Ok(Some(c)),
        Err(e) if cpu.is_some() => Err(anyhow::anyhow!("--cpu: {e}")),
        Err(e) => {
            eprintln!("{command}: not pinned to a CPU: {e}");
            Ok(None)
        }
    }
}
