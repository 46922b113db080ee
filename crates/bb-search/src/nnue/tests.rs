use super::*;
use bb_core::{Color, Piece, PieceKind, Square};
use bb_movegen::Position;
use proptest::prelude::*;

/// Positions to start random games from: the opening, Kiwipete (castling
/// both ways, captures, promotions near), an en-passant square, and
/// Chess960 castling rights with the rooks on b and g files.
pub(crate) const ROOTS: [&str; 4] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
];

/// A network of pseudo-random weights (the same for a seed): every input
/// and neuron matters, so a wrong column shows.
pub(crate) fn random_network(seed: u64) -> Network {
    let mut random = bb_core::random::SplitMix64::new(seed);
    let mut next = move |range: i16| (random.next_u64() % (2 * range as u64 + 1)) as i16 - range;
    let mut network = Network::zeroed();
    for column in &mut network.feature_weights {
        column.iter_mut().for_each(|weight| *weight = next(40));
    }
    network.feature_bias.iter_mut().for_each(|bias| *bias = next(100) + 60);
    // Small output weights: evaluations of a few hundred centipawns, as a
    // trained network gives, so that a search with it prunes as usual.
    network.output_weights.iter_mut().flatten().flatten().for_each(|weight| *weight = next(8));
    network.output_bias.iter_mut().for_each(|bias| *bias = i32::from(next(1000)));
    network
}

/// The moves of a game from root `root`, each with the position it is
/// played from: at each ply the move `choices[ply] % number_of_legal_moves`,
/// to the end of `choices` or of the game.
pub(crate) fn random_game(root: usize, choices: &[u8]) -> Vec<(Position, bb_movegen::Move)> {
    let mut position = Position::from_fen(ROOTS[root]).expect("valid FEN");
    let mut game = Vec::new();
    for &choice in choices {
        let moves = position.legal_moves();
        let Some(&mv) = moves.as_slice().get(usize::from(choice) % moves.len().max(1)) else { break };
        game.push((position, mv));
        position = position.play(mv);
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Move by move, the accumulator stays what a full computation gives,
    /// through captures, promotions, en passant and castling of both kinds.
    #[test]
    fn the_accumulator_kept_move_by_move_equals_the_one_computed_anew(
        root in 0..ROOTS.len(),
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u8>(), 1..120),
    ) {
        let network = random_network(seed);
        let mut accumulator = Accumulator::new(&network, &Position::from_fen(ROOTS[root]).expect("valid FEN"));
        for (position, mv) in random_game(root, &choices) {
            accumulator = accumulator.after_move(&network, &position, mv);
            let after = position.play(mv);
            prop_assert_eq!(accumulator, Accumulator::new(&network, &after), "after {} to {}", mv, after);
        }
    }

    /// A position and its colour-flipped mirror are the same position for
    /// the side to move: any network must score them alike.
    #[test]
    fn every_network_scores_a_position_and_its_mirror_alike(
        root in 0..ROOTS.len(),
        seed in any::<u64>(),
        choices in prop::collection::vec(any::<u8>(), 0..60),
    ) {
        let network = random_network(seed);
        let position = match random_game(root, &choices).last() {
            Some((position, mv)) => position.play(*mv),
            None => Position::from_fen(ROOTS[root]).expect("valid FEN"),
        };
        let mirrored = position.mirrored();
        let score = network.evaluate(&Accumulator::new(&network, &position), &position);
        let mirrored_score = network.evaluate(&Accumulator::new(&network, &mirrored), &mirrored);
        prop_assert_eq!(score, mirrored_score, "{} vs {}", position, mirrored);
    }
}

#[test]
fn the_inputs_are_distinct_and_cover_the_whole_layer() {
    for perspective in Color::ALL {
        let mut seen = [false; INPUTS];
        for piece in Piece::ALL {
            for square in Square::ALL {
                let index = feature_index(perspective, piece, square);
                assert_eq!(other_side_input(index), feature_index(perspective.opposite(), piece, square));
                assert!(!seen[index], "{piece:?} on {square:?} seen twice from {perspective:?}");
                seen[index] = true;
            }
        }
        assert!(seen.iter().all(|&seen| seen));
    }
    let own_king = Piece::new(Color::Black, PieceKind::King);
    assert_eq!(
        feature_index(Color::Black, own_king, Square::E8),
        feature_index(Color::White, Piece::new(Color::White, PieceKind::King), Square::E1)
    );
}

#[test]
fn one_neuron_by_hand() {
    // One neuron, fed by one's own king on e1: White's king is there, so
    // White's half of that neuron is 200; Black's king is on d8, so
    // Black's half stays at 0.
    let mut network = Network::zeroed();
    let king = Piece::new(Color::White, PieceKind::King);
    network.feature_weights[feature_index(Color::White, king, Square::E1)][0] = 200;
    // Three pieces: the first bucket.
    network.output_weights[0][0][0] = 64; // a weight of 1.0
    let white_to_move = Position::from_fen("3k4/8/8/8/8/8/7P/4K3 w - - 0 1").unwrap();
    let black_to_move = Position::from_fen("3k4/8/8/8/8/8/7P/4K3 b - - 0 1").unwrap();
    let accumulator = Accumulator::new(&network, &white_to_move);
    // Activation (200/255)² · 1.0, in centipawns of SCALE.
    let expected = (200 * 200 * 64 / QA) * SCALE / (QA * QB);
    assert_eq!(network.evaluate(&accumulator, &white_to_move), expected);
    assert_eq!(network.evaluate(&accumulator, &black_to_move), 0, "Black's own half is empty");
}

#[test]
fn the_embedded_network_is_read_and_knows_a_queen_from_a_pawn() {
    let network = embedded();
    let score = |fen: &str| {
        let position = Position::from_fen(fen).unwrap();
        network.evaluate(&Accumulator::new(&network, &position), &position)
    };
    let start = score("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(start.abs() < 100, "the opening: {start}");
    // Black's queen is gone: good for White whoever moves.
    let queen_up = "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";
    assert!(score(&format!("{queen_up} w KQkq - 0 1")) > 500);
    assert!(score(&format!("{queen_up} b KQkq - 0 1")) < -500);
}
