//! The build matrix: compilation targets × `U64` backends, where each
//! combination builds, and making sure rustup has the targets installed.

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::targets::{self, Target};
pub use crate::targets::{I686, X86_64};

/// The target xtask itself was built for, which is the host's, when it is
/// [`X86_64`]; empty otherwise (no other host is needed so far).
const HOST_TARGET: &str =
    if cfg!(all(target_arch = "x86_64", target_os = "linux", target_env = "gnu")) { X86_64 } else { "" };

/// Which `U64` implementation bb-core is built with (`BB_BACKEND`): bb-core's
/// own enum, so the names and the list of backends are defined once.
pub use bb_core::platform::Backend;

/// Parses a backend by its bb-core name (`native`, `hilo`), also accepting
/// `hi/lo` and `hi-lo` on the command line.
pub fn parse_backend(text: &str) -> Result<Backend, String> {
    let name = if matches!(text, "hi/lo" | "hi-lo") { Backend::HiLo.name() } else { text };
    name.parse().map_err(|error| format!("unknown backend `{text}` ({error})"))
}

/// Expands a `--target` word: short names (`x86_64`, `armv7`, `s390x`,
/// `wasm32`...) to triples, `all` kept for [`select`]; any other text is
/// taken as a full target triple.
pub fn parse_target(text: &str) -> Result<String, String> {
    targets::parse(text)
}

/// The rustc flags of the opt-in fast x86_64 build: bb-tables selects its
/// PEXT slider lookups by `cfg(target_feature = "bmi2")`.
pub const BMI2_RUSTFLAGS: [&str; 2] = ["-C", "target-feature=+popcnt,+bmi1,+bmi2"];

/// One cell of the matrix: a target triple built with one backend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combination {
    /// Rust target triple, passed as `--target`.
    pub target: String,
    /// Backend, passed as `BB_BACKEND`.
    pub backend: Backend,
    /// Built with [`BMI2_RUSTFLAGS`]: the opt-in build for x86_64 CPUs
    /// with BMI2, next to the portable one.
    pub bmi2: bool,
}

impl Combination {
    /// Creates the portable combination of `target` and `backend`.
    pub fn new(target: &str, backend: Backend) -> Combination {
        Combination { target: target.to_string(), backend, bmi2: false }
    }

    /// The same target and backend built with [`BMI2_RUSTFLAGS`].
    pub fn with_bmi2(&self) -> Combination {
        Combination { bmi2: true, ..self.clone() }
    }

    /// `+bmi2` for the BMI2 build, empty for the portable one.
    fn flavour(&self) -> &'static str {
        if self.bmi2 {
            "+bmi2"
        } else {
            ""
        }
    }

    /// A short name for table columns: `x86_64/native`, `x86_64/native+bmi2`.
    pub fn label(&self) -> String {
        format!("{}/{}{}", targets::short_name(&self.target), self.backend.name(), self.flavour())
    }

    /// The cargo target directory of this combination. Each combination has
    /// its own, so that switching `BB_BACKEND`, `--target` or the BMI2 flags
    /// never throws away another combination's build.
    pub fn target_dir(&self, workspace: &Path) -> PathBuf {
        let flavour = if self.bmi2 { "-bmi2" } else { "" };
        xtask_dir(workspace).join(format!("{}-{}{flavour}", self.target, self.backend.name()))
    }

    /// Whether cargo builds this combination for the host, without
    /// `--target`: the BMI2 build of the host's own target. With `--target`,
    /// cargo gives `RUSTFLAGS` to the target's code only, not to build
    /// scripts; then a dependency whose build script generates tables by
    /// its own `cfg(target_feature = "bmi2")` (chess 3.2.0 does) leaves out
    /// the tables its BMI2 library code uses and fails to compile. Without
    /// `--target` the flags reach build scripts as well, which is safe
    /// because the BMI2 build only runs where the host has BMI2.
    fn builds_as_host(&self) -> bool {
        self.bmi2 && self.target == HOST_TARGET
    }

    /// A cargo command in the workspace for this combination: the target,
    /// `BB_BACKEND` and the target directory are set, and for the BMI2
    /// build the rustc flags (on this command only).
    pub fn cargo(&self, workspace: &Path, subcommand: &str) -> Command {
        self.cargo_in(workspace, subcommand, &self.target_dir(workspace))
    }

    /// [`Combination::cargo`] building in `target_dir` instead of the
    /// combination's own directory, such as [`shared_target_dir`]. Cargo
    /// keeps the combinations' builds apart there by target triple, and
    /// rebuilds the bb crates when `BB_BACKEND` changes (bb-core's build
    /// script reruns on it), so sharing changes only what is rebuilt.
    pub fn cargo_in(&self, workspace: &Path, subcommand: &str, target_dir: &Path) -> Command {
        let mut command = cargo_command(workspace);
        command.arg(subcommand);
        if !self.builds_as_host() {
            command.arg("--target").arg(&self.target);
        }
        command.env("BB_BACKEND", self.backend.name()).env("CARGO_TARGET_DIR", target_dir);
        if let Some(target) = self.spec() {
            target.configure_cargo(&mut command, workspace);
        }
        if self.bmi2 {
            let encoded = std::env::var("CARGO_ENCODED_RUSTFLAGS").ok();
            let plain = std::env::var("RUSTFLAGS").ok();
            let (name, value) = rustflags_with(encoded, plain, &BMI2_RUSTFLAGS);
            command.env(name, value);
        }
        command
    }

    /// What the matrix knows of the target (linker, runner), if it is one
    /// of its own.
    pub fn spec(&self) -> Option<&'static Target> {
        targets::find(&self.target)
    }

    /// Whether the target's programs run under an emulator here.
    pub fn is_emulated(&self) -> bool {
        self.spec().is_some_and(Target::is_emulated)
    }

    /// A command that runs the binary `name` of `profile` built for this
    /// combination, through the target's emulator or WASI runtime.
    pub fn run_binary(&self, workspace: &Path, profile: &str, name: &str) -> Command {
        let file_name = self.spec().map_or_else(|| name.to_string(), |target| target.binary_name(name));
        let binary = self.profile_dir(workspace, profile).join(file_name);
        let mut words = self.spec().map(|target| target.runner_words(workspace)).unwrap_or_default();
        words.push(binary.display().to_string());
        let mut command = Command::new(&words[0]);
        command.args(&words[1..]);
        command
    }

    /// Where cargo puts the binaries of `profile` (`release`, `debug`).
    pub fn profile_dir(&self, workspace: &Path, profile: &str) -> PathBuf {
        self.profile_dir_in(&self.target_dir(workspace), profile)
    }

    /// Where cargo puts the binaries of `profile` under `target_dir`, such
    /// as [`shared_target_dir`].
    pub fn profile_dir_in(&self, target_dir: &Path, profile: &str) -> PathBuf {
        if self.builds_as_host() {
            target_dir.join(profile)
        } else {
            target_dir.join(&self.target).join(profile)
        }
    }
}

impl fmt::Display for Combination {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}/{}{}", self.target, self.backend.name(), self.flavour())
    }
}

/// The environment variable and value that give rustc `extra` flags on top
/// of the user's own. Cargo reads `CARGO_ENCODED_RUSTFLAGS` (flags apart by
/// 0x1f) in preference to `RUSTFLAGS`, so the flags go wherever the user's
/// are; otherwise `RUSTFLAGS`, appended to what it holds.
fn rustflags_with(encoded: Option<String>, plain: Option<String>, extra: &[&str]) -> (&'static str, String) {
    match (encoded, plain) {
        (Some(encoded), _) => {
            let mut flags: Vec<&str> = encoded.split('\x1f').filter(|flag| !flag.is_empty()).collect();
            flags.extend(extra);
            ("CARGO_ENCODED_RUSTFLAGS", flags.join("\x1f"))
        }
        (None, plain) => {
            let mut flags: Vec<&str> = plain.as_deref().unwrap_or("").split_whitespace().collect();
            flags.extend(extra);
            ("RUSTFLAGS", flags.join(" "))
        }
    }
}

/// Whether the CPU xtask runs on (the host, where the benches run) has
/// every instruction set of [`BMI2_RUSTFLAGS`].
pub fn host_has_bmi2() -> bool {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    {
        std::arch::is_x86_feature_detected!("popcnt")
            && std::arch::is_x86_feature_detected!("bmi1")
            && std::arch::is_x86_feature_detected!("bmi2")
    }
    #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
    {
        false
    }
}

/// `combinations` with the BMI2 build of each x86_64/native one right after
/// it: the BMI2 build is a flavour of x86_64/native, not a combination of
/// its own in the matrix.
pub fn with_bmi2_flavour(combinations: &[Combination]) -> Vec<Combination> {
    let mut flavoured = Vec::new();
    for combination in combinations {
        flavoured.push(combination.clone());
        let x86_64 = combination.target.starts_with("x86_64-");
        if x86_64 && combination.backend == Backend::Native && !combination.bmi2 {
            let bmi2 = combination.with_bmi2();
            if !combinations.contains(&bmi2) {
                flavoured.push(bmi2);
            }
        }
    }
    flavoured
}

/// The matrix narrowed by `--target` and `--backend` options: no target
/// means the command's `defaults`, `all` every target of
/// [`targets::ALL`], no backend both backends.
pub fn select(targets: &[String], backends: &[Backend], defaults: &[&str]) -> Vec<Combination> {
    let mut chosen: Vec<&str> = Vec::new();
    for target in targets {
        if target == "all" {
            chosen.extend(targets::ALL.iter().map(|target| target.triple));
        } else {
            chosen.push(target);
        }
    }
    if chosen.is_empty() {
        chosen = defaults.to_vec();
    }
    let backends: &[Backend] = if backends.is_empty() { &Backend::ALL } else { backends };
    let mut combinations = Vec::new();
    for target in chosen {
        for &backend in backends {
            let combination = Combination::new(target, backend);
            if !combinations.contains(&combination) {
                combinations.push(combination);
            }
        }
    }
    combinations
}

/// `target/xtask` in the workspace: the parent of all the matrix's own
/// target directories.
pub fn xtask_dir(workspace: &Path) -> PathBuf {
    workspace.join("target").join("xtask")
}

/// `target/xtask/ci`: the one target directory of every combination in
/// `cargo xtask ci`. On a fresh machine the dependencies then build once
/// per target instead of once per combination, and the host's build tools
/// (proc macros, build scripts) once in all; the price is that the bb
/// crates rebuild whenever the backend changes, which a one-shot run does
/// anyway.
pub fn shared_target_dir(workspace: &Path) -> PathBuf {
    xtask_dir(workspace).join("ci")
}

/// The root of the workspace (the parent of this package's directory).
pub fn workspace_root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().unwrap_or(manifest_dir).to_path_buf()
}

/// A `cargo` command running in the workspace root, with the cargo that
/// runs xtask (so the same toolchain) when known.
pub fn cargo_command(workspace: &Path) -> Command {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(workspace);
    command
}

/// Installs with rustup every target of `combinations` that is not installed
/// yet. Without rustup it says so and carries on: cargo will then report a
/// missing target itself.
pub fn ensure_targets_installed(combinations: &[Combination]) -> Result<(), String> {
    let listed = match Command::new("rustup").args(["target", "list", "--installed"]).output() {
        Ok(output) if output.status.success() => String::from_utf8_lossy(&output.stdout).into_owned(),
        Ok(output) => {
            let message = String::from_utf8_lossy(&output.stderr);
            eprintln!("warning: `rustup target list --installed` failed: {}", message.trim());
            return Ok(());
        }
        Err(error) => {
            eprintln!("warning: rustup not found ({error}); assuming the targets are installed");
            return Ok(());
        }
    };
    let installed: Vec<&str> = listed.lines().map(str::trim).collect();
    let mut missing: Vec<&str> = Vec::new();
    for combination in combinations {
        let target = combination.target.as_str();
        if !installed.contains(&target) && !missing.contains(&target) {
            missing.push(target);
        }
    }
    for target in missing {
        println!("installing the missing target: rustup target add {target}");
        let status = Command::new("rustup")
            .args(["target", "add", target])
            .status()
            .map_err(|error| format!("cannot run rustup: {error}"))?;
        if !status.success() {
            return Err(format!("`rustup target add {target}` failed ({status})"));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
