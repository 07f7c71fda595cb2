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
        for slot in &GROUPS {
            if slot
                .compare_exchange(0, g, Ordering::SeqCst, Ordering::SeqCst)
                .is_ok()
            {
                return;
            }
        }
    }

    /// Kill every process of group `pgid` and take it off the list. Safe after the leader was
    /// reaped: a group id stays reserved while any member lives, so it names no other process.
    pub fn kill(pgid: u32) {
        let Ok(g) = i32::try_from(pgid) else { return };
        // SAFETY: kill has no memory effects.
        unsafe {
            libc::kill(-g, libc::SIGKILL);
        }
        for slot in &GROUPS {
            let _ = slot.compare_exchange(g, 0, Ordering::SeqCst, Ordering::SeqCst);
        }
    }

    fn kill_all() {
        for slot in &GROUPS {
            let g = slot.load(Ordering::SeqCst);
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
    pub fn register(_: u32) {}
    pub fn kill(_: u32) {}
    pub fn own_group(_: &mut std::process::Command) {}
}

pub use imp::{kill, own_group, register};
