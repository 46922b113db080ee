//! Command-line options of the xtask subcommands, hand-written (a few
//! options shared by all subcommands need no parser crate).

use std::path::PathBuf;

use crate::matrix::{self, Backend};

/// The options given after a subcommand. Each subcommand accepts only the
/// ones it lists in [`parse`]'s `allowed`.
#[derive(Debug, Default, PartialEq)]
pub struct Options {
    /// `--target T`, repeatable; empty means the default targets.
    pub targets: Vec<String>,
    /// `--backend B`, repeatable; empty means the default backends.
    pub backends: Vec<Backend>,
    /// `--depth N`.
    pub depth: Option<u32>,
    /// `--positions FILE`.
    pub positions: Option<PathBuf>,
    /// `--skip-lint`: no fmt and clippy.
    pub skip_lint: bool,
    /// `--verbose`: echo every line of the child processes.
    pub verbose: bool,
    /// `--table-only`: print the table from earlier results, run nothing.
    pub table_only: bool,
    /// `--no-bmi2`: leave out the opt-in BMI2 build of x86_64/native.
    pub no_bmi2: bool,
    /// Everything after `--`, passed on unchanged.
    pub passthrough: Vec<String>,
}

/// Parses `args` (the words after the subcommand), accepting only the
/// options named in `allowed` (without their leading dashes).
pub fn parse(args: &[String], allowed: &[&str]) -> Result<Options, String> {
    let mut options = Options::default();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        if word == "--" {
            if !allowed.contains(&"--") {
                return Err("this command takes no arguments after `--`".to_string());
            }
            options.passthrough = words.by_ref().cloned().collect();
            break;
        }
        let Some(option) = word.strip_prefix("--") else {
            return Err(format!("unexpected argument `{word}`"));
        };
        // `--name=value` and `--name value` are both accepted.
        let (name, inline_value) = match option.split_once('=') {
            Some((name, value)) => (name, Some(value.to_string())),
            None => (option, None),
        };
        if !allowed.contains(&name) {
            return Err(format!("unknown option `--{name}` for this command"));
        }
        let mut value = || -> Result<String, String> {
            match &inline_value {
                Some(value) => Ok(value.clone()),
                None => words.next().cloned().ok_or_else(|| format!("`--{name}` needs a value")),
            }
        };
        match name {
            "target" => options.targets.push(matrix::parse_target(&value()?)?),
            "backend" => options.backends.push(matrix::parse_backend(&value()?)?),
            "depth" => options.depth = Some(parse_depth(&value()?)?),
            "positions" => options.positions = Some(PathBuf::from(value()?)),
            "skip-lint" | "verbose" | "table-only" | "no-bmi2" if inline_value.is_some() => {
                return Err(format!("`--{name}` takes no value"));
            }
            "skip-lint" => options.skip_lint = true,
            "verbose" => options.verbose = true,
            "table-only" => options.table_only = true,
            "no-bmi2" => options.no_bmi2 = true,
            _ => return Err(format!("unknown option `--{name}` for this command")),
        }
    }
    Ok(options)
}

/// A perft depth: a whole number from 1 to 20 (deeper would run for years).
fn parse_depth(text: &str) -> Result<u32, String> {
    match text.parse::<u32>() {
        Ok(depth) if (1..=20).contains(&depth) => Ok(depth),
        _ => Err(format!("`--depth {text}`: the depth must be a whole number from 1 to 20")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    const ALL: &[&str] =
        &["target", "backend", "depth", "positions", "skip-lint", "verbose", "table-only", "no-bmi2", "--"];

    #[test]
    fn options_in_both_forms() {
        let options =
            parse(&words("--target i686 --backend=hilo --depth 3 --positions a.epd --skip-lint"), ALL)
                .unwrap();
        assert_eq!(options.targets, [matrix::I686]);
        assert_eq!(options.backends, [Backend::HiLo]);
        assert_eq!(options.depth, Some(3));
        assert_eq!(options.positions, Some(PathBuf::from("a.epd")));
        assert!(options.skip_lint);
        assert!(!options.verbose);
    }

    #[test]
    fn passthrough_after_double_dash() {
        let options = parse(&words("--table-only --no-bmi2 -- perft --quick"), ALL).unwrap();
        assert!(options.table_only && options.no_bmi2);
        assert_eq!(options.passthrough, ["perft", "--quick"]);
        assert!(parse(&words("-- x"), &["target"]).is_err());
    }

    #[test]
    fn bad_options_are_one_line_errors() {
        for bad in [
            "--depth",
            "--depth 0",
            "--depth x",
            "--backend u32",
            "--frobnicate",
            "stray",
            "--verbose=1",
            "--no-bmi2=1",
        ] {
            let error = parse(&words(bad), ALL).unwrap_err();
            assert!(!error.contains('\n'), "{error}");
        }
        assert!(parse(&words("--depth 3"), &["target"]).unwrap_err().contains("--depth"));
    }
}
