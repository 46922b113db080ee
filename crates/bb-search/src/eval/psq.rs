//! Material and piece-square values ("psq"): the part of the evaluation a
//! move changes by a few table entries. The search keeps it up to date
//! move by move ([`psq_delta`]) and hands it to the evaluation
//! ([`evaluate_with_psq`](super::evaluate_with_psq)), which then does not
//! sum every piece of the board again.

use super::params::{Terms, AT_PIECE_SQUARE, AT_PIECE_VALUE, PARAMS};
use super::{table_index, TaperedScore};
use bb_core::{Color, PieceKind, Square};
use bb_movegen::{Move, Position};

/// The material and piece-square value of a piece of `kind` and `color`
/// on `square`, from White's point of view (a Black piece's negative).
#[inline(always)]
fn placed(color: Color, kind: PieceKind, square: Square) -> TaperedScore {
    let value = PARAMS[AT_PIECE_VALUE + kind.index()]
        + PARAMS[AT_PIECE_SQUARE + 64 * kind.index() + table_index(color, square)];
    match color {
        Color::White => value,
        Color::Black => -value,
    }
}

/// Reports the material and piece-square terms of `color`'s pieces.
#[inline(always)]
pub(super) fn material_and_placement(position: &Position, color: Color, terms: &mut impl Terms) {
    for kind in PieceKind::ALL {
        for square in position.by_color_kind(color, kind) {
            terms.add(AT_PIECE_VALUE + kind.index(), 1);
            terms.add(AT_PIECE_SQUARE + 64 * kind.index() + table_index(color, square), 1);
        }
    }
}

/// The material and piece-square value of `position`, from White's point
/// of view: the sum of those terms of the evaluation.
///
/// ```
/// use bb_movegen::Position;
/// use bb_search::eval::{psq_delta, psq_score, TaperedScore};
///
/// let start = Position::startpos();
/// assert_eq!(psq_score(&start), TaperedScore::ZERO); // symmetric
/// let e4 = start.parse_uci_move("e2e4").unwrap();
/// assert_eq!(psq_score(&start.play(e4)), psq_score(&start) + psq_delta(&start, e4));
/// ```
pub fn psq_score(position: &Position) -> TaperedScore {
    let mut total = TaperedScore::ZERO;
    for square in position.occupied() {
        if let Some(piece) = position.piece_at(square) {
            total += placed(piece.color(), piece.kind(), square);
        }
    }
    total
}

/// How `mv`, a legal move of `position`, changes [`psq_score`]: the
/// value of the position after it is `psq_score(position) + psq_delta(position, mv)`.
#[inline]
pub fn psq_delta(position: &Position, mv: Move) -> TaperedScore {
    let mut delta = TaperedScore::ZERO;
    crate::piece_changes::for_each_change(position, mv, |change| {
        let value = placed(change.color, change.kind, change.square);
        if change.added {
            delta += value;
        } else {
            delta -= value;
        }
    });
    delta
}
