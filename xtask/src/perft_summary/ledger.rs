//! The ledger of speed: the perft summary written as a Markdown page and
//! as an SVG bar chart, each stamped with the date, the machine and the
//! commit measured, so that a reader sees the standings at a glance.
//! `cargo xtask bench` writes both under `target/bench/` (the stamp comes
//! from `stamp.rs`); the README shows a copy of the chart, kept in
//! `docs/bench/`.

use super::{any_results, columns, goals, speed_table, Bench, Column, Speed, ENGINES};
use crate::criterion_files::Results;
use crate::matrix::Combination;

/// When, where and what was measured.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// `2026-11-24`.
    pub date: String,
    /// The CPU model, its logical CPUs and the copy of perft that runs.
    pub machine: String,
    /// The commit, `-dirty` when the tree had changes.
    pub commit: String,
    /// The criterion filter the benches ran with, if any: the other
    /// benchmarks' results are then older ones.
    pub filter: Option<String>,
}

impl Stamp {
    fn line(&self) -> String {
        format!("{}, {}, commit {}", self.date, self.machine, self.commit)
    }
}

/// The Markdown page: the stamp, a table per benchmark, the goals.
pub fn markdown(results: &[(Combination, Results)], stamp: &Stamp) -> String {
    let columns = columns(results);
    let mut text = format!(
        "# bb perft speed ledger\n\nMeasured {} by `cargo xtask bench`. Geometric means of Mnps over the \
         six perft positions of the ChessProgramming wiki; higher is faster.\n",
        stamp.line()
    );
    if let Some(filter) = &stamp.filter {
        text.push_str(&format!(
            "\nThe benches ran with the criterion filter `{filter}`: results of the benchmarks it left out \
             are from earlier runs.\n"
        ));
    }
    for bench in Bench::ALL.into_iter().filter(|bench| any_results(results, *bench)) {
        text.push_str(&format!("\n## {}\n\n", title(bench)));
        text.push_str(&speed_table(&columns, bench).render_markdown());
    }
    text.push_str("\n## Goals of issue #13\n\n");
    for goal in goals(&columns) {
        text.push_str(&format!("- {}\n", goal.line()));
    }
    text
}

fn title(bench: Bench) -> &'static str {
    match bench {
        Bench::Perft => "perft (bulk counting)",
        Bench::Hperft => "hperft (every leaf move made and hashed)",
    }
}

/// Bar colours, one per engine of [`ENGINES`] (bb first).
const COLOURS: [&str; 4] = ["#d1495b", "#00798c", "#edae49", "#66a182"];
const WIDTH: f64 = 820.0;
const LABEL_WIDTH: f64 = 190.0;
const BAR_SPACE: f64 = 540.0;
const BAR_HEIGHT: f64 = 13.0;
const BAR_GAP: f64 = 3.0;
const GROUP_GAP: f64 = 12.0;

/// The SVG chart: per benchmark a panel, per combination a group of bars,
/// one per engine, as long as its mean Mnps (scaled per panel), labelled
/// with the value.
pub fn svg(results: &[(Combination, Results)], stamp: &Stamp) -> String {
    let columns = columns(results);
    let mut body = String::new();
    let mut y = 58.0;
    for bench in Bench::ALL.into_iter().filter(|bench| any_results(results, *bench)) {
        y = panel(&mut body, &columns, bench, y);
    }
    let legend_y = y + 6.0;
    for (index, (engine, colour)) in ENGINES.iter().zip(COLOURS).enumerate() {
        let x = LABEL_WIDTH + index as f64 * 130.0;
        body.push_str(&format!(
            "<rect x=\"{x}\" y=\"{legend_y}\" width=\"12\" height=\"12\" fill=\"{colour}\"/>\
             <text x=\"{}\" y=\"{}\">{engine}</text>\n",
            x + 17.0,
            legend_y + 10.5
        ));
    }
    let height = legend_y + 28.0;
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{height}\" \
         viewBox=\"0 0 {WIDTH} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n\
         <text x=\"12\" y=\"22\" font-size=\"16\" font-weight=\"bold\">bb perft speed: geometric mean Mnps \
         over six positions (higher is faster)</text>\n\
         <text x=\"12\" y=\"40\" fill=\"#555\">{}</text>\n{body}</svg>\n",
        escape(&stamp.line())
    )
}

/// Draws one benchmark's panel from `y` down; returns where it ends.
fn panel(body: &mut String, columns: &[Column], bench: Bench, mut y: f64) -> f64 {
    body.push_str(&format!(
        "<text x=\"12\" y=\"{}\" font-weight=\"bold\">{}</text>\n",
        y + 4.0,
        title(bench)
    ));
    y += 14.0;
    let means = |column: &Column| {
        ENGINES.map(|engine| match column.speeds[&(bench, engine)] {
            Speed::Mean(mean) => Some(mean),
            Speed::Partial(_) => None,
        })
    };
    let largest = columns.iter().flat_map(means).flatten().fold(0.0_f64, f64::max);
    for column in columns {
        let group_height = ENGINES.len() as f64 * (BAR_HEIGHT + BAR_GAP);
        body.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n",
            LABEL_WIDTH - 10.0,
            y + group_height / 2.0 + 4.0,
            escape(&column.combination.label())
        ));
        for (mean, colour) in means(column).into_iter().zip(COLOURS) {
            match mean {
                Some(mean) if largest > 0.0 => {
                    let length = (mean / largest * BAR_SPACE).max(1.0);
                    body.push_str(&format!(
                        "<rect x=\"{LABEL_WIDTH}\" y=\"{y}\" width=\"{length:.1}\" height=\"{BAR_HEIGHT}\" \
                         fill=\"{colour}\"/><text x=\"{:.1}\" y=\"{}\">{mean:.0}</text>\n",
                        LABEL_WIDTH + length + 5.0,
                        y + BAR_HEIGHT - 2.5
                    ));
                }
                _ => body.push_str(&format!(
                    "<text x=\"{}\" y=\"{}\" fill=\"#999\">not measured</text>\n",
                    LABEL_WIDTH + 5.0,
                    y + BAR_HEIGHT - 2.5
                )),
            }
            y += BAR_HEIGHT + BAR_GAP;
        }
        y += GROUP_GAP;
    }
    y + 10.0
}

/// Text made safe inside SVG elements.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::super::tests::{full_run, hperft};
    use super::*;

    fn stamp() -> Stamp {
        Stamp {
            date: "2026-11-24".into(),
            machine: "AMD EPYC <2 cores>".into(),
            commit: "abc1234".into(),
            filter: None,
        }
    }

    #[test]
    fn markdown_has_the_stamp_the_tables_and_the_goals() {
        let mut run = full_run();
        run[0].1.extend(hperft(&[("bb", 90.0), ("cozy-chess", 80.0), ("chess", 60.0), ("shakmaty", 20.0)]));
        let page = markdown(&run, &stamp());
        assert!(page.contains("Measured 2026-11-24, AMD EPYC <2 cores>, commit abc1234"), "{page}");
        assert!(page.contains("## perft (bulk counting)") && page.contains("## hperft"), "{page}");
        assert!(page.contains("| bb | 1040.0 | 1300.0 | 280.0 | 430.0 |"), "{page}");
        assert!(page.contains("| bb | 90.0 | - | - | - |"), "{page}");
        assert!(
            page.contains("- 3. hperft: bb ÷ best peer (cozy-chess), hashed leaves (x86_64/native) = 1.13")
        );
        assert_eq!(page.matches("\n- ").count(), 5, "{page}");
        assert!(!page.contains("criterion filter"));
        let filtered = markdown(&run, &Stamp { filter: Some("perft".into()), ..stamp() });
        assert!(filtered.contains("the criterion filter `perft`"), "{filtered}");
    }

    #[test]
    fn the_chart_has_a_bar_per_engine_and_build_scaled_to_the_fastest() {
        let run = full_run();
        let chart = svg(&run, &stamp());
        assert!(chart.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{chart}");
        assert!(chart.trim_end().ends_with("</svg>"));
        assert!(chart.contains("AMD EPYC &lt;2 cores&gt;"), "the stamp is escaped");
        // 4 builds × 4 engines bars, and 4 legend squares.
        assert_eq!(chart.matches("<rect x=").count(), 16 + 4, "{chart}");
        // The fastest (bb with BMI2, 1300) fills the bar space.
        assert!(chart.contains(&format!("width=\"{BAR_SPACE:.1}\"")), "{chart}");
        assert!(chart.contains(&format!("width=\"{:.1}\"", 1040.0 / 1300.0 * BAR_SPACE)), "{chart}");
        // No hperft results: no hperft panel.
        assert!(!chart.contains("hperft"));
    }
}
