//! `bb perft split | unit | merge`: deep perft in work units, and the
//! faults the merge must catch (a unit missing, counted twice or twice
//! differently, a results file cut short, results of another units file).

// These tests start the `bb` binary as a process, which a wasm32-wasip1
// program cannot do; bb-movegen's unit tests cover the format there.
#![cfg(not(target_family = "wasm"))]

mod common;
use bb_movegen::perft::units::{UnitResult, UnitsFile};
use common::*;
use std::fs;
use std::path::PathBuf;

/// A fresh directory for one test.
fn work_dir(test: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("units").join(test);
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn path(dir: &std::path::Path, name: &str) -> String {
    dir.join(name).to_string_lossy().into_owned()
}

/// Splits `fen` at `ply` for perft `depth` into DIR/units.txt.
fn split(dir: &std::path::Path, fen: &str, depth: u32, ply: u32) -> String {
    let units = path(dir, "units.txt");
    let run =
        bb_ok(&["perft", "split", &depth.to_string(), "--fen", fen, "--ply", &ply.to_string(), "-o", &units]);
    assert!(run.stdout.contains(" units ("), "{}", run.stdout);
    units
}

fn read_units(units: &str) -> UnitsFile {
    UnitsFile::read_from(fs::read_to_string(units).unwrap().as_bytes()).unwrap()
}

/// The plain `bb perft` count, to compare with.
fn perft(fen: &str, depth: u32) -> u128 {
    parse_summary(bb_ok(&["perft", &depth.to_string(), "--fen", fen]).last_line()).0
}

fn merged_total(run: &Run) -> Option<u128> {
    let words: Vec<&str> = run.last_line().split(' ').collect();
    match words[..] {
        ["nodes", total, "units", _] if run.code == Some(0) => total.parse().ok(),
        _ => None,
    }
}

#[test]
fn slices_counted_apart_merge_to_the_perft() {
    let dir = work_dir("slices");
    let units = split(&dir, KIWIPETE, 4, 2);
    let mut results = Vec::new();
    for slice in 1..=3 {
        let file = path(&dir, &format!("slice-{slice}.txt"));
        let slice = format!("{slice}/3");
        bb_ok(&["perft", "unit", &units, "--slice", &slice, "--threads", "2", "--hash", "8", "-o", &file]);
        results.push(file);
    }
    let mut args = vec!["perft", "merge", units.as_str()];
    args.extend(results.iter().map(String::as_str));
    assert_eq!(merged_total(&bb_ok(&args)), Some(perft(KIWIPETE, 4)));
}

#[test]
fn results_on_stdout_one_line_per_unit() {
    let dir = work_dir("stdout");
    let units = split(&dir, START, 3, 1);
    let run = bb_ok(&["perft", "unit", &units, "--from", "2", "--to", "5"]);
    let results: Vec<UnitResult> = run.lines().iter().filter_map(|line| UnitResult::parse(line)).collect();
    assert_eq!(results.len(), 4, "{}", run.stdout);
    let file = read_units(&units);
    for result in results {
        let unit = file.unit(result.id).unwrap();
        assert_eq!(result.count, perft(&unit.fen, 2), "unit {}", result.id);
    }
}

#[test]
fn a_run_cut_short_resumes_without_counting_twice() {
    let dir = work_dir("resume");
    let units = split(&dir, START, 4, 2);
    let results = path(&dir, "results.txt");
    bb_ok(&["perft", "unit", &units, "--to", "150", "-o", &results]);
    // As if killed while writing: the file ends in the middle of a line.
    let text = fs::read_to_string(&results).unwrap();
    fs::write(&results, &text[..text.len() * 2 / 3 - 4]).unwrap();
    let incomplete = bb(&["perft", "merge", &units, &results]);
    assert_eq!(incomplete.code, Some(1));
    assert!(incomplete.stderr.contains("units have no result"), "{}", incomplete.stderr);
    // Run again: the finished units are skipped, the rest appended.
    bb_ok(&["perft", "unit", &units, "-o", &results]);
    let complete = bb(&["perft", "merge", &units, &results]);
    assert_eq!(merged_total(&complete), Some(197_281), "{}", complete.stderr);
    assert!(complete.stderr.contains("warning: ") && complete.stderr.contains("not a whole result line"));
}

#[test]
fn missing_units_are_listed_and_counted_by_id() {
    let dir = work_dir("missing");
    let units = split(&dir, START, 3, 2);
    let first = path(&dir, "first.txt");
    bb_ok(&["perft", "unit", &units, "--from", "1", "--to", "390", "-o", &first]);
    let listed = bb_ok(&["perft", "merge", &units, &first, "--missing"]);
    let missing: Vec<&str> = listed.lines();
    assert_eq!(missing, (391..=400).map(|id| id.to_string()).collect::<Vec<_>>());
    let rerun = path(&dir, "rerun.txt");
    let mut args = vec!["perft", "unit", units.as_str(), "-o", rerun.as_str(), "--id"];
    args.extend(missing.iter().copied());
    bb_ok(&args);
    assert_eq!(merged_total(&bb_ok(&["perft", "merge", &units, &first, &rerun])), Some(8_902));
}

#[test]
fn duplicates_and_conflicts_are_reported_by_id() {
    let dir = work_dir("conflicts");
    let units = split(&dir, START, 3, 1);
    let results = path(&dir, "results.txt");
    bb_ok(&["perft", "unit", &units, "-o", &results]);
    let file = read_units(&units);
    let text = fs::read_to_string(&results).unwrap();
    let duplicate = text.lines().find(|line| line.starts_with("7 ")).unwrap();
    let conflict = UnitResult::new(&file, 12, 1);
    fs::write(&results, format!("{text}{duplicate}\n{conflict}\n")).unwrap();
    let run = bb(&["perft", "merge", &units, &results]);
    assert_eq!(run.code, Some(1));
    assert_eq!(run.stdout, "");
    assert!(run.stderr.contains("unit 7: more than one result"), "{}", run.stderr);
    assert!(run.stderr.contains("unit 12: two different counts"), "{}", run.stderr);
}

#[test]
fn results_of_another_depth_or_root_are_refused() {
    let dir = work_dir("foreign");
    let units = split(&dir, START, 3, 1);
    let results = path(&dir, "results.txt");
    bb_ok(&["perft", "unit", &units, "-o", &results]);
    for (fen, depth) in [(START, 4), (KIWIPETE, 3)] {
        let other_dir = dir.join(format!("other-{depth}"));
        fs::create_dir_all(&other_dir).unwrap();
        let other = split(&other_dir, fen, depth, 1);
        let run = bb(&["perft", "merge", &other, &results]);
        assert_eq!(run.code, Some(1), "{}", run.stderr);
        assert!(run.stderr.contains("a result of another units file"), "{}", run.stderr);
        assert_eq!(run.stdout, "");
    }
}

#[test]
fn bad_files_and_selections_are_one_line_errors() {
    let dir = work_dir("bad");
    let units = split(&dir, START, 3, 1);
    assert_bad_input(&["perft", "unit", &units, "--id", "21"], "units 1 to 20, not 21");
    assert_bad_input(&["perft", "unit", &units, "--from", "5", "--to", "3"], "--from 5 --to 3");
    assert_bad_input(&["perft", "unit", &units, "--slice", "4/3"], "expected I/S");
    assert_bad_input(&["perft", "split", "3", "--ply", "4"], "the ply of the cut");
    let text = fs::read_to_string(&units).unwrap();
    let damaged = path(&dir, "damaged.txt");
    fs::write(&damaged, text.replacen(" 2 ", " 3 ", 1)).unwrap();
    assert_bad_input(&["perft", "unit", &damaged], "damaged.txt: line");
    fs::write(&damaged, &text[..text.len() / 2]).unwrap();
    assert_bad_input(&["perft", "merge", &damaged, &units], "damaged.txt: line");
    assert_bad_input(&["perft", "unit", &path(&dir, "absent.txt")], "cannot open");
}

#[test]
fn an_id_given_twice_is_counted_once() {
    let dir = work_dir("twice");
    let units = split(&dir, START, 3, 1);
    let run = bb_ok(&["perft", "unit", &units, "--id", "3", "3", "5"]);
    assert_eq!(run.lines().len(), 2, "{}", run.stdout);
}

#[test]
fn a_root_without_moves_has_no_units_and_a_total_of_zero() {
    let dir = work_dir("mated");
    // Fool's mate: White has no move.
    let units = split(&dir, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", 3, 1);
    let results = path(&dir, "results.txt");
    bb_ok(&["perft", "unit", &units, "-o", &results]);
    assert_eq!(bb_ok(&["perft", "merge", &units, &results]).last_line(), "nodes 0 units 0");
}
