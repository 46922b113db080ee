//! Texel fitting of the evaluation weights to results and search scores.

use bb_movegen::{MoveFilter, MoveList, Position};
use bb_search::eval::params::{AT_PIECE_SQUARE, GROUPS, PARAMS, PARAM_COUNT};
use bb_search::eval::{trace, weights::MAX_PHASE};
use bb_search::see::see_ge;
use std::io::BufRead;

/// `fit EPOCHS [--lambda=L] FILE...`: prints the fitted weights.
pub fn run(args: &[String]) -> Result<(), String> {
    let epochs: u32 = crate::number(&args[0], "EPOCHS")?;
    let (lambda, files) = match args[1].strip_prefix("--lambda=") {
        Some(text) => (crate::number::<f64>(text, "--lambda")?, &args[2..]),
        None => (0.5, &args[1..]),
    };
    if !(0.0..=1.0).contains(&lambda) {
        return Err(format!("--lambda: {lambda} is not between 0 and 1"));
    }
    let mut samples = load(files)?;
    if samples.is_empty() {
        return Err("no usable positions".to_string());
    }
    let initial = initial_weights();
    let k = fit_scale(&samples, &initial);
    blend_targets(&mut samples, k, lambda);
    eprintln!(
        "{} positions, K = {k:.5}, lambda {lambda}, loss {:.6}",
        samples.len(),
        loss(&samples, &initial, k)
    );
    let weights = descend(&samples, &initial, k, epochs, &mut |epoch, weights| {
        if epoch % 100 == 0 || epoch == epochs {
            eprintln!("epoch {epoch}: loss {:.6}", loss(&samples, weights, k));
        }
    });
    print!("{}", weights_as_rust(&weights));
    Ok(())
}

/// One training position: its trace, result and search score.
pub struct Sample {
    coefficients: Vec<(u32, i16)>,
    fixed: [f64; 2],
    phase: f64,
    scale: f64,
    after_taper: f64,
    result: f64,
    /// The search's score from White's view, if the line has one.
    score: Option<f64>,
    /// What the fit aims `sigmoid(K · eval)` at: the result, blended with
    /// the score once K is known.
    target: f64,
}

/// No capture wins material: the static evaluation is meaningful.
fn is_quiet(position: &Position) -> bool {
    let mut captures = MoveList::new();
    position.generate(MoveFilter::Captures, &mut captures);
    !position.in_check() && !captures.iter().any(|&mv| see_ge(position, mv, 1))
}

/// A `FEN;result[;score]` line as a sample, if it is well formed and its
/// position quiet.
pub fn sample(line: &str) -> Option<Sample> {
    let mut fields = line.split(';');
    let position = Position::from_fen(fields.next()?).ok()?;
    let result = fields.next()?.trim().parse::<f64>().ok().filter(|result| (0.0..=1.0).contains(result))?;
    let score = fields.next().and_then(|score| score.trim().parse::<f64>().ok());
    if !is_quiet(&position) {
        return None;
    }
    let trace = trace(&position)?;
    Some(Sample {
        coefficients: trace.coefficients.iter().map(|&(index, count)| (index as u32, count as i16)).collect(),
        fixed: [f64::from(trace.fixed.mg), f64::from(trace.fixed.eg)],
        phase: f64::from(trace.phase),
        scale: f64::from(trace.scale) / 128.0,
        after_taper: f64::from(trace.after_taper),
        result,
        score,
        target: result,
    })
}

fn load(files: &[String]) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for file in files {
        let reader =
            std::io::BufReader::new(std::fs::File::open(file).map_err(|error| format!("{file}: {error}"))?);
        for line in reader.lines() {
            samples.extend(sample(&line.map_err(|error| format!("{file}: {error}"))?));
        }
    }
    Ok(samples)
}

/// The weights of the build, mg and eg interleaved.
pub fn initial_weights() -> Vec<f64> {
    PARAMS.iter().flat_map(|s| [f64::from(s.mg), f64::from(s.eg)]).collect()
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

/// The mean squared error of `sigmoid(K · eval)` against the targets.
pub fn loss(samples: &[Sample], weights: &[f64], k: f64) -> f64 {
    samples.iter().map(|sample| (sigmoid(k, evaluate(sample, weights)) - sample.target).powi(2)).sum::<f64>()
        / samples.len() as f64
}

/// The scale K (per centipawn) that best fits `weights` to the targets.
pub fn fit_scale(samples: &[Sample], weights: &[f64]) -> f64 {
    let mut k = 0.01;
    for step in [0.001, 0.0001, 0.00001] {
        loop {
            let here = loss(samples, weights, k);
            if loss(samples, weights, k + step) < here {
                k += step;
            } else if k > step && loss(samples, weights, k - step) < here {
                k -= step;
            } else {
                break;
            }
        }
    }
    k
}

/// Aims each sample with a score at `lambda · result + (1 − lambda) ·
/// sigmoid(K · score)`. K is fitted on results alone before, so the scores
/// are read on the scale of the evaluation that produced them.
pub fn blend_targets(samples: &mut [Sample], k: f64, lambda: f64) {
    for sample in samples {
        sample.target = match sample.score {
            Some(score) => lambda * sample.result + (1.0 - lambda) * sigmoid(k, score),
            None => sample.result,
        };
    }
}

/// Strength of the pull of each weight towards its starting value.
const REGULARISATION: f64 = 2e-7;

/// `epochs` steps of Adam from `initial`; `report(epoch, weights)` after
/// each.
pub fn descend(
    samples: &[Sample],
    initial: &[f64],
    k: f64,
    epochs: u32,
    report: &mut dyn FnMut(u32, &[f64]),
) -> Vec<f64> {
    let mut weights = initial.to_vec();
    let (mut first, mut second) = (vec![0.0; 2 * PARAM_COUNT], vec![0.0; 2 * PARAM_COUNT]);
    let (beta1, beta2, rate) = (0.9, 0.999, 0.5);
    let max = f64::from(MAX_PHASE);
    for epoch in 1..=epochs {
        let mut gradient = vec![0.0; 2 * PARAM_COUNT];
        for sample in samples {
            let probability = sigmoid(k, evaluate(sample, &weights));
            let slope = 2.0 * (probability - sample.target) * probability * (1.0 - probability) * k;
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
            // A light pull towards the starting weights keeps rarely seen
            // weights (corner squares, extreme mobility) from wandering.
            let g =
                gradient[index] / samples.len() as f64 + REGULARISATION * (weights[index] - initial[index]);
            first[index] = beta1 * first[index] + (1.0 - beta1) * g;
            second[index] = beta2 * second[index] + (1.0 - beta2) * g * g;
            weights[index] -=
                rate * (first[index] / correction1) / ((second[index] / correction2).sqrt() + 1e-12);
        }
        report(epoch, &weights);
    }
    weights
}

/// The weights as Rust constants, one `pub const` per group (the
/// piece-square tables as the twelve `*_MG` / `*_EG` grids), in the syntax
/// of `src/eval/weights.rs`.
pub fn weights_as_rust(weights: &[f64]) -> String {
    let value = |index: usize, phase: usize| weights[2 * index + phase].round() as i32;
    let pair = |index: usize| format!("s({}, {})", value(index, 0), value(index, 1));
    let mut text = String::new();
    for group in GROUPS {
        if group.name == "PIECE_SQUARE" {
            for (kind, name) in ["PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING"].iter().enumerate() {
                for (phase, suffix) in ["MG", "EG"].iter().enumerate() {
                    text += &format!("const {name}_{suffix}: [i32; 64] = [\n");
                    for row in 0..8 {
                        let cells: Vec<String> = (0..8)
                            .map(|column| {
                                format!("{:3}", value(group.start + 64 * kind + 8 * row + column, phase))
                            })
                            .collect();
                        text += &format!("    {},\n", cells.join(", "));
                    }
                    text += "];\n";
                }
            }
        } else if group.len == 1 {
            text += &format!("pub const {}: TaperedScore = {};\n", group.name, pair(group.start));
        } else {
            let items: Vec<String> = (group.start..group.start + group.len).map(pair).collect();
            text += &format!(
                "pub const {}: [TaperedScore; {}] = [{}];\n",
                group.name,
                group.len,
                items.join(", ")
            );
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_is_a_sample_only_when_well_formed_and_quiet() {
        let quiet = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let with_score = sample(&format!("{quiet};1.0;35")).unwrap();
        assert_eq!((with_score.result, with_score.score, with_score.target), (1.0, Some(35.0), 1.0));
        assert_eq!(sample(&format!("{quiet};0.5")).unwrap().score, None);
        assert!(sample(&format!("{quiet};2.0;35")).is_none(), "a result beyond 1");
        assert!(sample(&format!("{quiet};draw")).is_none(), "a result that is not a number");
        assert!(sample(quiet).is_none(), "no result");
        assert!(sample("4k3/8/8/8/8/8/4P3/4K4 w - - 0 1;1.0").is_none(), "a bad FEN");
        assert!(sample("4k3/8/8/3q4/4P3/8/8/4K3 w - - 0 1;1.0").is_none(), "pawn takes queen: not quiet");
    }

    #[test]
    fn targets_blend_the_result_with_the_score_by_lambda() {
        let quiet = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1";
        let lines = [format!("{quiet};1.0;-200"), format!("{quiet};0.0")];
        let mut samples: Vec<Sample> = lines.iter().filter_map(|line| sample(line)).collect();
        let k = 0.01;
        blend_targets(&mut samples, k, 1.0);
        assert_eq!((samples[0].target, samples[1].target), (1.0, 0.0));
        blend_targets(&mut samples, k, 0.0);
        assert!((samples[0].target - sigmoid(k, -200.0)).abs() < 1e-12);
        assert!(samples[0].target < 0.2);
        assert_eq!(samples[1].target, 0.0, "no score: the result alone");
        blend_targets(&mut samples, k, 0.5);
        assert!((samples[0].target - (0.5 + 0.5 * sigmoid(k, -200.0))).abs() < 1e-12);
    }

    #[test]
    fn descending_lowers_the_loss_on_self_played_positions() {
        let mut lines = Vec::new();
        crate::generate::play(2, 300, 3, &mut lines).unwrap();
        let mut samples: Vec<Sample> = String::from_utf8(lines).unwrap().lines().filter_map(sample).collect();
        assert!(samples.len() > 20, "{} samples", samples.len());
        let initial = initial_weights();
        let k = fit_scale(&samples, &initial);
        blend_targets(&mut samples, k, 0.5);
        let mut reports = 0;
        let fitted = descend(&samples, &initial, k, 30, &mut |_, _| reports += 1);
        assert_eq!(reports, 30);
        assert!(loss(&samples, &fitted, k) < loss(&samples, &initial, k));
    }

    #[test]
    fn the_build_weights_print_as_they_are_written_in_weights_rs() {
        let source = include_str!("../../src/eval/weights.rs");
        let printed = weights_as_rust(&initial_weights());
        let single: Vec<&str> = printed.lines().filter(|line| line.contains(": TaperedScore =")).collect();
        assert!(single.len() >= 5, "{printed}");
        for line in single {
            assert!(source.contains(line), "{line} is not in weights.rs");
        }
        assert_eq!(printed.matches("[i32; 64]").count(), 12);
        // The piece-square rows too, so that a fit pastes in the file's layout.
        for row in printed.lines().filter(|line| line.starts_with("    ") && line.ends_with(',')) {
            assert!(source.contains(row), "{row} is not in weights.rs");
        }
    }
}
