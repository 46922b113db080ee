//! `tune nnue`: training the engine's network on bb's own games.

use crate::nnue_model::{Adam, Model, Sample};
use bb_core::random::SplitMix64;
use bb_core::Color;
use bb_movegen::Position;
use bb_search::nnue::{feature_index, Accumulator, Network, SCALE};
use std::io::BufRead;

/// Positions per step of Adam.
const BATCH: usize = 16_384;

/// One block of positions in this many is held out to measure the loss on
/// positions the training does not see: whole blocks, so that the held-out
/// positions come from other games than the trained ones.
const HOLD_OUT: usize = 50;

/// Positions of a block (about ten games).
const HOLD_OUT_BLOCK: usize = 1000;

/// `nnue EPOCHS OUT [--lambda=L] [--rate=R] [--seed=S] [--distil=N]
/// [--teacher=NET] [--init=NET] FILE...`: trains a network and writes it
/// to OUT after every epoch. `--distil` adds N positions a few random
/// moves from each line, aimed at the hand-written evaluation, or at
/// network NET's evaluation with `--teacher`. `--init` starts from network
/// NET's weights rather than random ones: a network trained on more data
/// than is at hand goes on learning from new games.
pub fn run(args: &[String]) -> Result<(), String> {
    let epochs: u32 = crate::number(&args[0], "EPOCHS")?;
    let out = &args[1];
    let (mut lambda, mut rate, mut seed, mut distil) = (0.5f32, 0.001f32, 1u64, 0usize);
    let (mut teacher, mut init) = (None, None);
    let (options, files) = crate::split_options(&args[2..])?;
    for (name, value) in options {
        match name {
            "--lambda" => lambda = crate::number(value, name)?,
            "--rate" => rate = crate::number(value, name)?,
            "--seed" => seed = crate::number(value, name)?,
            "--distil" => distil = crate::number(value, name)?,
            "--teacher" => teacher = Some(read_network(value)?),
            "--init" => init = Some(read_network(value)?),
            _ => {
                return Err(format!(
                    "{name}: not an option of nnue (--lambda, --rate, --seed, --distil, --teacher, --init)"
                ))
            }
        }
    }
    if !(0.0..=1.0).contains(&lambda) {
        return Err(format!("--lambda: {lambda} is not between 0 and 1"));
    }
    let lines = load(files, Distillation { count: distil, teacher: teacher.as_ref() })?;
    let k = fit_scale(&lines);
    let (mut training, mut validation) = (Vec::new(), Vec::new());
    let mut reference_error = 0.0f64;
    for (index, line) in lines.iter().enumerate() {
        let sample = line.sample(k, lambda);
        if index / HOLD_OUT_BLOCK % HOLD_OUT == 0 {
            if line.distilled {
                continue;
            }
            reference_error += f64::from((sigmoid(k * line.reference) - sample.target).powi(2));
            validation.push(sample);
        } else {
            training.push(sample);
        }
    }
    drop(lines);
    if training.is_empty() {
        return Err("no usable positions".to_string());
    }
    eprintln!(
        "{} positions ({} held out), K = {k:.5}, lambda {lambda}; held-out loss of the hand-written evaluation {:.6}",
        training.len(),
        validation.len(),
        reference_error / validation.len().max(1) as f64
    );
    let mut model = init.as_ref().map_or_else(|| Model::new(seed), Model::from_network);
    let mut adam = Adam::new(model.len());
    let mut random = SplitMix64::new(seed);
    for epoch in 1..=epochs {
        // Steps down to 30 % and then 10 % of the rate for the last epochs.
        let progress = f64::from(epoch) / f64::from(epochs);
        let epoch_rate = rate
            * if progress > 0.85 {
                0.1
            } else if progress > 0.6 {
                0.3
            } else {
                1.0
            };
        shuffle(&mut training, &mut random);
        let mut error = 0.0f64;
        for batch in training.chunks(BATCH) {
            let (gradient, batch_error) = gradient(&model, batch, k);
            adam.step(&mut model, &gradient, epoch_rate);
            error += batch_error;
        }
        let held_out = gradient(&model, &validation, k).1 / validation.len().max(1) as f64;
        eprintln!(
            "epoch {epoch}: rate {epoch_rate:.5}, loss {:.6}, held out {held_out:.6}",
            error / training.len() as f64
        );
        let network = model.quantise();
        if let Some(neuron) = crate::nnue_model::overflowing_neuron(&network) {
            eprintln!("warning: neuron {neuron}'s accumulator could leave i16 with 32 pieces on its largest weights");
        }
        std::fs::write(out, network.to_bytes()).map_err(|error| format!("{out}: {error}"))?;
    }
    Ok(())
}

/// The network in file `path`, or an error naming the file.
fn read_network(path: &str) -> Result<Network, String> {
    Network::read(std::path::Path::new(path)).map_err(|error| format!("{path}: {error}"))
}

/// A usable line: the position's inputs, and the result and score from
/// the side to move's view.
#[derive(Clone)]
pub struct Line {
    features: [u16; 32],
    count: u8,
    white_to_move: bool,
    result: f32,
    score: Option<f32>,
    /// The hand-written evaluation, from the side to move's view: the
    /// loss the network has to beat. A distilled line's teacher's
    /// evaluation instead, when there is a teacher.
    reference: f32,
    /// Made by random moves from a line: its target is `reference` alone.
    distilled: bool,
}

impl Line {
    /// A `FEN;result[;score]` line, if well formed, quiet and not decided
    /// by a mate score.
    pub fn parse(text: &str) -> Option<Line> {
        let mut fields = text.split(';');
        let position = Position::from_fen(fields.next()?).ok()?;
        let result =
            fields.next()?.trim().parse::<f32>().ok().filter(|result| (0.0..=1.0).contains(result))?;
        let score = fields
            .next()
            .and_then(|score| score.trim().parse::<f32>().ok().filter(|score| score.is_finite()));
        if score.is_some_and(|score| score.abs() >= 3000.0) {
            return None;
        }
        Line::of(&position, result, score, None)
    }

    /// A quiet `position` with its result and score from White's view; its
    /// reference is `teacher`'s evaluation, or the hand-written one.
    fn of(position: &Position, result: f32, score: Option<f32>, teacher: Option<&Network>) -> Option<Line> {
        if !crate::fit::is_quiet(position) {
            return None;
        }
        let white_to_move = position.side_to_move() == Color::White;
        let reference = match teacher {
            Some(network) => network.evaluate(&Accumulator::new(network, position), position),
            None => bb_search::eval::evaluate(position),
        } as f32;
        let mut line =
            Line { features: [0; 32], count: 0, white_to_move, result, score, reference, distilled: false };
        for square in position.occupied() {
            let piece = position.piece_at(square)?;
            *line.features.get_mut(usize::from(line.count))? =
                feature_index(Color::White, piece, square) as u16;
            line.count += 1;
        }
        if !white_to_move {
            line.result = 1.0 - line.result;
            line.score = line.score.map(|score| -score);
        }
        Some(line)
    }

    /// The sample, aiming at `lambda · result + (1 − lambda) · sigmoid(k · score)`.
    pub fn sample(&self, k: f32, lambda: f32) -> Sample {
        let target = match self.score {
            _ if self.distilled => sigmoid(k * self.reference),
            Some(score) => lambda * self.result + (1.0 - lambda) * sigmoid(k * score),
            None => self.result,
        };
        Sample { features: self.features, count: self.count, white_to_move: self.white_to_move, target }
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

fn load(files: &[String], distil: Distillation<'_>) -> Result<Vec<Line>, String> {
    let mut lines = Vec::new();
    let mut random = SplitMix64::new(0);
    for file in files {
        let reader =
            std::io::BufReader::new(std::fs::File::open(file).map_err(|error| format!("{file}: {error}"))?);
        read(reader, distil, &mut random, &mut lines).map_err(|error| format!("{file}: {error}"))?;
    }
    Ok(lines)
}

/// How many positions to add a few random moves from each line, and whose
/// evaluation they aim at: the teacher network's, or without one the
/// hand-written evaluation's.
#[derive(Clone, Copy)]
struct Distillation<'a> {
    count: usize,
    teacher: Option<&'a Network>,
}

/// Appends the usable lines of `reader` to `lines`, each followed by up to
/// `distil.count` quiet positions a few random moves away from it.
fn read(
    reader: impl BufRead,
    distil: Distillation<'_>,
    random: &mut SplitMix64,
    lines: &mut Vec<Line>,
) -> std::io::Result<()> {
    for text in reader.lines() {
        let text = text?;
        let Some(line) = Line::parse(&text) else { continue };
        lines.push(line);
        let position = Position::from_fen(text.split(';').next().unwrap_or("")).expect("parsed above");
        for _ in 0..distil.count {
            let mut walk = position;
            for _ in 0..1 + random.next_u64() % 4 {
                let moves = walk.legal_moves();
                if moves.is_empty() {
                    break;
                }
                walk = walk.play(moves.as_slice()[(random.next_u64() % moves.len() as u64) as usize]);
            }
            if let Some(mut line) = Line::of(&walk, 0.5, None, distil.teacher) {
                line.distilled = true;
                lines.push(line);
            }
        }
    }
    Ok(())
}

/// The scale K (per centipawn) at which `sigmoid(K · score)` best predicts
/// the results: the search's scores read as probabilities. The network is
/// trained on the same scale, so its evaluation stays in the centipawns
/// the search's margins were tuned for.
pub fn fit_scale(lines: &[Line]) -> f32 {
    let scored: Vec<(f32, f32)> =
        lines.iter().filter_map(|line| line.score.map(|score| (score, line.result))).collect();
    let loss = |k: f32| -> f64 {
        scored.iter().map(|&(score, result)| f64::from(sigmoid(k * score) - result).powi(2)).sum()
    };
    let (mut low, mut high) = (0.0005f32, 0.05f32);
    for _ in 0..60 {
        let (a, b) = (low + (high - low) / 3.0, high - (high - low) / 3.0);
        if loss(a) < loss(b) {
            high = b;
        } else {
            low = a;
        }
    }
    if scored.is_empty() {
        1.0 / SCALE as f32
    } else {
        (low + high) / 2.0
    }
}

/// Fisher–Yates.
fn shuffle(samples: &mut [Sample], random: &mut SplitMix64) {
    for index in (1..samples.len()).rev() {
        samples.swap(index, (random.next_u64() % (index as u64 + 1)) as usize);
    }
}

/// The mean gradient over `samples` and their summed squared error,
/// worked out on every core the platform reports.
pub fn gradient(model: &Model, samples: &[Sample], k: f32) -> (Vec<f32>, f64) {
    let part_of = |part: &[Sample]| {
        let mut gradient = vec![0.0f32; model.len()];
        let error: f64 =
            part.iter().map(|sample| f64::from(model.accumulate_gradient(sample, k, &mut gradient))).sum();
        (gradient, error)
    };
    let threads = std::thread::available_parallelism().map_or(1, |count| count.get());
    let (mut total, error) = if threads <= 1 || samples.len() < 2 * threads {
        // wasm32-wasip1 cannot spawn threads.
        part_of(samples)
    } else {
        std::thread::scope(|scope| {
            let chunk = samples.len().div_ceil(threads);
            let parts: Vec<_> =
                samples.chunks(chunk).map(|part| scope.spawn(move || part_of(part))).collect();
            let mut total = (vec![0.0f32; model.len()], 0.0);
            for part in parts {
                let (gradient, error) = part.join().expect("a gradient thread panicked");
                total.0.iter_mut().zip(gradient).for_each(|(sum, value)| *sum += value);
                total.1 += error;
            }
            total
        })
    };
    let count = samples.len().max(1) as f32;
    total.iter_mut().for_each(|value| *value /= count);
    (total, error)
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUIET: &str = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1";

    #[test]
    fn a_line_is_read_from_the_side_to_moves_view() {
        let line = Line::parse(&format!("{QUIET};1.0;35")).expect("a quiet line");
        assert!(!line.white_to_move);
        assert_eq!((line.result, line.score, line.count), (0.0, Some(-35.0), 3));
        let sample = line.sample(0.01, 0.5);
        assert!((sample.target - 0.5 * sigmoid(-0.35)).abs() < 1e-6);
        assert!(Line::parse(&format!("{QUIET};1.0;3500")).is_none(), "a decided score");
        assert!(Line::parse(&format!("{QUIET};1.5;35")).is_none(), "a result beyond 1");
        assert!(Line::parse("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1;1.0").is_none(), "not quiet");
        assert!(Line::parse("not a fen;1.0;0").is_none());
        assert_eq!(
            Line::parse(&format!("{QUIET};1.0;NaN")).unwrap().score,
            None,
            "a score that is not a number"
        );
    }

    #[test]
    fn the_scale_is_the_one_that_made_the_results() {
        let template = Line::parse(&format!("{QUIET};0.5;0")).unwrap();
        let lines: Vec<Line> = (-40..=40)
            .map(|step| {
                let score = 25.0 * step as f32;
                Line { score: Some(score), result: sigmoid(0.004 * score), ..template.clone() }
            })
            .collect();
        assert!((fit_scale(&lines) - 0.004).abs() < 1e-4, "{}", fit_scale(&lines));
    }

    #[test]
    fn random_moves_from_a_line_make_positions_scored_by_the_hand_written_evaluation() {
        let text =
            format!("{QUIET};1.0;35\nrnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1;0.5;10\n");
        let mut lines = Vec::new();
        let distil = Distillation { count: 20, teacher: None };
        read(text.as_bytes(), distil, &mut SplitMix64::new(7), &mut lines).unwrap();
        let (distilled, kept): (Vec<&Line>, Vec<&Line>) = lines.iter().partition(|line| line.distilled);
        assert_eq!(kept.len(), 2);
        assert!(distilled.len() > 10, "most random walks end quiet");
        assert!(
            distilled.iter().any(|line| line.reference != 0.0),
            "the hand-written evaluation sees imbalances"
        );
        for line in distilled {
            assert_eq!(line.sample(0.01, 0.5).target, sigmoid(0.01 * line.reference));
        }
    }

    #[test]
    fn a_teacher_scores_the_distilled_positions_and_only_those() {
        // The zeroed network scores every position 0: a teacher ignored
        // would leave the hand-written evaluation's imbalances.
        let teacher = Network::zeroed();
        let text = format!("{QUIET};1.0;35\n");
        let mut lines = Vec::new();
        let distil = Distillation { count: 20, teacher: Some(&teacher) };
        read(text.as_bytes(), distil, &mut SplitMix64::new(7), &mut lines).unwrap();
        let (distilled, kept): (Vec<&Line>, Vec<&Line>) = lines.iter().partition(|line| line.distilled);
        assert!(distilled.len() > 10, "most random walks end quiet");
        assert!(distilled.iter().all(|line| line.reference == 0.0));
        assert_eq!(kept[0].reference, Line::parse(&format!("{QUIET};1.0;35")).unwrap().reference);
        assert_ne!(kept[0].reference, 0.0, "the kept line's reference is the hand-written evaluation");
    }
}
