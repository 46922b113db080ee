//! `Setup`: a position described field by field, not yet validated. Build
//! one square by square (or from a position), then ask for the position:
//! the validation is the one FEN parsing applies ([`crate::validation`]).

use crate::castling::CastlingSide;
use crate::error::FenError;
use crate::validation::{Builder, Validation};
use crate::Position;
use bb_core::{Color, File, Piece, Square};

/// A castling right as FEN writes it: which rook it castles with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CastlingRook {
    /// `K`, `Q`, `k`, `q` (X-FEN): the outermost rook on that side of the king.
    Outermost(Color, CastlingSide),
    /// A file letter (Shredder-FEN, Chess960: `HAha`): the rook on that
    /// file of the colour's first rank. The side follows from the king's file.
    OnFile(Color, File),
}

impl CastlingRook {
    /// Whose right it is.
    pub const fn color(self) -> Color {
        match self {
            CastlingRook::Outermost(color, _) | CastlingRook::OnFile(color, _) => color,
        }
    }

    /// The FEN letter: `K`, `q`, `H`, `a`, ...
    pub fn letter(self) -> char {
        let letter = match self {
            CastlingRook::Outermost(_, CastlingSide::King) => 'k',
            CastlingRook::Outermost(_, CastlingSide::Queen) => 'q',
            CastlingRook::OnFile(_, file) => file.to_char(),
        };
        match self.color() {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter,
        }
    }

    /// The right a FEN castling letter gives, `None` for any other character.
    pub fn from_letter(letter: char) -> Option<CastlingRook> {
        let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
        match letter.to_ascii_lowercase() {
            'k' => Some(CastlingRook::Outermost(color, CastlingSide::King)),
            'q' => Some(CastlingRook::Outermost(color, CastlingSide::Queen)),
            lower => File::from_char(lower).map(|file| CastlingRook::OnFile(color, file)),
        }
    }
}

/// A position described field by field, checked only when it is turned
/// into a [`Position`] ([`Setup::position`], [`Setup::position_with`]),
/// by exactly the rules FEN parsing applies, with the same errors.
///
/// ```
/// use bb_core::{Color, Piece, Square};
/// use bb_movegen::{CastlingRook, Position, Setup};
/// use bb_movegen::CastlingSide;
///
/// let mut setup = Setup::empty();
/// setup
///     .put(Square::E1, Piece::WhiteKing)
///     .put(Square::H1, Piece::WhiteRook)
///     .put(Square::E8, Piece::BlackKing)
///     .add_castling(CastlingRook::Outermost(Color::White, CastlingSide::King));
/// setup.side_to_move = Color::Black;
/// let position = setup.position().unwrap();
/// assert_eq!(position.to_string(), "4k3/8/8/8/8/8/8/4K2R b K - 0 1");
///
/// // And back: a position's setup gives the position again.
/// assert_eq!(position.setup().position(), Ok(position));
/// // Setups are checked as FENs are.
/// setup.remove(Square::E8);
/// assert_eq!(setup.position().unwrap_err().to_string(), "invalid FEN (position): black has 0 kings, needs exactly 1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, by [`Square::index`].
    pub board: [Option<Piece>; 64],
    /// The side to move.
    pub side_to_move: Color,
    /// The castling rights, in the order FEN would list them; `None` slots
    /// are skipped.
    pub castling: [Option<CastlingRook>; 4],
    /// The en-passant target square, as in FEN.
    pub en_passant: Option<Square>,
    /// Plies since the last capture or pawn move.
    pub halfmove_clock: u32,
    /// The move number (0 is read as 1).
    pub fullmove_number: u32,
}

impl Setup {
    /// An empty board, White to move, no rights, counters `0 1`.
    ///
    /// ```
    /// use bb_movegen::{Color, Setup, Square};
    ///
    /// let setup = Setup::empty();
    /// assert_eq!(setup.side_to_move, Color::White);
    /// assert_eq!(setup.piece_at(Square::E1), None);
    /// assert!(setup.position().is_err()); // no kings yet
    /// ```
    pub const fn empty() -> Setup {
        Setup {
            board: [None; 64],
            side_to_move: Color::White,
            castling: [None; 4],
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
        }
    }

    /// The piece on `square`, if any.
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.board[square.index()]
    }

    /// Puts `piece` on `square`, replacing what stood there.
    ///
    /// ```
    /// use bb_movegen::{Piece, Setup, Square};
    ///
    /// let mut setup = Setup::empty();
    /// setup.put(Square::E1, Piece::WhiteKing).put(Square::E8, Piece::BlackKing);
    /// setup.put(Square::D1, Piece::WhiteQueen).put(Square::D1, Piece::WhiteRook); // replaced
    /// assert_eq!(setup.piece_at(Square::D1), Some(Piece::WhiteRook));
    /// assert_eq!(setup.position().unwrap().to_string(), "4k3/8/8/8/8/8/8/3RK3 w - - 0 1");
    /// ```
    pub fn put(&mut self, square: Square, piece: Piece) -> &mut Setup {
        self.board[square.index()] = Some(piece);
        self
    }

    /// Empties `square`.
    pub fn remove(&mut self, square: Square) -> &mut Setup {
        self.board[square.index()] = None;
        self
    }

    /// Adds a castling right in the first free slot of
    /// [`castling`](Self::castling); with all four slots taken it is
    /// ignored.
    pub fn add_castling(&mut self, right: CastlingRook) -> &mut Setup {
        if let Some(slot) = self.castling.iter_mut().find(|slot| slot.is_none()) {
            *slot = Some(right);
        }
        self
    }

    /// The position, validated strictly (as [`Position::from_fen`] does).
    pub fn position(&self) -> Result<Position, FenError> {
        self.position_with(Validation::STRICT)
    }

    /// The position, validated as `validation` says (as
    /// [`Position::from_fen_with`] does).
    ///
    /// ```
    /// use bb_movegen::{FenError, Position, Validation};
    ///
    /// let mut setup = Position::startpos().setup();
    /// setup.en_passant = "e3".parse().ok();
    /// assert_eq!(setup.position(), Err(FenError::ImpossibleEnPassant("e3".parse().unwrap())));
    /// // Lenient: the impossible square is dropped.
    /// assert_eq!(setup.position_with(Validation::PLAYABLE), Ok(Position::startpos()));
    /// ```
    pub fn position_with(&self, validation: Validation) -> Result<Position, FenError> {
        let mut builder = Builder::new(&self.board, self.side_to_move, validation)?;
        for right in self.castling.iter().flatten() {
            builder.castling_right(*right)?;
        }
        builder.finish(self.en_passant, self.halfmove_clock, self.fullmove_number)
    }
}

impl Default for Setup {
    fn default() -> Setup {
        Setup::empty()
    }
}

impl From<&Position> for Setup {
    /// The setup of `position`: castling rights as its FEN writes them
    /// (by side, or by file in Shredder-FEN), so it reads back alike.
    fn from(position: &Position) -> Setup {
        let mut setup = Setup::empty();
        for square in position.occupied() {
            setup.board[square.index()] = position.piece_at(square);
        }
        setup.side_to_move = position.side_to_move();
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if let Some(right) = crate::fen::castling_notation(position, color, side) {
                    setup.add_castling(right);
                }
            }
        }
        setup.en_passant = position.en_passant();
        setup.halfmove_clock = position.halfmove_clock();
        setup.fullmove_number = position.fullmove_number();
        setup
    }
}

impl Position {
    /// This position as a [`Setup`], to edit and validate again.
    ///
    /// ```
    /// use bb_core::{Piece, Square};
    /// use bb_movegen::Position;
    ///
    /// let mut setup = Position::startpos().setup();
    /// setup.remove(Square::D1);
    /// let queen_odds = setup.position().unwrap();
    /// assert_eq!(queen_odds.to_string(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1");
    /// assert_eq!(queen_odds.setup().piece_at(Square::E1), Some(Piece::WhiteKing));
    /// ```
    pub fn setup(&self) -> Setup {
        Setup::from(self)
    }
}
