//! The hidden layer's inputs for both points of view, kept move by move.

use super::{Network, HIDDEN};
use bb_core::{Color, Piece, PieceKind, Square};
use bb_movegen::{Move, Position};

/// The input that `piece` on `square` sets, seen from `perspective`: its
/// colour relative to the perspective (own 0, other 1), its kind and its
/// square, mirrored vertically for Black so that both sides see their own
/// pieces start on the first ranks.
///
/// ```
/// use bb_core::{Color, Piece, PieceKind, Square};
/// use bb_search::nnue::feature_index;
///
/// let white_pawn_e2 = feature_index(Color::White, Piece::new(Color::White, PieceKind::Pawn), Square::E2);
/// let black_pawn_e7 = feature_index(Color::Black, Piece::new(Color::Black, PieceKind::Pawn), Square::E7);
/// assert_eq!(white_pawn_e2, black_pawn_e7);
/// ```
#[inline(always)]
pub fn feature_index(perspective: Color, piece: Piece, square: Square) -> usize {
    let other = usize::from(piece.color() != perspective);
    let square = match perspective {
        Color::White => square.index(),
        Color::Black => square.flip_rank().index(),
    };
    (other * PieceKind::ALL.len() + piece.kind().index()) * 64 + square
}

/// The hidden layer's inputs before activation, from White's and from
/// Black's point of view: the biases plus the columns of every piece on
/// the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    values: [[i16; HIDDEN]; 2],
}

/// Adds (`+1`) or removes (`-1`) one input's column, from both points of view.
type Change = (Piece, Square, i16);

impl Accumulator {
    /// The accumulator of `position`, computed from every piece.
    ///
    /// ```
    /// use bb_movegen::Position;
    /// use bb_search::nnue::{Accumulator, Network};
    ///
    /// let network = Network::zeroed();
    /// let position = Position::startpos();
    /// let mv = position.legal_moves().as_slice()[0];
    /// let after = Accumulator::new(&network, &position).after_move(&network, &position, mv);
    /// assert_eq!(after, Accumulator::new(&network, &position.play(mv)));
    /// ```
    pub fn new(network: &Network, position: &Position) -> Accumulator {
        let mut accumulator = Accumulator { values: [network.feature_bias; 2] };
        for square in position.occupied() {
            if let Some(piece) = position.piece_at(square) {
                accumulator.apply(network, (piece, square, 1));
            }
        }
        accumulator
    }

    /// The accumulator after `mv`, a legal move of `position`, whose
    /// accumulator this is: a few columns added and removed, the same as
    /// [`Accumulator::new`] of the position after the move.
    #[inline]
    pub fn after_move(&self, network: &Network, position: &Position, mv: Move) -> Accumulator {
        let mut next = *self;
        for change in changes(position, mv).into_iter().flatten() {
            next.apply(network, change);
        }
        next
    }

    /// Adds or removes `piece` on `square` from both points of view.
    #[inline(always)]
    fn apply(&mut self, network: &Network, (piece, square, sign): Change) {
        for (values, perspective) in self.values.iter_mut().zip(Color::ALL) {
            let column = &network.feature_weights[feature_index(perspective, piece, square)];
            // Wrapping: a hostile network file must not make this panic.
            for (value, &weight) in values.iter_mut().zip(column) {
                *value = value.wrapping_add(weight.wrapping_mul(sign));
            }
        }
    }

    /// The half of the side to move, `side`, and the other half.
    #[inline(always)]
    pub(super) fn halves(&self, side: Color) -> (&[i16; HIDDEN], &[i16; HIDDEN]) {
        let [white, black] = &self.values;
        match side {
            Color::White => (white, black),
            Color::Black => (black, white),
        }
    }
}

/// The pieces `mv`, a legal move of `position`, puts and takes away: up to
/// four (castling moves two pieces, a capture removes one more).
#[inline(always)]
fn changes(position: &Position, mv: Move) -> [Option<Change>; 4] {
    let us = position.side_to_move();
    let (from, to) = (mv.from(), mv.to());
    let Some(mover) = position.kind_at(from) else { return [None; 4] };
    let own = |kind| Piece::new(us, kind);
    if mv.is_castling() {
        // Encoded as the king taking its own rook.
        return [
            Some((own(PieceKind::King), from, -1)),
            Some((own(PieceKind::Rook), to, -1)),
            Some((own(PieceKind::King), mv.king_destination(), 1)),
            Some((own(PieceKind::Rook), mv.rook_destination(), 1)),
        ];
    }
    let captured = if mv.is_en_passant() {
        Some((Piece::new(us.opposite(), PieceKind::Pawn), Square::new(to.file(), from.rank()), -1))
    } else {
        position.captured_kind(mv).map(|victim| (Piece::new(us.opposite(), victim), to, -1))
    };
    [Some((own(mover), from, -1)), Some((own(mv.promotion().unwrap_or(mover)), to, 1)), captured, None]
}
