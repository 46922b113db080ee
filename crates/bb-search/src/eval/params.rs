//! The evaluation's weights as one flat, indexable table, and the two ways
//! of consuming the terms: summing them (`Sum`, the engine) or recording
//! how often each weight was used (`Trace`, for tuning the weights
//! against game results).
//!
//! The evaluation code reports every linear term as "weight `p`, `n`
//! times" through `Terms`. King danger is not linear in its weights (the
//! penalty grows with the square of their sum): it is reported as the
//! counts of its own weights, [`DANGER`], per king under attack.

use super::weights::*;
use super::TaperedScore;

/// A named group of consecutive weights in [`PARAMS`].
#[derive(Clone, Copy, Debug)]
pub struct Group {
    /// The constant's name in `weights.rs`.
    pub name: &'static str,
    /// Index of its first weight.
    pub start: usize,
    /// Number of weights.
    pub len: usize,
}

macro_rules! layout {
    ($groups:ident, $count:ident, $table:literal; $($index:ident = $name:ident : $len:expr;)*) => {
        layout!(@offsets $count, $table, 0usize; $($index $len;)*);
        #[doc = concat!("Every group of weights of [`", $table, "`], in table order.")]
        pub const $groups: &[Group] = &[$(Group { name: stringify!($name), start: $index, len: $len }),*];
    };
    (@offsets $count:ident, $table:literal, $at:expr; $index:ident $len:expr; $($rest:tt)*) => {
        #[doc = concat!("Start of `", stringify!($index), "` in [`", $table, "`].")]
        pub const $index: usize = $at;
        layout!(@offsets $count, $table, $at + $len; $($rest)*);
    };
    (@offsets $count:ident, $table:literal, $at:expr;) => {
        #[doc = concat!("Number of weights in [`", $table, "`].")]
        pub const $count: usize = $at;
    };
}

layout! {
    GROUPS, PARAM_COUNT, "PARAMS";
    AT_PIECE_VALUE = PIECE_VALUE: 6;
    AT_PIECE_SQUARE = PIECE_SQUARE: 6 * 64;
    AT_DOUBLED = DOUBLED: 1;
    AT_ISOLATED = ISOLATED: 1;
    AT_BACKWARD = BACKWARD: 1;
    AT_CONNECTED = CONNECTED: 8;
    AT_PASSED = PASSED: 8;
    AT_PASSED_FREE = PASSED_FREE: 8;
    AT_PASSED_ENEMY_KING = PASSED_ENEMY_KING: 8;
    AT_PASSED_OWN_KING = PASSED_OWN_KING: 8;
    AT_KNIGHT_MOBILITY = KNIGHT_MOBILITY: 9;
    AT_BISHOP_MOBILITY = BISHOP_MOBILITY: 14;
    AT_ROOK_MOBILITY = ROOK_MOBILITY: 15;
    AT_QUEEN_MOBILITY = QUEEN_MOBILITY: 28;
    AT_BISHOP_PAIR = BISHOP_PAIR: 1;
    AT_ROOK_OPEN_FILE = ROOK_OPEN_FILE: 1;
    AT_ROOK_SEMI_OPEN_FILE = ROOK_SEMI_OPEN_FILE: 1;
    AT_OUTPOST = OUTPOST: 2;
    AT_MINOR_BEHIND_PAWN = MINOR_BEHIND_PAWN: 1;
    AT_THREAT_BY_PAWN = THREAT_BY_PAWN: 6;
    AT_THREAT_BY_MINOR = THREAT_BY_MINOR: 6;
    AT_THREAT_BY_ROOK = THREAT_BY_ROOK: 6;
    AT_HANGING = HANGING: 1;
    AT_DEFENDED_BY_PAWN = DEFENDED_BY_PAWN: 1;
    AT_PAWN_PUSH_THREAT = PAWN_PUSH_THREAT: 1;
    AT_SHIELD_NEAR = SHIELD_NEAR: 1;
    AT_SHIELD_FAR = SHIELD_FAR: 1;
    AT_KING_OPEN_FILE = KING_OPEN_FILE: 1;
}

layout! {
    DANGER_GROUPS, DANGER_COUNT, "DANGER";
    AT_DANGER_ATTACKER = DANGER_ATTACKER: 6;
    AT_DANGER_ZONE_HIT = DANGER_ZONE_HIT: 1;
    AT_DANGER_SAFE_CHECK = DANGER_SAFE_CHECK: 6;
    AT_DANGER_NO_QUEEN = DANGER_NO_QUEEN: 1;
    AT_DANGER_SHELTER = DANGER_SHELTER: 3;
}

/// Copies `source` into `table` from `start` (a `const fn` helper for
/// both tables).
const fn put<T: Copy, const N: usize>(mut table: [T; N], start: usize, source: &[T]) -> [T; N] {
    let mut index = 0;
    while index < source.len() {
        table[start + index] = source[index];
        index += 1;
    }
    table
}

const fn build() -> [TaperedScore; PARAM_COUNT] {
    let mut table = [TaperedScore::ZERO; PARAM_COUNT];
    table = put(table, AT_PIECE_VALUE, &PIECE_VALUE);
    let mut kind = 0;
    while kind < 6 {
        table = put(table, AT_PIECE_SQUARE + 64 * kind, &PIECE_SQUARE[kind]);
        kind += 1;
    }
    table = put(table, AT_DOUBLED, &[DOUBLED]);
    table = put(table, AT_ISOLATED, &[ISOLATED]);
    table = put(table, AT_BACKWARD, &[BACKWARD]);
    table = put(table, AT_CONNECTED, &CONNECTED);
    table = put(table, AT_PASSED, &PASSED);
    table = put(table, AT_PASSED_FREE, &PASSED_FREE);
    table = put(table, AT_PASSED_ENEMY_KING, &PASSED_ENEMY_KING);
    table = put(table, AT_PASSED_OWN_KING, &PASSED_OWN_KING);
    table = put(table, AT_KNIGHT_MOBILITY, &KNIGHT_MOBILITY);
    table = put(table, AT_BISHOP_MOBILITY, &BISHOP_MOBILITY);
    table = put(table, AT_ROOK_MOBILITY, &ROOK_MOBILITY);
    table = put(table, AT_QUEEN_MOBILITY, &QUEEN_MOBILITY);
    table = put(table, AT_BISHOP_PAIR, &[BISHOP_PAIR]);
    table = put(table, AT_ROOK_OPEN_FILE, &[ROOK_OPEN_FILE]);
    table = put(table, AT_ROOK_SEMI_OPEN_FILE, &[ROOK_SEMI_OPEN_FILE]);
    table = put(table, AT_OUTPOST, &OUTPOST);
    table = put(table, AT_MINOR_BEHIND_PAWN, &[MINOR_BEHIND_PAWN]);
    table = put(table, AT_THREAT_BY_PAWN, &THREAT_BY_PAWN);
    table = put(table, AT_THREAT_BY_MINOR, &THREAT_BY_MINOR);
    table = put(table, AT_THREAT_BY_ROOK, &THREAT_BY_ROOK);
    table = put(table, AT_HANGING, &[HANGING]);
    table = put(table, AT_DEFENDED_BY_PAWN, &[DEFENDED_BY_PAWN]);
    table = put(table, AT_PAWN_PUSH_THREAT, &[PAWN_PUSH_THREAT]);
    table = put(table, AT_SHIELD_NEAR, &[SHIELD_NEAR]);
    table = put(table, AT_SHIELD_FAR, &[SHIELD_FAR]);
    table = put(table, AT_KING_OPEN_FILE, &[KING_OPEN_FILE]);
    table
}

/// Every weight, laid out as [`GROUPS`] says.
pub static PARAMS: [TaperedScore; PARAM_COUNT] = build();

const fn build_danger() -> [i32; DANGER_COUNT] {
    let mut table = [0; DANGER_COUNT];
    table = put(table, AT_DANGER_ATTACKER, &DANGER_ATTACKER);
    table = put(table, AT_DANGER_ZONE_HIT, &[DANGER_ZONE_HIT]);
    table = put(table, AT_DANGER_SAFE_CHECK, &DANGER_SAFE_CHECK);
    table = put(table, AT_DANGER_NO_QUEEN, &[DANGER_NO_QUEEN]);
    table = put(table, AT_DANGER_SHELTER, &DANGER_SHELTER);
    table
}

/// The king-danger weights (danger units, one value each), laid out as
/// [`DANGER_GROUPS`] says.
pub static DANGER: [i32; DANGER_COUNT] = build_danger();

/// How often each king-danger weight counts for one king under attack;
/// the danger is their sum weighted by [`DANGER`].
pub type DangerCounts = [i32; DANGER_COUNT];

/// The danger, in danger units, of a king with `counts`.
#[inline(always)]
pub fn danger_of(counts: &DangerCounts) -> i32 {
    counts.iter().zip(DANGER.iter()).map(|(count, weight)| count * weight).sum()
}

/// The king-safety penalty of a danger: quadratic in the middlegame (capped),
/// linear in the endgame, nothing when the danger is not positive.
#[inline(always)]
pub fn danger_penalty(danger: i32) -> TaperedScore {
    if danger <= 0 {
        return TaperedScore::ZERO;
    }
    -TaperedScore::new((danger * danger / DANGER_MG_DIVISOR).min(DANGER_MG_CAP), danger / DANGER_EG_DIVISOR)
}

/// The middlegame penalty is `danger² / DANGER_MG_DIVISOR` …
pub const DANGER_MG_DIVISOR: i32 = 600;
/// … up to this many centipawns.
pub const DANGER_MG_CAP: i32 = 1_200;
/// The endgame penalty is `danger / DANGER_EG_DIVISOR`.
pub const DANGER_EG_DIVISOR: i32 = 8;

/// Receives the terms of the evaluation of one side.
pub(crate) trait Terms {
    /// Weight `param`, `count` times.
    fn add(&mut self, param: usize, count: i32);
    /// A king under attack whose danger terms counted `counts` times.
    fn add_king_danger(&mut self, counts: &DangerCounts);
    /// The side whose terms follow: +1 for White, −1 for Black.
    fn set_sign(&mut self, sign: i32);
}

/// Adds the terms up (White minus Black).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Sum {
    pub total: TaperedScore,
    sign: i32,
}

impl Terms for Sum {
    #[inline(always)]
    fn add(&mut self, param: usize, count: i32) {
        self.total += PARAMS[param] * (count * self.sign);
    }

    #[inline(always)]
    fn add_king_danger(&mut self, counts: &DangerCounts) {
        self.total += danger_penalty(danger_of(counts)) * self.sign;
    }

    #[inline(always)]
    fn set_sign(&mut self, sign: i32) {
        self.sign = sign;
    }
}

/// Records how often each weight is used (White minus Black), and the sum.
#[derive(Clone, Debug)]
pub(crate) struct Trace {
    pub coefficients: Vec<i32>,
    /// Each king under attack: its side's sign and its danger counts.
    pub danger: Vec<(i32, DangerCounts)>,
    pub sum: Sum,
}

impl Default for Trace {
    fn default() -> Trace {
        Trace { coefficients: vec![0; PARAM_COUNT], danger: Vec::new(), sum: Sum::default() }
    }
}

impl Terms for Trace {
    fn add(&mut self, param: usize, count: i32) {
        self.coefficients[param] += count * self.sum.sign;
        self.sum.add(param, count);
    }

    fn add_king_danger(&mut self, counts: &DangerCounts) {
        self.danger.push((self.sum.sign, *counts));
        self.sum.add_king_danger(counts);
    }

    fn set_sign(&mut self, sign: i32) {
        self.sum.set_sign(sign);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_tile_the_table() {
        let mut next = 0;
        for group in GROUPS {
            assert_eq!(group.start, next, "{}", group.name);
            next += group.len;
        }
        assert_eq!(next, PARAM_COUNT);
    }

    #[test]
    fn the_table_holds_the_named_weights() {
        assert_eq!(PARAMS[AT_PIECE_VALUE + 1], PIECE_VALUE[1]);
        assert_eq!(PARAMS[AT_PIECE_SQUARE + 64 * 5 + 7], PIECE_SQUARE[5][7]);
        assert_eq!(PARAMS[AT_QUEEN_MOBILITY + 27], QUEEN_MOBILITY[27]);
        assert_eq!(PARAMS[AT_KING_OPEN_FILE], KING_OPEN_FILE);
    }
}
