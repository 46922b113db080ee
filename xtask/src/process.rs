//! Running child processes with their stdout and stderr merged in order, so
//! that the tail of a failing step reads as it would in a terminal.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, BufRead, BufReader};
use std::os::unix::process::CommandExt as _;
use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What a finished command left behind.
pub struct Outcome {
    /// Whether it exited with status 0.
    pub success: bool,
    /// The exit status as text (`exit status: 101`), for messages.
    pub status: String,
    /// Every line it printed, stdout and stderr interleaved.
    pub lines: Vec<String>,
    /// Wall-clock time it took.
    pub elapsed: Duration,
    /// It printed nothing for the silence limit and was killed.
    pub timed_out: bool,
}

impl Outcome {
    /// The last `count` lines of output, one per line.
    pub fn tail(&self, count: usize) -> String {
        let start = self.lines.len().saturating_sub(count);
        self.lines[start..].iter().fold(String::new(), |mut text, line| {
            let _ = writeln!(text, "{line}");
            text
        })
    }

    /// Saves the whole output at `path` (creating its directory), so a long
    /// failure can be read in full after the tail was shown.
    pub fn save_log(&self, path: &Path) -> io::Result<()> {
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)?;
        }
        let mut text = self.lines.join("\n");
        text.push('\n');
        fs::write(path, text)
    }
}

/// Runs `command` to completion, calling `on_line` for each line of its
/// merged stdout and stderr as it arrives. Stdin is closed: nothing the
/// matrix runs may wait for input.
pub fn run_merged(command: Command, on_line: impl FnMut(&str)) -> Result<Outcome, String> {
    run_merged_watched(command, None, on_line)
}

/// [`run_merged`], but when `silence_limit` is given and the command prints
/// nothing for that long, it is taken to hang: its whole process group
/// (cargo, the test binaries, their emulators and children) is killed and
/// the outcome says so in `status` (`timed_out` is then true).
pub fn run_merged_watched(
    mut command: Command,
    silence_limit: Option<Duration>,
    mut on_line: impl FnMut(&str),
) -> Result<Outcome, String> {
    let program = describe(&command);
    let (reader, writer) = io::pipe().map_err(|error| format!("cannot create a pipe: {error}"))?;
    let writer_for_stderr = writer.try_clone().map_err(|error| format!("cannot clone a pipe: {error}"))?;
    command.stdin(std::process::Stdio::null()).stdout(writer).stderr(writer_for_stderr);
    // Watched, it gets its own process group, so that a hang can be killed
    // with everything it started. (Not otherwise: Ctrl-C reaches only the
    // terminal's foreground group.)
    if silence_limit.is_some() {
        command.process_group(0);
    }
    let started = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|error| format!("cannot run `{}`: {error}", command.get_program().to_string_lossy()))?;
    // The command still holds the pipe's write ends; until they are closed
    // the reader would never see the end of the output.
    drop(command);

    let last_output = Arc::new(Mutex::new(Instant::now()));
    let finished = Arc::new(AtomicBool::new(false));
    let timed_out = Arc::new(AtomicBool::new(false));
    let watchdog = silence_limit.map(|limit| {
        let (last_output, finished, timed_out) = (last_output.clone(), finished.clone(), timed_out.clone());
        let group = child.id();
        std::thread::spawn(move || {
            while !finished.load(Ordering::Relaxed) {
                std::thread::sleep(Duration::from_secs(1));
                let silent = last_output.lock().map(|last| last.elapsed()).unwrap_or_default();
                if silent > limit {
                    timed_out.store(true, Ordering::Relaxed);
                    let _ = Command::new("kill").args(["-KILL", "--", &format!("-{group}")]).status();
                    return;
                }
            }
        })
    });

    let mut lines = Vec::new();
    for line in BufReader::new(reader).split(b'\n') {
        let bytes = line.map_err(|error| format!("cannot read the output of `{program}`: {error}"))?;
        if let Ok(mut last) = last_output.lock() {
            *last = Instant::now();
        }
        let line = String::from_utf8_lossy(&bytes).trim_end_matches('\r').to_string();
        on_line(&line);
        lines.push(line);
    }
    let exit = child.wait().map_err(|error| format!("cannot wait for `{program}`: {error}"))?;
    finished.store(true, Ordering::Relaxed);
    if let Some(watchdog) = watchdog {
        let _ = watchdog.join();
    }
    let timed_out = timed_out.load(Ordering::Relaxed);
    let status = match (timed_out, silence_limit) {
        (true, Some(limit)) => format!("killed after {} without output", format_duration(limit)),
        _ => exit.to_string(),
    };
    let success = exit.success() && !timed_out;
    Ok(Outcome { success, status, lines, elapsed: started.elapsed(), timed_out })
}

/// The command line of `command` for messages, with the environment
/// variables it sets in front (`BB_BACKEND=hilo cargo test ...`).
pub fn describe(command: &Command) -> String {
    let mut words: Vec<String> = Vec::new();
    for (key, value) in command.get_envs() {
        if let Some(value) = value {
            words.push(format!("{}={}", key.to_string_lossy(), value.to_string_lossy()));
        }
    }
    let program = Path::new(command.get_program());
    let name = program.file_name().unwrap_or(program.as_os_str());
    words.push(name.to_string_lossy().into_owned());
    words.extend(command.get_args().map(|arg| arg.to_string_lossy().into_owned()));
    words.join(" ")
}

/// A duration for people: `4.2 s`, `12 min 5 s`.
pub fn format_duration(duration: Duration) -> String {
    let seconds = duration.as_secs_f64();
    if seconds < 60.0 {
        format!("{seconds:.1} s")
    } else {
        let whole = duration.as_secs();
        format!("{} min {} s", whole / 60, whole % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_of_both_streams_is_collected() {
        let mut command = Command::new("sh");
        command.args(["-c", "echo one; echo two >&2; echo three; exit 3"]);
        let mut seen = Vec::new();
        let outcome = run_merged(command, |line| seen.push(line.to_string())).unwrap();
        assert!(!outcome.success);
        assert!(outcome.status.contains('3'));
        assert_eq!(outcome.lines, ["one", "two", "three"]);
        assert_eq!(seen, outcome.lines);
        assert_eq!(outcome.tail(2), "two\nthree\n");
        assert_eq!(outcome.tail(10), "one\ntwo\nthree\n");
    }

    #[test]
    fn a_silent_command_is_killed_with_its_children() {
        // The grandchild `sleep` holds the output pipe open: only killing
        // the whole group ends the read.
        let mut command = Command::new("sh");
        command.args(["-c", "echo started; sleep 60 & sleep 60; echo never"]);
        let started = Instant::now();
        let outcome = run_merged_watched(command, Some(Duration::from_secs(2)), |_| {}).unwrap();
        assert!(outcome.timed_out && !outcome.success, "{}", outcome.status);
        assert!(outcome.status.contains("without output"), "{}", outcome.status);
        assert_eq!(outcome.lines, ["started"]);
        assert!(started.elapsed() < Duration::from_secs(30), "took {:?}", started.elapsed());

        let mut quick = Command::new("sh");
        quick.args(["-c", "echo a; sleep 1; echo b"]);
        let outcome = run_merged_watched(quick, Some(Duration::from_secs(5)), |_| {}).unwrap();
        assert!(outcome.success && !outcome.timed_out, "{}", outcome.status);
        assert_eq!(outcome.lines, ["a", "b"]);
    }

    #[test]
    fn a_missing_program_is_an_error_not_a_panic() {
        let error = run_merged(Command::new("/nonexistent/program"), |_| {}).err().unwrap();
        assert!(error.contains("/nonexistent/program"));
    }

    #[test]
    fn durations_read_well() {
        assert_eq!(format_duration(Duration::from_millis(4_240)), "4.2 s");
        assert_eq!(format_duration(Duration::from_secs(725)), "12 min 5 s");
    }

    #[test]
    fn commands_are_described_with_their_environment() {
        let mut command = Command::new("/usr/bin/cargo");
        command.arg("test").env("BB_BACKEND", "hilo");
        assert_eq!(describe(&command), "BB_BACKEND=hilo cargo test");
    }
}
