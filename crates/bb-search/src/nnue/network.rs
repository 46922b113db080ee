//! The network's weights, their file format and the output layer.

use super::{output_bucket, Accumulator, HIDDEN, INPUTS, OUTPUT_BUCKETS, OUTPUT_WEIGHT_LIMIT, QA, QB, SCALE};
use crate::score::{Score, MATE_BOUND};
use bb_movegen::Position;

/// The first four bytes of a network file.
pub const FORMAT_MAGIC: [u8; 4] = *b"BBNN";

/// The version of the file format [`Network::from_bytes`] reads.
/// (Version 1 had one set of output weights; version 2 has [`OUTPUT_BUCKETS`].)
pub const FORMAT_VERSION: u32 = 2;

/// Bytes of the header: magic, version, hidden size and output buckets.
const HEADER_BYTES: usize = 16;

/// Bytes of a network file: the header (4 bytes each field), the hidden
/// layer's weights and biases and each bucket's output weights (`i16`),
/// each bucket's output bias (`i32`).
pub const FILE_BYTES: usize =
    HEADER_BYTES + 2 * (INPUTS * HIDDEN + HIDDEN + OUTPUT_BUCKETS * 2 * HIDDEN) + 4 * OUTPUT_BUCKETS;

/// Why bytes are not a network [`Network::from_bytes`] can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetworkError {
    /// The file does not start with [`FORMAT_MAGIC`].
    NotANetwork,
    /// The file is of another format version.
    Version(u32),
    /// The file's hidden layer is of another size than [`HIDDEN`].
    HiddenSize(u32),
    /// The file has another number of output buckets than [`OUTPUT_BUCKETS`].
    OutputBuckets(u32),
    /// The file is not as long as its header says.
    Length {
        /// What the header asks for.
        expected: usize,
        /// What the file holds.
        found: usize,
    },
    /// An output weight beyond ±[`OUTPUT_WEIGHT_LIMIT`], which could overflow.
    OutputWeight(i16),
    /// The file could not be read (the system's message).
    Read(String),
}

impl core::fmt::Display for NetworkError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            NetworkError::NotANetwork => write!(f, "not a bb network file (no BBNN magic)"),
            NetworkError::Version(found) => write!(f, "network format {found}, expected {FORMAT_VERSION}"),
            NetworkError::HiddenSize(found) => {
                write!(f, "network of {found} hidden neurons, expected {HIDDEN}")
            }
            NetworkError::OutputBuckets(found) => {
                write!(f, "network of {found} output buckets, expected {OUTPUT_BUCKETS}")
            }
            NetworkError::Length { expected, found } => {
                write!(f, "network file of {found} bytes, expected {expected}")
            }
            NetworkError::OutputWeight(weight) => {
                write!(f, "output weight {weight} beyond ±{OUTPUT_WEIGHT_LIMIT}")
            }
            NetworkError::Read(message) => write!(f, "{message}"),
        }
    }
}

impl std::error::Error for NetworkError {}

/// The quantised weights of the network.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Network {
    /// For each input ([`super::feature_index`]), its column of the hidden
    /// layer's weights, in units of 1/[`QA`].
    pub feature_weights: Vec<[i16; HIDDEN]>,
    /// The hidden layer's biases, in units of 1/[`QA`].
    pub feature_bias: [i16; HIDDEN],
    /// For each [`output_bucket`], the output weights of the side to
    /// move's half (`[0]`) and of the other side's (`[1]`), in units of
    /// 1/[`QB`].
    pub output_weights: [[[i16; HIDDEN]; 2]; OUTPUT_BUCKETS],
    /// For each [`output_bucket`], the output bias, in units of
    /// 1/([`QA`] · [`QB`]).
    pub output_bias: [i32; OUTPUT_BUCKETS],
}

/// Reads little-endian numbers from the front of a byte slice.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let (head, rest) = self.0.split_at(N);
        self.0 = rest;
        head.try_into().expect("split_at gave N bytes")
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }

    fn i16s(&mut self, into: &mut [i16]) {
        for value in into {
            *value = i16::from_le_bytes(self.take());
        }
    }
}

impl Network {
    /// A network whose every weight is zero: it evaluates every position as 0.
    pub fn zeroed() -> Network {
        Network {
            feature_weights: vec![[0; HIDDEN]; INPUTS],
            feature_bias: [0; HIDDEN],
            output_weights: [[[0; HIDDEN]; 2]; OUTPUT_BUCKETS],
            output_bias: [0; OUTPUT_BUCKETS],
        }
    }

    /// The network in a file of the format [`Network::to_bytes`] writes.
    ///
    /// ```
    /// use bb_search::nnue::{Network, NetworkError};
    ///
    /// let network = Network::zeroed();
    /// assert_eq!(Network::from_bytes(&network.to_bytes()), Ok(network));
    /// assert_eq!(Network::from_bytes(b"ABCD"), Err(NetworkError::NotANetwork));
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        if bytes.len() < HEADER_BYTES || bytes[..4] != FORMAT_MAGIC {
            return Err(NetworkError::NotANetwork);
        }
        let mut reader = Reader(&bytes[4..]);
        let version = reader.u32();
        if version != FORMAT_VERSION {
            return Err(NetworkError::Version(version));
        }
        let hidden = reader.u32();
        if hidden as usize != HIDDEN {
            return Err(NetworkError::HiddenSize(hidden));
        }
        let buckets = reader.u32();
        if buckets as usize != OUTPUT_BUCKETS {
            return Err(NetworkError::OutputBuckets(buckets));
        }
        if bytes.len() != FILE_BYTES {
            return Err(NetworkError::Length { expected: FILE_BYTES, found: bytes.len() });
        }
        let mut network = Network::zeroed();
        for column in &mut network.feature_weights {
            reader.i16s(column);
        }
        reader.i16s(&mut network.feature_bias);
        for half in network.output_weights.iter_mut().flatten() {
            reader.i16s(half);
        }
        for bias in &mut network.output_bias {
            *bias = i32::from_le_bytes(reader.take());
        }
        let weights = network.output_weights.iter().flatten().flatten();
        // `unsigned_abs`: `i16::MIN` has no `abs`.
        let beyond = |weight: &&i16| weight.unsigned_abs() > OUTPUT_WEIGHT_LIMIT.unsigned_abs();
        if let Some(&weight) = weights.clone().find(beyond) {
            return Err(NetworkError::OutputWeight(weight));
        }
        Ok(network)
    }

    /// The network in the file at `path`. At most one byte more than a
    /// network file is read, so a path to a device or a huge file fails
    /// at once as too long.
    ///
    /// ```
    /// use bb_search::nnue::{Network, NetworkError};
    ///
    /// assert!(matches!(Network::read(std::path::Path::new("/no/such/net.nnue")), Err(NetworkError::Read(_))));
    /// ```
    pub fn read(path: &std::path::Path) -> Result<Network, NetworkError> {
        use std::io::Read;
        let mut bytes = Vec::with_capacity(FILE_BYTES + 1);
        std::fs::File::open(path)
            .and_then(|file| file.take(FILE_BYTES as u64 + 1).read_to_end(&mut bytes))
            .map_err(|error| NetworkError::Read(error.to_string()))?;
        Network::from_bytes(&bytes)
    }

    /// The network as a file [`Network::from_bytes`] reads, little-endian.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut bytes = Vec::with_capacity(FILE_BYTES);
        bytes.extend_from_slice(&FORMAT_MAGIC);
        bytes.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
        bytes.extend_from_slice(&(OUTPUT_BUCKETS as u32).to_le_bytes());
        let columns = self
            .feature_weights
            .iter()
            .chain([&self.feature_bias])
            .chain(self.output_weights.iter().flatten());
        for value in columns.flatten() {
            bytes.extend_from_slice(&value.to_le_bytes());
        }
        for bias in &self.output_bias {
            bytes.extend_from_slice(&bias.to_le_bytes());
        }
        bytes
    }

    /// The evaluation in centipawns, from the side to move's point of view,
    /// of `position`, whose accumulator is `accumulator`, by the output
    /// weights of its [`output_bucket`]. A position where neither side can
    /// mate is 0, as in the hand-written evaluation. It stays inside the
    /// mate bounds.
    ///
    /// ```
    /// use bb_movegen::Position;
    /// use bb_search::nnue::{Accumulator, Network};
    ///
    /// let network = Network::zeroed();
    /// let position = Position::startpos();
    /// assert_eq!(network.evaluate(&Accumulator::new(&network, &position), &position), 0);
    /// ```
    #[inline]
    pub fn evaluate(&self, accumulator: &Accumulator, position: &Position) -> Score {
        if position.is_insufficient_material() {
            return 0;
        }
        let bucket = output_bucket(position.occupied().count());
        let [own_weights, other_weights] = &self.output_weights[bucket];
        let (own, other) = accumulator.halves(position.side_to_move());
        let sum = super::kernel::output_sum([own, other], [own_weights, other_weights]);
        // In i64: the bias is any i32 a file holds.
        let output = i64::from(sum / QA) + i64::from(self.output_bias[bucket]);
        let centipawns = output * i64::from(SCALE) / i64::from(QA * QB);
        centipawns.clamp(i64::from(-MATE_BOUND + 1), i64::from(MATE_BOUND - 1)) as Score
    }
}

/// `Σ clamp(x, 0, QA)² · w` over the neurons, in units of `QA² · QB`. The
/// product `clamp(x) · w` fits an `i16` (`QA · OUTPUT_WEIGHT_LIMIT < 2¹⁵`),
/// which lets the compiler use 16-bit multiplies and pairwise 32-bit sums.
/// `kernel` has an AVX2 copy of it.
#[inline(always)]
pub(super) fn squared_clipped_dot(values: &[i16; HIDDEN], weights: &[i16; HIDDEN]) -> i32 {
    const _: () = assert!(QA * OUTPUT_WEIGHT_LIMIT as i32 <= i16::MAX as i32);
    let mut sum = 0i32;
    for (&value, &weight) in values.iter().zip(weights) {
        let clipped = value.clamp(0, QA as i16);
        sum += i32::from(clipped.wrapping_mul(weight)) * i32::from(clipped);
    }
    sum
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_network_survives_its_file_and_a_damaged_file_is_refused() {
        let mut network = Network::zeroed();
        network.feature_weights[5][7] = -300;
        network.feature_bias[3] = 12;
        network.output_weights[OUTPUT_BUCKETS - 1][1][HIDDEN - 1] = -OUTPUT_WEIGHT_LIMIT;
        network.output_bias[2] = -123_456;
        let bytes = network.to_bytes();
        assert_eq!(bytes.len(), FILE_BYTES);
        assert_eq!(Network::from_bytes(&bytes).as_ref(), Ok(&network));
        // Little-endian whatever the target: -300 is 0xFED4.
        let at = HEADER_BYTES + 2 * (5 * HIDDEN + 7);
        assert_eq!(bytes[at..at + 2], [0xD4, 0xFE]);

        assert_eq!(
            Network::from_bytes(&bytes[..bytes.len() - 1]),
            Err(NetworkError::Length { expected: FILE_BYTES, found: FILE_BYTES - 1 })
        );
        let mut version = bytes.clone();
        version[4] = 9;
        assert_eq!(Network::from_bytes(&version), Err(NetworkError::Version(9)));
        let mut hidden = bytes.clone();
        hidden[8] ^= 1;
        assert_eq!(Network::from_bytes(&hidden), Err(NetworkError::HiddenSize(HIDDEN as u32 ^ 1)));
        let mut buckets = bytes.clone();
        buckets[12] ^= 2;
        assert_eq!(
            Network::from_bytes(&buckets),
            Err(NetworkError::OutputBuckets(OUTPUT_BUCKETS as u32 ^ 2))
        );
        let mut weight = bytes;
        let last_output = FILE_BYTES - 4 * OUTPUT_BUCKETS - 2;
        for beyond in [200, -128, i16::MIN, i16::MAX] {
            weight[last_output..last_output + 2].copy_from_slice(&beyond.to_le_bytes());
            assert_eq!(Network::from_bytes(&weight), Err(NetworkError::OutputWeight(beyond)));
        }
    }

    #[test]
    fn any_output_bias_gives_a_score_within_the_mate_bounds() {
        let position = bb_movegen::Position::startpos();
        for bias in [i32::MIN, -1, 0, 1, i32::MAX] {
            let mut network = Network::zeroed();
            network.output_bias = [bias; OUTPUT_BUCKETS];
            network.feature_bias = [QA as i16; HIDDEN];
            network.output_weights = [[[OUTPUT_WEIGHT_LIMIT; HIDDEN]; 2]; OUTPUT_BUCKETS];
            let score = network.evaluate(&Accumulator::new(&network, &position), &position);
            assert!(score.abs() < MATE_BOUND, "bias {bias}: {score}");
        }
    }

    #[test]
    fn each_bucket_of_piece_counts_has_its_own_output_and_bare_kings_are_a_draw() {
        let mut network = Network::zeroed();
        for (bucket, bias) in network.output_bias.iter_mut().enumerate() {
            *bias = (bucket as i32 + 1) * 10 * QA * QB / SCALE;
        }
        let score = |fen: &str| {
            let position = Position::from_fen(fen).unwrap();
            network.evaluate(&Accumulator::new(&network, &position), &position)
        };
        assert_eq!(score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), 80);
        assert_eq!(score("4k3/8/8/8/8/8/PPPP4/4K3 b - - 0 1"), 20, "6 pieces");
        assert_eq!(score("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"), 10, "3 pieces");
        assert_eq!(score("4k3/8/8/8/8/8/4N3/4K3 w - - 0 1"), 0, "no mate possible");
    }

    #[test]
    fn the_output_layer_squares_clipped_activations() {
        let mut values = [0i16; HIDDEN];
        let mut weights = [0i16; HIDDEN];
        values[..4].copy_from_slice(&[-50, 10, 300, 255]);
        weights[..4].copy_from_slice(&[100, 3, -2, OUTPUT_WEIGHT_LIMIT]);
        // -50 clips to 0, 300 to 255.
        let expected = 10 * 10 * 3 - 255 * 255 * 2 + 255 * 255 * i32::from(OUTPUT_WEIGHT_LIMIT);
        assert_eq!(squared_clipped_dot(&values, &weights), expected);
        // Every neuron at the top with the largest weight does not overflow.
        let full = squared_clipped_dot(&[QA as i16; HIDDEN], &[OUTPUT_WEIGHT_LIMIT; HIDDEN]);
        assert_eq!(full, HIDDEN as i32 * QA * QA * i32::from(OUTPUT_WEIGHT_LIMIT));
    }
}
