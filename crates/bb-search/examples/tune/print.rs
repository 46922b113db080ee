//! The fitted weights printed as the Rust constants of `weights.rs`.

use crate::fit::DANGER_START;
use bb_search::eval::params::{DANGER_GROUPS, GROUPS};

/// The weights (laid out as `fit::initial_weights`) as Rust constants,
/// one `pub const` per group (the piece-square tables as the twelve
/// `*_MG` / `*_EG` grids, the king-danger weights as `i32`s), in the
/// syntax of `src/eval/weights.rs`.
pub fn weights_as_rust(weights: &[f64]) -> String {
    let value = |index: usize, phase: usize| weights[2 * index + phase].round() as i32;
    let pair = |index: usize| format!("s({}, {})", value(index, 0), value(index, 1));
    let mut text = String::new();
    for group in GROUPS {
        if group.name == "PIECE_SQUARE" {
            for (kind, name) in ["PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"].iter().enumerate() {
                for (phase, suffix) in ["MG", "EG"].iter().enumerate() {
                    text += &format!("const {name}_{suffix}: [i32; 64] = [\n");
                    for row in 0..8 {
                        let cells: Vec<String> = (0..8)
                            .map(|column| {
                                format!("{:3}", value(group.start + 64 * kind + 8 * row + column, phase))
                            })
                            .collect();
                        text += &format!("    {},\n", cells.join(", "));
                    }
                    text += "];\n";
                }
            }
        } else if group.len == 1 {
            text += &format!("pub const {}: TaperedScore = {};\n", group.name, pair(group.start));
        } else {
            let items: Vec<String> = (group.start..group.start + group.len).map(pair).collect();
            text += &format!(
                "pub const {}: [TaperedScore; {}] = [{}];\n",
                group.name,
                group.len,
                items.join(", ")
            );
        }
    }
    let danger = |index: usize| (weights[DANGER_START + index].round() as i32).to_string();
    for group in DANGER_GROUPS {
        if group.len == 1 {
            text += &format!("pub const {}: i32 = {};\n", group.name, danger(group.start));
        } else {
            let items: Vec<String> = (group.start..group.start + group.len).map(danger).collect();
            text += &format!("pub const {}: [i32; {}] = [{}];\n", group.name, group.len, items.join(", "));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fit::initial_weights;

    #[test]
    fn the_build_weights_print_as_they_are_written_in_weights_rs() {
        let source = include_str!("../../src/eval/weights.rs");
        let printed = weights_as_rust(&initial_weights());
        let single: Vec<&str> = printed
            .lines()
            .filter(|line| line.contains(": TaperedScore =") || line.starts_with("pub const DANGER_"))
            .collect();
        assert!(single.len() >= 5 + DANGER_GROUPS.len(), "{printed}");
        for line in single {
            assert!(source.contains(line), "{line} is not in weights.rs");
        }
        assert_eq!(printed.matches("[i32; 64]").count(), 12);
        // The piece-square rows too, so that a fit pastes in the file's layout.
        for row in printed.lines().filter(|line| line.starts_with("    ") && line.ends_with(',')) {
            assert!(source.contains(row), "{row} is not in weights.rs");
        }
    }
}
