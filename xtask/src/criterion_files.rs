//! Criterion's result files, read generically whatever the benches are:
//! every `<criterion home>/**/new/benchmark.json` names a benchmark
//! (`full_id`) and its throughput, and its sibling `estimates.json` holds
//! the median.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

use serde::de::DeserializeOwned;
use serde::Deserialize;

/// One benchmark's result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Measurement {
    /// The median time of one iteration, in nanoseconds.
    pub median_ns: f64,
    /// Criterion's `Throughput::Elements` of one iteration, when the bench
    /// sets it (for perft: the node count).
    pub elements: Option<f64>,
}

/// The measurements of one combination by benchmark id.
pub type Results = BTreeMap<String, Measurement>;

/// Every benchmark's result under `home`; unreadable entries are skipped,
/// so a half-written or foreign directory never stops the table.
pub fn read_results(home: &Path) -> Results {
    let mut results = Results::new();
    let mut pending = vec![(home.to_path_buf(), 0)];
    while let Some((dir, depth)) = pending.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            let name = entry.file_name();
            // `report` holds HTML; `base` and `change` are older or derived.
            if !path.is_dir() || name == "report" || name == "base" || name == "change" || depth > 10 {
                continue;
            }
            if name == "new" {
                if let Some((id, measurement)) = read_benchmark(&path) {
                    results.insert(id, measurement);
                }
            } else {
                pending.push((path, depth + 1));
            }
        }
    }
    results
}

/// The fields of criterion's `benchmark.json` that xtask reads.
#[derive(Deserialize)]
struct BenchmarkFile {
    full_id: String,
    /// `{"Elements":N}` (or another unit), or null when the bench sets none.
    throughput: Option<ThroughputFile>,
}

#[derive(Deserialize)]
struct ThroughputFile {
    #[serde(rename = "Elements")]
    elements: Option<f64>,
}

/// The fields of criterion's `estimates.json` that xtask reads.
#[derive(Deserialize)]
struct EstimatesFile {
    median: Estimate,
}

#[derive(Deserialize)]
struct Estimate {
    point_estimate: f64,
}

/// The id and result of the benchmark whose `new` directory is `dir`.
fn read_benchmark(dir: &Path) -> Option<(String, Measurement)> {
    fn read<T: DeserializeOwned>(path: PathBuf) -> Option<T> {
        serde_json::from_str(&fs::read_to_string(path).ok()?).ok()
    }
    let benchmark: BenchmarkFile = read(dir.join("benchmark.json"))?;
    let estimates: EstimatesFile = read(dir.join("estimates.json"))?;
    let elements = benchmark.throughput.and_then(|throughput| throughput.elements);
    Some((benchmark.full_id, Measurement { median_ns: estimates.median.point_estimate, elements }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn criterion_files_are_found_and_bad_ones_skipped() {
        let home = std::env::temp_dir().join(format!("xtask-bench-test-{}", std::process::id()));
        let good = home.join("perft").join("kiwipete").join("new");
        let broken = home.join("broken").join("new");
        let report = home.join("report").join("new");
        for dir in [&good, &broken, &report] {
            fs::create_dir_all(dir).unwrap();
        }
        let estimates = r#"{"mean":{"point_estimate":9.0},"median":{"point_estimate":7.5}}"#;
        let benchmark = r#"{"group_id":"perft","full_id":"perft/kiwipete","throughput":{"Elements":97862}}"#;
        fs::write(good.join("benchmark.json"), benchmark).unwrap();
        fs::write(good.join("estimates.json"), estimates).unwrap();
        fs::write(broken.join("benchmark.json"), "{not json").unwrap();
        fs::write(broken.join("estimates.json"), estimates).unwrap();
        fs::write(report.join("benchmark.json"), r#"{"full_id":"report"}"#).unwrap();
        fs::write(report.join("estimates.json"), estimates).unwrap();
        let found = read_results(&home);
        fs::remove_dir_all(&home).unwrap();
        let kiwipete = Measurement { median_ns: 7.5, elements: Some(97862.0) };
        assert_eq!(found, BTreeMap::from([("perft/kiwipete".to_string(), kiwipete)]));
        assert!(read_results(Path::new("/nonexistent/criterion")).is_empty());
    }
}
