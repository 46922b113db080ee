//! Move-loop pruning: which moves near the leaves are not worth a search.
//!
//! Quiet moves that give no check meet late-move, futility and history
//! pruning; checks are kept out of those, since they are where mates
//! hide. Then a static exchange test: a quiet move (check or not) that
//! loses more than `params::see_quiet` centipawns a ply within 8 plies of
//! the leaves is skipped, and so is a capture or promotion that loses more
//! than `params::see_tactical` a ply within 6.

use super::ordering::is_tactical;
use super::params;
use super::reductions::{late_move_limit, reduction};
use crate::score::Score;
use crate::see::see_ge;
use bb_movegen::{Move, Position};

/// What the move loop does with a move before searching it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Verdict {
    /// Search it.
    Search,
    /// Skip it.
    Skip,
    /// Skip it and every later quiet move that gives no check.
    SkipQuiets,
}

/// What the pruning reads of the node, taken afresh for each move: the
/// depth and alpha change as moves raise alpha.
pub(super) struct NodeFacts {
    /// The remaining depth.
    pub depth: i32,
    /// The lower bound of the window.
    pub alpha: Score,
    /// The corrected static evaluation (meaningless in check).
    pub eval: Score,
    /// Whether the side's evaluation has risen since its last move.
    pub improving: bool,
    /// Whether the side to move is in check.
    pub in_check: bool,
    /// Whether an earlier verdict was [`Verdict::SkipQuiets`].
    pub skipping_quiets: bool,
    /// Moves searched so far at this node.
    pub moves_searched: usize,
    /// Quiet moves searched so far at this node (not those pruned). The
    /// move loop stops counting at 64, so the move-count limit of 67 at
    /// depth 8 when improving is never reached.
    pub quiets_searched: usize,
}

/// What the pruning reads of a quiet move besides the move itself.
pub(super) struct QuietFacts {
    /// A killer or the counter move: a refutation elsewhere, spared.
    pub killer: bool,
    /// Its history score (`quiet_score`).
    pub history: i32,
}

/// The verdict on `mv` at a node where pruning is allowed: a best score
/// above a mated one, and a piece besides king and pawns to move (without
/// one, zugzwang makes a quiet move's static prospects meaningless).
#[inline(always)]
pub(super) fn verdict(position: &Position, mv: Move, node: &NodeFacts, quiet: &QuietFacts) -> Verdict {
    let depth = node.depth;
    if is_tactical(mv) {
        return if depth <= 6 && !see_ge(position, mv, -params::see_tactical() * depth) {
            Verdict::Skip
        } else {
            Verdict::Search
        };
    }
    if !position.gives_check(mv) {
        if node.skipping_quiets {
            return Verdict::Skip;
        }
        if depth <= 8 && node.quiets_searched >= late_move_limit(depth, node.improving) {
            return Verdict::SkipQuiets;
        }
        // Futility and history pruning look at the depth the move would be
        // searched at after its late-move reduction.
        let reduced_depth = (depth - reduction(depth, node.moves_searched + 1)).max(1);
        if !node.in_check
            && reduced_depth <= 8
            && node.eval + params::futility_base() + params::futility_margin() * reduced_depth <= node.alpha
        {
            return Verdict::SkipQuiets;
        }
        if reduced_depth <= 4 && !quiet.killer && quiet.history < -params::history_prune() * depth {
            return Verdict::Skip;
        }
    }
    if depth <= 8 && !see_ge(position, mv, -params::see_quiet() * depth) {
        return Verdict::Skip;
    }
    Verdict::Search
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(depth: i32) -> NodeFacts {
        NodeFacts {
            depth,
            alpha: 0,
            eval: 0,
            improving: false,
            in_check: false,
            skipping_quiets: false,
            moves_searched: 1,
            quiets_searched: 0,
        }
    }

    /// The verdict on `uci` in `fen`, for a move that is a `killer` (or
    /// not) with that `history` score.
    fn judge(fen: &str, uci: &str, node: &NodeFacts, killer: bool, history: i32) -> Verdict {
        let position = Position::from_fen(fen).unwrap();
        let mv = position.parse_uci_move(uci).unwrap();
        verdict(&position, mv, node, &QuietFacts { killer, history })
    }

    // White to move. Qd1xd7+ loses the queen for a pawn; Ng1-h3 is quiet
    // and safe, Qd1-g4 is quiet and hangs the queen to the knight, and
    // Qd1-h5+ is a safe check.
    const FEN: &str = "4k3/3p4/8/4n3/8/8/8/3QK1N1 w - - 0 1";

    #[test]
    fn a_losing_capture_is_skipped_up_to_depth_6() {
        assert_eq!(judge(FEN, "d1d7", &node(6), false, 0), Verdict::Skip);
        assert_eq!(judge(FEN, "d1d7", &node(7), false, 0), Verdict::Search);
    }

    #[test]
    fn a_quiet_move_that_hangs_the_piece_is_skipped_up_to_depth_8() {
        // The knight takes the queen on g4: SEE −950 < −see_quiet · depth.
        assert_eq!(judge(FEN, "d1g4", &node(8), false, 0), Verdict::Skip);
        assert_eq!(judge(FEN, "d1g4", &node(9), false, 0), Verdict::Search);
        // A check too: with the knight on f6, Qd1-h5+ hangs the queen.
        let knight_f6 = "4k3/3p4/5n2/8/8/8/8/3QK1N1 w - - 0 1";
        assert_eq!(judge(knight_f6, "d1h5", &node(8), false, 0), Verdict::Skip);
        assert_eq!(judge(knight_f6, "d1h5", &node(9), false, 0), Verdict::Search);
    }

    #[test]
    fn move_count_pruning_stops_the_quiet_moves_up_to_depth_8() {
        // Not improving, depth 8 tries `limit` quiet moves, then skips.
        let limit = late_move_limit(8, false);
        let crowded = |depth| NodeFacts { quiets_searched: limit, ..node(depth) };
        assert_eq!(judge(FEN, "g1h3", &crowded(8), false, 0), Verdict::SkipQuiets);
        assert_eq!(judge(FEN, "g1h3", &crowded(9), false, 0), Verdict::Search);
        let fewer = NodeFacts { quiets_searched: limit - 1, ..node(8) };
        assert_eq!(judge(FEN, "g1h3", &fewer, false, 0), Verdict::Search);
        // Checks go on, and once skipping, only they are searched.
        assert_eq!(judge(FEN, "d1h5", &crowded(8), false, 0), Verdict::Search);
        let skipping = NodeFacts { skipping_quiets: true, ..node(2) };
        assert_eq!(judge(FEN, "g1h3", &skipping, false, 0), Verdict::Skip);
        assert_eq!(judge(FEN, "d1h5", &skipping, false, 0), Verdict::Search);
    }

    #[test]
    fn futility_reads_the_depth_after_the_late_move_reduction() {
        // The second move at depth 9 is reduced by one ply, to 8: futile
        // when eval + futility_base + futility_margin · 8 is at most alpha.
        assert_eq!(reduction(9, 2), 1);
        let futile = params::futility_base() + params::futility_margin() * 8;
        let hopeless = |depth, alpha| NodeFacts { alpha, ..node(depth) };
        assert_eq!(judge(FEN, "g1h3", &hopeless(9, futile), false, 0), Verdict::SkipQuiets);
        assert_eq!(judge(FEN, "g1h3", &hopeless(9, futile - 1), false, 0), Verdict::Search);
        assert_eq!(judge(FEN, "g1h3", &hopeless(10, 5_000), false, 0), Verdict::Search);
        // Not in check, nor for a check.
        let in_check = NodeFacts { in_check: true, ..hopeless(9, futile) };
        assert_eq!(judge(FEN, "g1h3", &in_check, false, 0), Verdict::Search);
        assert_eq!(judge(FEN, "d1h5", &hopeless(2, 5_000), false, 0), Verdict::Search);
    }

    #[test]
    fn bad_history_condemns_a_quiet_move_near_the_leaves_unless_a_killer() {
        // At depth 5 the second move is reduced to 4: pruned below
        // −history_prune · 5.
        assert_eq!(reduction(5, 2), 1);
        let bound = -params::history_prune() * 5;
        assert_eq!(judge(FEN, "g1h3", &node(5), false, bound - 1), Verdict::Skip);
        assert_eq!(judge(FEN, "g1h3", &node(5), false, bound), Verdict::Search);
        assert_eq!(judge(FEN, "g1h3", &node(5), true, -20_000), Verdict::Search);
        // At depth 6 the reduced depth is 5: never pruned for history.
        assert_eq!(judge(FEN, "g1h3", &node(6), false, -30_000), Verdict::Search);
    }
}
