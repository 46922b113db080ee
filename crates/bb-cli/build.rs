//! Passes the target triple to the crate, so `bb --version` can say what the
//! binary was built for (the triple is only known to build scripts).

fn main() {
    let target = std::env::var("TARGET").unwrap_or_else(|_| String::from("unknown"));
    println!("cargo::rustc-env=BB_TARGET={target}");
    println!("cargo::rerun-if-changed=build.rs");
}
