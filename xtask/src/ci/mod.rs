//! `cargo xtask ci` (fmt, clippy, doc, then the test matrix) and
//! `cargo xtask cross-test` (the test matrix alone).
//!
//! The last line printed is always `<passed> passed, <failed> failed`: the
//! CI system reads it. cargo test's own `test result:` lines (and the one
//! line in that format that the SPRT script's Python tests end with) are
//! echoed to stdout as they come, and nowhere else, so a reader summing
//! them counts each once.
//!
//! This module plans the steps; [`step`] runs each one and reports it.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use crate::args::Options;
use crate::matrix::{self, Backend, Combination};
use crate::process;
use crate::targets::{self, Runner};
use crate::test_output::TestCounts;
use crate::{firmware, fuzz, install, sprt, web, web_test};

mod step;

use step::{run_step, run_step_watched, StepReport};

/// `cargo xtask ci`: returns whether everything passed.
pub fn ci(options: &Options) -> Result<bool, String> {
    run(options, Mode::OneShot)
}

/// `cargo xtask cross-test`: returns whether every combination passed.
pub fn cross_test(options: &Options) -> Result<bool, String> {
    run(options, Mode::Developer)
}

/// How the test matrix is built and run.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `ci`, a whole run as on a fresh machine: the steps before and after
    /// the matrix run (unless `--skip-lint`), every combination builds in
    /// [`matrix::shared_target_dir`], emulated targets count perft up to
    /// [`EMULATED_CI_PERFT_NODE_LIMIT`] and run the heaviest randomized
    /// tests on fewer inputs ([`EMULATED_CI_TEST_SCALE_DOWN`]), and the
    /// host's native combination also tests the optional `serde` feature.
    OneShot,
    /// `cross-test`, run again and again while working: each combination
    /// keeps its own directory, so switching between them rebuilds nothing,
    /// and every test runs whole (perft to full depth) everywhere.
    Developer,
}

impl Mode {
    /// A cargo command for `combination` in this mode's target directory.
    fn cargo(self, workspace: &Path, combination: &Combination, subcommand: &str) -> Command {
        match self {
            Mode::OneShot => {
                combination.cargo_in(workspace, subcommand, &matrix::shared_target_dir(workspace))
            }
            Mode::Developer => combination.cargo(workspace, subcommand),
        }
    }
}

/// The node limit of bb-movegen's perft suites under emulation in `ci`
/// (`BB_PERFT_NODE_LIMIT`): every position still runs, at the depths whose
/// counts stay below it. `cross-test` runs the full depths everywhere.
const EMULATED_CI_PERFT_NODE_LIMIT: &str = "2000000";

/// The divisor of the heaviest randomized tests' sizes under emulation in
/// `ci` (`BB_TEST_SCALE_DOWN`): the pipelined `position`/`go` pairs, the
/// chaos soak's games and the move generator's random playouts. Under qemu
/// each costs some twenty times what it does on the host; every check still
/// runs, on fewer random inputs. The host targets run them whole.
const EMULATED_CI_TEST_SCALE_DOWN: &str = "4";

/// The features that turn on the optional `serde` support.
const SERDE_FEATURES: &str = "bb-core/serde,bb-movegen/serde";

/// The crates with a `serde` feature, and the feature turned on.
const SERDE_PACKAGES: [&str; 6] =
    ["--package", "bb-core", "--package", "bb-movegen", "--features", SERDE_FEATURES];

/// How long an emulated test step may print nothing before it is taken to
/// hang. The slowest test binary under qemu prints its result within about
/// two minutes; a build prints a line per crate.
const EMULATED_SILENCE_LIMIT: Duration = Duration::from_secs(8 * 60);

/// Seconds each fuzz target runs in `ci`.
const FUZZ_SECONDS: &str = "15";

fn run(options: &Options, mode: Mode) -> Result<bool, String> {
    let lint = mode == Mode::OneShot && !options.skip_lint;
    let started = Instant::now();
    let workspace = matrix::workspace_root();
    let combinations = matrix::select(&options.targets, &options.backends, &targets::TEST_DEFAULT);
    let mut reports = Vec::new();

    if lint {
        let mut fmt = matrix::cargo_command(&workspace);
        fmt.args(["fmt", "--all", "--", "--check"]);
        reports.push(run_step(&workspace, "fmt", fmt, false, options.verbose)?);

        // Clippy once per backend on the host: code behind the backend's
        // cfg is only linted when that backend is selected.
        let backends: &[Backend] =
            if options.backends.is_empty() { &Backend::ALL } else { &options.backends };
        for &backend in backends {
            let host = Combination::new(matrix::X86_64, backend);
            let mut clippy = mode.cargo(&workspace, &host, "clippy");
            clippy.args(["--workspace", "--all-targets", "--", "-D", "warnings"]);
            let name = format!("clippy/{}", backend.name());
            reports.push(run_step(&workspace, &name, clippy, false, options.verbose)?);
        }

        // In the workspace bb-cli turns on bb-movegen's `std` feature; this
        // checks that the crate still builds (and lints clean) without it.
        let host = Combination::new(matrix::X86_64, Backend::Native);
        let mut no_std = mode.cargo(&workspace, &host, "clippy");
        no_std.args(["--package", "bb-movegen", "--all-targets", "--", "-D", "warnings"]);
        reports.push(run_step(&workspace, "clippy/bb-movegen-no-std", no_std, false, options.verbose)?);

        // The optional `serde` feature of the value types, linted on the
        // host (no workspace member turns it on); the host's native test
        // step tests it.
        let mut serde_lint = mode.cargo(&workspace, &host, "clippy");
        serde_lint.args(SERDE_PACKAGES).args(["--all-targets", "--", "-D", "warnings"]);
        reports.push(run_step(&workspace, "clippy/serde", serde_lint, false, options.verbose)?);

        // The `tune` feature (the search's numbers as UCI options, for
        // scripts/sprt/spsa.py), linted on the host: no workspace member
        // turns it on, and the unit tests cover its run-time values.
        let mut tune_lint = mode.cargo(&workspace, &host, "clippy");
        tune_lint.args(["--package", "bb-cli", "--features", "tune"]);
        tune_lint.args(["--all-targets", "--", "-D", "warnings"]);
        reports.push(run_step(&workspace, "clippy/tune", tune_lint, false, options.verbose)?);

        // Issue #11: every published crate packages, and its package builds
        // on its own (cargo resolves the bb crates among the packages).
        let mut package = mode.cargo(&workspace, &host, "package");
        package.args(["--workspace", "--exclude", "xtask", "--exclude", "bb-benches", "--exclude", "bb-web"]);
        package.arg("--allow-dirty");
        forget_packaged_sources();
        reports.push(run_step(&workspace, "package", package, false, options.verbose)?);

        // bb-web's JavaScript bindings exist only on the browser target.
        // Without the target (no rustup) the step fails with cargo's reason.
        if let Err(error) = web::ensure_target() {
            println!("clippy/bb-web-wasm: {error}");
        }
        let mut web_lint = mode.cargo(&workspace, &host, "clippy");
        web_lint.args(["--package", "bb-web", "--target", web::TARGET, "--", "-D", "warnings"]);
        reports.push(run_step(&workspace, "clippy/bb-web-wasm", web_lint, false, options.verbose)?);

        // Users read the crates' docs: they must build without a warning
        // (broken or private intra-doc links included).
        let mut doc = mode.cargo(&workspace, &host, "doc");
        doc.args(["--workspace", "--no-deps"]).env("RUSTDOCFLAGS", "-D warnings");
        reports.push(run_step(&workspace, "doc", doc, false, options.verbose)?);
    }

    install::ensure_ready(&combinations)?;
    for combination in &combinations {
        let name = step_name(combination, mode);
        let run = || {
            let command = test_command(&workspace, combination, mode);
            let silence_limit = combination.is_emulated().then_some(EMULATED_SILENCE_LIMIT);
            run_step_watched(&workspace, &name, command, true, options.verbose, silence_limit)
        };
        let mut report = run()?;
        if report.timed_out {
            // qemu-user can deadlock a guest that forks while its other
            // threads run (the child never reaches exec); seen once in
            // ~20 emulated runs of the bb-cli tests. One more try.
            println!(
                "{name}: no output for {}; running it once more",
                process::format_duration(EMULATED_SILENCE_LIMIT)
            );
            report = run()?;
        }
        reports.push(report);
    }

    if lint {
        // Issue #10: perft on the emulated Cortex-M4 board.
        firmware::prepare()?;
        for (name, command) in firmware::commands(&workspace) {
            reports.push(run_step(&workspace, &name, command, false, options.verbose)?);
        }
        // Issue #14: perft(8) through work units under GNU parallel, for
        // real, with a run killed half-way, a results file cut short and
        // results of another depth (the script installs `parallel`). The
        // Slurm run of the same tests needs root daemons: run by hand with
        // `scripts/deep-perft/test.sh slurm`.
        let mut deep_perft = Command::new("bash");
        deep_perft.current_dir(&workspace).args(["scripts/deep-perft/test.sh", "parallel", "8"]);
        if let Some(bb) = tested_host_bb(&workspace, &combinations, &reports, mode) {
            deep_perft.env("BB", bb);
        }
        reports.push(run_step(&workspace, "deep-perft/parallel", deep_perft, false, options.verbose)?);
        // Issue #12: the SPRT script's tests (its statistics, the openings,
        // games between fake engines), a few seconds; python-chess is
        // installed first when missing.
        reports.push(match install::ensure_python_chess() {
            Ok(()) => {
                let mut selftest = Command::new("python3");
                selftest.current_dir(&workspace).arg(sprt::SELFTEST_SCRIPT);
                run_step(&workspace, "sprt-selftest", selftest, true, options.verbose)?
            }
            Err(error) => {
                println!("sprt-selftest: {error}");
                StepReport {
                    name: "sprt-selftest".into(),
                    success: false,
                    tests: TestCounts::default(),
                    is_test_step: true,
                    elapsed: Duration::ZERO,
                    timed_out: false,
                }
            }
        });
        // Issue #15: the explorer in headless Chromium (skipped, with a
        // line saying so, where Chromium cannot be installed).
        let web_started = Instant::now();
        let success = web_test::web_test().unwrap_or_else(|error| {
            println!("web-test: {error}");
            false
        });
        reports.push(StepReport {
            name: "web-test".into(),
            success,
            tests: TestCounts::default(),
            is_test_step: false,
            elapsed: web_started.elapsed(),
            timed_out: false,
        });
        // Issue #17: every fuzz target for a short while where a nightly
        // toolchain is installed; without one, `fuzz` says why it skips.
        let fuzz_started = Instant::now();
        let success = fuzz::fuzz(&["--seconds".into(), FUZZ_SECONDS.into()]).unwrap_or_else(|error| {
            println!("fuzz: {error}");
            false
        });
        let (tests, elapsed) = (TestCounts::default(), fuzz_started.elapsed());
        reports.push(StepReport {
            name: "fuzz".into(),
            success,
            tests,
            is_test_step: false,
            elapsed,
            timed_out: false,
        });
    }

    println!();
    println!("Summary ({}):", process::format_duration(started.elapsed()));
    for report in &reports {
        println!("  {}", report.line());
    }
    let passed: u64 = reports.iter().map(|report| report.tests.passed).sum();
    let failed: u64 = reports.iter().map(StepReport::failures).sum();
    let all_passed = reports.iter().all(|report| report.success);
    if !all_passed {
        let failing: Vec<&str> =
            reports.iter().filter(|report| !report.success).map(|report| report.name.as_str()).collect();
        println!("FAILED: {}", failing.join(", "));
    }
    // The CI system reads this last line.
    println!("{passed} passed, {failed} failed");
    Ok(all_passed)
}

/// The `bb` that the host's last test step built and passed with, if any:
/// deep perft runs it (test profile: optimised, with debug assertions)
/// rather than a release build of its own, which costs minutes on a fresh
/// machine (link-time optimisation) for a run of about a minute.
fn tested_host_bb(
    workspace: &Path,
    combinations: &[Combination],
    reports: &[StepReport],
    mode: Mode,
) -> Option<std::path::PathBuf> {
    let host = combinations.iter().rev().find(|combination| combination.target == matrix::X86_64)?;
    let step = reports.iter().find(|report| report.name == step_name(host, mode))?;
    let bb = host.profile_dir_in(&matrix::shared_target_dir(workspace), "debug").join("bb");
    (step.success && bb.is_file()).then_some(bb)
}

/// Removes cargo's unpacked copies of earlier packages of the bb crates.
/// `cargo package` verifies each crate against the others' new packages
/// through a local registry, but cargo unpacks a crate of a given name and
/// version only once (under `$CARGO_HOME/registry/src/-<hash>/`, the hash
/// being that of the target directory): a second run would verify against
/// the sources of the first. Those directories are cargo's cache, so
/// removing them loses nothing.
fn forget_packaged_sources() {
    let home = std::env::var_os("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|home| Path::new(&home).join(".cargo")));
    let Some(sources) = home.map(|home| home.join("registry/src")) else { return };
    let Ok(registries) = std::fs::read_dir(&sources) else { return };
    // Local registries have names that start with '-'; crates.io's do not.
    for registry in registries.flatten().filter(|entry| entry.file_name().to_string_lossy().starts_with('-'))
    {
        for unpacked in std::fs::read_dir(registry.path()).into_iter().flatten().flatten() {
            if unpacked.file_name().to_string_lossy().starts_with("bb-") {
                let _ = std::fs::remove_dir_all(unpacked.path());
            }
        }
    }
}

/// Whether `mode` tests `combination` with the `serde` feature on: `ci`
/// does on the host's native combination, so a separate build of the
/// crates with it is not needed; every other combination tests them
/// without it.
fn tests_serde(combination: &Combination, mode: Mode) -> bool {
    mode == Mode::OneShot && *combination == Combination::new(matrix::X86_64, Backend::Native)
}

/// The name of a combination's test step: `x86_64-unknown-linux-gnu/native+serde`.
fn step_name(combination: &Combination, mode: Mode) -> String {
    let serde = if tests_serde(combination, mode) { "+serde" } else { "" };
    format!("{combination}{serde}")
}

/// `cargo test` of one combination. Every crate is tested on every target;
/// xtask and bb-benches, tools of the x86_64 host that drive and measure
/// the others, only on targets that run on the host.
fn test_command(workspace: &Path, combination: &Combination, mode: Mode) -> Command {
    let mut test = mode.cargo(workspace, combination, "test");
    // --no-fail-fast: run every test binary, so the counts are complete.
    test.args(["--workspace", "--no-fail-fast"]);
    let on_host = combination.spec().is_none_or(|target| target.runner == Runner::Host);
    if !on_host {
        test.args(["--exclude", "xtask", "--exclude", "bb-benches"]);
    }
    if tests_serde(combination, mode) {
        test.args(["--features", SERDE_FEATURES]);
    }
    if mode == Mode::OneShot && combination.is_emulated() {
        test.env("BB_PERFT_NODE_LIMIT", EMULATED_CI_PERFT_NODE_LIMIT);
        test.env("BB_TEST_SCALE_DOWN", EMULATED_CI_TEST_SCALE_DOWN);
    }
    test
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variable(command: &Command, name: &str) -> Option<String> {
        command
            .get_envs()
            .find(|(key, _)| *key == name)
            .and_then(|(_, value)| value)
            .map(|value| value.to_string_lossy().into_owned())
    }

    #[test]
    fn only_emulated_ci_runs_are_scaled_down() {
        let workspace = matrix::workspace_root();
        let emulated = Combination::new(targets::ARMV7, Backend::HiLo);
        let host = Combination::new(matrix::X86_64, Backend::HiLo);
        let ci = test_command(&workspace, &emulated, Mode::OneShot);
        assert_eq!(variable(&ci, "BB_TEST_SCALE_DOWN").as_deref(), Some(EMULATED_CI_TEST_SCALE_DOWN));
        assert_eq!(variable(&ci, "BB_PERFT_NODE_LIMIT").as_deref(), Some(EMULATED_CI_PERFT_NODE_LIMIT));
        for whole in [
            test_command(&workspace, &emulated, Mode::Developer),
            test_command(&workspace, &host, Mode::OneShot),
        ] {
            assert_eq!(variable(&whole, "BB_TEST_SCALE_DOWN"), None);
            assert_eq!(variable(&whole, "BB_PERFT_NODE_LIMIT"), None);
        }
    }
}
