//! Reading cargo test's output: the `test result:` counts and the part of
//! a failing run worth showing.

/// Tests passed and failed, summed over `test result:` lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TestCounts {
    /// Tests that passed.
    pub passed: u64,
    /// Tests that failed.
    pub failed: u64,
}

impl TestCounts {
    /// Adds `other` to these counts.
    pub fn add(&mut self, other: TestCounts) {
        self.passed += other.passed;
        self.failed += other.failed;
    }
}

/// The counts of a libtest summary line such as
/// `test result: FAILED. 4 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s`,
/// or `None` for any other line.
pub fn parse_test_result(line: &str) -> Option<TestCounts> {
    let rest = line.trim_start().strip_prefix("test result:")?;
    let mut counts = TestCounts::default();
    let mut seen = false;
    for part in rest.split([';', '.']) {
        let mut words = part.split_whitespace();
        let (Some(number), Some(label)) = (words.next(), words.next()) else { continue };
        let Ok(number) = number.parse::<u64>() else { continue };
        match label {
            "passed" => counts.passed = number,
            "failed" => counts.failed = number,
            _ => continue,
        }
        seen = true;
    }
    seen.then_some(counts)
}

/// Whether `line` reports one failing test (`test some::name ... FAILED`).
pub fn is_failed_test_line(line: &str) -> bool {
    line.starts_with("test ") && line.ends_with("... FAILED")
}

/// The lines that explain a failed run: the `failures:` sections of the
/// test binaries, or when there are none (a build error, clippy) the
/// output from its first `error` line on, at most `max_cause_lines` of
/// them; then the last `tail` lines of the output. Gaps are marked `...`.
/// The `test result:` lines are left out, because they were printed
/// already and must reach stdout once only.
pub fn failure_excerpt(lines: &[String], max_cause_lines: usize, tail: usize) -> Vec<&str> {
    let mut picked = vec![false; lines.len()];
    let mut in_failures = false;
    let mut cause_lines = 0;
    for (index, line) in lines.iter().enumerate() {
        if line == "failures:" {
            in_failures = true;
        } else if parse_test_result(line).is_some() {
            in_failures = false;
        }
        if in_failures && cause_lines < max_cause_lines {
            picked[index] = true;
            cause_lines += 1;
        }
    }
    if cause_lines == 0 {
        if let Some(first_error) = lines.iter().position(|line| line.starts_with("error")) {
            for flag in picked.iter_mut().skip(first_error).take(max_cause_lines) {
                *flag = true;
            }
        }
    }
    for flag in picked.iter_mut().skip(lines.len().saturating_sub(tail)) {
        *flag = true;
    }
    let mut excerpt = Vec::new();
    let mut previous_picked = true;
    for (line, picked) in lines.iter().zip(picked) {
        if picked && parse_test_result(line).is_none() {
            if !previous_picked {
                excerpt.push("...");
            }
            excerpt.push(line.as_str());
        }
        previous_picked = picked;
    }
    excerpt
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_lines_are_counted() {
        let ok =
            "test result: ok. 123 passed; 0 failed; 2 ignored; 0 measured; 0 filtered out; finished in 4.51s";
        assert_eq!(parse_test_result(ok), Some(TestCounts { passed: 123, failed: 0 }));
        let failed = "test result: FAILED. 4 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s";
        assert_eq!(parse_test_result(failed), Some(TestCounts { passed: 4, failed: 1 }));
        assert_eq!(parse_test_result("test foo ... ok"), None);
        assert_eq!(parse_test_result("test result: gibberish"), None);
        assert_eq!(parse_test_result("running 3 tests"), None);
    }

    #[test]
    fn counts_add_up() {
        let mut total = TestCounts::default();
        total.add(TestCounts { passed: 3, failed: 1 });
        total.add(TestCounts { passed: 2, failed: 0 });
        assert_eq!(total, TestCounts { passed: 5, failed: 1 });
    }

    #[test]
    fn failing_test_lines_are_recognised() {
        assert!(is_failed_test_line("test perft::kiwipete ... FAILED"));
        assert!(!is_failed_test_line("test perft::kiwipete ... ok"));
        assert!(!is_failed_test_line("test result: FAILED. 0 passed; 1 failed"));
    }

    #[test]
    fn excerpt_keeps_failures_and_tail_but_not_summaries() {
        let output: Vec<String> = [
            "running 2 tests",
            "test a ... ok",
            "test b ... FAILED",
            "",
            "failures:",
            "",
            "---- b stdout ----",
            "assertion failed: 1 == 2",
            "",
            "failures:",
            "    b",
            "",
            "test result: FAILED. 1 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.00s",
            "noise 1",
            "noise 2",
            "error: test failed, to rerun pass `--lib`",
        ]
        .map(String::from)
        .to_vec();
        let excerpt = failure_excerpt(&output, 100, 1);
        assert!(excerpt.contains(&"assertion failed: 1 == 2"));
        assert!(excerpt.contains(&"    b"));
        assert!(!excerpt.contains(&"noise 2"));
        assert_eq!(excerpt[0], "...");
        assert_eq!(excerpt[excerpt.len() - 2..], ["...", "error: test failed, to rerun pass `--lib`"]);
        assert!(excerpt.iter().all(|line| !line.starts_with("test result:")));
        // The failures part is capped.
        assert_eq!(failure_excerpt(&output, 2, 0), ["...", "failures:", ""]);
    }

    #[test]
    fn excerpt_of_a_build_error_starts_at_the_first_error() {
        let output: Vec<String> = [
            "   Compiling bb-core v0.1.0",
            "error: manual implementation of an assign operation",
            "  --> src/position.rs:148:9",
            "   |",
            "error: could not compile `bb-movegen`",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            failure_excerpt(&output, 2, 1),
            [
                "...",
                "error: manual implementation of an assign operation",
                "  --> src/position.rs:148:9",
                "...",
                "error: could not compile `bb-movegen`"
            ]
        );
        assert_eq!(failure_excerpt(&output, 100, 0).len(), 5);
    }
}
