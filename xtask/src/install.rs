//! Installing what the matrix needs before it builds: rustup targets, the
//! Debian cross linkers, C libraries and qemu-user, and the WASI runtime;
//! and python-chess for the SPRT script.
//! Each install is announced on a line of its own; what cannot be had is
//! an error that says what to install by hand.

use std::path::Path;
use std::process::Command;

use crate::matrix::{self, Combination};
use crate::targets::{Runner, Target};

/// Makes sure every combination can be built and run here.
pub fn ensure_ready(combinations: &[Combination]) -> Result<(), String> {
    matrix::ensure_targets_installed(combinations)?;
    let mut specs: Vec<&'static Target> = Vec::new();
    for spec in combinations.iter().filter_map(Combination::spec) {
        if !specs.contains(&spec) {
            specs.push(spec);
        }
    }
    ensure_debian_packages(&specs)?;
    if specs.iter().any(|spec| spec.runner == Runner::Wasi) {
        ensure_wasmtime()?;
    }
    Ok(())
}

/// Whether `program` is found on the `PATH`.
fn on_path(program: &str) -> bool {
    let Some(path) = std::env::var_os("PATH") else { return false };
    std::env::split_paths(&path).any(|dir| dir.join(program).is_file())
}

/// The Debian packages of `spec` whose files are missing here.
fn missing_packages(spec: &Target) -> Vec<&'static str> {
    let linker_missing = spec.linker.is_some_and(|linker| !on_path(linker));
    let runner_missing = match spec.runner {
        Runner::Qemu { program, sysroot } => !on_path(program) || !Path::new(sysroot).join("lib").is_dir(),
        _ => false,
    };
    if linker_missing || runner_missing {
        spec.packages.to_vec()
    } else {
        Vec::new()
    }
}

fn ensure_debian_packages(specs: &[&Target]) -> Result<(), String> {
    let mut packages: Vec<&str> = Vec::new();
    let mut needed_by: Vec<&str> = Vec::new();
    for spec in specs {
        let missing = missing_packages(spec);
        if !missing.is_empty() {
            needed_by.push(spec.triple);
        }
        for package in missing {
            if !packages.contains(&package) {
                packages.push(package);
            }
        }
    }
    apt_install(&needed_by.join(", "), &packages)?;
    for spec in specs {
        if !missing_packages(spec).is_empty() {
            return Err(format!("{} still lacks its linker or emulator after the install", spec.triple));
        }
    }
    Ok(())
}

/// Installs the Debian `packages` (with `sudo -n` unless root), saying on
/// one line that it does and for what.
pub fn apt_install(needed_by: &str, packages: &[&str]) -> Result<(), String> {
    if packages.is_empty() {
        return Ok(());
    }
    println!("installing Debian packages for {needed_by}: {} (apt-get)", packages.join(" "));
    let by_hand =
        format!("install them by hand (apt-get install {}) or leave {needed_by} out", packages.join(" "));
    if !on_path("apt-get") {
        return Err(format!("no apt-get on this machine: {by_hand}"));
    }
    let root = Command::new("id").arg("-u").output().is_ok_and(|output| output.stdout.starts_with(b"0\n"));
    let apt = |args: &[&str]| -> Result<(), String> {
        let mut command = if root { Command::new("apt-get") } else { Command::new("sudo") };
        if !root {
            command.args(["-n", "apt-get"]);
        }
        command.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        let status = command.status().map_err(|error| format!("cannot run apt-get: {error}; {by_hand}"))?;
        if status.success() {
            Ok(())
        } else {
            Err(format!("`apt-get {}` failed ({status}); {by_hand}", args.join(" ")))
        }
    };
    apt(&["update", "-q"])?;
    let mut install = vec!["install", "-y", "-q", "--no-install-recommends"];
    install.extend(packages);
    apt(&install)
}

/// Installs `package` unless `program` is already on the `PATH`.
pub fn ensure_program(program: &str, package: &str, needed_by: &str) -> Result<(), String> {
    if on_path(program) {
        return Ok(());
    }
    apt_install(needed_by, &[package])?;
    if on_path(program) {
        Ok(())
    } else {
        Err(format!("{program} is still missing after installing {package}"))
    }
}

/// Whether Python can import the wasmtime package.
/// True when `python3` can import `module`.
fn python_imports(module: &str) -> bool {
    Command::new("python3")
        .args(["-c", &format!("import {module}")])
        .output()
        .is_ok_and(|output| output.status.success())
}

fn ensure_wasmtime() -> Result<(), String> {
    if python_imports("wasmtime") {
        return Ok(());
    }
    if !on_path("python3") {
        return Err("wasm32-wasip1 runs under wasmtime from Python, and there is no python3 here".to_string());
    }
    println!("installing the WASI runtime for wasm32-wasip1: python3 -m pip install wasmtime");
    let status = Command::new("python3")
        .args(["-m", "pip", "install", "--quiet", "wasmtime"])
        .status()
        .map_err(|error| format!("cannot run pip: {error}"))?;
    if !status.success() || !python_imports("wasmtime") {
        return Err(format!(
            "could not install the wasmtime Python package ({status}); `pip install wasmtime` by hand or leave wasm32 out"
        ));
    }
    Ok(())
}

/// The python-chess release the SPRT script is written against (it hooks
/// the moment `go` is sent in python-chess's UCI protocol).
const PYTHON_CHESS: &str = "chess==1.11.2";

/// Makes sure `python3` can import python-chess: pip installs it when
/// missing, after installing Debian's python3-pip if pip is missing.
pub fn ensure_python_chess() -> Result<(), String> {
    ensure_program("python3", "python3", "the SPRT script")?;
    if python_imports("chess.engine") {
        return Ok(());
    }
    if !python_imports("pip") {
        apt_install("python-chess (the SPRT script)", &["python3-pip"])?;
    }
    // For the user first (Debian's own Python refuses that without
    // --break-system-packages), then plainly, as a virtualenv wants it.
    let attempts: [&[&str]; 3] = [&["--user"], &["--user", "--break-system-packages"], &[]];
    for (attempt, extra) in attempts.iter().enumerate() {
        let how =
            if attempt == 0 { "installing python-chess for the SPRT script:" } else { "pip refused; again:" };
        let args = [&["-m", "pip", "install"], *extra, &[PYTHON_CHESS]].concat();
        println!("{how} python3 {}", args.join(" "));
        let pip = Command::new("python3").args(&args).arg("--quiet").status();
        if pip.is_ok_and(|status| status.success()) {
            break;
        }
    }
    if python_imports("chess.engine") {
        Ok(())
    } else {
        Err(format!("python-chess could not be installed; `python3 -m pip install {PYTHON_CHESS}` by hand"))
    }
}
