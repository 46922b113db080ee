//! When, where and on what commit a measurement is made, for the ledger of
//! `cargo xtask bench`.

use std::path::Path;

use crate::perft_summary::Stamp;

/// Today's date (UTC), this machine's CPU, its logical CPUs and the copy of
/// perft an x86_64 build runs on it, and the commit (`-dirty` with changes).
pub fn now(workspace: &Path) -> Stamp {
    let seconds =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |since| since.as_secs());
    let cpus = std::thread::available_parallelism().map_or(1, usize::from);
    // xtask is a portable host build, like the x86_64/native bench build:
    // it picks the same copy of perft on this CPU.
    let kernel = bb_core::platform::kernel();
    let sliders = bb_movegen::perft::kernel_sliders(kernel);
    let git = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .current_dir(workspace)
            .output()
            .ok()
            .filter(|output| output.status.success())
            .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_string())
    };
    let commit = git(&["rev-parse", "--short", "HEAD"]).unwrap_or_else(|| "unknown".to_string());
    let dirty =
        git(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|changes| !changes.is_empty());
    Stamp {
        date: civil_date(seconds / 86_400),
        machine: format!(
            "{}, {cpus} logical CPUs, perft copy {kernel} with {sliders} sliders in the {} build",
            cpu_model(),
            std::env::consts::ARCH
        ),
        commit: if dirty { format!("{commit}-dirty") } else { commit },
        filter: None,
    }
}

/// The CPU's model name from `/proc/cpuinfo` (x86 Linux), or the
/// architecture where there is none.
fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|info| {
            info.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split_once(':'))
                .map(|(_, model)| model.trim().to_string())
        })
        .unwrap_or_else(|| std::env::consts::ARCH.to_string())
}

/// `YYYY-MM-DD` of a day counted from 1970-01-01 (the proleptic Gregorian
/// calendar, by eras of 400 years).
fn civil_date(days: u64) -> String {
    let days = days as i64 + 719_468;
    let era = days.div_euclid(146_097);
    let day_of_era = days.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 { month_index + 3 } else { month_index - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_from_days() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(59), "1970-03-01");
        assert_eq!(civil_date(11_016), "2000-02-29");
        assert_eq!(civil_date(20_781), "2026-11-24");
    }

    #[test]
    fn the_stamp_names_a_commit_and_the_perft_copy() {
        let stamp = now(&crate::matrix::workspace_root());
        assert_eq!(stamp.date.len(), 10);
        assert!(stamp.machine.contains("perft copy "), "{}", stamp.machine);
        assert!(!stamp.commit.is_empty());
    }
}
