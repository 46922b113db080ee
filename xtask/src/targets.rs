//! The targets bb is tested on, and for each one how its code is linked
//! and how its programs run on this x86_64 Linux host: directly, under
//! qemu-user, or under wasmtime.

use std::path::Path;
use std::process::Command;

/// How a target's programs run here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Runner {
    /// Directly: the host's own target, or i686 (statically linked musl).
    Host,
    /// Under qemu's user-mode emulator `program`, with the target's C
    /// library from `sysroot`. Its timings are the emulator's, not speed.
    Qemu { program: &'static str, sysroot: &'static str },
    /// Under wasmtime (the PyPI package, through `xtask/wasi/run.py`):
    /// a real compiler to machine code, so its timings count.
    Wasi,
}

/// One target of the matrix.
#[derive(Debug, PartialEq, Eq)]
pub struct Target {
    /// The Rust target triple.
    pub triple: &'static str,
    /// Names accepted by `--target` besides the triple; the first is the
    /// short name used in tables.
    pub names: &'static [&'static str],
    /// Pointer width in bits.
    pub pointer_bits: u32,
    /// Byte order: true for big-endian.
    pub big_endian: bool,
    /// How its programs run here.
    pub runner: Runner,
    /// The C compiler driver that links it, when it is not the host's `cc`.
    pub linker: Option<&'static str>,
    /// The Debian packages that provide the linker, the C library and the
    /// emulator.
    pub packages: &'static [&'static str],
}

/// The host's target.
pub const X86_64: &str = "x86_64-unknown-linux-gnu";
/// The 32-bit x86 target; musl links statically and runs on an x86_64 host
/// without any 32-bit system libraries.
pub const I686: &str = "i686-unknown-linux-musl";
/// 32-bit little-endian ARM (Raspberry Pi class boards).
pub const ARMV7: &str = "armv7-unknown-linux-gnueabihf";
/// 64-bit ARM.
pub const AARCH64: &str = "aarch64-unknown-linux-gnu";
/// 32-bit big-endian PowerPC.
pub const POWERPC: &str = "powerpc-unknown-linux-gnu";
/// 64-bit big-endian IBM Z.
pub const S390X: &str = "s390x-unknown-linux-gnu";
/// WebAssembly with WASI: 32-bit pointers, native 64-bit integers.
pub const WASM32: &str = "wasm32-wasip1";

/// Every target, in display order.
pub const ALL: [Target; 7] = [
    Target {
        triple: X86_64,
        names: &["x86_64", "x86-64", "x64"],
        pointer_bits: 64,
        big_endian: false,
        runner: Runner::Host,
        linker: None,
        packages: &[],
    },
    Target {
        triple: I686,
        names: &["i686", "x86"],
        pointer_bits: 32,
        big_endian: false,
        runner: Runner::Host,
        linker: None,
        packages: &[],
    },
    Target {
        triple: ARMV7,
        names: &["armv7", "arm"],
        pointer_bits: 32,
        big_endian: false,
        runner: Runner::Qemu { program: "qemu-arm", sysroot: "/usr/arm-linux-gnueabihf" },
        linker: Some("arm-linux-gnueabihf-gcc"),
        packages: &["gcc-arm-linux-gnueabihf", "libc6-dev-armhf-cross", "qemu-user"],
    },
    Target {
        triple: AARCH64,
        names: &["aarch64", "arm64"],
        pointer_bits: 64,
        big_endian: false,
        runner: Runner::Qemu { program: "qemu-aarch64", sysroot: "/usr/aarch64-linux-gnu" },
        linker: Some("aarch64-linux-gnu-gcc"),
        packages: &["gcc-aarch64-linux-gnu", "libc6-dev-arm64-cross", "qemu-user"],
    },
    Target {
        triple: POWERPC,
        names: &["powerpc", "ppc"],
        pointer_bits: 32,
        big_endian: true,
        runner: Runner::Qemu { program: "qemu-ppc", sysroot: "/usr/powerpc-linux-gnu" },
        linker: Some("powerpc-linux-gnu-gcc"),
        packages: &["gcc-powerpc-linux-gnu", "libc6-dev-powerpc-cross", "qemu-user"],
    },
    Target {
        triple: S390X,
        names: &["s390x"],
        pointer_bits: 64,
        big_endian: true,
        runner: Runner::Qemu { program: "qemu-s390x", sysroot: "/usr/s390x-linux-gnu" },
        linker: Some("s390x-linux-gnu-gcc"),
        packages: &["gcc-s390x-linux-gnu", "libc6-dev-s390x-cross", "qemu-user"],
    },
    Target {
        triple: WASM32,
        names: &["wasm32", "wasm", "wasi"],
        pointer_bits: 32,
        big_endian: false,
        runner: Runner::Wasi,
        linker: None,
        packages: &[],
    },
];

/// The targets of `cargo xtask ci` and `cross-test` when no `--target` is
/// given: the x86 pair, plus 32-bit ARM, a big-endian target and wasm32.
pub const TEST_DEFAULT: [&str; 5] = [X86_64, I686, ARMV7, POWERPC, WASM32];

/// The targets of `cargo xtask compare` and `bench` when no `--target` is
/// given: the two that run at full speed in seconds.
pub const COMPARE_DEFAULT: [&str; 2] = [X86_64, I686];

/// The runner script of wasm32-wasip1, relative to the workspace.
pub const WASI_RUNNER: &str = "xtask/wasi/run.py";

/// The target with this triple, if it is one of [`ALL`].
pub fn find(triple: &str) -> Option<&'static Target> {
    ALL.iter().find(|target| target.triple == triple)
}

/// The triple a `--target` word names: a short name, a triple, or `all`
/// (kept as is, expanded by the matrix).
pub fn parse(text: &str) -> Result<String, String> {
    if text.is_empty() {
        return Err("empty target name".to_string());
    }
    if text.starts_with('-') {
        return Err(format!("`{text}` is not a target triple"));
    }
    let named = ALL.iter().find(|target| target.names.contains(&text));
    Ok(named.map_or(text, |target| target.triple).to_string())
}

/// The short name of `triple` for tables (`s390x`), or its first word.
pub fn short_name(triple: &str) -> &str {
    find(triple).map_or_else(|| triple.split('-').next().unwrap_or(triple), |target| target.names[0])
}

impl Target {
    /// Whether programs run under an emulator whose timings are not speed.
    pub fn is_emulated(&self) -> bool {
        matches!(self.runner, Runner::Qemu { .. })
    }

    /// How the target's programs run here, for tables.
    pub fn run_description(&self) -> &'static str {
        match self.runner {
            Runner::Host => "native",
            Runner::Qemu { .. } => "qemu-user (emulated)",
            Runner::Wasi => "wasmtime (JIT)",
        }
    }

    /// The words that run one of the target's programs, before the
    /// program's path: empty for the host.
    pub fn runner_words(&self, workspace: &Path) -> Vec<String> {
        match self.runner {
            Runner::Host => Vec::new(),
            Runner::Qemu { program, sysroot } => vec![program.into(), "-L".into(), sysroot.into()],
            Runner::Wasi => vec!["python3".into(), workspace.join(WASI_RUNNER).display().to_string()],
        }
    }

    /// The file name of a binary called `name` on this target.
    pub fn binary_name(&self, name: &str) -> String {
        match self.runner {
            Runner::Wasi => format!("{name}.wasm"),
            _ => name.to_string(),
        }
    }

    /// Points a cargo command at the target's linker and runner, and tells
    /// bb-cli's tests (`BB_TEST_RUNNER`) how to start the `bb` they test.
    pub fn configure_cargo(&self, command: &mut Command, workspace: &Path) {
        let variable = self.triple.to_uppercase().replace('-', "_");
        if let Some(linker) = self.linker {
            command.env(format!("CARGO_TARGET_{variable}_LINKER"), linker);
        }
        let runner = self.runner_words(workspace).join(" ");
        if !runner.is_empty() {
            command.env(format!("CARGO_TARGET_{variable}_RUNNER"), &runner);
            command.env("BB_TEST_RUNNER", &runner);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_triples() {
        assert_eq!(parse("s390x"), Ok(S390X.to_string()));
        assert_eq!(parse("wasm32"), Ok(WASM32.to_string()));
        assert_eq!(parse("i686"), Ok(I686.to_string()));
        assert_eq!(parse("all"), Ok("all".to_string()));
        assert_eq!(parse("riscv64gc-unknown-linux-gnu"), Ok("riscv64gc-unknown-linux-gnu".to_string()));
        assert!(parse("--backend").is_err() && parse("").is_err());
        assert_eq!(short_name(POWERPC), "powerpc");
        assert_eq!(short_name("riscv64gc-unknown-linux-gnu"), "riscv64gc");
    }

    #[test]
    fn the_matrix_covers_both_byte_orders_and_widths() {
        let has = |bits: u32, big: bool| ALL.iter().any(|t| t.pointer_bits == bits && t.big_endian == big);
        assert!(has(32, false) && has(32, true) && has(64, false) && has(64, true));
        let defaults: Vec<&Target> = TEST_DEFAULT.iter().map(|triple| find(triple).unwrap()).collect();
        assert!(defaults.iter().any(|target| target.big_endian));
        assert!(defaults.iter().any(|target| target.runner == Runner::Wasi));
        assert!(TEST_DEFAULT.contains(&ARMV7));
    }

    #[test]
    fn cargo_is_told_the_linker_and_the_runner() {
        let mut command = Command::new("cargo");
        find(S390X).unwrap().configure_cargo(&mut command, Path::new("/ws"));
        let envs: Vec<(String, String)> = command
            .get_envs()
            .map(|(name, value)| {
                (name.to_string_lossy().into_owned(), value.unwrap().to_string_lossy().into_owned())
            })
            .collect();
        let runner = "qemu-s390x -L /usr/s390x-linux-gnu".to_string();
        assert!(envs
            .contains(&("CARGO_TARGET_S390X_UNKNOWN_LINUX_GNU_LINKER".into(), "s390x-linux-gnu-gcc".into())));
        assert!(envs.contains(&("CARGO_TARGET_S390X_UNKNOWN_LINUX_GNU_RUNNER".into(), runner.clone())));
        assert!(envs.contains(&("BB_TEST_RUNNER".into(), runner)));
        let mut host = Command::new("cargo");
        find(X86_64).unwrap().configure_cargo(&mut host, Path::new("/ws"));
        assert_eq!(host.get_envs().count(), 0);
        assert_eq!(find(WASM32).unwrap().binary_name("bb"), "bb.wasm");
        assert_eq!(find(WASM32).unwrap().runner_words(Path::new("/ws"))[1], "/ws/xtask/wasi/run.py");
    }
}
