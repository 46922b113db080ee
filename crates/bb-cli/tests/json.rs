//! `bb perft --json`: one JSON object a line, the same counts as the text.

// These tests start the `bb` binary as a process, which a wasm32-wasip1
// program cannot do; there `cargo xtask compare` runs `bb` itself.
#![cfg(not(target_family = "wasm"))]

mod common;
use common::*;
use serde_json::Value;

fn objects(run: &Run) -> Vec<Value> {
    run.lines()
        .iter()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{line}: {e}")))
        .collect()
}

#[test]
fn one_position_is_one_object() {
    let run = bb_ok(&["perft", "3", "--fen", KIWIPETE, "--json"]);
    let objects = objects(&run);
    assert_eq!(objects.len(), 1);
    let object = &objects[0];
    assert_eq!(object["fen"], KIWIPETE);
    assert_eq!(object["depth"], 3);
    assert_eq!(object["nodes"], 97_862);
    assert!(object["seconds"].as_f64().is_some_and(|seconds| seconds >= 0.0));
    assert!(object.get("divide").is_none() && object.get("expected").is_none());
}

#[test]
fn divide_and_moves_are_in_the_object() {
    let run = bb_ok(&["perft", "2", "--moves", "e2e4", "--divide", "--json", "--threads", "2"]);
    let objects = objects(&run);
    let object = &objects[0];
    assert_eq!(object["fen"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    let moves = object["divide"].as_array().unwrap();
    assert_eq!(moves.len(), 20);
    assert_eq!(moves.iter().map(|entry| entry["nodes"].as_u64().unwrap()).sum::<u64>(), 600);
    assert_eq!(object["nodes"], 600);
}

#[test]
fn a_suite_is_one_object_per_count_and_fails_on_a_mismatch() {
    let run = bb(&["perft", "--epd", &data("wrong-count.epd"), "--json"]);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    let counts = objects(&run);
    assert_eq!(counts.len(), 4);
    let wrong: Vec<&Value> = counts.iter().filter(|object| object["nodes"] != object["expected"]).collect();
    assert_eq!(wrong.len(), 1);
    assert_eq!((wrong[0]["line"].as_u64(), wrong[0]["depth"].as_u64()), (Some(2), Some(2)));
    assert_eq!((&wrong[0]["nodes"], &wrong[0]["expected"]), (&Value::from(400), &Value::from(401)));
    let good = bb_ok(&["perft", "--epd", &data("good.epd"), "--depth", "1", "--json"]);
    assert_eq!(objects(&good).len(), 5);
}

#[test]
fn json_takes_no_value() {
    assert_bad_input(&["perft", "2", "--json=yes"], "unexpected value 'yes' for '--json'");
}
