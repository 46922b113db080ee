//! `EvalFile`: a network file the test writes evaluates from the next
//! search on; an empty value goes back to the embedded network; a file
//! that is missing or not a network is one `info string`, and the engine
//! keeps the network it had. `Use NNUE` false evaluates by hand.

mod common;

use bb_search::nnue::{Network, OUTPUT_BUCKETS, QA, QB, SCALE};
use common::run_script;

/// A network that scores every position `centipawns` for the side to
/// move: no weights, only an output bias.
fn write_constant_network(name: &str, centipawns: i32) -> std::path::PathBuf {
    let mut network = Network::zeroed();
    network.output_bias = [centipawns * QA * QB / SCALE; OUTPUT_BUCKETS];
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    std::fs::create_dir_all(&dir).expect("the scratch directory can be created");
    let path = dir.join(format!("bb-evalfile-{name}.nnue"));
    std::fs::write(&path, network.to_bytes()).unwrap();
    path
}

/// The score of each `info` line at depth 1.
fn depth_one_scores(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|line| line.starts_with("info depth 1 "))
        .filter_map(|line| line.split(" score ").nth(1))
        .map(|rest| rest.split(' ').take(2).collect::<Vec<_>>().join(" "))
        .collect()
}

#[test]
fn the_network_of_the_file_evaluates_until_it_is_unset_and_use_nnue_chooses_the_hand_written() {
    let path = write_constant_network("constant", 120);
    let set = format!("setoption name EvalFile value {}", path.display());
    // A quiet position: at depth 1 every line ends in a position where the
    // opponent moves, which the network scores 120 for the opponent.
    let position = "position fen 4k3/8/8/8/8/8/3P4/4K3 w - - 0 1";
    let lines = run_script(&[
        "uci",
        position,
        "go depth 1",
        &set,
        "go depth 1",
        "eval",
        "setoption name EvalFile value /no/such/network.nnue",
        "go depth 1",
        "setoption name EvalFile value <empty>",
        "go depth 1",
        "setoption name Use NNUE value false",
        "go depth 1",
        "eval",
        &set,
        "go depth 1",
        "setoption name Use NNUE value true",
        "go depth 1",
    ]);
    let _ = std::fs::remove_file(&path);
    assert!(
        lines.iter().any(|line| line == "option name EvalFile type string default <embedded>"),
        "{lines:#?}"
    );
    let scores = depth_one_scores(&lines);
    assert_eq!(scores.len(), 7, "{lines:#?}");
    assert_eq!(scores[1], "cp -120");
    assert_eq!(scores[2], "cp -120", "a missing file keeps the network");
    assert_ne!(scores[0], "cp -120");
    assert_eq!(scores[3], scores[0], "back to the embedded network");
    assert_ne!(scores[4], scores[0], "the hand-written evaluation");
    assert_eq!(scores[5], scores[4], "a file does not turn the network on");
    assert_eq!(scores[6], "cp -120", "the file's network, on again");
    assert!(lines.iter().any(|line| line.ends_with("cp (side to move, hand-written)")), "{lines:#?}");
    assert!(
        lines.iter().any(|line| line == "info string static evaluation 120 cp (side to move, network)"),
        "{lines:#?}"
    );
    let errors: Vec<_> = lines.iter().filter(|line| line.starts_with("info string EvalFile")).collect();
    assert_eq!(errors.len(), 1, "{lines:#?}");
    assert!(
        errors[0].contains("/no/such/network.nnue") && errors[0].contains("keeping the network"),
        "{errors:?}"
    );
}

#[test]
fn a_file_that_is_not_a_network_is_refused() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("bb-evalfile-not-a-network.nnue");
    std::fs::write(&path, b"BBNN but far too short").unwrap();
    let lines = run_script(&[&format!("setoption name EvalFile value {}", path.display()), "isready"]);
    let _ = std::fs::remove_file(&path);
    let error = lines.iter().find(|line| line.starts_with("info string EvalFile")).expect("an error line");
    assert!(error.contains("expected") && error.ends_with("keeping the network"), "{error}");
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
}

#[test]
fn a_limited_strength_plays_with_the_hand_written_evaluation_it_was_calibrated_with() {
    let lines = run_script(&[
        "eval",
        "setoption name UCI_LimitStrength value true",
        "eval",
        "setoption name UCI_LimitStrength value false",
        "eval",
    ]);
    let by: Vec<&str> = lines
        .iter()
        .filter_map(|line| line.strip_prefix("info string static evaluation "))
        .filter_map(|rest| rest.split("side to move, ").nth(1))
        .collect();
    assert_eq!(by, ["network)", "hand-written)", "network)"], "{lines:#?}");
}
