//! Self-play at a fixed node budget, written as training positions.

use bb_core::Color;
use bb_movegen::{Move, Position};
use bb_search::score::{is_mate, Score};
use bb_search::{search, SearchLimits, SearchRequest, SearchSignals, SearchState};
use std::io::Write;

/// `generate GAMES NODES SEED OUT`: appends the games' positions to OUT.
pub fn run(args: &[String]) -> Result<(), String> {
    let games: u32 = crate::number(&args[0], "GAMES")?;
    let nodes: u64 = crate::number(&args[1], "NODES")?;
    let seed: u64 = crate::number(&args[2], "SEED")?;
    let file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args[3])
        .map_err(|error| format!("{}: {error}", args[3]))?;
    let mut out = std::io::BufWriter::new(file);
    play(games, nodes, seed, &mut out)?;
    out.flush().map_err(|error| format!("{}: {error}", args[3]))
}

/// xorshift64*: small, deterministic for a seed.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

/// Plays `games` games and writes one `FEN;result;score` line per kept
/// position. The same arguments write the same lines.
pub fn play(games: u32, nodes: u64, seed: u64, out: &mut impl Write) -> Result<(), String> {
    let mut random = Random(seed | 1);
    let mut state = SearchState::new(16).map_err(|error| error.to_string())?;
    for _ in 0..games {
        // A new table each game: a game does not depend on the ones before.
        state.clear();
        let (positions, result) = play_game(&mut state, &mut random, nodes);
        for (fen, score) in positions {
            writeln!(out, "{fen};{result:.1};{score}").map_err(|error| error.to_string())?;
        }
    }
    Ok(())
}

/// One game from a random opening: its kept positions with the search's
/// score from White's view, and its result for White.
fn play_game(state: &mut SearchState, random: &mut Random, nodes: u64) -> (Vec<(String, Score)>, f64) {
    let signals = SearchSignals::default();
    let mut position = Position::startpos();
    let mut history = Vec::new();
    for _ in 0..8 + random.next() % 3 {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        history.push(position.zobrist_key());
        position = position.play(moves.as_slice()[(random.next() % moves.len() as u64) as usize]);
    }
    let mut positions = Vec::new();
    let (mut decisive, mut quiet) = (0, 0);
    for ply in 0..400 {
        let limits = SearchLimits { nodes: Some(nodes), ..SearchLimits::default() };
        let request = SearchRequest { history: history.clone(), ..SearchRequest::new(position, limits) };
        let outcome = search(state, &request, &signals, &mut |_| {});
        let white_score =
            if position.side_to_move() == Color::White { outcome.score } else { -outcome.score };
        if ply == 0 && white_score.abs() > 250 {
            return (Vec::new(), 0.5); // an unbalanced random opening teaches little
        }
        if outcome.best_move == Move::NULL {
            let mated = position.in_check();
            return (
                positions,
                if !mated {
                    0.5
                } else if white_score > 0 {
                    1.0
                } else {
                    0.0
                },
            );
        }
        decisive = if white_score.abs() >= 1000 { decisive + 1 } else { 0 };
        quiet = if white_score.abs() <= 8 { quiet + 1 } else { 0 };
        if decisive >= 6 || is_mate(white_score) {
            return (positions, if white_score > 0 { 1.0 } else { 0.0 });
        }
        let repeated = history.iter().filter(|&&key| key == position.zobrist_key()).count() >= 2;
        if (quiet >= 24 && ply >= 80)
            || position.halfmove_clock() >= 100
            || position.is_insufficient_material()
            || repeated
        {
            return (positions, 0.5);
        }
        if ply >= 8 && !position.in_check() {
            positions.push((position.to_string(), white_score));
        }
        history.push(position.zobrist_key());
        position = position.play(outcome.best_move);
    }
    (positions, 0.5)
}

#[cfg(test)]
mod tests {
    use super::play;
    use bb_movegen::Position;

    fn games(seed: u64) -> String {
        let mut out = Vec::new();
        play(2, 300, seed, &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_same_seed_writes_the_same_positions_and_another_seed_others() {
        let first = games(7);
        assert!(!first.is_empty());
        assert_eq!(first, games(7));
        assert_ne!(first, games(8));
    }

    #[test]
    fn every_line_is_a_legal_position_a_result_and_a_score() {
        for line in games(11).lines() {
            let fields: Vec<&str> = line.split(';').collect();
            assert_eq!(fields.len(), 3, "{line}");
            let position = Position::from_fen(fields[0]).unwrap();
            assert!(!position.in_check(), "{line}");
            assert!(["1.0", "0.5", "0.0"].contains(&fields[1]), "{line}");
            assert!(fields[2].parse::<i32>().unwrap().abs() < 30_000, "{line}");
        }
    }
}
