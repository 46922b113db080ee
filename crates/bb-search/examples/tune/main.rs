//! Fitting the evaluation weights to bb's own games ("Texel tuning").
//!
//! `tune generate GAMES NODES SEED OUT` plays bb against itself at a fixed
//! node budget from randomised openings and appends `FEN;result;score`
//! lines for positions out of the opening and not in check: the game's
//! result (1.0 / 0.5 / 0.0) and the search's score in centipawns, both from
//! White's view. One thread and a fixed node budget make it reproducible:
//! the same arguments write the same file.
//!
//! `tune fit EPOCHS [--lambda=L] [--pull=P] FILE...` keeps the quiet
//! positions (no capture that wins material by SEE), traces their
//! evaluations, fits the sigmoid scale K to the current weights, then runs
//! Adam on the mean squared error between `sigmoid(K · eval)` and the
//! target `L · result + (1 − L) · sigmoid(K · score)` (L = 0.5 by default;
//! lines without a score use the result alone), each weight pulled towards
//! its current value with strength P (2e-7 by default), and prints the new
//! weights in the syntax of `src/eval/weights.rs`. The king-danger weights
//! are fitted through their quadratic penalty, the others as linear terms.
//!
//! `tune nnue EPOCHS OUT [--lambda=L] [--rate=R] [--seed=S] FILE...`
//! trains the engine's network ([`bb_search::nnue`]) on the same quiet
//! positions: K is fitted so that `sigmoid(K · score)` predicts the
//! results, the target is blended as for `fit`, and Adam (rate R, 0.001 by
//! default, stepped down for the last epochs) minimises the squared error
//! of `sigmoid(K · evaluation)` in batches; one position in 50 is held out
//! and its loss printed after each epoch, when the quantised network is
//! written to OUT.
//!
//! Data and results stay outside the repository; the weights go into
//! `weights.rs` by hand, after an SPRT (`cargo xtask sprt`) confirms they
//! play better. The README's "Tuning the evaluation on its own games"
//! section has the commands.

mod fit;
mod generate;
mod nnue;
mod nnue_model;
mod print;

const USAGE: &str =
    "usage: tune generate GAMES NODES SEED OUT | tune fit EPOCHS [--lambda=L] [--pull=P] FILE... \
     | tune nnue EPOCHS OUT [--lambda=L] [--rate=R] [--seed=S] [--distil=N] [--teacher=NET] [--init=NET] FILE...";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("generate") if args.len() == 5 => generate::run(&args[1..]),
        Some("fit") if args.len() >= 3 => fit::run(&args[1..]),
        Some("nnue") if args.len() >= 4 => nnue::run(&args[1..]),
        _ => Err(USAGE.to_string()),
    };
    if let Err(message) = result {
        eprintln!("tune: {message}");
        std::process::exit(2);
    }
}

/// A command's `--name=value` options, as (`--name`, `value`).
type Options<'a> = Vec<(&'a str, &'a str)>;

/// The leading `--name=value` options of `args` and the arguments after them.
fn split_options(args: &[String]) -> Result<(Options<'_>, &[String]), String> {
    let count = args.iter().take_while(|arg| arg.starts_with("--")).count();
    let options = args[..count]
        .iter()
        .map(|option| option.split_once('=').ok_or(format!("{option}: expected --name=value")))
        .collect::<Result<_, _>>()?;
    Ok((options, &args[count..]))
}

/// `text` as a number, or an error naming the argument `what`.
fn number<T: std::str::FromStr>(text: &str, what: &str) -> Result<T, String> {
    text.parse().map_err(|_| format!("{what}: '{text}' is not a number"))
}
