//! The JavaScript face of the crate (browser target only). Errors come back
//! as strings (empty for success) rather than exceptions: the page shows
//! them next to the field they are about, and nothing throws. Bitboards
//! travel as their `u64` in hex.

use crate::{grids, words, Explorer, PerftJob};
use bb_core::{Bitboard, Square};
use bb_movegen::attacks::{between, line};
use wasm_bindgen::prelude::*;

/// A square from its index 0..63 (a1 = 0, h8 = 63).
fn square(index: u8) -> Option<Square> {
    Square::from_index(index)
}

fn hex(bitboard: Bitboard) -> String {
    format!("{:016x}", bitboard.to_u64())
}

/// The explored position, for the page.
#[wasm_bindgen(js_name = Explorer)]
pub struct JsExplorer {
    inner: Explorer,
}

#[wasm_bindgen(js_class = Explorer)]
impl JsExplorer {
    /// The initial position.
    #[wasm_bindgen(constructor)]
    pub fn new() -> JsExplorer {
        JsExplorer { inner: Explorer::new() }
    }

    /// Sets a FEN: "" on success, else the one-line reason.
    #[wasm_bindgen(js_name = setFen)]
    pub fn set_fen(&mut self, fen: &str) -> String {
        self.inner.set_fen(fen).err().unwrap_or_default()
    }

    /// The current FEN.
    pub fn fen(&self) -> String {
        self.inner.fen()
    }

    /// Plays a UCI move: "" on success, else the reason.
    pub fn play(&mut self, uci: &str) -> String {
        self.inner.play_uci(uci).err().unwrap_or_default()
    }

    /// Takes the last move back; false when there is none.
    pub fn undo(&mut self) -> bool {
        self.inner.undo()
    }

    /// The legal moves in UCI.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        self.inner.legal_moves()
    }

    /// 64 characters from a1 to h8: FEN letters, '.' for empty.
    pub fn board(&self) -> String {
        self.inner.board()
    }

    /// "w" or "b".
    #[wasm_bindgen(js_name = sideToMove)]
    pub fn side_to_move(&self) -> String {
        self.inner.position().side_to_move().to_char().to_string()
    }

    /// Whether the side to move is in check.
    #[wasm_bindgen(js_name = inCheck)]
    pub fn in_check(&self) -> bool {
        self.inner.position().in_check()
    }

    /// The grid called `name` in hex ("" for an unknown name).
    pub fn grid(&self, name: &str) -> String {
        grids::grid(self.inner.position(), name).map(hex).unwrap_or_default()
    }

    /// For the square `index`: attacks, legal move targets, then the eight
    /// rays (North, NorthEast, … clockwise), each in hex.
    #[wasm_bindgen(js_name = squareInfo)]
    pub fn square_info(&self, index: u8) -> Vec<String> {
        let Some(square) = square(index) else { return Vec::new() };
        let info = self.inner.square_info(square);
        [info.attacks, info.moves].into_iter().chain(info.rays).map(hex).collect()
    }
}

impl Default for JsExplorer {
    fn default() -> JsExplorer {
        JsExplorer::new()
    }
}

/// Every grid as "name|label" strings, piece sets first.
#[wasm_bindgen(js_name = gridNames)]
pub fn grid_names() -> Vec<String> {
    grids::names().into_iter().map(|(name, label)| format!("{name}|{label}")).collect()
}

/// The squares strictly between two squares (on a line), in hex.
#[wasm_bindgen(js_name = betweenSquares)]
pub fn between_squares(a: u8, b: u8) -> String {
    match (square(a), square(b)) {
        (Some(a), Some(b)) => hex(between(a, b)),
        _ => String::new(),
    }
}

/// The whole line through two squares (empty if they share none), in hex.
#[wasm_bindgen(js_name = lineThrough)]
pub fn line_through(a: u8, b: u8) -> String {
    match (square(a), square(b)) {
        (Some(a), Some(b)) => hex(line(a, b)),
        _ => String::new(),
    }
}

/// A word given in hex, as shown: its grouped hex, then hi and lo by the
/// native backend, then hi and lo by the hi/lo backend (each as 8 hex
/// digits).
#[wasm_bindgen(js_name = wordHalves)]
pub fn word_halves(hex_word: &str) -> Vec<String> {
    let Ok(bits) = u64::from_str_radix(hex_word, 16) else { return Vec::new() };
    let word = words::word(Bitboard::from_u64(bits));
    let half = |value: u32| format!("0x{value:08x}");
    vec![word.hex, half(word.native.0), half(word.native.1), half(word.hilo.0), half(word.hilo.1)]
}

/// The U64 backend this build of bb-core selected ("native" on wasm32).
#[wasm_bindgen(js_name = backendName)]
pub fn backend_name() -> String {
    bb_core::BACKEND.to_string()
}

/// A perft counted one root move per `step`, for the Web Worker.
#[wasm_bindgen(js_name = PerftJob)]
pub struct JsPerftJob {
    inner: PerftJob,
}

#[wasm_bindgen(js_class = PerftJob)]
impl JsPerftJob {
    /// A job, or the one-line reason it cannot be made (thrown as a string
    /// error; the worker catches it and posts it to the page).
    #[wasm_bindgen(constructor)]
    pub fn new(fen: &str, depth: u32) -> Result<JsPerftJob, String> {
        PerftJob::new(fen, depth).map(|inner| JsPerftJob { inner })
    }

    /// The number of root moves.
    #[wasm_bindgen(js_name = rootMoves)]
    pub fn root_moves(&self) -> usize {
        self.inner.root_moves()
    }

    /// Counts the next root move: `[uci, count]`, or an empty array when done.
    pub fn step(&mut self) -> Vec<String> {
        self.inner.step().map(|(uci, count)| vec![uci, count.to_string()]).unwrap_or_default()
    }

    /// The nodes counted so far, as a decimal string (a u64 may exceed a
    /// JavaScript number's exact range).
    pub fn nodes(&self) -> String {
        self.inner.nodes().to_string()
    }
}
