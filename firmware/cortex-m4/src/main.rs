//! Perft on a bare-metal Cortex-M4: bb's move generator with no operating
//! system and no allocator, checked against the published counts.
//!
//! Runs perft of the start position to depth 4 and of Kiwipete to depth 3
//! (the ChessProgramming wiki's counts, from bb-movegen's reference
//! table), prints each count through ARM semihosting, and ends QEMU with
//! exit code 0 when every count is right and 1 otherwise (a panic too
//! exits 1, through `panic-semihosting`'s `exit` feature).
//!
//! `run.sh` builds it and runs it in `qemu-system-arm -machine mps2-an386`.
#![no_std]
#![no_main]

use bb_movegen::perft::{perft, reference};
use cortex_m_rt::entry;
use cortex_m_semihosting::{debug, hprintln};
use panic_semihosting as _;

/// The positions and depths to run: a few hundred thousand nodes, a few
/// seconds under QEMU.
const RUNS: [(&str, u32); 2] = [("startpos", 4), ("kiwipete", 3)];

#[entry]
fn main() -> ! {
    hprintln!("bb perft on a Cortex-M4: backend {}, sliders {}", bb_core::BACKEND, bb_tables::SLIDER_SCHEME);
    let mut all_right = true;
    for (name, deepest) in RUNS {
        let Some(entry) = reference::by_name(name) else {
            hprintln!("{}: no such reference position", name);
            all_right = false;
            continue;
        };
        let position = entry.position();
        for depth in 1..=deepest {
            let nodes = perft(&position, depth);
            let expected = entry.nodes_at(depth);
            let right = expected == Some(nodes);
            all_right &= right;
            let verdict = if right { "ok" } else { "WRONG" };
            // cortex-m-semihosting's `hprintln!` passes a lone literal
            // through unformatted, so the values go in as arguments.
            hprintln!("{} depth {}: {} nodes (expected {:?}) {}", name, depth, nodes, expected, verdict);
        }
    }
    hprintln!("{}", if all_right { "all counts right" } else { "SOME COUNTS WRONG" });
    debug::exit(if all_right { debug::EXIT_SUCCESS } else { debug::EXIT_FAILURE });
    // Reached only when no debugger or emulator handles the exit call.
    loop {
        core::hint::spin_loop();
    }
}
