//! Issue #17 point 4, bounded input everywhere: `bb perft --epd` on
//! `/dev/zero`, `/dev/urandom`, a directory and a 10 GB file of one line,
//! and the UCI engine fed an endless line (`/dev/zero`) or a 10 GB one, each
//! answer with one line of error within a second, in bounded memory.
//!
//! Memory is bounded twice. Each run has its address space limited to
//! [`MAX_MEMORY_KB`] (`ulimit -v` in `sh`), so going past it fails the run
//! however briefly it happened. And its peak resident memory, `VmHWM`, is
//! read from `/proc/<pid>/status` while it runs and checked against the
//! same bound; that is the figure printed. The runs that keep reading (the
//! UCI engine) are watched for a while after they answered, to show that
//! skipping an endless line holds no memory; `bb perft` exits within a
//! millisecond or two, which sampling may miss (then the limit alone
//! speaks). Linux only; the tests skip themselves where `/proc` cannot be
//! read.
//!
//! The 10 GB files are sparse (`File::set_len`): ten gigabytes of NUL
//! bytes with no line break, costing no disk. They are never read whole.
#![cfg(target_os = "linux")]

mod common;

use std::fs::{self, File};
use std::io::{Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::Receiver;
use std::time::{Duration, Instant};

/// "Within a second", with room for a loaded CI machine.
const ANSWER_WITHIN: Duration = Duration::from_secs(5);
/// The memory any of these runs may use, address space and resident (bb
/// itself needs a few MB; the UCI engine's 16 MB hash table is allocated
/// zeroed, so untouched).
const MAX_MEMORY_KB: u64 = 64 << 10;
/// How long a UCI engine that keeps reading is watched after its answer.
const WATCH_AFTER_ANSWER: Duration = Duration::from_millis(1000);
/// Ten gigabytes.
const TEN_GB: u64 = 10 << 30;
/// The UCI engine's answer to an over-long line.
const TOO_LONG: &str = "info string line ignored: longer than the limit of 4194304 bytes";

/// What one run of `bb` did.
struct Measured {
    code: Option<i32>,
    stdout: Vec<String>,
    stderr: String,
    /// From the start to the answer (the exit, or the awaited line).
    answered_in: Duration,
    peak_rss_kb: u64,
    samples: u32,
}

impl Measured {
    /// Prints the figures (shown with `--nocapture`) and checks the time
    /// and memory bounds.
    fn check_bounds(&self, what: &str) {
        let peak = match self.samples {
            0 => "exited before a sample of its memory".to_string(),
            samples => format!("peak RSS {} kB ({samples} samples)", self.peak_rss_kb),
        };
        println!("{what}: answered in {:.1} ms, {peak}", self.answered_in.as_secs_f64() * 1e3);
        assert!(self.answered_in < ANSWER_WITHIN, "{what}: took {:?}", self.answered_in);
        assert!(self.peak_rss_kb < MAX_MEMORY_KB, "{what}: peak RSS {} kB", self.peak_rss_kb);
    }
}

/// The name and resident high-water mark in kB of process `pid`, `None`
/// once it has exited. The name tells `sh` (before its `exec`) from `bb`.
fn vm_hwm_kb(pid: u32) -> Option<(String, u64)> {
    let status = common::proc_status(pid)?;
    let kb = common::status_kb(&status, "VmHWM:")?;
    Some((common::status_field(&status, "Name:")?.to_string(), kb))
}

/// Whether `/proc` tells a process's memory here; the tests skip otherwise,
/// and under an emulator (`BB_TEST_RUNNER`), whose own address space and
/// memory would be measured instead of bb's.
fn proc_available() -> bool {
    if std::env::var("BB_TEST_RUNNER").is_ok_and(|runner| !runner.trim().is_empty()) {
        println!("skipped: bb runs under an emulator here, whose memory is not bb's");
        return false;
    }
    let available = vm_hwm_kb(std::process::id()).is_some();
    if !available {
        println!("skipped: /proc/<pid>/status with VmHWM is not readable here");
    }
    available
}

/// Starts `bb args` with `stdin` and at most [`MAX_MEMORY_KB`] of address
/// space; stdout lines come on the receiver.
fn start(args: &[&str], stdin: File) -> (Child, Receiver<String>, std::thread::JoinHandle<String>) {
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MAX_MEMORY_KB} && exec \"$0\" \"$@\""))
        .arg(env!("CARGO_BIN_EXE_bb"))
        .args(args)
        .stdin(Stdio::from(stdin))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("bb starts");
    let stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let lines = common::uci::lines_in_background(stdout);
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        let _ = stderr.read_to_string(&mut text);
        text
    });
    (child, lines, errors)
}

/// Runs `bb args` with `stdin` until it exits, or, when `awaited` is
/// given, until it prints that line, then watches it a while longer and
/// kills it. Samples its peak memory all along.
fn run(args: &[&str], stdin: File, awaited: Option<&str>) -> Measured {
    let started = Instant::now();
    let (mut child, lines, errors) = start(args, stdin);
    let pid = child.id();
    let (mut peak_rss_kb, mut samples) = (0, 0);
    let mut stdout = Vec::new();
    let mut answered_in = None;
    let code = loop {
        if let Some((_, kb)) = vm_hwm_kb(pid).filter(|(name, _)| name == "bb") {
            peak_rss_kb = peak_rss_kb.max(kb);
            samples += 1;
        }
        stdout.extend(lines.try_iter());
        if answered_in.is_none() && awaited.is_some_and(|line| stdout.iter().any(|seen| seen == line)) {
            answered_in = Some(started.elapsed());
        }
        if let Some(status) = child.try_wait().expect("bb can be waited for") {
            answered_in.get_or_insert(started.elapsed());
            break status.code();
        }
        let elapsed = started.elapsed();
        let watched_enough = answered_in.is_some_and(|at| elapsed > at + WATCH_AFTER_ANSWER);
        if watched_enough || elapsed > ANSWER_WITHIN * 4 {
            child.kill().expect("bb can be killed");
            child.wait().expect("bb can be waited for");
            answered_in.get_or_insert(elapsed);
            break None;
        }
        // Sampled without pause at first: bb perft exits within milliseconds.
        if elapsed > Duration::from_millis(50) {
            std::thread::sleep(Duration::from_micros(200));
        }
    };
    stdout.extend(lines.iter());
    let stderr = errors.join().expect("stderr reader");
    Measured { code, stdout, stderr, answered_in: answered_in.unwrap_or_default(), peak_rss_kb, samples }
}

/// A file removed when dropped.
struct TempPath(PathBuf);

impl Drop for TempPath {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.0);
        let _ = fs::remove_dir(&self.0);
    }
}

/// A sparse file of `length` NUL bytes followed by `tail`.
fn sparse_file(name: &str, length: u64, tail: &[u8]) -> TempPath {
    let path = std::env::temp_dir().join(format!("bb-bounded-{}-{name}", std::process::id()));
    let guard = TempPath(path);
    let mut file = File::create(&guard.0).expect("temp file");
    file.set_len(length).expect("a sparse file of this length");
    file.seek(SeekFrom::End(0)).expect("seek");
    file.write_all(tail).expect("write the tail");
    guard
}

fn open(path: &Path) -> File {
    File::open(path).expect("input opens")
}

/// The CLI's contract for bad input: exit code 2, nothing on stdout, one
/// `bb: ` line on stderr saying `expected`.
fn assert_one_line_error(run: &Measured, what: &str, expected: &str) {
    assert_eq!(run.code, Some(2), "{what}: {}", run.stderr);
    assert!(run.stdout.is_empty(), "{what}: {:?}", run.stdout);
    let lines: Vec<&str> = run.stderr.lines().collect();
    assert_eq!(lines.len(), 1, "{what}: {:?}", run.stderr);
    assert!(lines[0].starts_with("bb: ") && lines[0].contains(expected), "{what}: {}", lines[0]);
}

/// Runs `bb ARGS… PATH` and checks that it fails with one line naming
/// `expected`, within the memory and time bounds.
fn assert_file_refused_at_once(args: &[&str], path: &Path, what: &str, expected: &str) {
    let label = format!("bb {} {what}", args.join(" "));
    let path = path.to_str().expect("UTF-8 path");
    let run = run(&[args, &[path]].concat(), open(Path::new("/dev/null")), None);
    assert_one_line_error(&run, what, expected);
    run.check_bounds(&label);
}

#[test]
fn perft_epd_of_endless_or_unreadable_input_fails_at_once_in_bounded_memory() {
    if !proc_available() {
        return;
    }
    let directory = std::env::temp_dir().join(format!("bb-bounded-{}-dir", std::process::id()));
    fs::create_dir_all(&directory).expect("temp dir");
    let directory = TempPath(directory);
    let ten_gb = sparse_file("10g.epd", TEN_GB, b"");
    let cases = [
        ("/dev/zero", Path::new("/dev/zero"), "longer than 65536 bytes"),
        // Random bytes: now and then the first line is valid text, so the
        // error names the line it is on, whichever that is.
        ("/dev/urandom", Path::new("/dev/urandom"), "/dev/urandom line "),
        ("a directory", &directory.0, "cannot read EPD file"),
        ("a 10 GB line", &ten_gb.0, "longer than 65536 bytes"),
    ];
    for (what, path, expected) in cases {
        assert_file_refused_at_once(&["perft", "--epd"], path, what, expected);
    }
}

/// A network file is read up to one file's size: an endless or a 10 GB
/// file is refused at once, not read whole into memory.
#[test]
fn bench_eval_file_of_endless_or_huge_input_fails_at_once_in_bounded_memory() {
    if !proc_available() {
        return;
    }
    let ten_gb = sparse_file("10g.nnue", TEN_GB, b"");
    for (what, path) in [("/dev/zero", Path::new("/dev/zero")), ("a 10 GB file", &ten_gb.0)] {
        assert_file_refused_at_once(&["bench", "1", "--eval-file"], path, what, "not a bb network file");
    }
}

#[test]
fn uci_answers_an_endless_line_at_once_in_bounded_memory() {
    if !proc_available() {
        return;
    }
    let ten_gb = sparse_file("10g.uci", TEN_GB, b"");
    for (what, path) in [("/dev/zero", Path::new("/dev/zero")), ("a 10 GB line", &ten_gb.0)] {
        let run = run(&[], open(path), Some(TOO_LONG));
        assert_eq!(run.stdout.first().map(String::as_str), Some(TOO_LONG), "{what}: {:?}", run.stdout);
        assert_eq!(run.stdout.len(), 1, "{what}: {:?}", run.stdout);
        assert_eq!(run.stderr, "", "{what}");
        run.check_bounds(&format!("bb < {what}"));
    }
}

#[test]
fn uci_serves_on_after_a_huge_line_and_quits_at_the_end_of_input() {
    if !proc_available() {
        return;
    }
    let huge = sparse_file("64m.uci", 64 << 20, b"\nisready\n");
    let run = run(&[], open(&huge.0), None);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert_eq!(run.stdout, [TOO_LONG, "readyok"]);
    run.check_bounds("bb < a 64 MiB line, then isready");
}
