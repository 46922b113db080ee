//! Perft from the command line: `cargo run --release --example perft -- 5 [FEN]`.
//! Prints the node count and speed; the `bb` binary has the full tool.

use bb_movegen::{perft, Position};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = match args.next().map(|text| text.parse()) {
        Some(Ok(depth)) => depth,
        _ => {
            eprintln!("usage: perft <depth> [FEN]");
            std::process::exit(2);
        }
    };
    let fen: Vec<String> = args.collect();
    let position = if fen.is_empty() {
        Position::startpos()
    } else {
        match Position::from_fen(&fen.join(" ")) {
            Ok(position) => position,
            Err(error) => {
                eprintln!("{error}");
                std::process::exit(2);
            }
        }
    };
    let start = Instant::now();
    let nodes = perft(&position, depth);
    let seconds = start.elapsed().as_secs_f64();
    println!("nodes {nodes} time {seconds:.3} nps {:.0}", nodes as f64 / seconds);
}
