//! `Setup` and lenient validation: setups round-trip every suite position,
//! setups and FEN are judged alike, and each relaxation is tested both
//! ways (refused without it, accepted with it, perft counts from
//! python-chess on the accepted positions, `is_legal` agreeing with the
//! generator on all codes there).

use bb_core::{Color, Piece, Square};
use bb_movegen::{
    epd, perft, CastlingRook, CastlingSide, FenError, Move, Position, Relaxation, Setup, Validation,
};

const SUITES: [&str; 3] =
    [include_str!("data/standard.epd"), include_str!("data/chess960.epd"), include_str!("data/random.epd")];

#[test]
fn every_suite_position_round_trips_through_its_setup() {
    let mut checked = 0;
    for suite in SUITES {
        for (_, line) in epd::lines(suite) {
            let position = Position::from_fen(line.unwrap().fen()).unwrap();
            let setup = position.setup();
            assert_eq!(setup, Setup::from(&position));
            let back = setup.position().unwrap_or_else(|error| panic!("{position}: {error}"));
            assert_eq!(back, position);
            assert_eq!(back.to_string(), position.to_string());
            assert_eq!(back.zobrist_key(), position.zobrist_key());
            assert_eq!(back.is_chess960(), position.is_chess960(), "{position}");
            assert_eq!(setup.position_with(Validation::PLAYABLE), Ok(position));
            checked += 1;
        }
    }
    assert_eq!(checked, 71 + 60 + 500);
}

#[test]
fn setups_are_refused_with_the_fen_errors() {
    let start = Position::startpos().setup();
    let mut two_kings = start;
    two_kings.put(Square::E4, Piece::WhiteKing);
    assert_eq!(two_kings.position(), Err(FenError::KingCount { color: Color::White, count: 2 }));
    let mut back_rank_pawn = start;
    back_rank_pawn.put(Square::B1, Piece::BlackPawn);
    assert_eq!(back_rank_pawn.position(), Err(FenError::PawnOnBackRank(Square::B1)));
    let mut repeated = start;
    repeated.castling = [Some(CastlingRook::Outermost(Color::White, CastlingSide::King)); 4];
    assert_eq!(repeated.position(), Err(FenError::RepeatedCastlingRight('K')));
    let mut shredder = start;
    shredder.castling = [None, Some(CastlingRook::OnFile(Color::Black, bb_core::File::G)), None, None];
    assert_eq!(shredder.position(), Err(FenError::CastlingWithoutPieces('g')));
    let mut counters = start;
    counters.fullmove_number = 0;
    counters.halfmove_clock = 7;
    assert_eq!(counters.position().map(|p| p.to_string()), Ok(STARTPOS_WITH_CLOCK.to_string()));
    let mut builder = Setup::empty();
    builder.put(Square::A1, Piece::WhiteKing).put(Square::H8, Piece::BlackKing).remove(Square::A1);
    assert_eq!(builder.piece_at(Square::A1), None);
    assert_eq!(builder.position(), Err(FenError::KingCount { color: Color::White, count: 0 }));
    assert_eq!(Setup::default(), Setup::empty());
}

const STARTPOS_WITH_CLOCK: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 7 1";

/// Every code classified as the generator does (see tests/legality.rs).
fn assert_is_legal_agrees(position: &Position) {
    let legal = position.legal_moves();
    for code in 0..=u16::MAX {
        if let Some(mv) = Move::from_u16(code) {
            assert_eq!(position.is_legal(mv), legal.contains(mv), "{mv:?} in {position}");
        }
    }
}

/// `fen` is refused with `error` unless `rule` is relaxed; with it, alone
/// or among all, it is accepted, plays as `counts` say (python-chess), and
/// prints as `printed`.
fn check_relaxation(rule: Relaxation, fen: &str, error: FenError, printed: &str, counts: [u64; 3]) {
    let without = Validation::PLAYABLE.enforce(rule);
    for validation in [Validation::STRICT, without] {
        assert_eq!(Position::from_fen_with(fen, validation), Err(error), "{fen} with {validation:?}");
    }
    assert_eq!(Position::from_fen(fen), Err(error));
    for validation in [Validation::STRICT.relax(rule), Validation::PLAYABLE] {
        let position = Position::from_fen_with(fen, validation).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(position.to_string(), printed);
        let got: Vec<u64> = (1..=3).map(|depth| perft(&position, depth)).collect();
        assert_eq!(got, counts, "{fen}");
        assert_is_legal_agrees(&position);
        assert_eq!(position.setup().position_with(validation), Ok(position));
    }
}

#[test]
fn impossible_checks_both_ways() {
    let fen = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";
    check_relaxation(Relaxation::ImpossibleCheck, fen, FenError::ImpossibleCheck, fen, [6, 106, 1829]);
    let triple = "8/8/8/4k3/3P4/3N4/8/K3R3 b - - 0 1";
    check_relaxation(Relaxation::ImpossibleCheck, triple, FenError::ImpossibleCheck, triple, [5, 118, 521]);
}

#[test]
fn too_much_material_both_ways() {
    let nine_pawns = "4k3/8/8/8/P7/8/PPPPPPPP/4K3 w - - 0 1";
    let error = FenError::TooMuchMaterial(Color::White);
    check_relaxation(Relaxation::TooMuchMaterial, nine_pawns, error, nine_pawns, [18, 90, 1580]);
    let knights = "4k3/8/8/8/8/NNN5/NNNNNNNN/4K3 w - - 0 1";
    check_relaxation(Relaxation::TooMuchMaterial, knights, error, knights, [48, 238, 11336]);
    // Ten queens might have more moves than a move list holds: refused
    // however lenient the validation.
    let queens = "4k3/8/8/8/8/1QQQQQ2/QQQQQ3/4K3 w - - 0 1";
    assert_eq!(Position::from_fen_with(queens, Validation::PLAYABLE), Err(error));
}

#[test]
fn impossible_en_passant_squares_both_ways() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e6 0 1";
    let printed = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let error = FenError::ImpossibleEnPassant(Square::E6);
    check_relaxation(Relaxation::ImpossibleEnPassant, fen, error, printed, [20, 600, 13160]);
}

#[test]
fn castling_rights_without_pieces_both_ways() {
    let fen = "4k2r/8/8/8/8/8/8/R3K3 w KQkq - 0 1";
    let printed = "4k2r/8/8/8/8/8/8/R3K3 w Qk - 0 1";
    let error = FenError::CastlingWithoutPieces('K');
    check_relaxation(Relaxation::CastlingWithoutPieces, fen, error, printed, [16, 221, 3610]);
}

#[test]
fn the_rules_that_are_never_relaxed_stay_enforced() {
    for (fen, error) in [
        ("4k3/8/8/8/8/8/8/4K2R b - - 0 1", None),
        ("4k2R/8/8/8/8/8/8/4K3 w - - 0 1", Some(FenError::OpponentInCheck)),
        ("4k3/8/8/8/8/8/8/4KK2 w - - 0 1", Some(FenError::KingCount { color: Color::White, count: 2 })),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", Some(FenError::KingCount { color: Color::Black, count: 0 })),
        ("4k2P/8/8/8/8/8/8/4K3 b - - 0 1", Some(FenError::PawnOnBackRank(Square::H8))),
        ("4k3/8/8/8/8/8/8/R3K2R w KK - 0 1", Some(FenError::RepeatedCastlingRight('K'))),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 x", Some(FenError::FieldCount(7))),
    ] {
        assert_eq!(Position::from_fen_with(fen, Validation::PLAYABLE).err(), error, "{fen}");
    }
    assert_eq!(Validation::default(), Validation::STRICT);
    let all = Relaxation::ALL.iter().fold(Validation::STRICT, |validation, rule| validation.relax(*rule));
    assert_eq!(all, Validation::PLAYABLE);
    assert!(Relaxation::ALL.iter().all(|rule| !Validation::STRICT.relaxes(*rule)));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 64, ..Default::default() })]

    /// Along random playouts (rights lost, en-passant squares set and
    /// cleared), every position's setup gives it back, strictly and leniently.
    #[test]
    fn setups_round_trip_along_random_playouts(
        start in 0..2usize,
        choices in proptest::collection::vec(proptest::prelude::any::<u16>(), 0..150),
    ) {
        let starts = [bb_movegen::STARTPOS_FEN, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"];
        let mut position = Position::from_fen(starts[start]).unwrap();
        for choice in choices {
            proptest::prop_assert_eq!(position.setup().position(), Ok(position));
            proptest::prop_assert_eq!(position.setup().position_with(Validation::PLAYABLE), Ok(position));
            let legal = position.legal_moves();
            if legal.is_empty() {
                break;
            }
            position = position.play(legal[usize::from(choice) % legal.len()]);
        }
    }
}
