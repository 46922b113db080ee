//! Unit tests of SAN printing and parsing: the leniencies one by one and
//! each error variant with its message.

use crate::{Position, SanError};

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

/// The UCI text (castling as king takes rook) of the move `san` names.
fn parse(position: &Position, san: &str) -> String {
    match position.parse_san(san) {
        Ok(mv) => mv.uci(true).to_string(),
        Err(error) => panic!("{position}: {san}: {error}"),
    }
}

fn print(position: &Position, uci: &str) -> String {
    position.san(position.parse_uci_move(uci).unwrap()).to_string()
}

#[test]
fn disambiguation_is_minimal() {
    // Knights on b1 and f1 both reach d2: the file tells them apart.
    let knights = position("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    assert_eq!(print(&knights, "b1d2"), "Nbd2");
    assert_eq!(print(&knights, "b1c3"), "Nc3");
    // Rooks on a1 and a5: same file, so the rank.
    let rooks = position("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(print(&rooks, "a1a3"), "R1a3");
    // Queens on a1, a3 and c1 all reach b2 (a1 shares a file and a rank).
    let queens = position("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    assert_eq!(print(&queens, "a1b2"), "Qa1b2");
    assert_eq!(print(&queens, "c1b2"), "Qcb2");
    assert_eq!(print(&queens, "a3b2"), "Q3b2");
}

#[test]
fn a_pinned_piece_needs_no_disambiguation() {
    // The c2 and e2 knights both see d4, but the e8 rook pins the e2 one:
    // only legal moves count, so no origin is named.
    let pinned = position("4r1k1/8/8/8/8/8/2N1N3/4K3 w - - 0 1");
    assert_eq!(print(&pinned, "c2d4"), "Nd4");
}

#[test]
fn captures_promotions_checks_and_mates() {
    let position = position("r3k3/1P6/8/3p4/4P3/8/8/4K2R w K - 0 1");
    assert_eq!(print(&position, "e4d5"), "exd5");
    assert_eq!(print(&position, "b7a8q"), "bxa8=Q+");
    assert_eq!(print(&position, "b7b8n"), "b8=N");
    assert_eq!(print(&position, "h1h8"), "Rh8+");
    assert_eq!(print(&position, "e1h1"), "O-O");
    let mate = Position::startpos().play(Position::startpos().parse_uci_move("f2f3").unwrap());
    let mate = mate.play(mate.parse_uci_move("e7e5").unwrap());
    let mate = mate.play(mate.parse_uci_move("g2g4").unwrap());
    assert_eq!(print(&mate, "d8h4"), "Qh4#");
    let ep = self::position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(print(&ep, "e5d6"), "exd6");
}

#[test]
fn chess960_castling_is_written_by_side() {
    // King b1, rooks a1 and h1: O-O-O is king takes a1, O-O king takes h1.
    let position = position("1k5r/8/8/8/8/8/8/RK5R w HAh - 0 1");
    assert_eq!(print(&position, "b1a1"), "O-O-O");
    assert_eq!(print(&position, "b1h1"), "O-O");
    assert_eq!(parse(&position, "O-O-O"), "b1a1");
    assert_eq!(parse(&position, "0-0"), "b1h1");
    // Kc1 is a plain king move, not castling.
    assert_eq!(parse(&position, "Kc1"), "b1c1");
}

#[test]
fn lenient_spellings() {
    let start = Position::startpos();
    for text in
        ["Nf3", "Nf3+", "Nf3#", "Nf3!", "Nf3?!", "Nf3!!", "Nf3??", " Nf3 ", "Ngf3", "N1f3", "Ng1f3", "Ng1-f3"]
    {
        assert_eq!(parse(&start, text), "g1f3", "{text}");
    }
    for text in ["e4", "e2e4", "e2-e4", "Pe4", "e4!?"] {
        assert_eq!(parse(&start, text), "e2e4", "{text}");
    }
    let capture = position("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    for text in ["exd5", "ed5", "e:d5", "e4xd5", "exd5+"] {
        assert_eq!(parse(&capture, text), "e4d5", "{text}");
    }
    let promotion = position("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1");
    for (text, uci) in [
        ("exd8=Q", "e7d8q"),
        ("exd8Q", "e7d8q"),
        ("ed8q", "e7d8q"),
        ("exd8=n+", "e7d8n"),
        ("e7xd8=R", "e7d8r"),
    ] {
        assert_eq!(parse(&promotion, text), uci, "{text}");
    }
    let ep = position("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
    assert_eq!(parse(&ep, "exd6 e.p."), "e5d6");
    let castle = position("r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1");
    for (text, uci) in
        [("O-O", "e8h8"), ("0-0", "e8h8"), ("o-o", "e8h8"), ("O-O-O+", "e8a8"), ("0-0-0", "e8a8")]
    {
        assert_eq!(parse(&castle, text), uci, "{text}");
    }
}

#[test]
fn each_error_names_what_is_wrong() {
    let start = Position::startpos();
    assert_eq!(start.parse_san(""), Err(SanError::Empty));
    assert_eq!(
        start.parse_san("  ").unwrap_err().to_string(),
        "no move text (expected SAN such as e4, Nf3 or O-O)"
    );

    for text in ["Xe4", "e9", "N", "Nf3=Q", "e4e5e6", "+", "é4", "O-O-O-O"] {
        let error = start.parse_san(text).unwrap_err();
        assert!(matches!(error, SanError::Syntax(_)), "{text}: {error:?}");
    }
    assert_eq!(
        start.parse_san("Xe4").unwrap_err().to_string(),
        "'Xe4' is not SAN (expected a move such as e4, Nf3, exd5, e8=Q or O-O)"
    );
    let long = "Z".repeat(100);
    let error = start.parse_san(&long).unwrap_err();
    assert!(error.text().is_cut() && error.to_string().contains("ZZZ...'"), "{error}");

    for text in ["Nf6", "e5", "O-O", "Ke2", "exd5", "Bb5", "e2e5", "N1d2"] {
        let error = start.parse_san(text).unwrap_err();
        assert_eq!(error, SanError::Illegal(error.text()), "{text}");
        assert_eq!(error.text().as_str(), text);
    }
    assert_eq!(start.parse_san("O-O").unwrap_err().to_string(), "no legal move matches 'O-O'");

    let queens = position("4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1");
    let error = queens.parse_san("Qb2").unwrap_err();
    let SanError::Ambiguous { from, .. } = error else { panic!("{error:?}") };
    assert_eq!(from.count(), 3);
    assert_eq!(error.to_string(), "'Qb2' is ambiguous: it can be played from a1, c1 or a3");
    assert!(matches!(queens.parse_san("Qab2"), Err(SanError::Ambiguous { .. })));
    assert_eq!(parse(&queens, "Qa1b2"), "a1b2");

    let promotion = position("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    let error = promotion.parse_san("b8").unwrap_err();
    assert_eq!(error, SanError::MissingPromotion(error.text()));
    assert_eq!(error.to_string(), "'b8' reaches the last rank: name the piece to promote to, as in e8=Q");
    // A promotion piece where there is no promotion, or a king promotion.
    assert!(matches!(Position::startpos().parse_san("e4=Q"), Err(SanError::Illegal(_))));
    assert!(matches!(promotion.parse_san("b8=K"), Err(SanError::Syntax(_))));
}

#[test]
fn san_displays_padded_and_debugs_quoted() {
    let start = Position::startpos();
    let san = start.san(start.parse_uci_move("g1f3").unwrap());
    assert_eq!(format!("[{san:>5}]"), "[  Nf3]");
    assert_eq!(format!("{san:?}"), "San(\"Nf3\")");
}

#[test]
fn printing_any_move_code_never_panics() {
    // Not only legal moves: every code a `Move` can hold, in positions
    // with and without check.
    for fen in
        [crate::STARTPOS_FEN, "4k3/8/8/8/8/8/4q3/4K3 w - - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1"]
    {
        let position = position(fen);
        for code in 0..=u16::MAX {
            if let Some(mv) = crate::Move::from_u16(code) {
                let san = position.san(mv);
                assert!(!san.as_str().is_empty(), "{fen} {mv:?}");
            }
        }
    }
}

/// Found by the `san` fuzz target: text with a line break in it must give
/// a one-line error (the break is shown escaped).
#[test]
fn errors_stay_on_one_line_whatever_the_text() {
    let position = position("8/Q6Q/4k3/8/8/8/1Q6/Q1K5 w - - 10 6");
    for text in ["Qhe7+\n8/Q6Q", "e4\r\nd5", "N\tf3", "\u{1b}[2J"] {
        let message = position.parse_san(text).unwrap_err().to_string();
        assert!(!message.contains(['\n', '\r', '\t', '\u{1b}']), "{message:?}");
    }
    let message = position.parse_san("Qhe7+\n8").unwrap_err().to_string();
    assert!(message.contains("Qhe7+\\n8"), "{message}");
}
