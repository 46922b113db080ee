//! `cargo xtask web`: builds the bitboard explorer (crates/bb-web) for
//! `wasm32-unknown-unknown`, runs wasm-bindgen (and wasm-opt when it can be
//! had) and serves the page on localhost or writes it to a directory.
//! `cargo xtask web-test` drives the served page in headless Chromium.

use crate::matrix;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The browser target.
pub const TARGET: &str = "wasm32-unknown-unknown";

/// Where `cargo xtask web` builds the site, relative to the workspace.
pub const SITE_DIR: &str = "target/web/site";

/// What a build of the site produced, for the report.
pub struct Site {
    /// The directory with index.html, the scripts and pkg/.
    pub dir: PathBuf,
    /// The .wasm as cargo wrote it, as wasm-bindgen left it, and after
    /// wasm-opt (if it ran), in bytes.
    pub sizes: Vec<(&'static str, u64)>,
}

/// `cargo xtask web [--out DIR] [--port N]`.
pub fn web(words: &[String]) -> Result<bool, String> {
    let mut out = None;
    let mut port = 8000u16;
    let mut words = words.iter();
    while let Some(word) = words.next() {
        match word.as_str() {
            "--out" => out = Some(PathBuf::from(words.next().ok_or("--out needs a directory")?)),
            "--port" => {
                let value = words.next().ok_or("--port needs a number")?;
                port = value.parse().map_err(|_| format!("--port: '{value}' is not a port number"))?;
            }
            other => return Err(format!("web: unknown option '{other}' (--out DIR, --port N)")),
        }
    }
    let workspace = matrix::workspace_root();
    let serve_it = out.is_none();
    let dir = out.unwrap_or_else(|| workspace.join(SITE_DIR));
    let site = build_site(&workspace, &dir)?;
    report(&site);
    if !serve_it {
        println!("the site is in {}: serve that directory with any static file server", site.dir.display());
        return Ok(true);
    }
    let server = tiny_http::Server::http(("127.0.0.1", port))
        .map_err(|error| format!("cannot listen on port {port}: {error}"))?;
    println!("serving the explorer at http://127.0.0.1:{port}/ (Ctrl-C to stop)");
    serve(&server, &site.dir);
    Ok(true)
}

/// Reports the sizes of the module.
pub fn report(site: &Site) {
    let sizes: Vec<String> =
        site.sizes.iter().map(|(stage, bytes)| format!("{stage} {} KB", bytes / 1024)).collect();
    println!("bb_web.wasm: {}", sizes.join(", "));
}

/// Builds the crate, binds it, optimises it if wasm-opt is there, and
/// copies the page into `dir`.
pub fn build_site(workspace: &Path, dir: &Path) -> Result<Site, String> {
    ensure_target()?;
    let bindgen = ensure_wasm_bindgen(workspace)?;
    let target_dir = workspace.join("target/xtask/web");
    let mut build = matrix::cargo_command(workspace);
    build
        .args(["build", "--release", "-p", "bb-web", "--target", TARGET])
        .env("CARGO_TARGET_DIR", &target_dir);
    run(build, "cargo build -p bb-web")?;
    let wasm = target_dir.join(TARGET).join("release/bb_web.wasm");
    let pkg = dir.join("pkg");
    fs::create_dir_all(&pkg).map_err(|error| format!("cannot create {}: {error}", pkg.display()))?;
    let mut bind = Command::new(bindgen);
    bind.args(["--target", "web", "--no-typescript", "--out-dir"]).arg(&pkg).arg(&wasm);
    run(bind, "wasm-bindgen")?;
    let bound = pkg.join("bb_web_bg.wasm");
    let mut sizes = vec![("cargo", file_size(&wasm)), ("wasm-bindgen", file_size(&bound))];
    if optimise(workspace, &bound) {
        sizes.push(("wasm-opt -Oz", file_size(&bound)));
    }
    for entry in fs::read_dir(workspace.join("crates/bb-web/web")).map_err(|error| error.to_string())? {
        let entry = entry.map_err(|error| error.to_string())?;
        fs::copy(entry.path(), dir.join(entry.file_name()))
            .map_err(|error| format!("cannot copy the page: {error}"))?;
    }
    Ok(Site { dir: dir.to_path_buf(), sizes })
}

fn file_size(path: &Path) -> u64 {
    fs::metadata(path).map_or(0, |metadata| metadata.len())
}

fn run(mut command: Command, what: &str) -> Result<(), String> {
    let status = command.status().map_err(|error| format!("cannot run {what}: {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

/// Installs the browser target with rustup unless it is there.
pub fn ensure_target() -> Result<(), String> {
    let installed = Command::new("rustup").args(["target", "list", "--installed"]).output();
    if installed
        .is_ok_and(|output| String::from_utf8_lossy(&output.stdout).lines().any(|line| line == TARGET))
    {
        return Ok(());
    }
    println!("installing the Rust target {TARGET} (rustup target add)");
    let mut add = Command::new("rustup");
    add.args(["target", "add", TARGET]);
    run(add, "rustup target add")
}

/// The wasm-bindgen CLI of exactly the library's version (they must match),
/// installed with `cargo install` into target/web/tools if missing.
fn ensure_wasm_bindgen(workspace: &Path) -> Result<PathBuf, String> {
    let version = locked_version(workspace, "wasm-bindgen")?;
    let wanted = format!("wasm-bindgen {version}");
    let has = |program: &Path| {
        Command::new(program)
            .arg("--version")
            .output()
            .is_ok_and(|output| String::from_utf8_lossy(&output.stdout).trim() == wanted)
    };
    if has(Path::new("wasm-bindgen")) {
        return Ok(PathBuf::from("wasm-bindgen"));
    }
    let root = workspace.join("target/web/tools");
    let program = root.join("bin/wasm-bindgen");
    if has(&program) {
        return Ok(program);
    }
    println!("installing wasm-bindgen-cli {version} (cargo install, a few minutes once)");
    let mut install = Command::new("cargo");
    install.args(["install", "wasm-bindgen-cli", "--version", &version, "--root"]).arg(&root);
    // Only the `wasm-bindgen` program, without the TLS stack its test
    // runner downloads browser drivers with, and built for a fast build
    // rather than a fast program (it only binds bb-web's one module): on a
    // fresh machine this took the install from 309 s to 192 s.
    install.args(["--bin", "wasm-bindgen", "--no-default-features"]);
    for (setting, value) in
        [("OPT_LEVEL", "1"), ("LTO", "false"), ("CODEGEN_UNITS", "16"), ("DEBUG", "false")]
    {
        install.env(format!("CARGO_PROFILE_RELEASE_{setting}"), value);
    }
    run(install, "cargo install wasm-bindgen-cli")?;
    Ok(program)
}

/// The version Cargo.lock holds for `package`.
fn locked_version(workspace: &Path, package: &str) -> Result<String, String> {
    let lock = fs::read_to_string(workspace.join("Cargo.lock"))
        .map_err(|error| format!("cannot read Cargo.lock: {error}"))?;
    let name_line = format!("name = \"{package}\"");
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == name_line {
            if let Some(version) = lines.next().and_then(|line| line.strip_prefix("version = \"")) {
                return Ok(version.trim_end_matches('"').to_string());
            }
        }
    }
    Err(format!("Cargo.lock has no {package}"))
}

/// binaryen's wasm-opt from npm: Debian's (version 108) predates the
/// reference types wasm-bindgen's output uses, and its output fails to load.
const BINARYEN: &str = "binaryen@132.0.0";

/// Shrinks the module with wasm-opt, installed with npm into
/// target/web/tools if missing; `false` (with a line saying why) when it
/// cannot run, and the module stays as wasm-bindgen wrote it.
fn optimise(workspace: &Path, wasm: &Path) -> bool {
    let tools = workspace.join("target/web/tools/npm");
    let wasm_opt = tools.join("node_modules/.bin/wasm-opt");
    if !wasm_opt.exists() {
        println!("installing {BINARYEN} for wasm-opt (npm)");
        let installed = fs::create_dir_all(&tools).is_ok()
            && Command::new("npm")
                .args(["install", "--no-audit", "--no-fund", "--prefix"])
                .arg(&tools)
                .arg(BINARYEN)
                .status()
                .is_ok_and(|status| status.success());
        if !installed {
            println!("wasm-opt: cannot install {BINARYEN}; the .wasm stays as wasm-bindgen wrote it");
            return false;
        }
    }
    let optimised = wasm.with_extension("opt.wasm");
    // The features come from the module's own target_features section.
    let mut command = Command::new("node");
    command.arg(&wasm_opt).arg("-Oz").arg(wasm).arg("-o").arg(&optimised);
    match command.output() {
        Ok(output) if output.status.success() => fs::rename(&optimised, wasm).is_ok(),
        Ok(output) => {
            let reason = String::from_utf8_lossy(&output.stderr);
            println!(
                "wasm-opt failed ({}); the .wasm stays as wasm-bindgen wrote it",
                reason.lines().next().unwrap_or("")
            );
            false
        }
        Err(error) => {
            println!("cannot run wasm-opt: {error}");
            false
        }
    }
}

/// Serves the files of `dir` until the process ends.
pub fn serve(server: &tiny_http::Server, dir: &Path) {
    for request in server.incoming_requests() {
        let path = request.url().split(['?', '#']).next().unwrap_or("/").to_string();
        let relative =
            if path == "/" { "index.html".to_string() } else { path.trim_start_matches('/').to_string() };
        let safe = !relative.split('/').any(|part| part == ".." || part.is_empty());
        let file = dir.join(&relative);
        let response = match (safe, fs::read(&file)) {
            (true, Ok(bytes)) => {
                let header = tiny_http::Header::from_bytes("Content-Type", content_type(&relative))
                    .unwrap_or_else(|()| unreachable!("a fixed header is valid"));
                tiny_http::Response::from_data(bytes).with_header(header)
            }
            _ => tiny_http::Response::from_data(b"not found".to_vec()).with_status_code(404),
        };
        // A client that went away is no reason to stop serving.
        let _ = request.respond(response);
    }
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript",
        Some("css") => "text/css",
        Some("wasm") => "application/wasm",
        Some("png") => "image/png",
        _ => "application/octet-stream",
    }
}
