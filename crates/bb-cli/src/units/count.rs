//! `bb perft unit`: counts a selection of units on threads, writing one
//! result line per unit as it finishes, to stdout or appended to a results
//! file whose finished units are skipped (so a killed run, started again,
//! loses only the units that were in progress).

use super::args::{self, UnitArgs};
use super::{for_each_line, read_units};
use crate::failure::{CommandResult, Failure};
use crate::report;
use bb_movegen::perft::units::{Unit, UnitResult, UnitsFile};
use bb_movegen::perft::{PerftTable, ThreadedPerft};
use std::collections::HashSet;
use std::fs::{OpenOptions, TryLockError};
use std::io::{ErrorKind, IsTerminal, Read, Seek, SeekFrom, Write};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::thread;
use std::time::{Duration, Instant};

/// The ids asked for, checked against the file.
fn selected_ids(args: &UnitArgs, units: &UnitsFile) -> Result<Vec<u64>, Failure> {
    let last = units.units().len() as u64;
    if let Some(&id) = args.id.iter().find(|&&id| id > last) {
        return Err(Failure::input(format!("{} has units 1 to {last}, not {id}", args.units)));
    }
    if !args.id.is_empty() {
        // An id given twice is counted once.
        let mut ids = args.id.clone();
        ids.sort_unstable();
        ids.dedup();
        return Ok(ids);
    }
    if last == 0 && args.from.is_none() && args.to.is_none() {
        // No units (the root has no moves before the cut): nothing to count.
        return Ok(Vec::new());
    }
    let (from, to) = match args.slice {
        // An empty slice (more slices than units) has nothing to count.
        Some((index, count)) => match args::slice_ids(index, count, last) {
            (from, to) if from > to => return Ok(Vec::new()),
            range => range,
        },
        None => (args.from.unwrap_or(1), args.to.unwrap_or(last)),
    };
    if from > to || to > last {
        return Err(Failure::input(format!(
            "{} has units 1 to {last}: --from {from} --to {to} is not among them",
            args.units
        )));
    }
    Ok((from..=to).collect())
}

/// Where result lines go: stdout, or appended to a results file.
struct Sink {
    out: Box<dyn Write + Send>,
}

impl Sink {
    /// Opens `path` for appending; returns the ids it already has good
    /// results for (of this units file). A last line cut short by a killed
    /// run is ended first, so that the new results start on a line of
    /// their own (the merge ignores the damaged line).
    fn append_to(path: &str, units: &UnitsFile) -> Result<(Sink, HashSet<u64>), Failure> {
        let cannot = |error: std::io::Error| Failure::input(format!("cannot append to {path}: {error}"));
        let mut file = OpenOptions::new().read(true).append(true).create(true).open(path).map_err(cannot)?;
        // Two runs appending to one file would each count what the other
        // is counting: the second is refused. (Where the system has no
        // file locks, as on WASI, the caller must keep slices apart.)
        match file.try_lock() {
            Ok(()) => {}
            Err(TryLockError::WouldBlock) => {
                return Err(Failure::input(format!("{path} is being written by another run")));
            }
            Err(TryLockError::Error(error)) if error.kind() == ErrorKind::Unsupported => {}
            Err(TryLockError::Error(error)) => return Err(cannot(error)),
        }
        let header = units.header().checksum();
        let mut done = HashSet::new();
        for_each_line(path, |line| {
            if let Some(result) = UnitResult::parse(line).filter(|result| result.header == header) {
                done.insert(result.id);
            }
        })?;
        let length = file.metadata().map_err(cannot)?.len();
        if length > 0 {
            let mut last = [0u8];
            file.seek(SeekFrom::Start(length - 1))
                .and_then(|_| file.read_exact(&mut last))
                .map_err(cannot)?;
            if last[0] != b'\n' {
                file.write_all(b"\n").map_err(cannot)?;
            }
        }
        Ok((Sink { out: Box::new(file) }, done))
    }

    fn stdout() -> Sink {
        Sink { out: Box::new(std::io::stdout()) }
    }

    /// Writes one result line at once, so that a killed run leaves whole
    /// lines (or at worst one cut short).
    fn write(&mut self, result: &UnitResult) -> std::io::Result<()> {
        self.out.write_all(format!("{result}\n").as_bytes())?;
        self.out.flush()
    }
}

pub(super) fn count_units(args: UnitArgs) -> CommandResult {
    let units = read_units(&args.units)?;
    let ids = selected_ids(&args, &units)?;
    let (sink, done) = match &args.output {
        Some(path) => Sink::append_to(path, &units)?,
        None => (Sink::stdout(), HashSet::new()),
    };
    let todo: Vec<&Unit> =
        ids.iter().filter(|id| !done.contains(id)).filter_map(|&id| units.unit(id)).collect();
    let table = match args.hash {
        None | Some(0) => None,
        Some(megabytes) => Some(PerftTable::with_megabytes(megabytes).map_err(Failure::input)?),
    };
    let threads = args.threads.unwrap_or(1);
    // Many units: one per thread at a time, sharing the table. Few units:
    // each split over all threads, so that no thread idles at the end.
    let across_units = todo.len() >= 4 * threads;
    let engine = ThreadedPerft::new(if across_units { 1 } else { threads }, table);
    let workers = if across_units { threads } else { 1 };
    let run = Run {
        units: &units,
        todo: &todo,
        engine: &engine,
        across_units,
        next: AtomicUsize::new(0),
        failed: AtomicBool::new(false),
        shared: Mutex::new(Shared { sink, failure: None, finished: 0, nodes: 0 }),
        start: Instant::now(),
        show_progress: std::io::stderr().is_terminal(),
    };
    thread::scope(|scope| {
        for _ in 1..workers {
            // A thread the system refuses (none on wasm32-wasip1) is no
            // error: the others take its share.
            let _ = thread::Builder::new().spawn_scoped(scope, || run.work());
        }
        run.work();
    });
    let shared = run.shared.into_inner().unwrap_or_else(|poisoned| poisoned.into_inner());
    if run.show_progress {
        eprint!("\r\x1b[K");
    }
    shared.failure.map_or(Ok(()), Err)
}

/// One `bb perft unit` run, shared by its worker threads.
struct Run<'a> {
    units: &'a UnitsFile,
    todo: &'a [&'a Unit],
    engine: &'a ThreadedPerft,
    /// Whether each worker counts whole units (else each unit is split
    /// over the engine's threads).
    across_units: bool,
    next: AtomicUsize,
    failed: AtomicBool,
    shared: Mutex<Shared>,
    start: Instant,
    show_progress: bool,
}

/// What the workers write to in turn.
struct Shared {
    sink: Sink,
    failure: Option<Failure>,
    finished: usize,
    nodes: u128,
}

impl Run<'_> {
    fn work(&self) {
        while !self.failed.load(Ordering::Relaxed) {
            let Some(unit) = self.todo.get(self.next.fetch_add(1, Ordering::Relaxed)) else { return };
            let outcome = unit
                .position()
                .map(|position| match self.across_units {
                    true => self.engine.count_on_this_thread(&position, unit.depth),
                    false => self.engine.count(&position, unit.depth),
                })
                .map_err(|error| Failure::input(format!("unit {}: {error}", unit.id)));
            let mut shared = self.shared.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            let written = outcome.and_then(|count| {
                shared.sink.write(&UnitResult::new(self.units, unit.id, count))?;
                shared.finished += 1;
                shared.nodes += count * u128::from(unit.multiplicity);
                Ok(())
            });
            if let Err(failure) = written {
                shared.failure.get_or_insert(failure);
                self.failed.store(true, Ordering::Relaxed);
                return;
            }
            if self.show_progress {
                self.show(&shared);
            }
        }
    }

    /// `units 120/500, 1534236455123 nodes, 81.2 Mnps, ETA 2m05s` on stderr.
    fn show(&self, shared: &Shared) {
        let elapsed = self.start.elapsed();
        if elapsed < Duration::from_secs(1) {
            return;
        }
        let left = (self.todo.len() - shared.finished) as f64 / shared.finished as f64;
        eprint!(
            "\runits {}/{}, {} nodes, {:.1} Mnps, ETA {}\x1b[K",
            shared.finished,
            self.todo.len(),
            shared.nodes,
            report::nodes_per_second(shared.nodes, elapsed) as f64 / 1e6,
            report::format_duration(elapsed.as_secs_f64() * left)
        );
    }
}
