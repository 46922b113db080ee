//! Texel fitting of the evaluation weights to results and search scores.

use bb_movegen::{MoveFilter, MoveList, Position};
use bb_search::eval::params::{
    AT_PIECE_SQUARE, DANGER, DANGER_COUNT, DANGER_EG_DIVISOR, DANGER_MG_CAP, DANGER_MG_DIVISOR, PARAMS,
    PARAM_COUNT,
};
use bb_search::eval::{trace, weights::MAX_PHASE};
use bb_search::see::see_ge;
use std::io::BufRead;

/// `fit EPOCHS [--lambda=L] FILE...`: prints the fitted weights.
pub fn run(args: &[String]) -> Result<(), String> {
    let epochs: u32 = crate::number(&args[0], "EPOCHS")?;
    let (mut lambda, mut pull) = (0.5, DEFAULT_PULL);
    let (options, files) = crate::split_options(&args[1..])?;
    for (name, value) in options {
        match name {
            "--lambda" => lambda = crate::number(value, name)?,
            "--pull" => pull = crate::number(value, name)?,
            _ => return Err(format!("{name}: not an option of fit (--lambda, --pull)")),
        }
    }
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
        "{} positions, K = {k:.5}, lambda {lambda}, pull {pull:e}, loss {:.6}",
        samples.len(),
        loss(&samples, &initial, k)
    );
    let weights = descend(&samples, &initial, k, epochs, pull, &mut |epoch, weights| {
        if epoch % 100 == 0 || epoch == epochs {
            eprintln!("epoch {epoch}: loss {:.6}", loss(&samples, weights, k));
        }
    });
    print!("{}", crate::print::weights_as_rust(&weights));
    Ok(())
}

/// One training position: its trace, result and search score.
pub struct Sample {
    coefficients: Vec<(u32, i16)>,
    /// Each king under attack: its side's sign and the (weight, count)
    /// pairs of its danger.
    danger: Vec<(f64, Vec<(u32, i16)>)>,
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
pub fn is_quiet(position: &Position) -> bool {
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
    // One entry per king at most, as `evaluate_with_slopes` relies on.
    assert!(trace.danger.len() <= 2, "{} kings under attack", trace.danger.len());
    Some(Sample {
        coefficients: trace.coefficients.iter().map(|&(index, count)| (index as u32, count as i16)).collect(),
        danger: trace
            .danger
            .iter()
            .map(|(sign, counts)| {
                let used = counts.iter().enumerate().filter(|(_, &count)| count != 0);
                (f64::from(*sign), used.map(|(index, &count)| (index as u32, count as i16)).collect())
            })
            .collect(),
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

/// Where the king-danger weights start in the fitted vector, after the
/// (mg, eg) pairs of the other weights.
pub const DANGER_START: usize = 2 * PARAM_COUNT;

/// The weights of the build: those of `PARAMS` with mg and eg interleaved,
/// then those of `DANGER`.
pub fn initial_weights() -> Vec<f64> {
    let tapered = PARAMS.iter().flat_map(|s| [f64::from(s.mg), f64::from(s.eg)]);
    tapered.chain(DANGER.iter().map(|&weight| f64::from(weight))).collect()
}

/// The danger of one king, `counts` weighted by `weights`.
fn danger(counts: &[(u32, i16)], weights: &[f64]) -> f64 {
    counts.iter().map(|&(index, count)| weights[DANGER_START + index as usize] * f64::from(count)).sum()
}

/// The (mg, eg) penalty of a danger, as `eval::params::danger_penalty`
/// works it out, and its (mg, eg) slopes by the danger.
fn danger_penalty(danger: f64) -> ([f64; 2], [f64; 2]) {
    if danger <= 0.0 {
        return ([0.0; 2], [0.0; 2]);
    }
    let (divisor, cap) = (f64::from(DANGER_MG_DIVISOR), f64::from(DANGER_MG_CAP));
    let eg_divisor = f64::from(DANGER_EG_DIVISOR);
    let mg = danger * danger / divisor;
    let (mg, mg_slope) = if mg < cap { (mg, 2.0 * danger / divisor) } else { (cap, 0.0) };
    ([-mg, -danger / eg_divisor], [-mg_slope, -1.0 / eg_divisor])
}

/// The evaluation of a sample with weights `weights` (laid out as
/// [`initial_weights`]).
fn evaluate(sample: &Sample, weights: &[f64]) -> f64 {
    evaluate_with_slopes(sample, weights).0
}

/// [`evaluate`], and the (mg, eg) slopes of each attacked king's penalty
/// by its danger (a king is evaluated once per side, so two at most).
fn evaluate_with_slopes(sample: &Sample, weights: &[f64]) -> (f64, [[f64; 2]; 2]) {
    let (mut mg, mut eg) = (0.0, 0.0);
    for &(index, count) in &sample.coefficients {
        mg += weights[2 * index as usize] * f64::from(count);
        eg += weights[2 * index as usize + 1] * f64::from(count);
    }
    let mut slopes = [[0.0; 2]; 2];
    for ((sign, counts), slope) in sample.danger.iter().zip(&mut slopes) {
        let ([danger_mg, danger_eg], danger_slopes) = danger_penalty(danger(counts, weights));
        mg += sign * danger_mg;
        eg += sign * danger_eg;
        *slope = danger_slopes;
    }
    let max = f64::from(MAX_PHASE);
    ((mg * sample.phase + eg * sample.scale * (max - sample.phase)) / max + sample.after_taper, slopes)
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

/// The gradient of the summed squared error by each weight (laid out as
/// [`initial_weights`]), worked out on every core the platform reports.
pub fn gradient(samples: &[Sample], weights: &[f64], k: f64) -> Vec<f64> {
    let threads = std::thread::available_parallelism().map_or(1, |count| count.get());
    if threads <= 1 {
        // One core, or none known (wasm32-wasip1, where threads cannot be spawned).
        return gradient_of(samples, weights, k);
    }
    let chunk = samples.len().div_ceil(threads).max(1);
    std::thread::scope(|scope| {
        let parts: Vec<_> =
            samples.chunks(chunk).map(|part| scope.spawn(move || gradient_of(part, weights, k))).collect();
        let mut total = vec![0.0; DANGER_START + DANGER_COUNT];
        for part in parts {
            let part = part.join().expect("a gradient thread panicked");
            total.iter_mut().zip(part).for_each(|(sum, value)| *sum += value);
        }
        total
    })
}

/// [`gradient`] over `samples` on this thread.
fn gradient_of(samples: &[Sample], weights: &[f64], k: f64) -> Vec<f64> {
    let max = f64::from(MAX_PHASE);
    let mut gradient = vec![0.0; DANGER_START + DANGER_COUNT];
    for sample in samples {
        let (value, danger_slopes) = evaluate_with_slopes(sample, weights);
        let probability = sigmoid(k, value);
        let slope = 2.0 * (probability - sample.target) * probability * (1.0 - probability) * k;
        let mg_share = slope * sample.phase / max;
        let eg_share = slope * sample.scale * (max - sample.phase) / max;
        for &(index, count) in &sample.coefficients {
            gradient[2 * index as usize] += mg_share * f64::from(count);
            gradient[2 * index as usize + 1] += eg_share * f64::from(count);
        }
        // A danger weight moves the penalty through the danger's slope.
        for ((sign, counts), [mg_slope, eg_slope]) in sample.danger.iter().zip(danger_slopes) {
            let share = sign * (mg_share * mg_slope + eg_share * eg_slope);
            for &(index, count) in counts {
                gradient[DANGER_START + index as usize] += share * f64::from(count);
            }
        }
    }
    gradient
}

/// Strength of the pull of each weight towards its starting value, unless
/// `--pull` says otherwise.
pub const DEFAULT_PULL: f64 = 2e-7;

/// `epochs` steps of Adam from `initial`; `report(epoch, weights)` after
/// each.
pub fn descend(
    samples: &[Sample],
    initial: &[f64],
    k: f64,
    epochs: u32,
    pull: f64,
    report: &mut dyn FnMut(u32, &[f64]),
) -> Vec<f64> {
    let mut weights = initial.to_vec();
    let size = DANGER_START + DANGER_COUNT;
    let (mut first, mut second) = (vec![0.0; size], vec![0.0; size]);
    let (beta1, beta2, rate) = (0.9, 0.999, 0.5);
    for epoch in 1..=epochs {
        let mut gradient = gradient(samples, &weights, k);
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
            let g = gradient[index] / samples.len() as f64 + pull * (weights[index] - initial[index]);
            first[index] = beta1 * first[index] + (1.0 - beta1) * g;
            second[index] = beta2 * second[index] + (1.0 - beta2) * g * g;
            weights[index] -=
                rate * (first[index] / correction1) / ((second[index] / correction2).sqrt() + 1e-12);
        }
        report(epoch, &weights);
    }
    weights
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
        let fitted = descend(&samples, &initial, k, 30, DEFAULT_PULL, &mut |_, _| reports += 1);
        assert_eq!(reports, 30);
        assert!(loss(&samples, &fitted, k) < loss(&samples, &initial, k));
    }

    #[test]
    fn the_gradient_of_danger_weights_matches_the_change_of_the_loss() {
        // Black's queen, rook and knight bear down on White's king.
        let attacked = "r5k1/5ppp/8/8/6nq/8/5PPP/6K1 w - - 0 1";
        let samples: Vec<Sample> = [format!("{attacked};0.0"), format!("{attacked};1.0")]
            .iter()
            .filter_map(|line| sample(line))
            .collect();
        assert!(samples.iter().all(|sample| !sample.danger.is_empty()), "the king is under attack");
        let (weights, k) = (initial_weights(), 0.01);
        let analytic = gradient(&samples[..1], &weights, k);
        let mut checked = 0;
        for index in DANGER_START..weights.len() {
            let step = 0.01;
            let moved = |delta: f64| {
                let mut moved = weights.clone();
                moved[index] += delta;
                loss(&samples[..1], &moved, k)
            };
            let numeric = (moved(step) - moved(-step)) / (2.0 * step);
            assert!(
                (numeric - analytic[index]).abs() <= 1e-6 + 1e-3 * numeric.abs(),
                "{index}: {numeric} vs {}",
                analytic[index]
            );
            checked += usize::from(analytic[index] != 0.0);
        }
        assert!(checked >= 4, "only {checked} danger weights are used");
    }
}
