//! The arguments of `bb perft split | unit | merge`.

use crate::args::{depth_value, hash_value, parse_number, threads_value, PositionArgs};
use clap::{Args, Subcommand};

/// The work-unit commands of `bb perft`.
#[derive(Subcommand, Debug)]
pub enum UnitsCommand {
    /// Cut a perft into units: the distinct positions at a ply, written as
    /// a units file.
    Split(SplitArgs),
    /// Count units of a units file: one 'id count header check' line per
    /// unit as it finishes.
    Unit(UnitArgs),
    /// Check that every unit has exactly one result and print the total.
    Merge(MergeArgs),
}

/// `bb perft split <depth> --ply K`.
#[derive(Args, Debug)]
pub struct SplitArgs {
    /// Depth of the whole perft.
    #[arg(value_parser = depth_value)]
    pub depth: u32,
    #[command(flatten)]
    pub position: PositionArgs,
    /// Cut the tree this many plies below the root.
    #[arg(long, value_name = "K", value_parser = depth_value)]
    pub ply: u32,
    /// Write the units file here instead of to stdout.
    #[arg(long, short, value_name = "FILE")]
    pub output: Option<String>,
}

/// `bb perft unit FILE [--from A --to B | --id N...]`.
#[derive(Args, Debug)]
pub struct UnitArgs {
    /// The units file.
    pub units: String,
    /// First unit id to count (default: the first).
    #[arg(long, value_name = "A", value_parser = unit_id_value)]
    pub from: Option<u64>,
    /// Last unit id to count (default: the last).
    #[arg(long, value_name = "B", value_parser = unit_id_value)]
    pub to: Option<u64>,
    /// Count just these units (as many ids as wanted).
    #[arg(long, value_name = "N", num_args = 1.., value_parser = unit_id_value, conflicts_with_all = ["from", "to", "slice"])]
    pub id: Vec<u64>,
    /// Count slice I of S equal slices of the ids (a job array's task I).
    #[arg(long, value_name = "I/S", value_parser = slice_value, conflicts_with_all = ["from", "to"])]
    pub slice: Option<(u64, u64)>,
    /// Count on N threads.
    #[arg(long, value_name = "N", value_parser = threads_value, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Cache subtree counts in a table of MB megabytes (0: none).
    #[arg(long, value_name = "MB", value_parser = hash_value, allow_negative_numbers = true)]
    pub hash: Option<usize>,
    /// Append the results to this file, skipping units it already has.
    #[arg(long, short, value_name = "RESULTS")]
    pub output: Option<String>,
}

/// `bb perft merge FILE RESULTS...`.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The units file.
    pub units: String,
    /// The results files.
    #[arg(required = true)]
    pub results: Vec<String>,
    /// List the ids that have no result yet instead of the total.
    #[arg(long)]
    pub missing: bool,
}

fn unit_id_value(text: &str) -> Result<u64, String> {
    parse_number(text, 1, u64::MAX)
}

/// `I/S` with 1 ≤ I ≤ S.
fn slice_value(text: &str) -> Result<(u64, u64), String> {
    let bad = || format!("expected I/S, slice I of S, with 1 <= I <= S, not '{text}'");
    let (index, count) = text.split_once('/').ok_or_else(bad)?;
    let count = parse_number(count, 1, u64::MAX).map_err(|_| bad())?;
    let index = parse_number(index, 1, count).map_err(|_| bad())?;
    Ok((index, count))
}

/// The ids `from..=to` of slice `index` of `count` equal slices of `1..=last`.
pub fn slice_ids(index: u64, count: u64, last: u64) -> (u64, u64) {
    let bound = |slice: u64| (u128::from(slice) * u128::from(last) / u128::from(count)) as u64;
    (bound(index - 1) + 1, bound(index))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_cover_the_ids_once() {
        for (count, last) in [(1, 1), (3, 10), (7, 5), (40, 72_078)] {
            let mut next = 1;
            for index in 1..=count {
                let (from, to) = slice_ids(index, count, last);
                assert_eq!(from, next, "slice {index}/{count} of {last}");
                next = to + 1;
            }
            assert_eq!(next, last + 1);
        }
        assert_eq!(slice_value("2/5"), Ok((2, 5)));
        for bad in ["0/5", "6/5", "1/0", "2", "/5", "a/b"] {
            assert!(slice_value(bad).is_err(), "{bad}");
        }
    }
}
