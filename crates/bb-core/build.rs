//! Chooses the `U64` backend: native `u64` on 64-bit targets and on
//! WebAssembly, a hi/lo pair of `u32` on the other 32-bit ones.
//! `BB_BACKEND=native|hilo` overrides the choice so that both backends can
//! be tested on any machine.

use std::env;

fn main() {
    println!("cargo::rustc-check-cfg=cfg(bb_backend, values(\"native\", \"hilo\"))");
    println!("cargo::rerun-if-env-changed=BB_BACKEND");

    let backend = match env::var("BB_BACKEND") {
        Ok(value) if value == "native" || value == "hilo" => value,
        Ok(value) if value.is_empty() => default_backend(),
        Ok(value) => {
            // A build script cannot return an error value; this message is
            // what the user sees, and the build stops here.
            eprintln!("error: BB_BACKEND must be `native` or `hilo`, not `{value}`");
            std::process::exit(1);
        }
        Err(_) => default_backend(),
    };
    println!("cargo::rustc-cfg=bb_backend=\"{backend}\"");
}

/// The measured choice. wasm32 has 32-bit pointers but 64-bit integer
/// instructions, which its JIT compilers map to the host's: perft there
/// was 1.5 times faster with `native` than with `hilo` (median of three
/// side-by-side `cargo xtask compare --target wasm32` runs under wasmtime).
/// On i686 `hilo` is the faster one (`cargo xtask bench`); armv7 and the
/// other 32-bit targets follow i686 until measured on real hardware.
fn default_backend() -> String {
    let width = env::var("CARGO_CFG_TARGET_POINTER_WIDTH").unwrap_or_default();
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    if width == "64" || arch == "wasm32" { "native" } else { "hilo" }.to_string()
}
