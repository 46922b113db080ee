//! The Universal Chess Interface: command parsing, options and the protocol loop.

pub mod command;
mod engine;
pub mod go;
pub mod options;
pub mod report;

pub use engine::run_uci;
