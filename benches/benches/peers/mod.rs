//! Perft for bb and for each peer move generator, one module per engine
//! with the same three items: `Board`, `parse(fen)` and `perft(board,
//! depth)`. Shared by `benches/perft.rs` and `tests/perft_counts.rs` (by
//! path: the peers are dev-dependencies, which the library cannot use).
//!
//! Every perft counts the last ply in bulk, each the way its engine's
//! authors do it fastest, so the comparison is like for like.

/// bb: copy-make over `legal_moves`, the last ply counted by
/// `count_legal_moves` (no move list at the leaves).
pub mod bb {
    pub type Board = bb_movegen::Position;

    pub fn parse(fen: &str) -> Board {
        Board::from_fen(fen).expect("valid FEN")
    }

    pub fn perft(board: &Board, depth: u32) -> u64 {
        bb_movegen::perft(board, depth)
    }
}

/// cozy-chess 0.3: moves come in per-piece sets from `generate_moves`; at
/// the last ply only the sets' sizes are summed (as in its perft example).
pub mod cozy_chess {
    pub type Board = ::cozy_chess::Board;

    pub fn parse(fen: &str) -> Board {
        Board::from_fen(fen, false).expect("valid FEN")
    }

    pub fn perft(board: &Board, depth: u32) -> u64 {
        let mut nodes = 0;
        match depth {
            0 => nodes = 1,
            1 => {
                board.generate_moves(|piece_moves| {
                    nodes += piece_moves.len() as u64;
                    false // keep generating
                });
            }
            _ => {
                board.generate_moves(|piece_moves| {
                    for mv in piece_moves {
                        let mut child = board.clone();
                        child.play_unchecked(mv);
                        nodes += perft(&child, depth - 1);
                    }
                    false
                });
            }
        }
        nodes
    }
}

/// chess 3.2: the crate's own `MoveGen::movegen_perft_test`, documented as
/// its fastest perft (`MoveGen::new_legal(..).len()` at the last ply).
pub mod chess {
    pub type Board = ::chess::Board;

    pub fn parse(fen: &str) -> Board {
        fen.parse().expect("valid FEN")
    }

    pub fn perft(board: &Board, depth: u32) -> u64 {
        match depth {
            0 => 1,
            _ => ::chess::MoveGen::movegen_perft_test(board, depth as usize) as u64,
        }
    }
}

/// shakmaty 0.30: the crate's own `shakmaty::perft` (`legal_moves().len()`
/// at the last ply, clone-and-play above it).
pub mod shakmaty {
    use ::shakmaty::{fen::Fen, CastlingMode, Chess};

    pub type Board = Chess;

    pub fn parse(fen: &str) -> Board {
        let setup: Fen = fen.parse().expect("valid FEN");
        setup.into_position(CastlingMode::Standard).expect("legal position")
    }

    pub fn perft(board: &Board, depth: u32) -> u64 {
        ::shakmaty::perft(board, depth)
    }
}
