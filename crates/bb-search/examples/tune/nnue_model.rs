//! The network in floating point, as it is trained: forward pass,
//! gradient, Adam, and its quantisation to the engine's integer network.

use bb_search::nnue::{
    other_side_input, output_bucket, Network, HIDDEN, INPUTS, OUTPUT_BUCKETS, OUTPUT_WEIGHT_LIMIT, QA, QB,
    SCALE,
};

/// A training position: its inputs from White's point of view, the side
/// to move and what the prediction aims at.
#[derive(Clone, Debug)]
pub struct Sample {
    /// [`bb_search::nnue::feature_index`] from White's point of view of
    /// each piece; the first `count` are used.
    pub features: [u16; 32],
    pub count: u8,
    pub white_to_move: bool,
    /// The target probability that the side to move wins.
    pub target: f32,
}

impl Sample {
    /// The inputs from White's and from Black's point of view.
    fn inputs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.features[..usize::from(self.count)]
            .iter()
            .map(|&white| (usize::from(white), other_side_input(usize::from(white))))
    }

    /// Its [`output_bucket`]: the count of its pieces picks it.
    fn bucket(&self) -> usize {
        output_bucket(u32::from(self.count))
    }
}

/// The weights in floating point, laid out as the integer [`Network`].
#[derive(Clone, Debug)]
pub struct Model {
    /// `INPUTS` columns of `HIDDEN` weights.
    pub feature_weights: Vec<f32>,
    pub feature_bias: Vec<f32>,
    /// For each output bucket, the side to move's half, then the other half.
    pub output_weights: Vec<f32>,
    /// For each output bucket, its bias.
    pub output_bias: Vec<f32>,
}

/// The largest output weight the quantisation keeps.
const OUTPUT_LIMIT: f32 = OUTPUT_WEIGHT_LIMIT as f32 / QB as f32;

/// The hidden layer's sums for one sample, from both points of view.
struct Hidden {
    white: [f32; HIDDEN],
    black: [f32; HIDDEN],
}

impl Model {
    /// Small pseudo-random weights, the same for a seed.
    pub fn new(seed: u64) -> Model {
        let mut random = bb_core::random::SplitMix64::new(seed);
        let mut uniform =
            move |range: f32| ((random.next_u64() >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * range;
        Model {
            feature_weights: (0..INPUTS * HIDDEN).map(|_| uniform(0.1)).collect(),
            feature_bias: vec![0.1; HIDDEN],
            output_weights: (0..OUTPUT_BUCKETS * 2 * HIDDEN).map(|_| uniform(0.3)).collect(),
            output_bias: vec![0.0; OUTPUT_BUCKETS],
        }
    }

    /// The floating-point model that `network` quantises: training can go
    /// on from an integer network, such as the embedded one.
    pub fn from_network(network: &Network) -> Model {
        let from_i16 = |value: i16, scale: i32| f32::from(value) / scale as f32;
        Model {
            feature_weights: network.feature_weights.iter().flatten().map(|&w| from_i16(w, QA)).collect(),
            feature_bias: network.feature_bias.iter().map(|&b| from_i16(b, QA)).collect(),
            output_weights: network
                .output_weights
                .iter()
                .flatten()
                .flatten()
                .map(|&w| from_i16(w, QB))
                .collect(),
            output_bias: network.output_bias.iter().map(|&b| b as f32 / (QA * QB) as f32).collect(),
        }
    }

    /// The number of weights, in the order of [`Model::weights_mut`].
    pub fn len(&self) -> usize {
        self.feature_weights.len()
            + self.feature_bias.len()
            + self.output_weights.len()
            + self.output_bias.len()
    }

    /// Every weight, in one order.
    pub fn weights_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.feature_weights
            .iter_mut()
            .chain(&mut self.feature_bias)
            .chain(&mut self.output_weights)
            .chain(&mut self.output_bias)
    }

    fn hidden(&self, sample: &Sample) -> Hidden {
        let mut hidden = Hidden { white: [0.0; HIDDEN], black: [0.0; HIDDEN] };
        hidden.white.copy_from_slice(&self.feature_bias);
        hidden.black.copy_from_slice(&self.feature_bias);
        for (white, black) in sample.inputs() {
            add(&mut hidden.white, &self.feature_weights[white * HIDDEN..][..HIDDEN]);
            add(&mut hidden.black, &self.feature_weights[black * HIDDEN..][..HIDDEN]);
        }
        hidden
    }

    /// The output (centipawns / [`SCALE`]) for `sample`'s position: what
    /// the quantised network must reproduce.
    #[cfg(test)]
    pub fn output(&self, sample: &Sample) -> f32 {
        let hidden = self.hidden(sample);
        let (own, other) = halves(&hidden, sample.white_to_move);
        let (own_weights, other_weights) = self.bucket_weights(sample.bucket()).split_at(HIDDEN);
        let dot = |values: &[f32; HIDDEN], weights: &[f32]| -> f32 {
            values.iter().zip(weights).map(|(&x, &w)| activation(x) * w).sum()
        };
        dot(own, own_weights) + dot(other, other_weights) + self.output_bias[sample.bucket()]
    }

    /// The output weights of `bucket`: the side to move's half, then the other.
    fn bucket_weights(&self, bucket: usize) -> &[f32] {
        &self.output_weights[bucket * 2 * HIDDEN..][..2 * HIDDEN]
    }

    /// Adds to `gradient` (laid out as [`Model::weights_mut`]) the gradient
    /// of `(sigmoid(k · SCALE · output) − target)²` for `sample`; returns
    /// that squared error.
    pub fn accumulate_gradient(&self, sample: &Sample, k: f32, gradient: &mut [f32]) -> f32 {
        let hidden = self.hidden(sample);
        let (own, other) = halves(&hidden, sample.white_to_move);
        let bucket = sample.bucket();
        let (own_weights, other_weights) = self.bucket_weights(bucket).split_at(HIDDEN);
        let mut output = self.output_bias[bucket];
        for j in 0..HIDDEN {
            output += activation(own[j]) * own_weights[j] + activation(other[j]) * other_weights[j];
        }
        let scale = k * SCALE as f32;
        let probability = 1.0 / (1.0 + (-scale * output).exp());
        let error = probability - sample.target;
        let slope = 2.0 * error * probability * (1.0 - probability) * scale;

        let (features, rest) = gradient.split_at_mut(INPUTS * HIDDEN);
        let (bias, rest) = rest.split_at_mut(HIDDEN);
        let (outputs, output_bias) = rest.split_at_mut(OUTPUT_BUCKETS * 2 * HIDDEN);
        output_bias[bucket] += slope;
        let (own_slopes, other_slopes) = outputs[bucket * 2 * HIDDEN..][..2 * HIDDEN].split_at_mut(HIDDEN);
        // What each hidden sum contributes, through the output weights.
        let mut own_back = [0.0f32; HIDDEN];
        let mut other_back = [0.0f32; HIDDEN];
        for j in 0..HIDDEN {
            own_slopes[j] += slope * activation(own[j]);
            other_slopes[j] += slope * activation(other[j]);
            own_back[j] = slope * own_weights[j] * activation_slope(own[j]);
            other_back[j] = slope * other_weights[j] * activation_slope(other[j]);
        }
        let (white_back, black_back) =
            if sample.white_to_move { (&own_back, &other_back) } else { (&other_back, &own_back) };
        for j in 0..HIDDEN {
            bias[j] += white_back[j] + black_back[j];
        }
        for (white, black) in sample.inputs() {
            add(&mut features[white * HIDDEN..][..HIDDEN], white_back);
            add(&mut features[black * HIDDEN..][..HIDDEN], black_back);
        }
        error * error
    }

    /// Keeps the output weights where the quantisation can hold them.
    pub fn clip(&mut self) {
        for weight in &mut self.output_weights {
            *weight = weight.clamp(-OUTPUT_LIMIT, OUTPUT_LIMIT);
        }
    }

    /// The engine's integer network closest to this one.
    pub fn quantise(&self) -> Network {
        let to_i16 = |value: f32, scale: i32| (value * scale as f32).round().clamp(-32767.0, 32767.0) as i16;
        let mut network = Network::zeroed();
        for (column, weights) in network.feature_weights.iter_mut().zip(self.feature_weights.chunks(HIDDEN)) {
            for (quantised, &weight) in column.iter_mut().zip(weights) {
                *quantised = to_i16(weight, QA);
            }
        }
        for (quantised, &bias) in network.feature_bias.iter_mut().zip(&self.feature_bias) {
            *quantised = to_i16(bias, QA);
        }
        let output_weights = network.output_weights.iter_mut().flatten().flatten();
        for (quantised, &weight) in output_weights.zip(&self.output_weights) {
            *quantised = to_i16(weight, QB).clamp(-OUTPUT_WEIGHT_LIMIT, OUTPUT_WEIGHT_LIMIT);
        }
        for (quantised, &bias) in network.output_bias.iter_mut().zip(&self.output_bias) {
            *quantised = (bias * (QA * QB) as f32).round() as i32;
        }
        network
    }
}

/// A hidden neuron whose accumulator could leave the `i16` range (which
/// the engine's wrapping arithmetic would fold back) with 32 pieces on the
/// inputs of its largest weights, if any. A bound, not a position.
pub fn overflowing_neuron(network: &Network) -> Option<usize> {
    (0..HIDDEN).find(|&neuron| {
        let mut magnitudes: Vec<i32> =
            network.feature_weights.iter().map(|column| i32::from(column[neuron]).abs()).collect();
        magnitudes.sort_unstable_by(|a, b| b.cmp(a));
        i32::from(network.feature_bias[neuron]).abs() + magnitudes[..32].iter().sum::<i32>()
            > i32::from(i16::MAX)
    })
}

/// The squared clipped ReLU.
#[inline(always)]
fn activation(x: f32) -> f32 {
    let clipped = x.clamp(0.0, 1.0);
    clipped * clipped
}

/// Its derivative.
#[inline(always)]
fn activation_slope(x: f32) -> f32 {
    if x > 0.0 && x < 1.0 {
        2.0 * x
    } else {
        0.0
    }
}

#[inline(always)]
fn add(into: &mut [f32], values: &[f32]) {
    for (sum, &value) in into.iter_mut().zip(values) {
        *sum += value;
    }
}

/// The side to move's half of the hidden layer and the other.
fn halves(hidden: &Hidden, white_to_move: bool) -> (&[f32; HIDDEN], &[f32; HIDDEN]) {
    if white_to_move {
        (&hidden.white, &hidden.black)
    } else {
        (&hidden.black, &hidden.white)
    }
}

/// Adam's state: the running means of the gradient and of its square.
pub struct Adam {
    first: Vec<f32>,
    second: Vec<f32>,
    steps: i32,
}

impl Adam {
    pub fn new(size: usize) -> Adam {
        Adam { first: vec![0.0; size], second: vec![0.0; size], steps: 0 }
    }

    /// One step of size `rate` along the mean gradient `gradient`.
    pub fn step(&mut self, model: &mut Model, gradient: &[f32], rate: f32) {
        let (beta1, beta2) = (0.9f32, 0.999f32);
        self.steps += 1;
        let correction1 = 1.0 - beta1.powi(self.steps);
        let correction2 = 1.0 - beta2.powi(self.steps);
        let moments = self.first.iter_mut().zip(&mut self.second);
        for ((weight, &g), (first, second)) in model.weights_mut().zip(gradient).zip(moments) {
            *first = beta1 * *first + (1.0 - beta1) * g;
            *second = beta2 * *second + (1.0 - beta2) * g * g;
            *weight -= rate * (*first / correction1) / ((*second / correction2).sqrt() + 1e-8);
        }
        model.clip();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nnue::Line;
    use bb_movegen::Position;
    use bb_search::nnue::Accumulator;

    const FENS: [&str; 4] = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R b KQ - 0 8",
        "8/5pk1/6p1/1P2P3/8/2K5/7r/3R4 b - - 0 40",
        "r3k2r/pp3ppp/2p1n3/4P3/8/2N5/PPP2PPP/R3K2R w KQkq - 0 12",
    ];

    fn sample(fen: &str, target: f32) -> Sample {
        Line::parse(&format!("{fen};1.0")).expect("a quiet position").sample(0.01, 0.0).with_target(target)
    }

    impl Sample {
        fn with_target(mut self, target: f32) -> Sample {
            self.target = target;
            self
        }
    }

    #[test]
    fn the_quantised_network_evaluates_as_the_model_does() {
        let model = Model::new(5);
        let network = model.quantise();
        for fen in FENS {
            let position = Position::from_fen(fen).unwrap();
            let float = model.output(&sample(fen, 0.5)) * SCALE as f32;
            let integer = network.evaluate(&Accumulator::new(&network, &position), &position);
            // Output weights in steps of 1/64 leave a few centipawns of rounding.
            let tolerance = 8.0 + 0.05 * float.abs();
            assert!((float - integer as f32).abs() <= tolerance, "{fen}: model {float}, network {integer}");
            assert!(float.abs() > 20.0, "{fen}: {float} too small to tell the two apart");
        }
    }

    #[test]
    fn a_network_read_back_into_a_model_quantises_to_itself() {
        let network = Model::new(9).quantise();
        assert_eq!(Model::from_network(&network).quantise(), network);
        let embedded = bb_search::nnue::embedded();
        assert_eq!(Model::from_network(&embedded).quantise(), *embedded);
    }

    #[test]
    fn a_neuron_that_could_overflow_is_found() {
        let mut network = Model::new(1).quantise();
        assert_eq!(overflowing_neuron(&network), None);
        for column in network.feature_weights.iter_mut().take(32) {
            column[7] = 1100;
        }
        assert_eq!(overflowing_neuron(&network), Some(7));
    }

    #[test]
    fn the_gradient_is_the_slope_of_the_error() {
        let model = Model::new(9);
        let k = 0.007;
        let sample = sample(FENS[1], 0.8);
        let mut gradient = vec![0.0; model.len()];
        model.accumulate_gradient(&sample, k, &mut gradient);
        let error = |model: &Model| {
            let mut unused = vec![0.0; model.len()];
            f64::from(model.accumulate_gradient(&sample, k, &mut unused))
        };
        // The largest slopes of each part of the model, against the error's
        // change when that weight moves a little.
        let outputs = INPUTS * HIDDEN + HIDDEN;
        let parts = [
            (0, INPUTS * HIDDEN),
            (INPUTS * HIDDEN, HIDDEN),
            (outputs, OUTPUT_BUCKETS * 2 * HIDDEN),
            (outputs + OUTPUT_BUCKETS * 2 * HIDDEN, OUTPUT_BUCKETS),
        ];
        for (start, length) in parts {
            let index = (start..start + length)
                .max_by(|&a, &b| gradient[a].abs().total_cmp(&gradient[b].abs()))
                .unwrap();
            assert!(gradient[index] != 0.0);
            let step = 1e-3;
            let moved = |by: f32| {
                let mut moved = model.clone();
                *moved.weights_mut().nth(index).unwrap() += by;
                error(&moved)
            };
            let numeric = (moved(step) - moved(-step)) / (2.0 * f64::from(step));
            let analytic = f64::from(gradient[index]);
            assert!(
                (numeric - analytic).abs() <= 0.02 * analytic.abs() + 1e-6,
                "weight {index}: {numeric} vs {analytic}"
            );
        }
    }

    #[test]
    fn adam_steps_bring_the_outputs_to_their_targets() {
        let samples: Vec<Sample> =
            FENS.iter().zip([0.9, 0.2, 0.4, 0.7]).map(|(fen, target)| sample(fen, target)).collect();
        let mut model = Model::new(3);
        let mut adam = Adam::new(model.len());
        let (_, before) = crate::nnue::gradient(&model, &samples, 0.007);
        for _ in 0..300 {
            let (gradient, _) = crate::nnue::gradient(&model, &samples, 0.007);
            adam.step(&mut model, &gradient, 0.001);
        }
        let (_, after) = crate::nnue::gradient(&model, &samples, 0.007);
        assert!(after < before / 10.0, "error {before} → {after}");
    }
}
