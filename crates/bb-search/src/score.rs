//! Search scores: centipawns, and mate scores that carry the distance to mate.
//!
//! A mate delivered `n` plies from the root scores `MATE - n`; being mated in
//! `n` plies scores `-(MATE - n)`. Shorter mates therefore score higher, and
//! every score at or beyond [`MATE_BOUND`] in absolute value is a mate.

/// A search score in centipawns, from the side to move's view.
pub type Score = i32;

/// Deepest ply the search ever reaches (limits arrays indexed by ply).
pub const MAX_PLY: usize = 128;
/// Score of delivering mate at the root.
pub const MATE: Score = 32_000;
/// Beyond any reachable score; the initial alpha-beta window.
pub const INFINITE: Score = MATE + 1;
/// Scores at or above this (in absolute value) are mates.
pub const MATE_BOUND: Score = MATE - MAX_PLY as Score;
/// The score of a draw.
pub const DRAW: Score = 0;

/// Score of giving mate `ply` plies from the root.
pub const fn mate_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// Score of being mated `ply` plies from the root.
pub const fn mated_in(ply: usize) -> Score {
    -MATE + ply as Score
}

/// True when `score` announces a forced mate for either side.
pub const fn is_mate(score: Score) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// Mate scores are stored in the transposition table relative to the node
/// they belong to (distance from that node), not to the root, so that an
/// entry reused at another ply still gives the right distance.
pub const fn to_table(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

/// Inverse of [`to_table`] for a node at `ply`.
pub const fn from_table(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score - ply as Score
    } else if score <= -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

/// A root score in the units a player reads: centipawns, or the number of
/// moves to a forced mate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MateOrCentipawns {
    /// No forced mate: the score in centipawns.
    Centipawns(i32),
    /// Moves (not plies) to mate; negative when being mated, 0 when mated.
    Mate(i32),
}

impl MateOrCentipawns {
    /// Converts a root score.
    pub const fn from_score(score: Score) -> MateOrCentipawns {
        if score >= MATE_BOUND {
            MateOrCentipawns::Mate((MATE - score + 1) / 2)
        } else if score <= -MATE_BOUND {
            MateOrCentipawns::Mate(-(MATE + score) / 2)
        } else {
            MateOrCentipawns::Centipawns(score)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves() {
        assert_eq!(MateOrCentipawns::from_score(mate_in(1)), MateOrCentipawns::Mate(1));
        assert_eq!(MateOrCentipawns::from_score(mate_in(3)), MateOrCentipawns::Mate(2));
        assert_eq!(MateOrCentipawns::from_score(mate_in(5)), MateOrCentipawns::Mate(3));
        assert_eq!(MateOrCentipawns::from_score(mated_in(0)), MateOrCentipawns::Mate(0));
        assert_eq!(MateOrCentipawns::from_score(mated_in(2)), MateOrCentipawns::Mate(-1));
        assert_eq!(MateOrCentipawns::from_score(mated_in(4)), MateOrCentipawns::Mate(-2));
        assert_eq!(MateOrCentipawns::from_score(-35), MateOrCentipawns::Centipawns(-35));
    }

    #[test]
    fn table_conversion_round_trips() {
        for ply in [0usize, 1, 7, 60] {
            for score in [0, 150, -900, mate_in(ply + 3), mated_in(ply + 2)] {
                assert_eq!(from_table(to_table(score, ply), ply), score);
            }
        }
        // A mate 5 plies below a node at ply 3 is a mate 5 plies below it at ply 9.
        assert_eq!(from_table(to_table(mate_in(8), 3), 9), mate_in(14));
    }

    #[test]
    fn mate_detection() {
        assert!(is_mate(mate_in(40)) && is_mate(mated_in(40)));
        assert!(!is_mate(5_000) && !is_mate(-5_000));
    }
}
