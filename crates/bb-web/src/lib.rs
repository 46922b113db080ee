//! The bitboard explorer: bb's positions, bitboards, rays and perft for a
//! web page, compiled to `wasm32-unknown-unknown` with wasm-bindgen.
//!
//! The crate is plain Rust on every target ([`Explorer`], [`grids`],
//! [`PerftJob`]), tested like the other crates; on the browser target a
//! thin `bindings` module exports it to JavaScript. `cargo xtask web`
//! builds the page (`web/`) and serves it; `cargo xtask web-test` drives it
//! in headless Chromium.
//!
//! ```
//! use bb_web::{grids, Explorer};
//!
//! let mut explorer = Explorer::new();
//! explorer.play_uci("e2e4")?;
//! assert_eq!(explorer.legal_moves().len(), 20);
//! let occupied = grids::grid(explorer.position(), "occupied").unwrap();
//! assert_eq!(occupied.count(), 32);
//! assert!(explorer.undo());
//! # Ok::<(), String>(())
//! ```
#![forbid(unsafe_code)]

mod explorer;
pub mod grids;
mod perft_job;
pub mod words;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod bindings;

pub use explorer::{Explorer, SquareInfo};
pub use perft_job::{PerftJob, MAX_PERFT_DEPTH};
