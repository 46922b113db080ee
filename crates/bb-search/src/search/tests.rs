use super::*;
use crate::score::{mate_in, mated_in, MateOrCentipawns};
use bb_movegen::Position;

fn run(fen: &str, depth: u32) -> SearchOutcome {
    run_with_history(fen, &[], depth)
}

/// Searches the position reached from `fen` by `moves`, with those moves as game history.
fn run_with_history(fen: &str, moves: &[&str], depth: u32) -> SearchOutcome {
    let mut position = Position::from_fen(fen).expect("valid FEN");
    let mut history = Vec::new();
    for text in moves {
        let mv = position.parse_uci_move(text).expect("legal move");
        history.push(position.zobrist_key());
        position = position.play(mv);
    }
    let mut state = SearchState::new(4).expect("table");
    let request = SearchRequest { history, ..SearchRequest::new(position, SearchLimits::depth(depth)) };
    search(&mut state, &request, &SearchSignals::default(), &mut |_| {})
}

#[test]
fn finds_mate_in_two() {
    // Legal's mate: 1. Nf6+ gxf6 2. Bxf7#.
    let outcome = run("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 8", 5);
    assert_eq!(outcome.best_move.to_string(), "d5f6");
    assert_eq!(outcome.score, mate_in(3));
    assert_eq!(MateOrCentipawns::from_score(outcome.score), MateOrCentipawns::Mate(2));
}

#[test]
fn finds_mate_in_three_for_either_side() {
    let white = run("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 6);
    assert_eq!(MateOrCentipawns::from_score(white.score), MateOrCentipawns::Mate(3));
    assert_eq!(white.best_move.to_string(), "f6a6");
    let black = run("2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", 6);
    assert_eq!(MateOrCentipawns::from_score(black.score), MateOrCentipawns::Mate(3));
    assert_eq!(black.best_move.to_string(), "b1g6");
}

#[test]
fn sees_its_own_mate_coming() {
    // White to move is mated next move whatever it does (Qh2#).
    let outcome = run("7k/8/8/8/8/5n2/Pq6/7K w - - 0 1", 4);
    assert_eq!(outcome.score, mated_in(2));
    assert_eq!(MateOrCentipawns::from_score(outcome.score), MateOrCentipawns::Mate(-1));
}

#[test]
fn no_move_when_mated_or_stalemated() {
    let mated = run("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 3);
    assert_eq!((mated.best_move, mated.score), (Move::NULL, mated_in(0)));
    let stalemated = run("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3);
    assert_eq!((stalemated.best_move, stalemated.score), (Move::NULL, 0));
}

#[test]
fn does_not_stalemate_a_won_position() {
    // Qf7 would stalemate; with a queen up the score must stay winning.
    let outcome = run("7k/8/6Q1/8/8/8/8/K7 w - - 0 1", 6);
    assert!(outcome.score > 500, "{outcome:?}");
    let after = Position::from_fen("7k/8/6Q1/8/8/8/8/K7 w - - 0 1").unwrap().play(outcome.best_move);
    assert!(!after.legal_moves().is_empty());
}

#[test]
fn fifty_move_rule_draws_unless_mate() {
    // Clock at 99: every move ends the game drawn, however much material.
    let drawn = run("7k/8/8/8/8/1Q6/8/K7 w - - 99 80", 4);
    assert_eq!(drawn.score, 0);
    // ...but a mate on the hundredth half-move is still a mate.
    let mate = run("7k/8/6K1/8/8/8/8/1Q6 w - - 99 80", 4);
    assert_eq!(mate.score, mate_in(1));
    assert_eq!(mate.best_move.to_string(), "b1b8");
}

#[test]
fn repetition_from_the_game_history_is_a_draw() {
    // Black, a queen down, has been shuffling; Kc8 repeats a position.
    let start = "1k6/8/8/8/8/8/8/K6Q b - - 0 1";
    let lost = run(start, 6);
    assert!(lost.score < -500, "{lost:?}");
    let saved = run_with_history(start, &["b8c8", "a1b1", "c8b8", "b1a1"], 6);
    assert_eq!(saved.score, 0, "{saved:?}");
    assert_eq!(saved.best_move.to_string(), "b8c8");
}

/// Runs `check` on a fresh main-thread searcher of the start position, for
/// tests of its parts between searches.
fn with_searcher(check: impl FnOnce(&mut Searcher<'_>)) {
    let mut state = SearchState::new(1).unwrap();
    let signals = SearchSignals::default();
    let limits = SearchLimits::depth(1);
    let thread_nodes = [smp::NodeCount::default()];
    let request = SearchRequest::new(Position::startpos(), limits);
    let control = Control::new(&limits, &signals);
    check(&mut Searcher::new(&state.tt, None, &mut state.ordering, control, &request, &thread_nodes, 0));
}

#[test]
fn repetition_detection_respects_the_clock_and_null_moves() {
    with_searcher(|searcher| {
        searcher.root_depth = 1;
        let mut position = Position::startpos();
        for text in ["g1f3", "g8f6", "f3g1", "f6g8"] {
            position = position.play(position.parse_uci_move(text).unwrap());
            searcher.path.push(position.zobrist_key());
        }
        assert!(searcher.is_draw(&position), "the start position occurs twice");
        // The same key, but after a null move in between: not a repetition.
        searcher.path.insert(2, NULL_MOVE_KEY);
        searcher.path.remove(3);
        assert!(!searcher.is_draw(&position));
        // A position whose clock says a pawn moved since cannot repeat anything earlier.
        let fresh = Position::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
        searcher.path = vec![fresh.zobrist_key(), 1, 2, 3, fresh.zobrist_key()];
        assert!(!searcher.is_draw(&fresh));
    });
}

#[test]
fn improving_skips_evaluations_taken_in_check() {
    with_searcher(|searcher| {
        for (ply, eval) in [(0, 30), (1, -10), (2, NO_EVAL), (3, 5), (4, 40)] {
            searcher.frames[ply].eval = eval;
        }
        assert!(!searcher.is_improving(100, 1), "nothing two plies up");
        assert!(searcher.is_improving(50, 6), "above ply 4's 40");
        assert!(!searcher.is_improving(35, 6), "below ply 4's 40");
        // Ply 2 was in check: ply 4 is compared with ply 0, not with NO_EVAL.
        assert!(!searcher.is_improving(20, 4), "below ply 0's 30");
        assert!(searcher.is_improving(31, 4));
        // Ply 3 was not in check, so ply 5 compares with it.
        assert!(searcher.is_improving(6, 5) && !searcher.is_improving(5, 5));
        // In check two and four plies up: no evaluation to compare with.
        searcher.frames[0].eval = NO_EVAL;
        assert!(!searcher.is_improving(1_000, 4));
    });
}

#[test]
fn search_moves_restrict_the_root() {
    let position = Position::startpos();
    let only = position.parse_uci_move("a2a3").unwrap();
    let mut state = SearchState::new(1).unwrap();
    let request =
        SearchRequest { search_moves: vec![only], ..SearchRequest::new(position, SearchLimits::depth(4)) };
    let outcome = search(&mut state, &request, &SearchSignals::default(), &mut |_| {});
    assert_eq!(outcome.best_move, only);
}

#[test]
fn node_limit_and_stop_flag_end_the_search() {
    let position = Position::startpos();
    let mut state = SearchState::new(1).unwrap();
    let limits = SearchLimits { nodes: Some(5_000), ..SearchLimits::default() };
    let outcome =
        search(&mut state, &SearchRequest::new(position, limits), &SearchSignals::default(), &mut |_| {});
    assert!(outcome.nodes <= 5_000 + 1_000, "{}", outcome.nodes);
    assert!(position.legal_moves().contains(outcome.best_move));

    // Stop raised before the start: the first iteration still completes.
    let signals = SearchSignals::default();
    signals.stop.store(true, std::sync::atomic::Ordering::Release);
    let outcome =
        search(&mut state, &SearchRequest::new(position, SearchLimits::default()), &signals, &mut |_| {});
    assert_eq!(outcome.depth, 1);
    assert!(position.legal_moves().contains(outcome.best_move));
}

#[test]
fn reports_every_completed_iteration() {
    let mut state = SearchState::new(1).unwrap();
    let request = SearchRequest::new(Position::startpos(), SearchLimits::depth(3));
    // (depth, seldepth, nodes, first move of the PV) of each report.
    let mut reports = Vec::new();
    let outcome = search(&mut state, &request, &SearchSignals::default(), &mut |progress| match progress {
        Progress::Iteration(iteration) => {
            reports.push((iteration.depth, iteration.seldepth, iteration.nodes, iteration.pv[0]))
        }
        Progress::NoLegalMove { .. } => panic!("the start position has moves"),
    });
    assert_eq!(reports.len(), 3);
    for (index, &(depth, seldepth, nodes, _)) in reports.iter().enumerate() {
        assert_eq!(depth, index as u32 + 1);
        assert!(seldepth >= depth && nodes > 0);
    }
    assert!(reports.windows(2).all(|pair| pair[0].2 <= pair[1].2), "{reports:?}");
    assert_eq!(reports[2].2, outcome.nodes);
    assert_eq!(reports[2].3, outcome.best_move);
}

#[test]
fn reports_a_root_without_moves() {
    let mut state = SearchState::new(1).unwrap();
    let mated = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").unwrap();
    let request = SearchRequest::new(mated, SearchLimits::depth(3));
    let mut scores = Vec::new();
    search(&mut state, &request, &SearchSignals::default(), &mut |progress| match progress {
        Progress::NoLegalMove { score } => scores.push(*score),
        Progress::Iteration(_) => panic!("no move to search"),
    });
    assert_eq!(scores, vec![mated_in(0)]);
}

#[test]
fn one_thread_is_deterministic_and_helpers_share_the_work() {
    let position =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    let request = SearchRequest::new(position, SearchLimits::depth(8));
    let run_with = |threads: usize| {
        let mut state = SearchState::new(8).unwrap();
        state.set_threads(threads);
        let mut reported = Vec::new();
        let outcome = search(&mut state, &request, &SearchSignals::default(), &mut |progress| {
            if let Progress::Iteration(iteration) = progress {
                reported.push(iteration.nodes);
            }
        });
        (outcome, reported)
    };
    let (single, single_reports) = run_with(1);
    assert_eq!(run_with(1).0, single, "1 thread: the same search every time");
    assert_eq!(single_reports.last(), Some(&single.nodes));
    let (shared, shared_reports) = run_with(3);
    assert!(position.legal_moves().contains(shared.best_move));
    assert_eq!(shared.depth, 8, "helpers keep the depth limit and the main thread completes it");
    assert!(shared_reports.windows(2).all(|pair| pair[0] <= pair[1]), "{shared_reports:?}");
    // The outcome counts the helpers' nodes too (they search until the main
    // thread is done, so all together search more than the main thread's
    // share alone).
    assert!(shared.nodes >= *shared_reports.last().unwrap(), "{} {shared_reports:?}", shared.nodes);
}

#[test]
fn helpers_stop_with_the_main_thread() {
    // Only the main thread keeps the clock; the search ends on its time.
    let mut state = SearchState::new(8).unwrap();
    state.set_threads(2);
    let limits =
        SearchLimits { movetime: Some(std::time::Duration::from_millis(200)), ..SearchLimits::default() };
    let request = SearchRequest::new(Position::startpos(), limits);
    let start = std::time::Instant::now();
    let outcome = search(&mut state, &request, &SearchSignals::default(), &mut |_| {});
    assert!(Position::startpos().legal_moves().contains(outcome.best_move));
    assert!(outcome.depth >= 1);
    // Generous: a loaded machine or an emulator; an endless helper would never return.
    assert!(start.elapsed() < std::time::Duration::from_secs(30), "{:?}", start.elapsed());
}

/// One `Iteration` report: (depth, multipv, score, line).
type ReportedLine = (u32, u32, Score, Vec<Move>);

/// The `Iteration` reports of a search.
fn reported_lines(request: &SearchRequest) -> (SearchOutcome, Vec<ReportedLine>) {
    let mut state = SearchState::new(4).unwrap();
    let mut lines = Vec::new();
    let outcome = search(&mut state, request, &SearchSignals::default(), &mut |progress| {
        if let Progress::Iteration(it) = progress {
            lines.push((it.depth, it.multipv, it.score, it.pv.to_vec()));
        }
    });
    (outcome, lines)
}

#[test]
fn multipv_reports_each_depth_s_best_moves_in_order_of_score() {
    // White wins the queen for nothing with the knight, trades it for a rook
    // with the rook, or loses it to Qa2 with most other moves.
    let position = Position::from_fen("3rk3/8/8/3q4/8/4N3/8/3RK3 w - - 0 1").unwrap();
    let request = SearchRequest { multi_pv: 3, ..SearchRequest::new(position, SearchLimits::depth(6)) };
    let (outcome, lines) = reported_lines(&request);
    assert_eq!(lines.len(), 6 * 3, "{lines:?}");
    for (depth, chunk) in (1..=6).zip(lines.chunks(3)) {
        assert_eq!(
            chunk.iter().map(|line| (line.0, line.1)).collect::<Vec<_>>(),
            [(depth, 1), (depth, 2), (depth, 3)]
        );
        assert!(chunk.windows(2).all(|pair| pair[0].2 >= pair[1].2), "ordered by score: {chunk:?}");
        let firsts: Vec<Move> = chunk.iter().map(|line| line.3[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2], "{chunk:?}");
        for line in chunk {
            let mut board = position;
            for &mv in &line.3 {
                assert!(board.legal_moves().contains(mv), "{line:?}");
                board = board.play(mv);
            }
        }
    }
    let last = &lines[lines.len() - 3];
    assert_eq!(last.3[0].to_string(), "e3d5", "{last:?}");
    assert_eq!(outcome.best_move, last.3[0]);
    assert_eq!(outcome.score, last.2);
    assert!(last.2 > lines[lines.len() - 2].2 + 50, "{lines:?}");
}

#[test]
fn multipv_beyond_the_legal_moves_reports_them_all() {
    let position = Position::from_fen("7k/8/8/8/8/8/R7/K7 b - - 0 1").unwrap();
    let legal = position.legal_moves().len();
    let request = SearchRequest { multi_pv: 50, ..SearchRequest::new(position, SearchLimits::depth(3)) };
    let (_, lines) = reported_lines(&request);
    assert_eq!(lines.len(), 3 * legal);
    assert_eq!(lines.iter().filter(|line| line.0 == 3).map(|line| line.1).max(), Some(legal as u32));
}

#[test]
fn multipv_with_searchmoves_keeps_to_those_moves() {
    let position = Position::startpos();
    let only: Vec<Move> =
        ["a2a3", "h2h3", "b1c3"].iter().map(|text| position.parse_uci_move(text).unwrap()).collect();
    let request = SearchRequest {
        multi_pv: 5,
        search_moves: only.clone(),
        ..SearchRequest::new(position, SearchLimits::depth(4))
    };
    let (outcome, lines) = reported_lines(&request);
    assert_eq!(lines.len(), 4 * 3, "three moves, three lines: {lines:?}");
    assert!(lines.iter().all(|line| only.contains(&line.3[0])), "{lines:?}");
    assert!(only.contains(&outcome.best_move));
}

#[test]
fn a_network_evaluates_the_whole_tree_and_mates_are_still_found() {
    // With a network of random weights, every evaluation comes from the
    // accumulators the search keeps move by move, through null moves,
    // singular searches, captures, castling and promotions; in a debug
    // build each one is checked against a fresh computation.
    let mut state = SearchState::new(4).expect("table");
    state.set_network(Some(std::sync::Arc::new(crate::nnue::tests::random_network(17))));
    let kiwipete =
        Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    let outcome = search(
        &mut state,
        &SearchRequest::new(kiwipete, SearchLimits::depth(7)),
        &SearchSignals::default(),
        &mut |_| {},
    );
    assert!(kiwipete.legal_moves().contains(outcome.best_move));
    assert!(
        outcome.nodes > 5_000,
        "a real search, not one cut short by absurd scores: {} nodes",
        outcome.nodes
    );
    assert!(outcome.score.abs() < 1_000, "{}", outcome.score);
    // A mate does not depend on the evaluation.
    let mate = Position::from_fen("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1").unwrap();
    let outcome = search(
        &mut state,
        &SearchRequest::new(mate, SearchLimits::depth(6)),
        &SearchSignals::default(),
        &mut |_| {},
    );
    assert_eq!(MateOrCentipawns::from_score(outcome.score), MateOrCentipawns::Mate(3));
}
