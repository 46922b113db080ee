//! Plain-text tables: the first column left-aligned, the others (numbers)
//! right-aligned, columns two spaces apart.

/// A table of text cells under a header.
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column titles.
    pub fn new<S: Into<String>>(header: impl IntoIterator<Item = S>) -> Table {
        Table { header: header.into_iter().map(Into::into).collect(), rows: Vec::new() }
    }

    /// Adds a row; missing cells are blank and extra ones are dropped.
    pub fn row<S: Into<String>>(&mut self, cells: impl IntoIterator<Item = S>) {
        let mut cells: Vec<String> = cells.into_iter().map(Into::into).collect();
        cells.resize(self.header.len(), String::new());
        self.rows.push(cells);
    }

    /// The table as lines of text, a dashed rule under the header, no
    /// trailing spaces.
    pub fn render(&self) -> String {
        let mut widths: Vec<usize> = self.header.iter().map(|title| title.chars().count()).collect();
        for row in &self.rows {
            for (width, cell) in widths.iter_mut().zip(row) {
                *width = (*width).max(cell.chars().count());
            }
        }
        let rule: Vec<String> = widths.iter().map(|&width| "-".repeat(width)).collect();
        let mut text = String::new();
        for cells in std::iter::once(&self.header).chain(std::iter::once(&rule)).chain(&self.rows) {
            let line: Vec<String> = cells
                .iter()
                .zip(&widths)
                .enumerate()
                .map(
                    |(column, (cell, &width))| {
                        if column == 0 {
                            format!("{cell:<width$}")
                        } else {
                            format!("{cell:>width$}")
                        }
                    },
                )
                .collect();
            text.push_str(line.join("  ").trim_end());
            text.push('\n');
        }
        text
    }
}

impl Table {
    /// The table in Markdown: a header row, a rule that right-aligns every
    /// column but the first, the rows; `|` in a cell is escaped.
    pub fn render_markdown(&self) -> String {
        let line = |cells: &[String]| {
            let cells: Vec<String> = cells.iter().map(|cell| cell.replace('|', "\\|")).collect();
            format!("| {} |\n", cells.join(" | "))
        };
        let rule: Vec<String> = (0..self.header.len())
            .map(|column| if column == 0 { ":--" } else { "--:" }.to_string())
            .collect();
        let mut text = line(&self.header);
        text.push_str(&format!("|{}|\n", rule.join("|")));
        for row in &self.rows {
            text.push_str(&line(row));
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up() {
        let mut table = Table::new(["combination", "nodes", "Mnps"]);
        table.row(["x86_64/native", "119060324", "95.1"]);
        table.row(["i686/hilo", "5", ""]);
        table.row(["short"]);
        let expected = "\
combination        nodes  Mnps
-------------  ---------  ----
x86_64/native  119060324  95.1
i686/hilo              5
short
";
        assert_eq!(table.render(), expected);
    }

    #[test]
    fn markdown_right_aligns_the_numbers() {
        let mut table = Table::new(["engine", "Mnps"]);
        table.row(["bb", "950.1"]);
        table.row(["a|b"]);
        assert_eq!(table.render_markdown(), "| engine | Mnps |\n|:--|--:|\n| bb | 950.1 |\n| a\\|b |  |\n");
    }
}
