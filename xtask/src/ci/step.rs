//! One step of `cargo xtask ci`: running its command, echoing the lines a
//! reader counts, and the PASS/FAIL line and failure excerpt it ends with.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::matrix;
use crate::process::{self, Outcome};
use crate::test_output::{self, TestCounts};

/// How a step ended, for its line and the summary.
pub(super) struct StepReport {
    pub name: String,
    pub success: bool,
    /// Tests counted from `test result:` lines (zero for fmt and clippy).
    pub tests: TestCounts,
    pub is_test_step: bool,
    pub elapsed: Duration,
    /// Killed for printing nothing for too long (a hang).
    pub timed_out: bool,
}

impl StepReport {
    /// The step's line: `PASS x86_64-unknown-linux-gnu/native  tests: 12 passed, 0 failed  (3.1 s)`.
    pub fn line(&self) -> String {
        let verdict = if self.success { "PASS" } else { "FAIL" };
        let tests = if self.is_test_step {
            format!("  tests: {} passed, {} failed", self.tests.passed, self.tests.failed)
        } else {
            String::new()
        };
        format!("{verdict} {:<34}{tests}  ({})", self.name, process::format_duration(self.elapsed))
    }

    /// Failures this step adds to the final count: its failing tests, or 1
    /// when it failed without any failing test (a build error, fmt, clippy,
    /// a crashed test binary), so the final line never reads `0 failed` for
    /// a broken run.
    pub fn failures(&self) -> u64 {
        if self.success || self.tests.failed > 0 {
            self.tests.failed
        } else {
            self.tests.failed + 1
        }
    }
}

/// Runs one step, echoing the `test result:` lines (or everything with
/// `--verbose`), then prints its PASS/FAIL line and, on failure, what went
/// wrong.
pub(super) fn run_step(
    workspace: &Path,
    name: &str,
    command: Command,
    is_test_step: bool,
    verbose: bool,
) -> Result<StepReport, String> {
    run_step_watched(workspace, name, command, is_test_step, verbose, None)
}

/// [`run_step`], killing the step when it prints nothing for `silence_limit`.
pub(super) fn run_step_watched(
    workspace: &Path,
    name: &str,
    command: Command,
    is_test_step: bool,
    verbose: bool,
    silence_limit: Option<Duration>,
) -> Result<StepReport, String> {
    println!("== {name}: {}", process::describe(&command));
    let mut tests = TestCounts::default();
    let outcome = process::run_merged_watched(command, silence_limit, |line| {
        let counts = test_output::parse_test_result(line);
        if let Some(counts) = counts {
            tests.add(counts);
        }
        if verbose || counts.is_some() || test_output::is_failed_test_line(line) {
            println!("{line}");
        }
    })?;
    let report = StepReport {
        name: name.to_string(),
        success: outcome.success,
        tests,
        is_test_step,
        elapsed: outcome.elapsed,
        timed_out: outcome.timed_out,
    };
    if !report.success {
        show_failure(workspace, name, &outcome);
    }
    println!("{}", report.line());
    Ok(report)
}

/// Prints the part of a failed step's output that says why, and where its
/// whole log is.
fn show_failure(workspace: &Path, name: &str, outcome: &Outcome) {
    let log =
        matrix::xtask_dir(workspace).join("logs").join(format!("{}.log", name.replace(['/', ' '], "-")));
    let saved = match outcome.save_log(&log) {
        Ok(()) => format!("full log: {}", log.display()),
        Err(error) => format!("could not save the log at {}: {error}", log.display()),
    };
    println!("---- {name} failed ({}); {saved}", outcome.status);
    for line in test_output::failure_excerpt(&outcome.lines, 120, 30) {
        println!("  | {line}");
    }
    println!("----");
}
