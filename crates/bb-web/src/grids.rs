//! The bitboards of a position the page can draw, by name: the twelve
//! piece sets, occupancy, attacks, checkers, the check mask, pins and the
//! en-passant square. One table holds the names, labels and how each is
//! computed, so the page's list and the Rust side cannot drift apart.

use bb_core::{Bitboard, Color, Piece};
use bb_movegen::Position;

/// How a grid is computed from a position.
type Compute = fn(&Position) -> Bitboard;

/// Every grid but the piece sets: name, label, computation.
const DERIVED: [(&str, &str, Compute); 11] = [
    ("occupied", "all pieces", |p| p.occupied()),
    ("white", "white pieces", |p| p.by_color(Color::White)),
    ("black", "black pieces", |p| p.by_color(Color::Black)),
    ("attacked-by-white", "squares white attacks", |p| p.attacked_by(Color::White)),
    ("attacked-by-black", "squares black attacks", |p| p.attacked_by(Color::Black)),
    ("checkers", "pieces giving check", |p| p.checkers()),
    ("check-mask", "check mask (where a non-king move must land, en passant aside)", |p| p.check_mask()),
    ("pinned", "pinned pieces of the side to move", |p| p.pinned()),
    ("pin-rays", "pin rays (king to pinner)", |p| p.pin_rays()),
    ("en-passant", "en-passant square", |p| {
        p.en_passant().map_or(Bitboard::EMPTY, |square| square.bitboard())
    }),
    ("empty", "empty squares", |p| !p.occupied()),
];

/// The name of a piece set: `white-knight`, `black-queen`, ….
fn piece_name(piece: Piece) -> String {
    let color = match piece.color() {
        Color::White => "white",
        Color::Black => "black",
    };
    let kind = match piece.to_char().to_ascii_lowercase() {
        'p' => "pawn",
        'n' => "knight",
        'b' => "bishop",
        'r' => "rook",
        'q' => "queen",
        _ => "king",
    };
    format!("{color}-{kind}")
}

/// Every grid's name and label, piece sets first.
///
/// ```
/// let names: Vec<String> = bb_web::grids::names().into_iter().map(|(name, _)| name).collect();
/// assert!(names.contains(&"white-knight".to_string()) && names.contains(&"check-mask".to_string()));
/// ```
pub fn names() -> Vec<(String, String)> {
    let pieces = Piece::ALL.iter().map(|&piece| {
        let name = piece_name(piece);
        let label = format!("{}s", name.replace('-', " "));
        (name, label)
    });
    pieces.chain(DERIVED.iter().map(|(name, label, _)| (name.to_string(), label.to_string()))).collect()
}

/// The grid called `name` for `position`, if there is one by that name.
pub fn grid(position: &Position, name: &str) -> Option<Bitboard> {
    if let Some(&piece) = Piece::ALL.iter().find(|&&piece| piece_name(piece) == name) {
        return Some(position.by_piece(piece));
    }
    DERIVED.iter().find(|(derived, _, _)| *derived == name).map(|(_, _, compute)| compute(position))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_has_a_grid() {
        let start = Position::startpos();
        let names = names();
        assert_eq!(names.len(), 12 + DERIVED.len());
        for (name, _) in &names {
            assert!(grid(&start, name).is_some(), "{name}");
        }
        assert_eq!(grid(&start, "no-such-grid"), None);
        assert_eq!(grid(&start, "white-pawn").map(Bitboard::to_u64), Some(0xff00));
        assert_eq!(grid(&start, "check-mask"), Some(Bitboard::FULL));
    }

    #[test]
    fn check_and_pins() {
        // The rook on e8 checks; the bishop on b4 pins the knight on d2.
        let position = Position::from_fen("4r1k1/8/8/8/1b6/8/3N4/4K3 w - - 0 1").unwrap();
        assert_eq!(grid(&position, "check-mask").map(Bitboard::to_u64), Some(0x1010_1010_1010_1000));
        assert_eq!(grid(&position, "pinned").map(Bitboard::count), Some(1));
        // d2, c3 and the pinner on b4.
        assert_eq!(grid(&position, "pin-rays").map(Bitboard::to_u64), Some(0x0204_0800));
    }
}
