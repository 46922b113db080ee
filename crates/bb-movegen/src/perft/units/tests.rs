use super::*;
use crate::perft::perft;
use proptest::prelude::*;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|error| panic!("{fen}: {error}"))
}

fn text(units: &UnitsFile) -> String {
    let mut bytes = Vec::new();
    units.write_to(&mut bytes).unwrap();
    String::from_utf8(bytes).unwrap()
}

fn read(text: &str) -> Result<UnitsFile, UnitsError> {
    UnitsFile::read_from(text.as_bytes())
}

/// Every unit counted by plain perft, as result lines.
fn count_all(units: &UnitsFile) -> Vec<String> {
    let result = |unit: &Unit| {
        let count = perft(&unit.position().unwrap(), unit.depth);
        UnitResult::new(units, unit.id, u128::from(count)).to_line()
    };
    units.units().iter().map(result).collect()
}

#[test]
fn the_distinct_positions_of_the_first_plies() {
    // Distinct positions after 0..4 plies, and perft of those plies.
    let start = Position::startpos();
    for (ply, distinct) in [(0, 1), (1, 20), (2, 400), (3, 5_362), (4, 72_078)] {
        let units = UnitsFile::split(&start, 4, ply).unwrap();
        assert_eq!(units.units().len(), distinct, "ply {ply}");
        assert_eq!(units.paths(), u128::from(perft(&start, ply)), "ply {ply}");
    }
}

#[test]
fn merged_units_give_perft_for_every_cut() {
    for fen in [crate::STARTPOS_FEN, KIWIPETE, "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"] {
        let root = position(fen);
        for (depth, ply) in [(3, 0), (3, 1), (3, 3), (4, 2), (4, 3)] {
            let units = read(&text(&UnitsFile::split(&root, depth, ply).unwrap())).unwrap();
            let merged = merge(&units, count_all(&units));
            assert_eq!(
                merged.total(),
                Some(u128::from(perft(&root, depth))),
                "{fen} depth {depth} ply {ply}"
            );
            assert!(merged.problems().is_empty());
        }
    }
}

#[test]
fn chess960_roots_keep_their_castling() {
    let root = position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    let units = read(&text(&UnitsFile::split(&root, 3, 1).unwrap())).unwrap();
    assert!(units.units().iter().any(|unit| unit.fen.contains(" w HFhf ") || unit.fen.contains(" b HFhf ")));
    assert_eq!(merge(&units, count_all(&units)).total(), Some(u128::from(perft(&root, 3))));
}

#[test]
fn the_file_reads_back_as_written() {
    let units = UnitsFile::split(&position(KIWIPETE), 5, 2).unwrap();
    let written = text(&units);
    assert!(written.starts_with(&format!("{MAGIC}\nroot {KIWIPETE}\ndepth 5\nply 2\nheader ")));
    assert_eq!(read(&written), Ok(units));
}

#[test]
fn a_cut_deeper_than_the_perft_is_refused() {
    assert!(UnitsFile::split(&Position::startpos(), 3, 4).is_err());
    assert!(UnitsFile::split(&Position::startpos(), 12, MAX_PLY + 1).is_err());
}

#[test]
fn a_changed_character_anywhere_is_refused() {
    let written = text(&UnitsFile::split(&Position::startpos(), 3, 2).unwrap());
    // Every line's last significant character, changed.
    let mut offset = 0;
    for line in written.lines() {
        let at = offset + line.len() - 1;
        let mut bytes = written.clone().into_bytes();
        bytes[at] = if bytes[at] == b'1' { b'2' } else { b'1' };
        let changed = String::from_utf8(bytes).unwrap();
        assert!(read(&changed).is_err(), "a change in '{line}' went unnoticed");
        offset += line.len() + 1;
    }
}

#[test]
fn the_fault_cases_are_reported_by_id() {
    let units = UnitsFile::split(&Position::startpos(), 3, 1).unwrap();
    let lines = count_all(&units);
    // A missing unit, a duplicate, a conflict, a damaged line.
    let mut faulty: Vec<String> = lines[1..].to_vec();
    faulty.push(lines[4].clone());
    faulty.push(UnitResult::new(&units, 6, 1).to_line());
    let cut = &lines[7][..lines[7].len() - 3];
    faulty.push(cut.to_string());
    let merged = merge(&units, &faulty);
    assert_eq!(merged.missing(), [1]);
    assert_eq!(merged.total(), None);
    let problems = merged.problems();
    assert!(problems.contains(&ResultProblem::Duplicate { id: 5 }), "{problems:?}");
    assert!(problems
        .iter()
        .any(|problem| matches!(problem, ResultProblem::Conflict { id: 6, second: 1, .. })));
    assert!(problems.iter().any(|problem| matches!(problem, ResultProblem::Damaged { line: 22, .. })));
}

#[test]
fn results_of_another_root_or_depth_are_refused() {
    let units = UnitsFile::split(&Position::startpos(), 3, 1).unwrap();
    let deeper = UnitsFile::split(&Position::startpos(), 4, 1).unwrap();
    let other = UnitsFile::split(&position(KIWIPETE), 3, 1).unwrap();
    for foreign in [deeper, other] {
        let merged = merge(&units, count_all(&foreign));
        assert_eq!(merged.total(), None);
        assert!(merged.problems().iter().all(|problem| matches!(problem, ResultProblem::Foreign { .. })));
    }
}

#[test]
fn a_damaged_line_does_not_stop_a_complete_merge() {
    let units = UnitsFile::split(&Position::startpos(), 2, 1).unwrap();
    let mut lines = count_all(&units);
    lines.insert(3, lines[3][..5].to_string());
    let merged = merge(&units, &lines);
    assert_eq!(merged.total(), Some(400));
    assert_eq!(merged.problems().len(), 1);
}

proptest! {
    #[test]
    fn a_units_file_cut_anywhere_is_refused(cut in 0usize..1000) {
        let written = text(&UnitsFile::split(&Position::startpos(), 3, 1).unwrap());
        let cut = cut * written.len() / 1000;
        prop_assert!(read(&written[..cut]).is_err());
    }

    #[test]
    fn a_result_line_cut_short_is_never_read_as_a_result(
        id in 1u64..10_000_000, count in any::<u128>(), header in any::<u64>(), keep in 0usize..60,
    ) {
        let line = UnitResult { id, count, header }.to_line();
        prop_assert_eq!(UnitResult::parse(&line), Some(UnitResult { id, count, header }));
        if keep < line.len() {
            prop_assert_eq!(UnitResult::parse(&line[..keep]), None);
        }
    }
}

#[test]
fn a_made_up_huge_count_is_refused_not_wrapped() {
    let units = UnitsFile::split(&Position::startpos(), 3, 1).unwrap();
    let mut lines = count_all(&units);
    lines[0] = UnitResult::new(&units, 1, u128::MAX / 3).to_line();
    let merged = merge(&units, &lines);
    assert_eq!(merged.total(), None);
    assert!(matches!(merged.problems(), [ResultProblem::Overflow { id: 1, .. }]), "{:?}", merged.problems());
}
