//! How much shallower late moves are searched (late-move reductions), and
//! how many quiet moves a shallow node tries at all (late-move pruning).

use super::params;
use std::sync::OnceLock;

/// Late-move reductions by depth and move number:
/// `lmr_base + ln(depth) · ln(moves) / lmr_div` plies, rounded down, with
/// both constants from [`params`] in hundredths, whose defaults are set there.
pub(super) fn reduction(depth: i32, move_number: usize) -> i32 {
    let (depth, moves) = (depth.clamp(0, 63) as usize, move_number.min(63));
    // A tuner changes the constants while the engine runs: no table then.
    if cfg!(feature = "tune") {
        return formula(depth, moves);
    }
    static TABLE: OnceLock<Vec<[i32; 64]>> = OnceLock::new();
    let table = TABLE
        .get_or_init(|| (0..64).map(|depth| core::array::from_fn(|moves| formula(depth, moves))).collect());
    table[depth][moves]
}

/// The reduction of the `moves`-th move at `depth`; none for either 0.
fn formula(depth: usize, moves: usize) -> i32 {
    if depth == 0 || moves == 0 {
        return 0;
    }
    let base = f64::from(params::lmr_base()) / 100.0;
    let divisor = f64::from(params::lmr_div()) / 100.0;
    (base + (depth as f64).ln() * (moves as f64).ln() / divisor) as i32
}

/// Quiet moves tried at a node before the rest are skipped (late-move
/// pruning), by the `lmp_*` constants of [`params`].
pub(super) fn late_move_limit(depth: i32, improving: bool) -> usize {
    late_move_count(params::lmp_base(), params::lmp_depth_mul(), depth, improving)
}

/// `(base + depth_mul · depth²) / 100` quiet moves, halved when the
/// position is not improving.
fn late_move_count(base: i32, depth_mul: i32, depth: i32, improving: bool) -> usize {
    let count = ((base + depth_mul * depth * depth) / 100) as usize;
    if improving {
        count
    } else {
        count / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn late_move_counts_grow_with_depth_and_halve_when_not_improving() {
        // At the default and at each corner of the tuner's ranges.
        let (base, depth_mul) = (params::find("lmp_base").unwrap(), params::find("lmp_depth_mul").unwrap());
        let settings = [
            (base.min, depth_mul.min),
            (base.min, depth_mul.max),
            (base.max, depth_mul.min),
            (base.max, depth_mul.max),
            (base.default, depth_mul.default),
        ];
        for (b, m) in settings {
            assert!(late_move_count(b, m, 1, false) >= 1, "{b} {m}: a shallow node still tries a quiet move");
            for depth in 1..=8 {
                let improving = late_move_count(b, m, depth, true);
                assert_eq!(late_move_count(b, m, depth, false), improving / 2, "{b} {m} {depth}");
                assert!(late_move_count(b, m, depth + 1, true) > improving, "{b} {m} {depth}");
            }
        }
        assert_eq!(late_move_limit(5, true), late_move_count(base.default, depth_mul.default, 5, true));
    }

    #[test]
    fn reductions_grow_with_depth_and_move_number() {
        assert_eq!(reduction(0, 10), 0);
        assert_eq!(reduction(10, 0), 0);
        for depth in 1..40 {
            for moves in 1..40 {
                assert!(reduction(depth + 1, moves) >= reduction(depth, moves), "{depth} {moves}");
                assert!(reduction(depth, moves + 1) >= reduction(depth, moves), "{depth} {moves}");
            }
        }
        assert!(reduction(20, 30) > reduction(3, 3));
    }
}
