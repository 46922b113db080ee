//! `bb perft`: output format, options, deep perft, EPD suites.

// These tests start the `bb` binary as a process, which a wasm32-wasip1
// program cannot do; there `cargo xtask compare` runs `bb` itself.
#![cfg(not(target_family = "wasm"))]

mod common;
use common::*;

#[test]
fn perft_3_of_the_initial_position() {
    let run = bb_ok(&["perft", "3"]);
    assert_eq!(run.lines().len(), 1);
    assert!(run.last_line().starts_with("nodes 8902 time "), "{}", run.last_line());
    let (nodes, seconds, _) = parse_summary(run.last_line());
    assert_eq!(nodes, 8902);
    assert!(seconds >= 0.0);
}

#[test]
fn divide_lines_sum_to_the_total() {
    let run = bb_ok(&["perft", "3", "--divide"]);
    let lines = run.lines();
    let (last, moves) = lines.split_last().unwrap();
    let split = parse_divide(moves);
    assert_eq!(split.len(), 20);
    assert!(split.contains(&("e2e4", 600)));
    assert!(split.contains(&("g1f3", 440)));
    assert_eq!(split.iter().map(|(_, count)| count).sum::<u128>(), 8902);
    assert_eq!(parse_summary(last).0, 8902);
}

#[test]
fn fen_and_moves_choose_the_position() {
    // After 1.e4 e5 White has 29 moves.
    assert_eq!(parse_summary(bb_ok(&["perft", "1", "--moves", "e2e4", "e7e5"]).last_line()).0, 29);
    assert_eq!(parse_summary(bb_ok(&["perft", "1", "--moves", "e2e4 e7e5"]).last_line()).0, 29);
    let fen_option = format!("--fen={KIWIPETE}");
    assert_eq!(parse_summary(bb_ok(&["perft", "2", &fen_option]).last_line()).0, 2039);
    // Options in any order; castling written the standard way.
    let run = bb_ok(&["perft", "--moves", "e1g1", "--fen", KIWIPETE, "1"]);
    assert_eq!(parse_summary(run.last_line()).0, 43);
    assert_eq!(parse_summary(bb_ok(&["perft", "0"]).last_line()).0, 1);
}

#[test]
fn chess960_castling_is_written_king_takes_rook() {
    let fen = "bbr2krn/ppppp1p1/5p1p/5q2/3nN3/1PN2PQP/PBPPP1P1/1BR2K1R b Cgc - 7 11";
    let run = bb_ok(&["perft", "1", "--divide", "--fen", fen]);
    let split = parse_divide(&run.lines()[..run.lines().len() - 1]);
    assert_eq!(split.len(), 43);
    assert!(split.contains(&("f8g8", 1)), "king takes own rook on g8: {:?}", run.stdout);
}

#[test]
fn threads_and_hash_give_the_same_divide() {
    let plain = bb_ok(&["perft", "4", "--divide", "--fen", KIWIPETE]);
    let deep = bb_ok(&["perft", "4", "--divide", "--fen", KIWIPETE, "--threads", "2", "--hash=8"]);
    let (plain_last, plain_moves) = plain.lines().split_last().map(|(l, m)| (*l, m.to_vec())).unwrap();
    let (deep_last, deep_moves) = deep.lines().split_last().map(|(l, m)| (*l, m.to_vec())).unwrap();
    assert_eq!(plain_moves, deep_moves);
    assert_eq!(parse_summary(plain_last).0, 4_085_603);
    assert_eq!(parse_summary(deep_last).0, 4_085_603);
    let three_threads = bb_ok(&["perft", "5", "--threads", "3", "--hash", "1"]);
    assert_eq!(parse_summary(three_threads.last_line()).0, 4_865_609);
}

#[test]
fn hashed_leaves_count_like_perft_and_sum_the_divide() {
    let run = bb_ok(&["perft", "3", "--hash-leaves", "--divide", "--fen", KIWIPETE]);
    let lines = run.lines();
    let (last, moves) = lines.split_last().unwrap();
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words[..3], ["nodes", "97862", "key_sum"], "{last}");
    let key_sum = u64::from_str_radix(words[3].trim_start_matches("0x"), 16).unwrap();
    let (mut nodes, mut sum) = (0u64, 0u64);
    for line in moves {
        let [_, count, key] = line.split_whitespace().collect::<Vec<_>>()[..] else { panic!("{line}") };
        nodes += count.parse::<u64>().unwrap();
        sum = sum.wrapping_add(u64::from_str_radix(key.trim_start_matches("0x"), 16).unwrap());
    }
    assert_eq!((moves.len(), nodes, sum), (48, 97_862, key_sum));
    // The library's sum, whose keys are checked against keys from scratch.
    let kiwipete = bb_movegen::Position::from_fen(KIWIPETE).unwrap();
    assert_eq!(key_sum, bb_movegen::perft::perft_hashed(&kiwipete, 3).key_sum);
    let json = bb_ok(&["perft", "1", "--hash-leaves", "--json"]);
    assert!(json.last_line().contains("\"nodes\":20,") && json.last_line().contains("\"key_sum\":\"0x"));
    assert_bad_input(&["perft", "3", "--hash-leaves", "--threads", "2"], "cannot be used with");
}

#[test]
fn a_good_suite_passes() {
    let run = bb_ok(&["perft", "--epd", &data("good.epd")]);
    assert_eq!(run.lines().len(), 1, "{}", run.stdout);
    let summary = run.last_line();
    assert!(summary.starts_with("5 positions, 0 mismatches, 17112 nodes, "), "{summary}");
    assert!(summary.ends_with(" s"), "{summary}");
    let shallow =
        bb_ok(&["perft", "--epd", &data("good.epd"), "--depth", "1", "--threads", "2", "--hash", "4"]);
    assert!(shallow.last_line().starts_with("5 positions, 0 mismatches, 155 nodes, "), "{}", shallow.stdout);
}

#[test]
fn a_wrong_count_is_reported_and_fails() {
    let run = bb(&["perft", "--epd", &data("wrong-count.epd")]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert_eq!(
        run.lines(),
        [
            "MISMATCH rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 depth 2 expected 401 got 400",
            run.last_line()
        ]
    );
    assert!(run.last_line().starts_with("2 positions, 1 mismatches, 625 nodes, "), "{}", run.last_line());
    // Below the wrong depth all is well.
    let shallow = bb(&["perft", "--epd", &data("wrong-count.epd"), "--depth=1"]);
    assert_eq!(shallow.code, Some(0));
}

/// Issue #11: a line that cannot be read is named with its line number on
/// stderr, the other lines are still counted, and the run fails at the end.
#[test]
fn a_suite_line_that_does_not_parse_is_named_and_the_rest_counted() {
    for (file, error) in [
        ("bad-fen.epd", "line 3: invalid FEN (castling field)"),
        ("bad-count.epd", "line 2: expected 'D<depth> <count>'"),
    ] {
        let run = bb(&["perft", "--epd", &data(file)]);
        assert_eq!(run.code, Some(2), "{file}: {}", run.stderr);
        let errors: Vec<&str> = run.stderr.lines().collect();
        assert_eq!(errors.len(), 2, "{file}: {}", run.stderr);
        assert!(errors[0].starts_with("bb: ") && errors[0].contains(error), "{file}: {}", errors[0]);
        assert!(errors[1].contains("1 lines of") && errors[1].contains("--lenient"), "{}", errors[1]);
        let summary = run.last_line();
        assert!(
            summary.contains(" 0 mismatches, ") && summary.ends_with(", 1 unreadable lines"),
            "{summary}"
        );
        assert!(!summary.starts_with("0 positions"), "{file}: the good lines were not counted: {summary}");
    }
}

/// Issue #17: an EPD file with CR-only line endings (old Mac style) reads
/// as separate lines, and an error in it names the right line.
#[test]
fn cr_only_line_endings_read_as_lines() {
    let directory = std::env::temp_dir().join(format!("bb-cr-only-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let good = directory.join("good.epd");
    let text = std::fs::read_to_string(data("good.epd")).unwrap();
    let cr_only = text.replace("\r\n", "\n").replace('\n', "\r");
    assert!(!cr_only.contains('\n'));
    std::fs::write(&good, &cr_only).unwrap();
    let run = bb_ok(&["perft", "--epd", good.to_str().unwrap()]);
    assert!(run.last_line().starts_with("5 positions, 0 mismatches, 17112 nodes, "), "{}", run.stdout);

    let bad = directory.join("bad.epd");
    std::fs::write(&bad, "# comment\r8/8/8/8/8/8/8/K6k w - - ;D1 3\r8/8/8/8/8/8/8/K6k w - - ;D1 x\r")
        .unwrap();
    let run = bb(&["perft", "--epd", bad.to_str().unwrap()]);
    assert_eq!(run.code, Some(2), "{}", run.stderr);
    assert!(run.stderr.lines().next().is_some_and(|line| line.contains("line 3")), "{}", run.stderr);
    assert!(run.last_line().starts_with("1 positions, 0 mismatches, 3 nodes"), "{}", run.stdout);
    std::fs::remove_dir_all(&directory).unwrap();
}

/// Issue #11: `--lenient` accepts a playable position that cannot arise in
/// a game; without it the line is reported and the rest still counted.
#[test]
fn lenient_suites_count_impossible_but_playable_positions() {
    let strict = bb(&["perft", "--epd", &data("impossible-check.epd")]);
    assert_eq!(strict.code, Some(2), "{}", strict.stderr);
    assert!(strict.stderr.lines().next().is_some_and(|line| line.contains("line 4: ")), "{}", strict.stderr);
    assert!(strict.last_line().starts_with("2 positions, 0 mismatches, 421 nodes"), "{}", strict.stdout);
    let lenient = bb_ok(&["perft", "--epd", &data("impossible-check.epd"), "--lenient"]);
    assert!(lenient.last_line().starts_with("3 positions, 0 mismatches, 2362 nodes"), "{}", lenient.stdout);
}
