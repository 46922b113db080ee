//! A minimal UCI engine on bb-search, for trying the search before (or
//! without) the `bb` command-line tool: `cargo run --release --example uci`.
//! With the argument `bench [depth]` it runs the bench instead.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("bench") {
        let depth = match args.get(1).map(|text| text.parse::<u32>()) {
            None => bb_search::bench::DEFAULT_BENCH_DEPTH,
            Some(Ok(depth)) if depth > 0 => depth,
            Some(_) => {
                eprintln!("bench: the depth must be a positive integer");
                std::process::exit(2);
            }
        };
        let result = bb_search::bench(depth);
        println!("{} positions, depth {depth}, {} ms", result.positions, result.elapsed.as_millis());
        println!("{} nodes {} nps", result.nodes, result.nps);
        return;
    }
    bb_search::run_uci(std::io::stdin().lock(), std::io::stdout());
}
