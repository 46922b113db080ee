//! Running the built `bb` binary and reading what it printed.

#![allow(dead_code)] // each test file uses a different part

pub mod uci;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// The initial position.
pub const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// ChessProgramming wiki position 2.
pub const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

/// The text of `/proc/<pid>/status`, read once (so fields taken from it
/// describe one moment of one process); `None` where `/proc` is not
/// readable or the process has exited.
pub fn proc_status(pid: u32) -> Option<String> {
    std::fs::read_to_string(format!("/proc/{pid}/status")).ok()
}

/// The value of the `field` line (`"Name:"`, `"VmRSS:"`, …) of a status
/// text, trimmed.
pub fn status_field<'a>(status: &'a str, field: &str) -> Option<&'a str> {
    status.lines().find_map(|line| line.strip_prefix(field)).map(str::trim)
}

/// A memory `field` of a status text (`"VmRSS:"`, `"VmHWM:"`) in kB.
pub fn status_kb(status: &str, field: &str) -> Option<u64> {
    status_field(status, field)?.strip_suffix("kB")?.trim().parse().ok()
}

/// What one run of `bb` did.
pub struct Run {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    /// The stdout lines.
    pub fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }

    /// The last stdout line.
    pub fn last_line(&self) -> &str {
        self.stdout.lines().last().unwrap_or_default()
    }
}

fn finish(output: Output) -> Run {
    Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// The environment variable through which `cargo xtask` names the emulator
/// that runs this target's binaries (`qemu-s390x -L /usr/s390x-linux-gnu`,
/// say) when the host cannot run them itself. Cargo's own runner setting
/// reaches only the test binaries, not the `bb` they start.
pub const RUNNER_VARIABLE: &str = "BB_TEST_RUNNER";

/// The emulator's words from [`RUNNER_VARIABLE`]; empty when `bb` runs directly.
pub fn runner_words() -> Vec<String> {
    std::env::var(RUNNER_VARIABLE).unwrap_or_default().split_whitespace().map(str::to_string).collect()
}

/// Whether `bb` runs under an emulator: its timings and its memory figures
/// are then the emulator's too.
pub fn is_emulated() -> bool {
    !runner_words().is_empty()
}

/// A command that starts the built `bb`, through the emulator if there is one.
pub fn bb_command() -> Command {
    let mut words = runner_words();
    words.push(env!("CARGO_BIN_EXE_bb").to_string());
    let mut command = Command::new(&words[0]);
    command.args(&words[1..]);
    command
}

/// Runs `bb` with `args` and no input.
pub fn bb(args: &[&str]) -> Run {
    bb_with_input(args, "")
}

/// Runs `bb` with `args`, writing `input` to its stdin.
pub fn bb_with_input(args: &[&str], input: &str) -> Run {
    let mut child = bb_command()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bb starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // bb may exit before reading (bad arguments): a closed pipe is fine.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    finish(child.wait_with_output().expect("bb finishes"))
}

/// Runs `bb` and checks that it succeeded with nothing on stderr.
pub fn bb_ok(args: &[&str]) -> Run {
    let run = bb(args);
    assert_eq!(run.code, Some(0), "bb {args:?} failed: {}", run.stderr);
    assert_eq!(run.stderr, "", "bb {args:?} wrote to stderr");
    run
}

/// Checks the bad-input contract: exit code 2, nothing on stdout, exactly
/// one `bb: ` line on stderr that contains `expected`, no panic text.
pub fn assert_bad_input(args: &[&str], expected: &str) {
    let run = bb(args);
    assert_eq!(run.code, Some(2), "bb {args:?}: exit code (stderr: {})", run.stderr);
    assert_eq!(run.stdout, "", "bb {args:?}: stdout");
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "bb {args:?}: stderr should be one line: {:?}", run.stderr);
    assert!(lines[0].starts_with("bb: "), "bb {args:?}: {}", lines[0]);
    assert!(lines[0].contains(expected), "bb {args:?}: {:?} does not mention {expected:?}", lines[0]);
    assert!(!run.stderr.contains("panicked"), "bb {args:?} panicked: {}", run.stderr);
}

/// A file of tests/data.
pub fn data(name: &str) -> String {
    let path: PathBuf = [env!("CARGO_MANIFEST_DIR"), "tests", "data", name].iter().collect();
    path.to_string_lossy().into_owned()
}

/// Parses `nodes <N> time <seconds> nps <nps>`, checking its shape.
pub fn parse_summary(line: &str) -> (u128, f64, u128) {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words.len(), 6, "summary line {line:?}");
    assert_eq!((words[0], words[2], words[4]), ("nodes", "time", "nps"), "summary line {line:?}");
    let nodes = words[1].parse().unwrap_or_else(|_| panic!("nodes in {line:?}"));
    let seconds = words[3].parse().unwrap_or_else(|_| panic!("time in {line:?}"));
    let nps = words[5].parse().unwrap_or_else(|_| panic!("nps in {line:?}"));
    (nodes, seconds, nps)
}

/// Parses divide lines `move count` into pairs.
pub fn parse_divide<'a>(lines: &[&'a str]) -> Vec<(&'a str, u128)> {
    lines
        .iter()
        .map(|line| {
            let (mv, count) = line.split_once(' ').unwrap_or_else(|| panic!("divide line {line:?}"));
            assert!((4..=5).contains(&mv.len()), "move in divide line {line:?}");
            (mv, count.parse().unwrap_or_else(|_| panic!("count in divide line {line:?}")))
        })
        .collect()
}
