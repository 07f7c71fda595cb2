//! Printing a command's output where its reader may leave early (`treebench analyze … | head`).

use std::io::Write;

/// Writes `text` to stdout. A reader that has gone (a closed pipe) is not an error: it took what
/// it wanted, and the command goes on with the rest of its work (the files it writes).
pub fn print(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r,
    }
}
