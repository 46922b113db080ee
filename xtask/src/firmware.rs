//! `cargo xtask firmware`: bb's perft on a bare-metal Cortex-M4
//! (`thumbv7em-none-eabihf`, no allocator), run in QEMU's mps2-an386 board
//! by `firmware/cortex-m4/run.sh`, which exits 0 only when every count the
//! firmware prints over semihosting is right.

use std::path::Path;
use std::process::Command;

use crate::install;
use crate::matrix::{self, Backend, Combination};

/// The firmware's target.
pub const THUMBV7EM: &str = "thumbv7em-none-eabihf";

/// The runs: the 32-bit default (hi/lo backend, magic tables), and the
/// other backend with the compact slider lookups, so both backends and
/// both slider schemes run on the board.
const RUNS: [&[&str]; 2] = [&[], &["native", "--compact"]];

/// Installs the target and qemu-system-arm if they are missing.
pub fn prepare() -> Result<(), String> {
    matrix::ensure_targets_installed(&[Combination::new(THUMBV7EM, Backend::HiLo)])?;
    install::ensure_program("qemu-system-arm", "qemu-system-arm", "the Cortex-M4 firmware")
}

/// One named command per run of `run.sh`.
pub fn commands(workspace: &Path) -> Vec<(String, Command)> {
    RUNS.iter()
        .map(|args| {
            let mut command = Command::new("sh");
            command.arg(workspace.join("firmware/cortex-m4/run.sh")).args(*args);
            // The firmware is its own workspace with its own target dir.
            command.env_remove("CARGO_TARGET_DIR").env_remove("BB_BACKEND");
            let name = if args.is_empty() { "default".to_string() } else { args.join(" ") };
            (format!("firmware/cortex-m4 {name}"), command)
        })
        .collect()
}

/// `cargo xtask firmware`: every run, with its output; true when all pass.
pub fn firmware() -> Result<bool, String> {
    prepare()?;
    let mut all_passed = true;
    for (name, mut command) in commands(&matrix::workspace_root()) {
        println!("== {name}");
        let status = command.status().map_err(|error| format!("cannot run {name}: {error}"))?;
        println!("{} {name}", if status.success() { "PASS" } else { "FAIL" });
        all_passed &= status.success();
    }
    Ok(all_passed)
}
