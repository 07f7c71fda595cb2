//! Engine processes run in their own process group, so that treebench can end an engine together
//! with everything it started (a shell wrapper's child, a solver's helper processes).
//!
//! Every live group is listed in a fixed table of atomics. The first spawn installs a handler for
//! SIGINT, SIGTERM and SIGHUP (unless the signal is ignored or already handled) that kills every
//! listed group with SIGKILL and then lets the signal take its default action, so an interrupted
//! `treebench run` leaves no engine behind. The handler only reads atomics and calls `kill`,
//! `sigaction` and `raise`, which are async-signal-safe.

#[cfg(unix)]
mod imp {
    use std::sync::atomic::{AtomicI32, Ordering};
    use std::sync::Once;

    /// Room for this many engine processes alive at once; beyond it a group is still killed on
    /// drop, but not by the signal handler.
    const SLOTS: usize = 256;

    static GROUPS: [AtomicI32; SLOTS] = [const { AtomicI32::new(0) }; SLOTS];
    static INSTALL: Once = Once::new();

    const SIGNALS: [libc::c_int; 3] = [libc::SIGINT, libc::SIGTERM, libc::SIGHUP];

    extern "C" fn on_signal(sig: libc::c_int) {
        kill_all();
        // SAFETY: sigaction and raise are async-signal-safe; the default action ends the process
        // as the signal would have without this handler.
        unsafe {
            let mut dfl: libc::sigaction = std::mem::zeroed();
            dfl.sa_sigaction = libc::SIG_DFL;
            libc::sigaction(sig, &dfl, std::ptr::null_mut());
            libc::raise(sig);
        }
    }

    fn install() {
        for sig in SIGNALS {
            // SAFETY: plain sigaction calls with zero-initialised structs; the handler is
            // async-signal-safe (see the module documentation).
            unsafe {
                let mut old: libc::sigaction = std::mem::zeroed();
                if libc::sigaction(sig, std::ptr::null(), &mut old) != 0
                    || old.sa_sigaction != libc::SIG_DFL
                {
                    continue; // ignored (nohup) or handled by someone else: leave it alone
                }
                let mut act: libc::sigaction = std::mem::zeroed();
                act.sa_sigaction = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
                act.sa_flags = libc::SA_RESTART;
                libc::sigemptyset(&mut act.sa_mask);
                libc::sigaction(sig, &act, std::ptr::null_mut());
            }
        }
    }

    /// List process group `pgid` (the engine's pid, spawned with `process_group(0)`).
    pub fn register(pgid: u32) {
        INSTALL.call_once(install);
        let Ok(g) = i32::try_from(pgid) else { return };
        for member in &GROUPS {
            if member
                .compare_exchange(0, g, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                return;
            }
        }
    }

    /// Whether child `pid` has exited, without reaping it (`waitid` with `WNOWAIT`): an exited,
    /// unreaped child keeps its pid, so its group's id cannot name another program's group yet.
    /// `None` when it cannot be told (not a child of this process).
    pub fn exited_unreaped(pid: u32) -> Option<bool> {
        let id = libc::id_t::try_from(pid).ok()?;
        // SAFETY: a zeroed siginfo_t is valid; waitid only writes into it.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
            if libc::waitid(libc::P_PID, id, &mut info, flags) != 0 {
                return None;
            }
            // with WNOHANG, si_pid stays 0 while the child has not exited
            Some(info.si_pid() != 0)
        }
    }

    /// Kill every process of group `pgid` and take it off the list. Call it before the leader
    /// (the engine, whose pid is the group's id) is reaped: once the leader is reaped and every
    /// other member has exited, the id may be reused by another program's group, which must
    /// never be signalled ([`exited_unreaped`] tells an exit without reaping).
    pub fn kill(pgid: u32) {
        let Ok(g) = i32::try_from(pgid) else { return };
        // SAFETY: kill has no memory effects.
        unsafe {
            libc::kill(-g, libc::SIGKILL);
        }
        for member in &GROUPS {
            let _ = member.compare_exchange(g, 0, Ordering::SeqCst, Ordering::SeqCst);
        }
    }

    fn kill_all() {
        for member in &GROUPS {
            let g = member.load(Ordering::SeqCst);
            if g > 0 {
                // SAFETY: async-signal-safe, no memory effects.
                unsafe {
                    libc::kill(-g, libc::SIGKILL);
                }
            }
        }
    }

    /// Put the command's process in a new group of its own.
    pub fn own_group(cmd: &mut std::process::Command) {
        use std::os::unix::process::CommandExt;
        cmd.process_group(0);
    }
}

#[cfg(not(unix))]
mod imp {
    pub fn exited_unreaped(_: u32) -> Option<bool> {
        None
    }
    pub fn register(_: u32) {}
    pub fn kill(_: u32) {}
    pub fn own_group(_: &mut std::process::Command) {}
}

pub use imp::{exited_unreaped, kill, own_group, register};
