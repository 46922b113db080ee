//! Number formatting shared by the commands' last lines and the progress line.

use std::time::Duration;

/// Seconds with millisecond precision: `1.234`.
pub fn seconds(elapsed: Duration) -> String {
    format!("{:.3}", elapsed.as_secs_f64())
}

/// Nodes per second as a whole number (0 when no time was measured).
pub fn nodes_per_second(nodes: u128, elapsed: Duration) -> u128 {
    match elapsed.as_nanos() {
        0 => 0,
        nanos => nodes.saturating_mul(1_000_000_000) / nanos,
    }
}

/// A rough duration for humans: `45s`, `3m05s`, `2h10m`.
pub fn format_duration(seconds: f64) -> String {
    let total = seconds.max(0.0).round() as u64;
    match total {
        0..60 => format!("{total}s"),
        60..3600 => format!("{}m{:02}s", total / 60, total % 60),
        _ => format!("{}h{:02}m", total / 3600, total / 60 % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        assert_eq!(seconds(Duration::from_millis(1500)), "1.500");
        assert_eq!(nodes_per_second(8902, Duration::from_millis(500)), 17804);
        assert_eq!(nodes_per_second(8902, Duration::ZERO), 0);
        assert_eq!(format_duration(59.4), "59s");
        assert_eq!(format_duration(185.0), "3m05s");
        assert_eq!(format_duration(7800.0), "2h10m");
        assert_eq!(format_duration(f64::NAN), "0s");
    }
}
