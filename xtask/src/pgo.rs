//! `cargo xtask pgo`: the fastest portable `bb`, built with profile-guided
//! optimisation, in `target/pgo/bb`.
//!
//! A first build is instrumented to count how often each branch and call
//! runs; it plays the training workload (`bb bench`, which searches, and
//! perft of two positions, which generates moves); a second build uses the
//! counts to lay out the hot paths and inline where it pays. The code and
//! the target are the same as a plain `cargo build --release` (no
//! `target-cpu`), so the binary runs wherever that one does and searches
//! exactly the same tree: the command checks that both builds give the
//! same `bb bench` signature, and prints their speeds side by side.
//!
//! The builds pass `--target <host>`, so that RUSTFLAGS reach only the
//! code that goes into `bb`, not build scripts or proc macros. The counts
//! are merged by the toolchain's own `llvm-profdata` (rustup's
//! `llvm-tools` component, installed when missing): its profile format
//! must match the compiler's LLVM.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use bb_movegen::perft::reference::POSITIONS;

use crate::{matrix, process, sprt};

/// Interleaved `bb bench` runs per build when comparing the speeds.
const BENCH_ROUNDS: usize = 5;

/// `cargo xtask pgo`.
pub fn pgo() -> Result<bool, String> {
    let workspace = matrix::workspace_root();
    let pgo_dir = workspace.join("target").join("pgo");
    let host = host_triple()?;
    let profdata = llvm_profdata(&host)?;

    let profiles = pgo_dir.join("profiles");
    if profiles.exists() {
        fs::remove_dir_all(&profiles)
            .map_err(|error| format!("cannot empty {}: {error}", profiles.display()))?;
    }
    let instrumented = build(
        &workspace,
        &host,
        &pgo_dir.join("instrumented"),
        &format!("-Cprofile-generate={}", profiles.display()),
    )?;
    println!("== training: bb bench, perft 6 of the start position, perft 5 of Kiwipete");
    run_bb(&instrumented, &["bench"])?;
    run_bb(&instrumented, &["perft", "6"])?;
    // Kiwipete: castling, pins, en passant and promotions.
    run_bb(&instrumented, &["perft", "5", "--fen", kiwipete_fen()?])?;

    let merged = pgo_dir.join("merged.profdata");
    let mut merge = Command::new(&profdata);
    merge.arg("merge").arg("-o").arg(&merged).arg(&profiles);
    println!("== {}", process::describe(&merge));
    let status = merge.status().map_err(|error| format!("cannot run {}: {error}", profdata.display()))?;
    if !status.success() {
        return Err(format!("llvm-profdata merge failed ({status})"));
    }

    let optimised =
        build(&workspace, &host, &pgo_dir.join("optimised"), &format!("-Cprofile-use={}", merged.display()))?;
    let plain = build(&workspace, &host, &pgo_dir.join("plain"), "")?;
    let binary = pgo_dir.join("bb");
    fs::copy(&optimised, &binary).map_err(|error| format!("cannot copy to {}: {error}", binary.display()))?;

    let [(plain_nodes, plain_nps), (pgo_nodes, pgo_nps)] = bench_side_by_side([&plain, &binary])?;
    println!("bb bench, median of {BENCH_ROUNDS} interleaved runs:");
    println!("  plain release  {plain_nodes} nodes  {plain_nps} nps");
    println!(
        "  pgo            {pgo_nodes} nodes  {pgo_nps} nps  ({:.3}x)",
        pgo_nps as f64 / plain_nps as f64
    );
    if plain_nodes != pgo_nodes {
        println!("error: the signatures differ: the PGO build searches another tree");
        return Ok(false);
    }
    println!("{}: same signature as the plain build", binary.display());
    Ok(true)
}

/// Kiwipete's FEN, from bb-movegen's reference positions.
fn kiwipete_fen() -> Result<&'static str, String> {
    POSITIONS
        .iter()
        .find(|position| position.name == "kiwipete")
        .map(|position| position.fen)
        .ok_or_else(|| "bb-movegen's reference positions have no kiwipete".to_string())
}

/// The triple of the machine, from `rustc -vV`.
fn host_triple() -> Result<String, String> {
    let output =
        Command::new("rustc").arg("-vV").output().map_err(|error| format!("cannot run rustc: {error}"))?;
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("host: "))
        .map(str::to_string)
        .ok_or_else(|| "`rustc -vV` names no host".to_string())
}

/// The toolchain's `llvm-profdata`, after installing rustup's `llvm-tools`
/// when it is not there.
fn llvm_profdata(host: &str) -> Result<PathBuf, String> {
    let output = Command::new("rustc")
        .args(["--print", "sysroot"])
        .output()
        .map_err(|error| format!("cannot run rustc: {error}"))?;
    let sysroot = PathBuf::from(String::from_utf8_lossy(&output.stdout).trim());
    let path = sysroot.join("lib").join("rustlib").join(host).join("bin").join("llvm-profdata");
    if !path.is_file() {
        println!("== rustup component add llvm-tools (llvm-profdata merges the profiles)");
        let status = Command::new("rustup")
            .args(["component", "add", "llvm-tools"])
            .status()
            .map_err(|error| format!("cannot run rustup: {error}"))?;
        if !status.success() || !path.is_file() {
            return Err(format!("no {} after `rustup component add llvm-tools` ({status})", path.display()));
        }
    }
    Ok(path)
}

/// Builds bb-cli for `host` in `target_dir` with `rustflags` added to the
/// caller's RUSTFLAGS; returns the binary.
fn build(workspace: &Path, host: &str, target_dir: &Path, rustflags: &str) -> Result<PathBuf, String> {
    let mut flags = std::env::var("RUSTFLAGS").unwrap_or_default();
    if !rustflags.is_empty() {
        flags = format!("{flags} {rustflags}").trim().to_string();
    }
    let mut cargo = matrix::cargo_command(workspace);
    cargo
        .args(["build", "--release", "--package", "bb-cli", "--target", host])
        .env("CARGO_TARGET_DIR", target_dir)
        .env("RUSTFLAGS", &flags);
    println!("== RUSTFLAGS='{flags}' {}", process::describe(&cargo));
    let outcome = process::run_merged(cargo, |line| println!("{line}"))?;
    if !outcome.success {
        return Err(format!("the build in {} failed ({})", target_dir.display(), outcome.status));
    }
    Ok(target_dir.join(host).join("release").join("bb"))
}

/// Runs `binary` with `args`, its output discarded; an error if it fails.
fn run_bb(binary: &Path, args: &[&str]) -> Result<String, String> {
    let output = Command::new(binary)
        .args(args)
        .output()
        .map_err(|error| format!("cannot run {}: {error}", binary.display()))?;
    if !output.status.success() {
        return Err(format!("`bb {}` failed ({})", args.join(" "), output.status));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

/// The node count and the median nps of each of `binaries` over
/// [`BENCH_ROUNDS`] runs of `bb bench`, taking turns (the machine's load
/// changes, and then changes for all of them alike).
fn bench_side_by_side<const N: usize>(binaries: [&Path; N]) -> Result<[(u64, u64); N], String> {
    let mut nodes = [0; N];
    let mut speeds: [Vec<u64>; N] = std::array::from_fn(|_| Vec::new());
    for _ in 0..BENCH_ROUNDS {
        for (index, binary) in binaries.iter().enumerate() {
            let output = run_bb(binary, &["bench"])?;
            let (count, speed) = parse_bench(&output)
                .ok_or_else(|| format!("no `N nodes M nps` line from {}", binary.display()))?;
            nodes[index] = count;
            speeds[index].push(speed);
        }
    }
    Ok(std::array::from_fn(|index| {
        speeds[index].sort_unstable();
        (nodes[index], speeds[index][BENCH_ROUNDS / 2])
    }))
}

/// The node count and nps of the `N nodes M nps` line of `bb bench`'s output.
fn parse_bench(output: &str) -> Option<(u64, u64)> {
    output.lines().find_map(sprt::bench_line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bench_line_is_read_and_other_lines_are_not() {
        let output = "50 positions, depth 11, 0.863 s\n1986964 nodes 2305062 nps\n";
        assert_eq!(parse_bench(output), Some((1_986_964, 2_305_062)));
        assert_eq!(parse_bench("1986964 nodes\nnodes 12 nps 3\n"), None);
        assert_eq!(parse_bench("x nodes 5 nps"), None);
    }

    #[test]
    fn the_training_position_is_kiwipete() {
        assert_eq!(
            kiwipete_fen(),
            Ok("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
        );
    }
}
