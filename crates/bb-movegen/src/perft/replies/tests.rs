use super::count_two_plies;
use crate::perft::perft_on;
use crate::{Position, Validation};
use bb_core::platform::Kernel;
use bb_tables::BuildSliders;

/// The leaves under `position` at depth 2 the slow way: every move made,
/// every reply listed.
fn made_and_listed(position: &Position) -> u64 {
    position.legal_moves().iter().map(|mv| position.play(*mv).legal_moves().len() as u64).sum()
}

/// Positions where a move changes more than its two squares' occupancy
/// would suggest, each with what it tests.
const TRICKY: [(&str, &str); 12] = [
    ("8/1P6/8/8/8/1k6/8/7K w - - 0 1", "a promotion checks along the file its pawn leaves"),
    ("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1", "replies to a check by a rook"),
    ("4k3/8/8/4N3/8/8/4R3/4K3 w - - 0 1", "a knight that uncovers a rook"),
    ("4k3/8/8/8/1b6/8/3P4/4K3 w - - 0 1", "a pinned pawn, and one that blocks"),
    ("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "a pin made and broken"),
    ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "rooks taken on their castling squares"),
    ("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "a double push that can be taken en passant"),
    ("4k3/8/8/2b5/3p4/8/4P3/4K3 w - - 0 1", "en passant along a pin"),
    ("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2", "mate in one"),
    ("k7/8/3Q4/8/8/8/8/K7 w - - 0 1", "stalemates among the moves"),
    ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "Chess960 rights"),
    ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", "promotions with capture"),
];

#[test]
fn the_fused_count_agrees_with_making_every_move() {
    for (fen, what) in TRICKY {
        let position = Position::from_fen(fen).expect(what);
        let mirrored = position.mirrored();
        for position in [position, mirrored] {
            let expected = made_and_listed(&position);
            let walk = |child: &Position| child.count_legal_moves();
            if let Some(count) = count_two_plies(&position, BuildSliders, walk) {
                assert_eq!(count, expected, "{what}: {position}");
            }
            for kernel in [Kernel::Portable, Kernel::Popcnt, Kernel::Bmi2] {
                if let Some(count) = perft_on(kernel, &position, 2) {
                    assert_eq!(count, expected, "{what}, {kernel}: {position}");
                }
            }
        }
    }
}

#[test]
fn nodes_it_cannot_count_are_left_to_the_ordinary_count() {
    let walk = |child: &Position| child.count_legal_moves();
    // Chess960 castling rights of the side that replies.
    let chess960 = Position::from_fen(TRICKY[10].0).expect("Chess960");
    assert_eq!(count_two_plies(&chess960, BuildSliders, walk), None);
    // More pieces than a game can have: 17 black knights.
    let knights = "nnnnnnnn/nnnnnnnn/n7/8/8/8/8/k6K w - - 0 1";
    let crowded = Position::from_fen_with(knights, Validation::PLAYABLE).expect("lenient");
    assert_eq!(count_two_plies(&crowded, BuildSliders, walk), None);
    assert_eq!(perft_on(Kernel::Portable, &crowded, 2), Some(made_and_listed(&crowded)));
    // In a game, it counts.
    let start = Position::startpos();
    assert_eq!(count_two_plies(&start, BuildSliders, walk), Some(400));
}
