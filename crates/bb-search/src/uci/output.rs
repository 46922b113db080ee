//! The output the loop and the search thread share: whole lines, each
//! flushed, under a lock.

use std::io::Write;
use std::sync::{Arc, Mutex, MutexGuard};

/// Where the answers go; both the loop and the search thread write to it.
pub(super) type SharedOutput = Arc<Mutex<Box<dyn Write + Send>>>;

/// Locks a mutex, recovering the data if a thread panicked while holding it.
pub(super) fn lock<T: ?Sized>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Writes one line and flushes (GUIs wait for whole lines).
pub(super) fn emit(output: &SharedOutput, line: &str) {
    let mut writer = lock(output);
    let _ = writeln!(writer, "{line}");
    let _ = writer.flush();
}
