//! Perft for bb and for each peer move generator, one module per engine
//! with the same four items: `Board`, `parse(fen)`, `perft(board, depth)`
//! and `hperft(board, depth)`. Shared by `benches/perft.rs`,
//! `benches/hperft.rs` and `tests/perft_counts.rs` (by path: the peers are
//! dev-dependencies, which the library cannot use); each bench uses half
//! of it, hence the `dead_code` allowance.
//!
//! Every perft counts the last ply in bulk, each the way its engine's
//! authors do it fastest, so the comparison is like for like.
//!
//! `hperft` ("hashed leaves") makes every move, the last ply's too, and
//! returns the leaf count and the wrapping sum of the leaves' Zobrist keys,
//! each engine with its own keys kept up to date by its own make-move: the
//! same work for all, and the sums prove the moves were made. Only the
//! counts can be compared across engines.

#![allow(dead_code)]

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

    /// `perft_hashed`: every move made by `play`, keys kept up to date.
    pub fn hperft(board: &Board, depth: u32) -> (u64, u64) {
        let sum = bb_movegen::perft::perft_hashed(board, depth);
        (sum.nodes, sum.key_sum)
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

    /// Clone and `play_unchecked` for every move; `hash()` is incremental.
    pub fn hperft(board: &Board, depth: u32) -> (u64, u64) {
        if depth == 0 {
            return (1, board.hash());
        }
        let (mut nodes, mut key_sum) = (0, 0u64);
        board.generate_moves(|piece_moves| {
            for mv in piece_moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                let (child_nodes, child_sum) = hperft(&child, depth - 1);
                nodes += child_nodes;
                key_sum = key_sum.wrapping_add(child_sum);
            }
            false
        });
        (nodes, key_sum)
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

    /// `make_move_new` for every move; `get_hash()` is incremental.
    pub fn hperft(board: &Board, depth: u32) -> (u64, u64) {
        if depth == 0 {
            return (1, board.get_hash());
        }
        let (mut nodes, mut key_sum) = (0, 0u64);
        for mv in ::chess::MoveGen::new_legal(board) {
            let (child_nodes, child_sum) = hperft(&board.make_move_new(mv), depth - 1);
            nodes += child_nodes;
            key_sum = key_sum.wrapping_add(child_sum);
        }
        (nodes, key_sum)
    }
}

/// shakmaty 0.30: the crate's own `shakmaty::perft` (`legal_moves().len()`
/// at the last ply, clone-and-play above it).
pub mod shakmaty {
    use ::shakmaty::{fen::Fen, zobrist::Zobrist64, CastlingMode, Chess, EnPassantMode, Position};

    pub type Board = Chess;

    pub fn parse(fen: &str) -> Board {
        let setup: Fen = fen.parse().expect("valid FEN");
        setup.into_position(CastlingMode::Standard).expect("legal position")
    }

    pub fn perft(board: &Board, depth: u32) -> u64 {
        ::shakmaty::perft(board, depth)
    }

    /// Clone and `play_unchecked` for every move, the Polyglot key carried
    /// down by `update_zobrist_hash` (shakmaty keeps no key in `Chess`).
    /// The en-passant file counts whenever a pawn could capture, legal or
    /// not, as the Polyglot format has it.
    pub fn hperft(board: &Board, depth: u32) -> (u64, u64) {
        let key: Zobrist64 = board.zobrist_hash(EnPassantMode::PseudoLegal);
        hperft_from(board, key, depth)
    }

    fn hperft_from(board: &Board, key: Zobrist64, depth: u32) -> (u64, u64) {
        if depth == 0 {
            return (1, key.0);
        }
        let (mut nodes, mut key_sum) = (0, 0u64);
        for mv in board.legal_moves() {
            let mut child = board.clone();
            let child_key =
                board.update_zobrist_hash(key, mv, EnPassantMode::PseudoLegal).unwrap_or_else(|| {
                    child.clone().play(mv).expect("legal").zobrist_hash(EnPassantMode::PseudoLegal)
                });
            child.play_unchecked(mv);
            let (child_nodes, child_sum) = hperft_from(&child, child_key, depth - 1);
            nodes += child_nodes;
            key_sum = key_sum.wrapping_add(child_sum);
        }
        (nodes, key_sum)
    }
}
