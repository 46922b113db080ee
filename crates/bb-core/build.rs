//! Chooses the `U64` backend: native `u64` on 64-bit targets, a hi/lo pair
//! of `u32` on 32-bit ones. `BB_BACKEND=native|hilo` overrides the choice so
//! that both backends can be tested on any machine.

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

fn default_backend() -> String {
    let width = env::var("CARGO_CFG_TARGET_POINTER_WIDTH").unwrap_or_default();
    if width == "64" { "native" } else { "hilo" }.to_string()
}
