//! Fitting the evaluation weights to game results ("Texel tuning").
//!
//! `tune generate GAMES NODES SEED OUT` plays bb against itself at a fixed
//! node budget from randomised openings and appends `FEN;result` lines
//! (result 1.0 / 0.5 / 0.0 from White's view) for positions out of the
//! opening and not in check.
//!
//! `tune fit EPOCHS FILE...` keeps the quiet positions (no capture that wins
//! material by SEE), traces their evaluations, fits the sigmoid scale K to
//! the current weights, then runs Adam on the mean squared error between
//! `sigmoid(K · eval)` and the results, and prints the new weights in the
//! syntax of `src/eval/weights.rs`.
//!
//! Data and results stay outside the repository; the weights go into
//! `weights.rs` by hand, after a match confirms they play better.

use bb_movegen::{MoveFilter, MoveList, Position};
use bb_search::eval::params::{AT_PIECE_SQUARE, GROUPS, PARAMS, PARAM_COUNT};
use bb_search::eval::{trace, weights::MAX_PHASE};
use bb_search::score::MATE_BOUND;
use bb_search::see::see_ge;
use bb_search::{search, SearchLimits, SearchRequest, SearchSignals, SearchState};
use std::io::{BufRead, Write};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("generate") if args.len() == 5 => generate(&args[1..]),
        Some("fit") if args.len() >= 3 => fit(&args[1..]),
        _ => Err("usage: tune generate GAMES NODES SEED OUT | tune fit EPOCHS FILE...".to_string()),
    };
    if let Err(message) = result {
        eprintln!("tune: {message}");
        std::process::exit(2);
    }
}

fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{what}: '{text}' is not a number"))
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

fn generate(args: &[String]) -> Result<(), String> {
    let games: u32 = number(&args[0], "GAMES")?;
    let nodes: u64 = number(&args[1], "NODES")?;
    let mut random = Random(number::<u64>(&args[2], "SEED")? | 1);
    let mut out = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&args[3])
        .map_err(|error| format!("{}: {error}", args[3]))?;
    let mut state = SearchState::new(16).map_err(|error| error.to_string())?;
    let signals = SearchSignals::default();
    for _ in 0..games {
        state.clear();
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
        let mut fens = Vec::new();
        let mut decisive = 0;
        let mut quiet = 0;
        let mut result = 0.5;
        for ply in 0..400 {
            let limits = SearchLimits { nodes: Some(nodes), ..SearchLimits::default() };
            let request = SearchRequest { history: history.clone(), ..SearchRequest::new(position, limits) };
            let outcome = search(&mut state, &request, &signals, &mut |_| {});
            let white_score =
                if position.side_to_move() == bb_core::Color::White { outcome.score } else { -outcome.score };
            if ply == 0 && white_score.abs() > 250 {
                break; // an unbalanced random opening teaches little
            }
            if outcome.best_move == bb_movegen::Move::NULL {
                result = if position.in_check() {
                    if white_score > 0 {
                        1.0
                    } else {
                        0.0
                    }
                } else {
                    0.5
                };
                break;
            }
            decisive = if white_score.abs() >= 1000 { decisive + 1 } else { 0 };
            quiet = if white_score.abs() <= 8 { quiet + 1 } else { 0 };
            if decisive >= 6 || white_score.abs() >= MATE_BOUND {
                result = if white_score > 0 { 1.0 } else { 0.0 };
                break;
            }
            if (quiet >= 24 && ply >= 80)
                || position.halfmove_clock() >= 100
                || position.is_insufficient_material()
            {
                break;
            }
            if history.iter().filter(|&&key| key == position.zobrist_key()).count() >= 2 {
                break;
            }
            if ply >= 8 && !position.in_check() {
                fens.push(position.to_string());
            }
            history.push(position.zobrist_key());
            position = position.play(outcome.best_move);
        }
        for fen in fens {
            writeln!(out, "{fen};{result:.1}").map_err(|error| error.to_string())?;
        }
    }
    Ok(())
}

/// One training position: its trace and result.
struct Sample {
    coefficients: Vec<(u32, i16)>,
    fixed: [f64; 2],
    phase: f64,
    scale: f64,
    after_taper: f64,
    result: f64,
}

/// No capture wins material: the static evaluation is meaningful.
fn is_quiet(position: &Position) -> bool {
    let mut captures = MoveList::new();
    position.generate(MoveFilter::Captures, &mut captures);
    !position.in_check() && !captures.iter().any(|&mv| see_ge(position, mv, 1))
}

fn load(files: &[String]) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for file in files {
        let reader =
            std::io::BufReader::new(std::fs::File::open(file).map_err(|error| format!("{file}: {error}"))?);
        for line in reader.lines() {
            let line = line.map_err(|error| error.to_string())?;
            let Some((fen, result)) = line.split_once(';') else { continue };
            let (Ok(position), Ok(result)) = (Position::from_fen(fen), result.trim().parse::<f64>()) else {
                continue;
            };
            if !is_quiet(&position) {
                continue;
            }
            let Some(trace) = trace(&position) else { continue };
            samples.push(Sample {
                coefficients: trace
                    .coefficients
                    .iter()
                    .map(|&(index, count)| (index as u32, count as i16))
                    .collect(),
                fixed: [f64::from(trace.fixed.mg), f64::from(trace.fixed.eg)],
                phase: f64::from(trace.phase),
                scale: f64::from(trace.scale) / 128.0,
                after_taper: f64::from(trace.after_taper),
                result,
            });
        }
    }
    Ok(samples)
}

/// The evaluation of a sample with weights `weights` (mg, eg interleaved).
fn evaluate(sample: &Sample, weights: &[f64]) -> f64 {
    let (mut mg, mut eg) = (sample.fixed[0], sample.fixed[1]);
    for &(index, count) in &sample.coefficients {
        mg += weights[2 * index as usize] * f64::from(count);
        eg += weights[2 * index as usize + 1] * f64::from(count);
    }
    let max = f64::from(MAX_PHASE);
    (mg * sample.phase + eg * sample.scale * (max - sample.phase)) / max + sample.after_taper
}

fn sigmoid(k: f64, value: f64) -> f64 {
    1.0 / (1.0 + (-k * value).exp())
}

fn loss(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    samples.iter().map(|sample| (sigmoid(k, evaluate(sample, weights)) - sample.result).powi(2)).sum::<f64>()
        / samples.len() as f64
}

/// Strength of the pull of each weight towards its starting value.
const REGULARISATION: f64 = 2e-7;

fn fit(args: &[String]) -> Result<(), String> {
    let epochs: u32 = number(&args[0], "EPOCHS")?;
    let samples = load(&args[1..])?;
    if samples.is_empty() {
        return Err("no usable positions".to_string());
    }
    let mut weights: Vec<f64> = PARAMS.iter().flat_map(|s| [f64::from(s.mg), f64::from(s.eg)]).collect();
    let initial = weights.clone();
    // The scale K (per centipawn) that best fits the current weights.
    let mut k = 0.01;
    for step in [0.001, 0.0001, 0.00001] {
        loop {
            let here = loss(&samples, &weights, k);
            if loss(&samples, &weights, k + step) < here {
                k += step;
            } else if k > step && loss(&samples, &weights, k - step) < here {
                k -= step;
            } else {
                break;
            }
        }
    }
    eprintln!("{} positions, K = {k:.5}, loss {:.6}", samples.len(), loss(&samples, &weights, k));

    let (mut first, mut second) = (vec![0.0; 2 * PARAM_COUNT], vec![0.0; 2 * PARAM_COUNT]);
    let (beta1, beta2, rate) = (0.9, 0.999, 0.5);
    for epoch in 1..=epochs {
        let mut gradient = vec![0.0; 2 * PARAM_COUNT];
        for sample in &samples {
            let value = evaluate(sample, &weights);
            let probability = sigmoid(k, value);
            let slope = 2.0 * (probability - sample.result) * probability * (1.0 - probability) * k;
            let max = f64::from(MAX_PHASE);
            let mg_share = slope * sample.phase / max;
            let eg_share = slope * sample.scale * (max - sample.phase) / max;
            for &(index, count) in &sample.coefficients {
                gradient[2 * index as usize] += mg_share * f64::from(count);
                gradient[2 * index as usize + 1] += eg_share * f64::from(count);
            }
        }
        // Piece-square tables are fitted left-right symmetric: mirrored
        // squares share their gradient, which halves the free weights.
        for square in 0..6 * 64 {
            let (a, b) = (AT_PIECE_SQUARE + square, AT_PIECE_SQUARE + (square ^ 7));
            if a < b {
                for phase in 0..2 {
                    let shared = (gradient[2 * a + phase] + gradient[2 * b + phase]) / 2.0;
                    gradient[2 * a + phase] = shared;
                    gradient[2 * b + phase] = shared;
                }
            }
        }
        let correction1 = 1.0 - f64::powi(beta1, epoch as i32);
        let correction2 = 1.0 - f64::powi(beta2, epoch as i32);
        for index in 0..weights.len() {
            // A light pull towards the hand-set weights keeps rarely seen
            // weights (corner squares, extreme mobility) from wandering.
            let g =
                gradient[index] / samples.len() as f64 + REGULARISATION * (weights[index] - initial[index]);
            first[index] = beta1 * first[index] + (1.0 - beta1) * g;
            second[index] = beta2 * second[index] + (1.0 - beta2) * g * g;
            weights[index] -=
                rate * (first[index] / correction1) / ((second[index] / correction2).sqrt() + 1e-12);
        }
        if epoch % 100 == 0 || epoch == epochs {
            eprintln!("epoch {epoch}: loss {:.6}", loss(&samples, &weights, k));
        }
    }
    print_weights(&weights);
    Ok(())
}

/// Prints the weights as Rust constants, one `pub const` per group (the
/// piece-square tables as the twelve `*_MG` / `*_EG` grids).
fn print_weights(weights: &[f64]) {
    let value = |index: usize, phase: usize| weights[2 * index + phase].round() as i32;
    let pair = |index: usize| format!("s({}, {})", value(index, 0), value(index, 1));
    for group in GROUPS {
        if group.name == "PIECE_SQUARE" {
            for (kind, name) in ["PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"].iter().enumerate() {
                for (phase, suffix) in ["MG", "EG"].iter().enumerate() {
                    println!("const {name}_{suffix}: [i32; 64] = [");
                    for row in 0..8 {
                        let cells: Vec<String> = (0..8)
                            .map(|column| {
                                format!("{:4}", value(group.start + 64 * kind + 8 * row + column, phase))
                            })
                            .collect();
                        println!("    {},", cells.join(","));
                    }
                    println!("];");
                }
            }
        } else if group.len == 1 {
            println!("pub const {}: TaperedScore = {};", group.name, pair(group.start));
        } else {
            let items: Vec<String> = (group.start..group.start + group.len).map(pair).collect();
            println!("pub const {}: [TaperedScore; {}] = [{}];", group.name, group.len, items.join(", "));
        }
    }
}
