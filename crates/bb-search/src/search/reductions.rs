//! How much shallower late moves are searched (late-move reductions), and
//! how many quiet moves a shallow node tries at all (late-move pruning).

use std::sync::OnceLock;

/// Late-move reductions by depth and move number: about
/// `0.75 + ln(depth) · ln(moves) / 2.25` plies.
pub(super) fn reduction(depth: i32, move_number: usize) -> i32 {
    static TABLE: OnceLock<Vec<[i32; 64]>> = OnceLock::new();
    let table = TABLE.get_or_init(|| {
        (0..64)
            .map(|depth| {
                let mut row = [0; 64];
                for (moves, slot) in row.iter_mut().enumerate().skip(1) {
                    if depth > 0 {
                        *slot = (0.75 + (depth as f64).ln() * (moves as f64).ln() / 2.25) as i32;
                    }
                }
                row
            })
            .collect()
    });
    table[depth.clamp(0, 63) as usize][move_number.min(63)]
}

/// Quiet moves tried at a node before the rest are skipped (late-move pruning).
pub(super) fn late_move_limit(depth: i32, improving: bool) -> usize {
    let base = (3 + depth * depth) as usize;
    if improving {
        base
    } else {
        base / 2
    }
}
