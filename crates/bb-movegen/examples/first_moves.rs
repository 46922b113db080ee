//! First steps with bb-movegen: read a FEN, list the legal moves, play
//! them checked and unchecked, and ask how the game stands.
//!
//! ```sh
//! cargo run -p bb-movegen --example first_moves
//! ```

use bb_movegen::{Move, MoveKind, Position, Square};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Kiwipete, the ChessProgramming wiki's position 2.
    let position: Position =
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".parse()?;
    let mut board = String::new();
    position.write_board(&mut board)?;
    println!("{board}");

    let moves = position.legal_moves();
    let captures = moves.iter().filter(|mv| mv.is_capture()).count();
    println!("{} legal moves, {captures} of them captures", moves.len());

    // Moves from text (UCI), played by copy: `position` stays as it was.
    let castle = position.parse_uci_move("e1g1")?;
    let after = position.play(castle);
    println!("after {castle}: {after}");

    // A move from elsewhere (a GUI, a file, a book) is checked first.
    let king_walk = Move::new(Square::E1, Square::E3, MoveKind::Quiet);
    match position.try_play(king_walk) {
        Ok(next) => println!("played: {next}"),
        Err(error) => println!("refused: {error}"),
    }

    // Mate, stalemate and the draws the position itself shows.
    let fools_mate: Position = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3".parse()?;
    println!("after fool's mate: {:?}", fools_mate.outcome());
    Ok(())
}
