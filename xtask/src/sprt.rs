//! `cargo xtask sprt --base REV [--test REV] [-- ARGS]`: a self-play SPRT
//! between two builds of bb (issue #12), played by `scripts/sprt/sprt.py`.
//!
//! A commit is checked out in its own git worktree under
//! `target/sprt/worktrees/<sha>` and built there; the test side defaults to
//! the working tree itself, uncommitted changes included. The commits share
//! one target directory, `target/sprt/build`, so dependencies are compiled
//! once; the working tree builds in `target/sprt/build-worktree` (see
//! `build` for why). Each binary is copied out to
//! `target/sprt/bin/bb-<sha>` before the next build overwrites it. Each
//! build's `bb bench` signature is printed, python-chess is installed when
//! missing, and the script then takes over this process (exec), so its
//! progress lines, Ctrl-C and exit status are its own.

use std::fs;
use std::os::unix::process::CommandExt as _;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::SystemTime;

use crate::{install, matrix, process};

/// The SPRT script, relative to the workspace.
const SCRIPT: &str = "scripts/sprt/sprt.py";

/// The tests of the script, relative to the workspace: `cargo xtask ci`
/// runs them (step `sprt-selftest`); the last line is in cargo test's format.
pub const SELFTEST_SCRIPT: &str = "scripts/sprt/tests/run.py";

/// Hex digits of a commit's hash in the names of its binaries.
const SHORT_SHA: usize = 12;

/// The options of `cargo xtask sprt`.
#[derive(Debug, PartialEq)]
pub struct SprtOptions {
    /// The reference build: any revision git can resolve.
    pub base: String,
    /// The build under test; `None` is the working tree.
    pub test: Option<String>,
    /// Everything after `--`, for sprt.py.
    pub script_args: Vec<String>,
}

/// What one side of the match is built from.
#[derive(Debug, PartialEq)]
enum Source {
    /// A commit, by its full hash.
    Commit(String),
    /// The working tree of the workspace, on top of the commit `head`.
    WorkingTree { head: String },
}

impl Source {
    /// The name of its binary in `target/sprt/bin`: `bb-<sha>` for a commit,
    /// `bb-worktree-<sha of HEAD>` for the working tree.
    fn binary_name(&self) -> String {
        match self {
            Source::Commit(sha) => format!("bb-{}", short(sha)),
            Source::WorkingTree { head } => format!("bb-worktree-{}", short(head)),
        }
    }
}

fn short(sha: &str) -> &str {
    &sha[..sha.len().min(SHORT_SHA)]
}

/// Parses the words after `sprt`: `--base REV` (required), `--test REV`,
/// in `--name value` or `--name=value` form, then `-- ARGS` for sprt.py.
pub fn parse_options(args: &[String]) -> Result<SprtOptions, String> {
    let (mut base, mut test) = (None, None);
    let mut words = args.iter();
    let mut script_args = Vec::new();
    while let Some(word) = words.next() {
        if word == "--" {
            script_args = words.by_ref().cloned().collect();
            break;
        }
        let (name, inline) = match word.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (word.as_str(), None),
        };
        let slot = match name {
            "--base" => &mut base,
            "--test" => &mut test,
            _ => {
                return Err(format!(
                    "unexpected argument `{word}` for sprt (--base REV, --test REV, -- ARGS)"
                ))
            }
        };
        let value = inline.or_else(|| words.next().cloned()).ok_or(format!("`{name}` needs a revision"))?;
        if value.is_empty() || value.starts_with('-') {
            return Err(format!("`{name}` needs a revision, not `{value}`"));
        }
        *slot = Some(value);
    }
    let base = base.ok_or("sprt needs `--base REV`, the build to test against (e.g. --base HEAD)")?;
    if let Some(engine) = script_args.iter().find(|arg| is_engine_option(arg)) {
        return Err(format!(
            "`{engine}` after `--`: the engines are the builds of --base and --test, which xtask passes on itself"
        ));
    }
    Ok(SprtOptions { base, test, script_args })
}

fn is_engine_option(arg: &str) -> bool {
    ["--base", "--test"].iter().any(|name| arg == *name || arg.starts_with(&format!("{name}=")))
}

/// `cargo xtask sprt`: builds both sides, prints their bench signatures and
/// runs the SPRT in place of this process. Returns only on an error.
pub fn sprt(args: &[String]) -> Result<bool, String> {
    let options = parse_options(args)?;
    let workspace = matrix::workspace_root();
    let base = Source::Commit(resolve(&workspace, &options.base)?);
    let test = match &options.test {
        Some(revision) => Source::Commit(resolve(&workspace, revision)?),
        None => Source::WorkingTree { head: resolve(&workspace, "HEAD")? },
    };
    let base_binary = build(&workspace, &base, &options.base)?;
    let test_binary = build(&workspace, &test, options.test.as_deref().unwrap_or("the working tree"))?;
    let base_signature = print_bench("base", &base_binary);
    let test_signature = print_bench("test", &test_binary);
    if let (Some(base_nodes), Some(test_nodes)) = (base_signature, test_signature) {
        let verdict = if base_nodes == test_nodes { "the same" } else { "different" };
        println!("bench signatures: {verdict} ({base_nodes} and {test_nodes} nodes)");
    }
    install::ensure_python_chess()?;
    let mut script = Command::new("python3");
    script.arg(workspace.join(SCRIPT)).arg("--base").arg(&base_binary).arg("--test").arg(&test_binary);
    script.args(&options.script_args).current_dir(&workspace);
    println!("== {}", process::describe(&script));
    let error = script.exec();
    Err(format!("cannot run {SCRIPT}: {error}"))
}

/// The full hash of the commit `revision` names.
fn resolve(workspace: &Path, revision: &str) -> Result<String, String> {
    let output = Command::new("git")
        .current_dir(workspace)
        .args(["rev-parse", "--verify", "--quiet", "--end-of-options", &format!("{revision}^{{commit}}")])
        .output()
        .map_err(|error| format!("cannot run git: {error}"))?;
    let sha = String::from_utf8_lossy(&output.stdout).trim().to_string();
    if !output.status.success() || sha.is_empty() {
        return Err(format!("`{revision}` is not a commit of this repository"));
    }
    Ok(sha)
}

/// Builds bb-cli (release) from `source` and returns the path of its copy
/// in `target/sprt/bin`. A commit's binary, once there, is reused: the
/// commit cannot change.
fn build(workspace: &Path, source: &Source, label: &str) -> Result<PathBuf, String> {
    let sprt_dir = workspace.join("target").join("sprt");
    let binary = sprt_dir.join("bin").join(source.binary_name());
    // cargo names the artifacts of the workspace's crates by their path
    // relative to the workspace root, and judges them fresh when no source
    // file is newer than the last build. Two checkouts sharing a target dir
    // therefore share artifacts, and a file that differs but is older than
    // the other checkout's build goes unseen (seen: the working tree's
    // uncommitted changes came out as a copy of HEAD's binary). So the
    // working tree builds in a target dir of its own, and a commit's
    // worktree has its files' times set to now before it builds: its crates
    // are rebuilt, the compiled dependencies reused.
    let (tree, target_dir) = match source {
        Source::Commit(sha) if binary.is_file() => {
            println!("{label} ({}): reusing {}", short(sha), binary.display());
            return Ok(binary);
        }
        Source::Commit(sha) => {
            let tree = checkout(workspace, &sprt_dir.join("worktrees").join(sha), sha)?;
            touch_files(&tree)?;
            (tree, sprt_dir.join("build"))
        }
        Source::WorkingTree { .. } => (workspace.to_path_buf(), sprt_dir.join("build-worktree")),
    };
    let mut cargo = matrix::cargo_command(&tree);
    cargo.args(["build", "--release", "--package", "bb-cli"]).env("CARGO_TARGET_DIR", &target_dir);
    println!("== {label}: {} (in {})", process::describe(&cargo), tree.display());
    let outcome = process::run_merged(cargo, |line| println!("{line}"))?;
    if !outcome.success {
        return Err(format!("building {label} failed ({})", outcome.status));
    }
    // Copied under a temporary name and renamed, so that a binary in bin/
    // is always whole (an interrupted copy is never reused).
    let built = target_dir.join("release").join("bb");
    let partial = binary.with_extension("partial");
    fs::create_dir_all(sprt_dir.join("bin"))
        .map_err(|error| format!("cannot create target/sprt/bin: {error}"))?;
    fs::copy(&built, &partial).map_err(|error| format!("cannot copy {}: {error}", built.display()))?;
    fs::rename(&partial, &binary).map_err(|error| format!("cannot rename {}: {error}", partial.display()))?;
    println!("{label}: {}", binary.display());
    Ok(binary)
}

/// Sets the modification time of every file under `dir` (a worktree of
/// ours; its `.git` file and any `target` left out) to now.
fn touch_files(dir: &Path) -> Result<(), String> {
    let now = SystemTime::now();
    let entries = fs::read_dir(dir).map_err(|error| format!("cannot read {}: {error}", dir.display()))?;
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if name == ".git" || name == "target" {
            continue;
        }
        let kind = entry.file_type().map_err(|error| format!("cannot stat {}: {error}", path.display()))?;
        if kind.is_dir() {
            touch_files(&path)?;
        } else if kind.is_file() {
            fs::File::options()
                .write(true)
                .open(&path)
                .and_then(|file| file.set_modified(now))
                .map_err(|error| format!("cannot touch {}: {error}", path.display()))?;
        }
    }
    Ok(())
}

/// A detached worktree of `sha` at `dir`, made unless one is there already.
fn checkout(workspace: &Path, dir: &Path, sha: &str) -> Result<PathBuf, String> {
    let git = |args: &[&str], dir: &Path| {
        Command::new("git")
            .current_dir(dir)
            .args(args)
            .output()
            .map_err(|error| format!("cannot run git: {error}"))
    };
    if dir.join(".git").exists() {
        let head = git(&["rev-parse", "HEAD"], dir)?;
        if head.status.success() && String::from_utf8_lossy(&head.stdout).trim() == sha {
            return Ok(dir.to_path_buf());
        }
    }
    // Whatever is there is not a worktree of this commit (a half-made one,
    // or its directory was deleted): start again.
    if dir.exists() {
        fs::remove_dir_all(dir).map_err(|error| format!("cannot remove {}: {error}", dir.display()))?;
    }
    git(&["worktree", "prune"], workspace)?;
    let dir_text = dir.to_string_lossy();
    println!("git worktree add --detach {dir_text} {}", short(sha));
    let added = git(&["worktree", "add", "--detach", "--quiet", &dir_text, sha], workspace)?;
    if !added.status.success() {
        return Err(format!("git worktree add failed: {}", String::from_utf8_lossy(&added.stderr).trim()));
    }
    Ok(dir.to_path_buf())
}

/// Runs `<binary> bench` and prints its node-count line; returns the node
/// count, the build's signature. A bench that fails is reported, not fatal.
fn print_bench(label: &str, binary: &Path) -> Option<u64> {
    let name = binary.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let output = Command::new(binary).arg("bench").output();
    let stdout = match output {
        Ok(output) if output.status.success() => String::from_utf8_lossy(&output.stdout).into_owned(),
        Ok(output) => {
            println!("bench {label} {name}: failed ({})", output.status);
            return None;
        }
        Err(error) => {
            println!("bench {label} {name}: cannot run it ({error})");
            return None;
        }
    };
    match stdout.lines().rev().find_map(|line| bench_nodes(line).map(|nodes| (line, nodes))) {
        Some((line, nodes)) => {
            println!("bench {label} {name}: {line}");
            Some(nodes)
        }
        None => {
            println!("bench {label} {name}: no `<nodes> nodes <nps> nps` line in its output");
            None
        }
    }
}

/// The node count of bb bench's last line, `<nodes> nodes <nps> nps`.
fn bench_nodes(line: &str) -> Option<u64> {
    bench_line(line).map(|(nodes, _)| nodes)
}

/// The node count and the nodes per second of bb bench's last line,
/// `<nodes> nodes <nps> nps` (also read by `cargo xtask pgo`).
pub fn bench_line(line: &str) -> Option<(u64, u64)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        [nodes, "nodes", nps, "nps"] => Some((nodes.parse().ok()?, nps.parse().ok()?)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn base_and_test_in_both_forms() {
        let options =
            parse_options(&words("--base HEAD~1 --test=main -- --nodes 2000 --max-games 8")).unwrap();
        assert_eq!(options.base, "HEAD~1");
        assert_eq!(options.test.as_deref(), Some("main"));
        assert_eq!(options.script_args, ["--nodes", "2000", "--max-games", "8"]);

        let options = parse_options(&words("--base=v0.3.0")).unwrap();
        assert_eq!(options, SprtOptions { base: "v0.3.0".into(), test: None, script_args: vec![] });
    }

    #[test]
    fn bad_options_are_one_line_errors() {
        for bad in [
            "",
            "--test HEAD",
            "--base",
            "--base --test x",
            "--base=",
            "--frobnicate --base HEAD",
            "HEAD",
            "--base HEAD -- --base other",
            "--base HEAD -- --test=x",
        ] {
            let error = parse_options(&words(bad)).unwrap_err();
            assert!(!error.contains('\n'), "{bad}: {error}");
        }
        // Script options that merely start like the engine options pass.
        assert!(parse_options(&words("--base HEAD -- --tc 5+0.05 --testing")).is_ok());
    }

    #[test]
    fn binaries_are_named_by_commit() {
        let sha = "0123456789abcdef0123456789abcdef01234567";
        assert_eq!(Source::Commit(sha.into()).binary_name(), "bb-0123456789ab");
        assert_eq!(Source::WorkingTree { head: sha.into() }.binary_name(), "bb-worktree-0123456789ab");
    }

    #[test]
    fn bench_signature_line() {
        assert_eq!(bench_nodes("2105006 nodes 1834211 nps"), Some(2_105_006));
        assert_eq!(bench_nodes("50 positions, depth 11, 1.148 s"), None);
        assert_eq!(bench_nodes("nodes 2105006 nps 1834211"), None);
        assert_eq!(bench_nodes("2105006 nodes fast nps"), None);
    }

    #[test]
    fn touching_a_worktree_leaves_git_and_target_alone() {
        let dir = std::env::temp_dir().join(format!("xtask-sprt-touch-{}", std::process::id()));
        let old = SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1_000_000_000);
        let files = ["Cargo.toml", "crates/bb-cli/src/main.rs", ".git", "target/release/bb"];
        for file in files {
            let path = dir.join(file);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(&path, "x").unwrap();
            fs::File::options().write(true).open(&path).unwrap().set_modified(old).unwrap();
        }
        touch_files(&dir).unwrap();
        let modified = |file: &str| fs::metadata(dir.join(file)).unwrap().modified().unwrap();
        assert!(modified("Cargo.toml") > old && modified("crates/bb-cli/src/main.rs") > old);
        assert_eq!(modified(".git"), old);
        assert_eq!(modified("target/release/bb"), old);
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn revisions_resolve_to_full_hashes() {
        let workspace = matrix::workspace_root();
        // Skipped outside a git checkout (a packaged copy of xtask).
        let Ok(head) = resolve(&workspace, "HEAD") else { return };
        assert_eq!(head.len(), 40);
        assert!(head.chars().all(|c| c.is_ascii_hexdigit()));
        assert!(resolve(&workspace, "no-such-revision-anywhere").unwrap_err().contains("not a commit"));
    }
}
