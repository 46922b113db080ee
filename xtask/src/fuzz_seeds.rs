//! Seed inputs for the fuzz targets, made from the project's own suites so
//! that libFuzzer starts from valid FENs, EPD lines, moves and UCI
//! sessions instead of having to discover their grammar byte by byte.
//!
//! Seeds are written into the target's corpus directory as
//! `seed-<hash of the content>`: writing them again changes nothing, and
//! the inputs libFuzzer adds beside them are left alone.

use std::fs;
use std::path::Path;

use bb_core::random::SplitMix64;
use bb_movegen::epd::EpdLine;
use bb_movegen::perft::reference::POSITIONS;
use bb_movegen::pgn::{Game, PgnMove};
use bb_movegen::Position;

/// The EPD suites of bb-movegen's tests: standard, Chess960 and random
/// positions with perft counts.
const SUITES: [&str; 3] = [
    "crates/bb-movegen/tests/data/standard.epd",
    "crates/bb-movegen/tests/data/chess960.epd",
    "crates/bb-movegen/tests/data/random.epd",
];

/// bb-cli's test suites: good lines and each kind of bad one.
const CLI_SUITES: [&str; 4] = [
    "crates/bb-cli/tests/data/good.epd",
    "crates/bb-cli/tests/data/bad-count.epd",
    "crates/bb-cli/tests/data/bad-fen.epd",
    "crates/bb-cli/tests/data/wrong-count.epd",
];

/// python-chess's SAN for thousands of moves: `FEN<TAB>UCI<TAB>SAN` lines.
const SAN_CORPUS: &str = "crates/bb-movegen/tests/data/san_corpus.txt";

/// The PGN fixtures: hand-written ones (comments, variations, NAGs,
/// set-ups, Chess960, bad games, CRLF) and python-chess's export.
const PGN_FIXTURES: [&str; 3] = [
    "crates/bb-movegen/tests/data/pgn/annotated.pgn",
    "crates/bb-movegen/tests/data/pgn/crlf.pgn",
    "crates/bb-movegen/tests/data/pgn/python_chess.pgn",
];

/// Every how many SAN corpus lines one becomes a seed (all of them would
/// be thousands of near-identical seeds).
const SAN_SEED_STEP: usize = 8;

/// Bad FENs, one under each `# [kind:category]` line.
const BAD_FENS: &str = "crates/bb-movegen/tests/data/bad-fens-sample.txt";

/// The longest seed kept: libFuzzer's default input size limit, which it
/// raises to the largest seed (a 100,000-byte FEN would slow every target).
const MAX_SEED_BYTES: usize = 4096;

/// Plies of the seeded walks through games (move_text, the UCI sessions).
const WALK_PLIES: usize = 12;

/// UCI lines every UCI seed set has: each command, in its usual forms.
const UCI_SAMPLES: [&str; 16] = [
    "uci\nisready\n",
    "ucinewgame\nposition startpos\ngo depth 2\n",
    "position startpos moves e2e4 e7e5 g1f3\ngo wtime 60000 btime 60000 winc 1000 binc 1000 movestogo 40\n",
    "go movetime 50\nisready\n",
    "go nodes 1000\n",
    "go infinite\nstop\n",
    "go ponder wtime 1000 btime 1000\nponderhit\n",
    "go depth 3 searchmoves e2e4 d2d4\n",
    "go mate 2\n",
    "setoption name Hash value 32\nsetoption name Clear Hash\n",
    "setoption name Move Overhead value 100\nsetoption name UCI_Chess960 value true\n",
    "setoption name Threads value 1\n",
    "debug on\nregister later\nd\neval\n",
    "joho isready\n",
    "position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1b1\nd\nquit\n",
    "go\r\nstop\r\nquit\r\n",
];

/// Writes the seeds of `target` into `dir` (created if needed) and returns
/// how many distinct seeds it has.
pub fn write_seeds(workspace: &Path, target: &str, dir: &Path) -> Result<usize, String> {
    let seeds = seeds_for(workspace, target)?;
    fs::create_dir_all(dir).map_err(|error| format!("cannot create {}: {error}", dir.display()))?;
    let mut names = std::collections::BTreeSet::new();
    for seed in seeds.iter().filter(|seed| seed.len() <= MAX_SEED_BYTES) {
        let name = format!("seed-{:016x}", fnv1a(seed.as_bytes()));
        let path = dir.join(&name);
        if names.insert(name) && !path.exists() {
            fs::write(&path, seed).map_err(|error| format!("cannot write {}: {error}", path.display()))?;
        }
    }
    Ok(names.len())
}

/// The seeds of one target, as text.
fn seeds_for(workspace: &Path, target: &str) -> Result<Vec<String>, String> {
    let read = |path: &str| {
        fs::read_to_string(workspace.join(path)).map_err(|error| format!("cannot read {path}: {error}"))
    };
    let mut suite_lines = Vec::new();
    for path in SUITES.iter().chain(&CLI_SUITES) {
        suite_lines.extend(read(path)?.lines().map(str::to_string));
    }
    let mut fens: Vec<String> = POSITIONS.iter().map(|reference| reference.fen.to_string()).collect();
    fens.extend(suite_lines.iter().filter_map(|line| Some(EpdLine::parse(line).ok()??.fen().to_string())));
    let seeds = match target {
        "fen" => {
            let mut seeds = fens;
            seeds.extend(bad_fens(&read(BAD_FENS)?));
            seeds
        }
        "epd_line" => {
            let mut seeds = suite_lines.clone();
            // A few whole files' worth of lines, comments and all.
            seeds.extend(suite_lines.chunks(16).map(|chunk| chunk.join("\n") + "\n"));
            seeds
        }
        "move_text" => {
            walks(&fens).into_iter().map(|(fen, moves)| format!("{fen}\n{}\n", moves.join(" "))).collect()
        }
        "uci_line" | "uci_session" => {
            let mut seeds: Vec<String> = UCI_SAMPLES.iter().map(|sample| sample.to_string()).collect();
            for (fen, moves) in walks(&fens).into_iter().step_by(8) {
                seeds.push(format!("position fen {fen} moves {}\ngo depth 2\n", moves.join(" ")));
            }
            seeds
        }
        "san" => {
            // The target reads a FEN on the first line, then SAN words.
            let corpus = read(SAN_CORPUS)?;
            let mut seeds: Vec<String> = corpus
                .lines()
                .step_by(SAN_SEED_STEP)
                .filter_map(|line| {
                    let mut fields = line.split('\t');
                    let (fen, _, san) = (fields.next()?, fields.next()?, fields.next()?);
                    Some(format!("{fen}\n{san}\n"))
                })
                .collect();
            seeds.extend(
                ["Nf3", "e8=Q+", "exd6 e.p.", "0-0-0!?", "Ng1-f3", "ed5", "Qa1b2#"].map(String::from),
            );
            seeds
        }
        "pgn" => {
            let mut seeds = Vec::new();
            for path in PGN_FIXTURES {
                let text = read(path)?;
                // Each game alone, and the whole file.
                seeds.extend(text.split("\n\n[").map(|game| format!("[{}\n", game.trim_start_matches('['))));
                seeds.push(text);
            }
            seeds.extend(
                walks(&fens).into_iter().step_by(8).filter_map(|(fen, moves)| pgn_of_walk(&fen, &moves)),
            );
            seeds
        }
        other => return Err(format!("no seeds for fuzz target `{other}`")),
    };
    Ok(seeds)
}

/// The test strings of the bad-FEN sample: each line after a
/// `# [kind:category]` line.
fn bad_fens(text: &str) -> Vec<String> {
    let lines: Vec<&str> = text.split('\n').collect();
    lines.windows(2).filter(|pair| pair[0].starts_with("# [")).map(|pair| pair[1].to_string()).collect()
}

/// For every FEN that parses, a short pseudo-random game from it: the FEN
/// and the UCI text of its moves (Chess960 castling as king takes rook).
fn walks(fens: &[String]) -> Vec<(String, Vec<String>)> {
    let mut random = SplitMix64::new(17);
    let mut walks = Vec::new();
    for fen in fens {
        let Ok(start) = Position::from_fen(fen) else { continue };
        let mut position = start;
        let mut moves = Vec::new();
        for _ in 0..WALK_PLIES {
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal.as_slice()[(random.next_u64() % legal.len() as u64) as usize];
            moves.push(mv.uci(start.is_chess960()).to_string());
            position = position.play(mv);
        }
        walks.push((fen.clone(), moves));
    }
    walks
}

/// A walk as a PGN game from its FEN (`SetUp` and `FEN` tags written).
fn pgn_of_walk(fen: &str, moves: &[String]) -> Option<String> {
    let start = Position::from_fen(fen).ok()?;
    let mut game = Game::new(start);
    let mut position = start;
    for text in moves {
        let mv = position.parse_uci_move(text).ok()?;
        game.moves.push(PgnMove::new(mv));
        position = position.play(mv);
    }
    Some(game.to_string())
}

/// FNV-1a, 64 bits: a stable name for a seed's content.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fuzz::TARGETS;
    use bb_movegen::pgn::PgnReader;

    #[test]
    fn every_target_gets_seeds_from_the_suites() {
        let workspace = crate::matrix::workspace_root();
        for target in TARGETS {
            let seeds = seeds_for(&workspace, target).unwrap();
            assert!(seeds.len() >= 16, "{target}: {} seeds", seeds.len());
        }
        let fens = seeds_for(&workspace, "fen").unwrap();
        assert!(fens.iter().filter(|fen| Position::from_fen(fen).is_ok()).count() > 500);
        assert!(fens.iter().filter(|fen| Position::from_fen(fen).is_err()).count() > 20);
    }

    #[test]
    fn walks_are_legal_games() {
        let fens = [POSITIONS[1].fen.to_string(), "not a fen".to_string()];
        let walks = walks(&fens);
        assert_eq!(walks.len(), 1);
        let mut position = Position::from_fen(&walks[0].0).unwrap();
        assert_eq!(walks[0].1.len(), WALK_PLIES);
        for text in &walks[0].1 {
            position = position.play(position.parse_uci_move(text).unwrap());
        }
    }

    #[test]
    fn san_and_pgn_seeds_are_valid_inputs() {
        let workspace = crate::matrix::workspace_root();
        let san = seeds_for(&workspace, "san").unwrap();
        let with_fen: Vec<&String> = san.iter().filter(|seed| seed.contains('/')).collect();
        assert!(with_fen.len() > 500);
        for seed in with_fen {
            let (fen, word) = seed.trim_end().split_once('\n').unwrap();
            assert!(Position::from_fen(fen).unwrap().parse_san(word).is_ok(), "{seed}");
        }
        let pgn = seeds_for(&workspace, "pgn").unwrap();
        let games: usize =
            pgn.iter().map(|seed| PgnReader::new(seed.as_bytes()).filter(Result::is_ok).count()).sum();
        assert!(games > 50, "{games} games in the PGN seeds");
    }

    #[test]
    fn bad_fens_are_the_lines_under_their_headers() {
        let text = "## header\n# [malformed:empty] a space\n \n# [impossible:kings] two\nK7/8/8/8/8/8/8/KK5k w - -\n";
        assert_eq!(bad_fens(text), [" ", "K7/8/8/8/8/8/8/KK5k w - -"]);
    }

    #[test]
    fn seeds_are_written_once_by_content() {
        let dir = std::env::temp_dir().join(format!("bb-xtask-seeds-{}", std::process::id()));
        let workspace = crate::matrix::workspace_root();
        let first = write_seeds(&workspace, "uci_line", &dir).unwrap();
        let again = write_seeds(&workspace, "uci_line", &dir).unwrap();
        assert_eq!(first, again);
        assert_eq!(fs::read_dir(&dir).unwrap().count(), first);
        fs::remove_dir_all(&dir).unwrap();
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
    }
}
