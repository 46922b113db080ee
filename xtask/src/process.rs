//! Running child processes with their stdout and stderr merged in order, so
//! that the tail of a failing step reads as it would in a terminal.

use std::fmt::Write as _;
use std::fs;
use std::io::{self, BufRead, BufReader};
use std::path::Path;
use std::process::Command;
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
pub fn run_merged(mut command: Command, mut on_line: impl FnMut(&str)) -> Result<Outcome, String> {
    let program = describe(&command);
    let (reader, writer) = io::pipe().map_err(|error| format!("cannot create a pipe: {error}"))?;
    let writer_for_stderr = writer.try_clone().map_err(|error| format!("cannot clone a pipe: {error}"))?;
    command.stdin(std::process::Stdio::null()).stdout(writer).stderr(writer_for_stderr);
    let started = Instant::now();
    let mut child = command
        .spawn()
        .map_err(|error| format!("cannot run `{}`: {error}", command.get_program().to_string_lossy()))?;
    // The command still holds the pipe's write ends; until they are closed
    // the reader would never see the end of the output.
    drop(command);

    let mut lines = Vec::new();
    for line in BufReader::new(reader).split(b'\n') {
        let bytes = line.map_err(|error| format!("cannot read the output of `{program}`: {error}"))?;
        let line = String::from_utf8_lossy(&bytes).trim_end_matches('\r').to_string();
        on_line(&line);
        lines.push(line);
    }
    let status = child.wait().map_err(|error| format!("cannot wait for `{program}`: {error}"))?;
    Ok(Outcome { success: status.success(), status: status.to_string(), lines, elapsed: started.elapsed() })
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
