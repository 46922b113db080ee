//! The hidden layer's inputs for both points of view, kept move by move.

use super::{Network, HIDDEN, INPUTS};
use crate::piece_changes::{for_each_change, PieceChange};
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
    input(perspective, piece.color(), piece.kind(), square)
}

/// The input `index` (a [`feature_index`] from one side's point of view)
/// is from the other side's: colours swapped, the board mirrored
/// vertically. Trainers keep one side's inputs and derive the other's.
///
/// ```
/// use bb_core::{Color, Piece, Square};
/// use bb_search::nnue::{feature_index, other_side_input};
///
/// let piece = Piece::from_char('n').unwrap();
/// let white_view = feature_index(Color::White, piece, Square::G8);
/// assert_eq!(other_side_input(white_view), feature_index(Color::Black, piece, Square::G8));
/// ```
#[inline(always)]
pub fn other_side_input(index: usize) -> usize {
    // The colour halves swap; `^ 56` flips the rank bits of the square.
    ((index + INPUTS / 2) % INPUTS) ^ 56
}

/// [`feature_index`] of a piece of `color` and `kind`.
#[inline(always)]
pub(super) fn input(perspective: Color, color: Color, kind: PieceKind, square: Square) -> usize {
    let other = usize::from(color != perspective);
    let square = match perspective {
        Color::White => square.index(),
        Color::Black => square.flip_rank().index(),
    };
    (other * PieceKind::ALL.len() + kind.index()) * 64 + square
}

/// The hidden layer's inputs before activation, from White's and from
/// Black's point of view: the biases plus the columns of every piece on
/// the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Accumulator {
    pub(super) values: [[i16; HIDDEN]; 2],
}

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
                let (color, kind) = (piece.color(), piece.kind());
                accumulator.apply(None, network, PieceChange { color, kind, square, added: true });
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
        next.set_after_move(self, network, position, mv);
        next
    }

    /// Makes this the accumulator after `mv`, a legal move of `position`,
    /// whose accumulator is `parent`: what [`Accumulator::after_move`]
    /// returns, written in place over whatever this held. The search keeps
    /// one accumulator per ply and fills the child's this way: the parent's
    /// values are read once and no copy goes through the stack. On x86 it
    /// runs a copy written with AVX2 instructions where the CPU has them.
    ///
    /// ```
    /// use bb_movegen::Position;
    /// use bb_search::nnue::{Accumulator, Network};
    ///
    /// let mut network = Network::zeroed();
    /// for (input, column) in network.feature_weights.iter_mut().enumerate() {
    ///     column[0] = input as i16;
    /// }
    /// let position = Position::startpos();
    /// let mv = position.legal_moves().as_slice()[0];
    /// let parent = Accumulator::new(&network, &position);
    /// // A child that held another position's values.
    /// let mut child = Accumulator::new(&network, &Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1").unwrap());
    /// child.set_after_move(&parent, &network, &position, mv);
    /// assert_eq!(child, Accumulator::new(&network, &position.play(mv)));
    /// assert_ne!(child, parent);
    /// ```
    #[inline]
    pub fn set_after_move(&mut self, parent: &Accumulator, network: &Network, position: &Position, mv: Move) {
        super::kernel::set_after_move(self, parent, network, position, mv);
    }

    /// [`Accumulator::set_after_move`] by the build's baseline instructions:
    /// the only copy off x86, the fallback on x86 CPUs without AVX2. The
    /// first change reads the parent's values and writes this one's, the
    /// others add in place.
    #[inline(always)]
    pub(super) fn set_after_move_portable(
        &mut self,
        parent: &Accumulator,
        network: &Network,
        position: &Position,
        mv: Move,
    ) {
        let mut source = Some(parent);
        for_each_change(position, mv, |change| self.apply(source.take(), network, change));
        if let Some(parent) = source {
            // No piece moved (not a move of this position): nothing changes.
            *self = *parent;
        }
    }

    /// Adds or removes the column of a piece put or taken away, from both
    /// points of view, to `source`'s values (this accumulator's own when
    /// `None`).
    #[inline(always)]
    fn apply(&mut self, source: Option<&Accumulator>, network: &Network, change: PieceChange) {
        let sign = if change.added { 1 } else { -1 };
        for (side, perspective) in Color::ALL.into_iter().enumerate() {
            let column =
                &network.feature_weights[input(perspective, change.color, change.kind, change.square)];
            let values = &mut self.values[side];
            // Wrapping: a hostile network file must not make this panic.
            match source {
                Some(source) => {
                    for ((value, &from), &weight) in values.iter_mut().zip(&source.values[side]).zip(column) {
                        *value = from.wrapping_add(weight.wrapping_mul(sign));
                    }
                }
                None => {
                    for (value, &weight) in values.iter_mut().zip(column) {
                        *value = value.wrapping_add(weight.wrapping_mul(sign));
                    }
                }
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
