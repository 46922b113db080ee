use super::*;

fn parse(line: &str) -> Command {
    parse_line(line).expect("parses").expect("not blank").command
}

#[test]
fn simple_commands() {
    assert_eq!(parse("uci"), Command::Uci);
    assert_eq!(parse("  isready  "), Command::IsReady);
    assert_eq!(parse("ucinewgame"), Command::UciNewGame);
    assert_eq!(parse("stop"), Command::Stop);
    assert_eq!(parse("ponderhit"), Command::PonderHit);
    assert_eq!(parse("quit\r"), Command::Quit);
    assert_eq!(parse("debug on"), Command::Debug(true));
    assert_eq!(parse("debug off"), Command::Debug(false));
    assert_eq!(parse("register later"), Command::Register);
}

#[test]
fn blank_lines_are_nothing() {
    assert_eq!(parse_line(""), Ok(None));
    assert_eq!(parse_line(" \t "), Ok(None));
}

#[test]
fn unknown_leading_words_are_skipped() {
    let parsed = parse_line("joho debug on").unwrap().unwrap();
    assert_eq!(parsed.command, Command::Debug(true));
    assert_eq!(parsed.skipped, vec!["joho".to_string()]);
}

#[test]
fn unknown_commands_are_errors() {
    assert_eq!(parse_line("hello world"), Err(CommandError::Unknown("hello".into())));
    assert_eq!(parse_line("Go depth 3"), Err(CommandError::Unknown("Go".into())));
    assert_eq!(parse_line("hello world").unwrap_err().to_string(), "unknown command 'hello'");
}

#[test]
fn position_startpos_with_moves() {
    assert_eq!(
        parse("position startpos moves e2e4 e7e5"),
        Command::Position { start: StartPosition::StartPos, moves: vec!["e2e4".into(), "e7e5".into()] }
    );
    assert_eq!(
        parse("position startpos"),
        Command::Position { start: StartPosition::StartPos, moves: vec![] }
    );
    assert_eq!(
        parse("position startpos moves"),
        Command::Position { start: StartPosition::StartPos, moves: vec![] }
    );
}

#[test]
fn position_fen_keeps_all_fields() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    assert_eq!(
        parse(&format!("position fen {fen} moves c7c5")),
        Command::Position { start: StartPosition::Fen(fen.into()), moves: vec!["c7c5".into()] }
    );
    assert_eq!(
        parse("position   fen  8/8/8/8/8/8/8/K6k   w - -"),
        Command::Position { start: StartPosition::Fen("8/8/8/8/8/8/8/K6k w - -".into()), moves: vec![] }
    );
}

#[test]
fn malformed_positions() {
    assert!(matches!(parse_line("position"), Err(CommandError::Missing { command: "position", .. })));
    assert!(matches!(parse_line("position fen"), Err(CommandError::Missing { .. })));
    assert!(matches!(parse_line("position fen moves e2e4"), Err(CommandError::Missing { .. })));
    assert!(matches!(parse_line("position somewhere"), Err(CommandError::Unexpected { .. })));
    assert!(matches!(parse_line("position startpos e2e4"), Err(CommandError::Unexpected { .. })));
    assert_eq!(
        parse_line("position startpos e2e4").unwrap_err().to_string(),
        "'position': unexpected 'e2e4', expected 'moves' or the end of the line"
    );
}

#[test]
fn setoption_names_and_values_with_spaces() {
    assert_eq!(
        parse("setoption name Hash value 64"),
        Command::SetOption { name: "Hash".into(), value: Some("64".into()) }
    );
    assert_eq!(
        parse("setoption name Move Overhead value 100"),
        Command::SetOption { name: "Move Overhead".into(), value: Some("100".into()) }
    );
    assert_eq!(
        parse("setoption name Clear Hash"),
        Command::SetOption { name: "Clear Hash".into(), value: None }
    );
    assert_eq!(
        parse("setoption name SyzygyPath value /a b/c"),
        Command::SetOption { name: "SyzygyPath".into(), value: Some("/a b/c".into()) }
    );
}

#[test]
fn malformed_setoption() {
    assert!(matches!(parse_line("setoption"), Err(CommandError::Missing { .. })));
    assert!(matches!(parse_line("setoption Hash 1"), Err(CommandError::Unexpected { .. })));
    assert!(matches!(parse_line("setoption name"), Err(CommandError::Missing { .. })));
    assert!(matches!(parse_line("setoption name value 3"), Err(CommandError::Missing { .. })));
    assert!(matches!(parse_line("setoption name Hash value"), Err(CommandError::Missing { .. })));
}

#[test]
fn go_with_clock() {
    let Command::Go(params) = parse("go wtime 60000 btime -20 winc 1000 binc 0 movestogo 30") else {
        panic!("not go")
    };
    assert_eq!(params.wtime, Some(60000));
    assert_eq!(params.btime, Some(0));
    assert_eq!(params.winc, Some(1000));
    assert_eq!(params.binc, Some(0));
    assert_eq!(params.movestogo, Some(30));
    assert!(!params.infinite && !params.ponder);
    assert!(params.ignored.is_empty());
}

#[test]
fn go_other_limits() {
    let Command::Go(params) = parse("go depth 7 nodes 1000 mate 3 movetime 250 infinite ponder") else {
        panic!("not go")
    };
    assert_eq!(params.depth, Some(7));
    assert_eq!(params.nodes, Some(1000));
    assert_eq!(params.mate, Some(3));
    assert_eq!(params.movetime, Some(250));
    assert!(params.infinite && params.ponder);
    assert_eq!(parse("go"), Command::Go(GoParams::default()));
}

#[test]
fn go_searchmoves_stops_at_the_next_keyword() {
    let Command::Go(params) = parse("go searchmoves e2e4 d2d4 depth 3") else { panic!("not go") };
    assert_eq!(params.searchmoves, vec!["e2e4".to_string(), "d2d4".to_string()]);
    assert_eq!(params.depth, Some(3));
}

#[test]
fn go_unknown_words_are_kept_aside() {
    let Command::Go(params) = parse("go depth 2 fast") else { panic!("not go") };
    assert_eq!(params.depth, Some(2));
    assert_eq!(params.ignored, vec!["fast".to_string()]);
}

#[test]
fn go_bad_numbers() {
    assert_eq!(
        parse_line("go depth x"),
        Err(CommandError::BadNumber { parameter: "depth", text: "x".into() })
    );
    assert_eq!(parse_line("go depth -1").unwrap_err().to_string(), "'go depth': '-1' is not a valid number");
    assert_eq!(parse_line("go wtime").unwrap_err().to_string(), "'go wtime' needs a number");
    assert!(parse_line("go nodes 99999999999999999999999").is_err());
    assert!(parse_line("go movetime 1.5").is_err());
}

#[test]
fn debug_needs_on_or_off() {
    assert!(matches!(parse_line("debug"), Err(CommandError::Missing { .. })));
    assert!(matches!(parse_line("debug maybe"), Err(CommandError::Unexpected { .. })));
}

/// Issue #17: words are split by the FEN rule (ASCII spaces and tabs), so a
/// non-ASCII space stays inside the FEN and `from_fen` refuses it.
#[test]
fn words_split_on_ascii_spaces_and_tabs_only() {
    assert_eq!(parse("\tisready\t"), Command::IsReady);
    let nbsp = "4k3/8/8/8/8/8/8/4K3\u{a0}w\u{a0}-\u{a0}-\u{a0}0\u{a0}1";
    match parse(&format!("position fen {nbsp}")) {
        Command::Position { start: StartPosition::Fen(fen), .. } => assert_eq!(fen, nbsp),
        other => panic!("{other:?}"),
    }
    assert_eq!(parse_line("isready\u{2003}"), Err(CommandError::Unknown("isready\u{2003}".into())));
}

/// Issue #17: echoed input is cut to 64 characters and `…`.
#[test]
fn echoes_are_shortened() {
    let huge = "x".repeat(1 << 20);
    let message = parse_line(&huge).unwrap_err().to_string();
    assert_eq!(message, format!("unknown command '{}…'", "x".repeat(ECHO_CHARS)));
    assert_eq!(shorten("é".repeat(65).as_str()), format!("{}…", "é".repeat(64)));
    assert_eq!(shorten("short"), "short");
    let error = CommandError::LineTooLong { limit: 4 };
    assert_eq!(error.to_string(), "line ignored: longer than the limit of 4 bytes");
}

/// Found by the `uci_line` fuzz target (issue #17): a word holding a `\r`
/// was echoed raw, so a GUI ending lines at `\r` read the rest of the word
/// as an engine message of its own. Control characters are now escaped.
#[test]
fn control_characters_in_echoes_are_escaped() {
    let forged = parse_line("foo\rbestmove a1a2").unwrap_err().to_string();
    assert_eq!(forged, "unknown command 'foo\\rbestmove'");
    // The fuzzer's input: 42 stray 0xE7 bytes (each read as U+FFFD), then \r, \x02 and NULs.
    let mut crash = vec![0xe7; 42];
    crash.extend_from_slice(b"ucde\xef\x0d\x02\x00@\x00\x00\x00pthi\nisready\n");
    let text = String::from_utf8_lossy(&crash);
    let message = parse_line(text.split('\n').next().unwrap()).unwrap_err().to_string();
    assert!(!message.contains(['\n', '\r']), "{message:?}");
    assert!(message.ends_with("ucde\u{fffd}\\r\\u{2}\\0@\\0\\0\\0pthi'"), "{message:?}");
    // Cut after 64 characters, escapes and all.
    let long = format!("{}\r", "x".repeat(64));
    assert_eq!(shorten(&long), format!("{}…", "x".repeat(64)));
    assert_eq!(shorten("a\tb\u{85}"), "a\\tb\\u{85}");
}
