//! A GUI's side of `bb` as a UCI engine: the real binary over pipes, its
//! output read on a thread of its own so it never blocks on a full pipe.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Bound for what should take milliseconds: only a hang reaches it.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// A running `bb`.
pub struct UciProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far.
    pub seen: Vec<String>,
}

impl UciProcess {
    /// Starts `bb` (optionally through `sh -c` with a `prefix` such as a `ulimit`).
    pub fn start() -> UciProcess {
        UciProcess::spawn(super::bb_command())
    }

    /// Starts `bb` under `sh -c "<shell_prefix>; exec bb"`.
    pub fn start_in_shell(shell_prefix: &str) -> UciProcess {
        let mut command = Command::new("sh");
        let mut words = super::runner_words();
        words.push(env!("CARGO_BIN_EXE_bb").to_string());
        command.arg("-c").arg(format!("{shell_prefix}; exec \"$@\"")).arg("sh").args(words);
        UciProcess::spawn(command)
    }

    fn spawn(mut command: Command) -> UciProcess {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("bb starts");
        let stdin = child.stdin.take();
        let stdout = child.stdout.take().expect("stdout is piped");
        UciProcess { child, stdin, lines: lines_in_background(stdout), seen: Vec::new() }
    }

    /// The process id (for /proc).
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Writes one line (a closed pipe is ignored: the engine may have quit).
    pub fn send(&mut self, line: &str) {
        if let Some(stdin) = &mut self.stdin {
            let _ = writeln!(stdin, "{line}");
            let _ = stdin.flush();
        }
    }

    /// Closes the engine's input.
    pub fn close_input(&mut self) {
        self.stdin.take();
    }

    /// Reads lines until one satisfies `wanted`, and returns it.
    pub fn expect(&mut self, wanted: impl Fn(&str) -> bool) -> String {
        let start = Instant::now();
        loop {
            let left = PATIENCE.checked_sub(start.elapsed()).unwrap_or_default();
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.seen.push(line.clone());
                    if wanted(&line) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("timed out; output so far:\n{}", self.seen.join("\n"))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("bb closed its output; output so far:\n{}", self.seen.join("\n"))
                }
            }
        }
    }

    /// Reads every line until the engine closes its output.
    pub fn read_to_end(&mut self) -> Vec<String> {
        let start = Instant::now();
        loop {
            let left = PATIENCE.checked_sub(start.elapsed()).unwrap_or_default();
            match self.lines.recv_timeout(left) {
                Ok(line) => self.seen.push(line),
                Err(RecvTimeoutError::Disconnected) => return self.seen.clone(),
                Err(RecvTimeoutError::Timeout) => {
                    panic!("bb did not end; output so far:\n{}", self.seen.join("\n"))
                }
            }
        }
    }

    /// Waits for the process to exit (at most `limit`, then kills it) and
    /// returns how long it took and its exit code.
    pub fn wait_exit(&mut self, limit: Duration) -> (Duration, Option<i32>) {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("try_wait") {
                return (start.elapsed(), status.code());
            }
            if start.elapsed() > limit {
                let _ = self.child.kill();
                let _ = self.child.wait();
                return (start.elapsed(), None);
            }
            std::thread::sleep(Duration::from_micros(200));
        }
    }

    /// Resident memory of the process in kB (Linux), if known.
    pub fn resident_kb(&self) -> Option<u64> {
        super::status_kb(&super::proc_status(self.id())?, "VmRSS:")
    }
}

/// The lines of `output`, read on a thread of their own so that a test can
/// wait for them with a timeout; the channel closes at the end of output.
pub fn lines_in_background(output: impl Read + Send + 'static) -> Receiver<String> {
    let (sender, lines) = channel();
    std::thread::spawn(move || {
        for line in BufReader::new(output).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    lines
}

impl Drop for UciProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
