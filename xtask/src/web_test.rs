//! `cargo xtask web-test`: the explorer in a real browser. Installs
//! Debian's chromium and npm's playwright-core (pinned, driving the system
//! Chromium), builds and serves the site on a free port, and runs
//! crates/bb-web/tests/browser/explorer.test.mjs, which checks the page and
//! saves a screenshot under target/web/.

use crate::web::{self, SITE_DIR};
use crate::{install, matrix};
use std::fs;
use std::path::Path;
use std::process::Command;

/// The playwright-core release the test is written against.
const PLAYWRIGHT: &str = "playwright-core@1.64.1";

/// Runs the browser test; skips (passing, with a line that says so) where
/// Chromium cannot be installed.
pub fn web_test() -> Result<bool, String> {
    if let Err(error) = install::ensure_program("chromium", "chromium", "the explorer's browser test") {
        println!("web-test: SKIPPED, no Chromium here: {error}");
        return Ok(true);
    }
    let workspace = matrix::workspace_root();
    let site = web::build_site(&workspace, &workspace.join(SITE_DIR))?;
    web::report(&site);
    let driver = workspace.join("target/web/driver");
    ensure_playwright(&driver)?;
    // ESM imports resolve node_modules from the script's own directory.
    let script = driver.join("explorer.test.mjs");
    fs::copy(workspace.join("crates/bb-web/tests/browser/explorer.test.mjs"), &script)
        .map_err(|error| format!("cannot copy the test script: {error}"))?;
    let server =
        tiny_http::Server::http("127.0.0.1:0").map_err(|error| format!("cannot serve the site: {error}"))?;
    let port = server.server_addr().to_ip().map(|address| address.port()).ok_or("no port to serve on")?;
    let dir = site.dir.clone();
    std::thread::spawn(move || web::serve(&server, &dir));
    let url = format!("http://127.0.0.1:{port}/");
    println!("web-test: {url} in headless Chromium");
    let screenshot = workspace.join("target/web/explorer.png");
    let status = Command::new("node")
        .arg(&script)
        .arg(&url)
        .arg(&screenshot)
        .env("CHROMIUM", chromium_path())
        .status()
        .map_err(|error| format!("cannot run node: {error}"))?;
    Ok(status.success())
}

fn chromium_path() -> String {
    let found = Command::new("sh").args(["-c", "command -v chromium"]).output();
    found.map(|output| String::from_utf8_lossy(&output.stdout).trim().to_string()).unwrap_or_default()
}

/// playwright-core in `driver`/node_modules (npm, once).
fn ensure_playwright(driver: &Path) -> Result<(), String> {
    if driver.join("node_modules/playwright-core/package.json").exists() {
        return Ok(());
    }
    fs::create_dir_all(driver).map_err(|error| format!("cannot create {}: {error}", driver.display()))?;
    println!("installing {PLAYWRIGHT} for the browser test (npm)");
    let status = Command::new("npm")
        .args(["install", "--no-audit", "--no-fund", "--prefix"])
        .arg(driver)
        .arg(PLAYWRIGHT)
        .status()
        .map_err(|error| format!("cannot run npm (Node.js is needed for the browser test): {error}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("npm install {PLAYWRIGHT} failed ({status})"))
    }
}
