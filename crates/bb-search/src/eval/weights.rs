//! The numbers of the evaluation: piece values, piece-square tables and the
//! weights of every positional term, as (middlegame, endgame) pairs in
//! centipawns, and the king-danger weights in danger units. They were
//! first set by hand from general chess knowledge and are now fitted to
//! bb's own self-play by the `tune` example (the workspace README,
//! "Tuning the evaluation on its own games"), each fit kept only when an
//! SPRT against the weights before it passes.

use super::TaperedScore;

/// Shorthand for a (middlegame, endgame) pair.
const fn s(mg: i32, eg: i32) -> TaperedScore {
    TaperedScore::new(mg, eg)
}

/// Material by piece kind (pawn, knight, bishop, rook, queen, king).
pub const PIECE_VALUE: [TaperedScore; 6] =
    [s(79, 91), s(346, 327), s(348, 348), s(480, 577), s(1048, 1033), s(0, 0)];

/// Contribution of each piece kind to the game phase (24 = all pieces on board).
pub const PHASE_WEIGHT: [i32; 6] = [0, 1, 1, 2, 4, 0];
/// The phase of the initial position.
pub const MAX_PHASE: i32 = 24;

/// Bonus for the side to move.
pub const TEMPO: i32 = 18;

// Piece-square tables, written as White sees the board: the first row is
// rank 8, the last rank 1, files a..h left to right. Index with
// `table_index(color, square)`.

#[rustfmt::skip]
const PAWN_MG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     57,  58,  45,  59,  59,  45,  58,  57,
      7,  11,  24,  28,  28,  24,  11,   7,
      3,   8,  11,  20,  20,  11,   8,   3,
     -3,  -5,   7,  14,  14,   7,  -5,  -3,
     -5,  -1,   0,   0,   0,  -2,   4,  -5,
     -4,   7,   0, -10, -10,  10,  15,  -4,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     47,  84,  70,  64,  64,  70,  84,  47,
     24,  20,  26,  26,  26,  26,  20,  24,
     15,  11,   5,  -4,  -4,   5,  11,  15,
     13,   8,   5,   0,   0,   5,   8,  13,
      6,   4,   7,   7,   7,   7,   4,   6,
     11,  11,  16,  24,  24,  16,  11,  11,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const KNIGHT_MG: [i32; 64] = [
    -75, -36, -24, -19, -19, -24, -36, -75,
    -26, -11,   9,  20,  20,   9, -11, -26,
    -20,   4,  26,  31,  31,  26,   4, -20,
     11,   7,  17,  17,  17,  17,   7,  11,
      0,  -1,  13,  21,  21,  13,  -1,   0,
    -23,  -6,   2,  -1,  -1,   2,  -6, -23,
    -31, -16,  -9,  -3,  -3,  -9, -16, -31,
    -64, -23, -25, -16, -16, -25, -23, -64,
];

#[rustfmt::skip]
const KNIGHT_EG: [i32; 64] = [
    -54, -33, -17, -21, -21, -17, -33, -54,
    -31, -12,  -8,   2,   2,  -8, -12, -31,
    -12, -12,  -1,   9,   9,  -1, -12, -12,
     -7,   4,  14,  16,  16,  14,   4,  -7,
     -4,  -6,  10,  16,  16,  10,  -6,  -4,
    -17,   0,  -4,   8,   8,  -4,   0, -17,
    -30, -15,  -8,  -7,  -7,  -8, -15, -30,
    -47, -27, -27, -15, -15, -27, -27, -47,
];

#[rustfmt::skip]
const BISHOP_MG: [i32; 64] = [
    -19, -10, -15, -14, -14, -15, -10, -19,
    -22,  -7,   2,   2,   2,   2,  -7, -22,
     -2,  12,  -5,  18,  18,  -5,  12,  -2,
     -8,  10,  21,  25,  25,  21,  10,  -8,
      0,  -2,   9,  20,  20,   9,  -2,   0,
     -3,  14,   7,   5,   5,   7,  14,  -3,
      8,  11,   2,  -1,  -1,   2,  11,   8,
    -12,   2, -12, -12, -12, -12,   2, -12,
];

#[rustfmt::skip]
const BISHOP_EG: [i32; 64] = [
    -12,  -2,  -7,   4,   4,  -7,  -2, -12,
    -14,   1,   9,  -4,  -4,   9,   1, -14,
    -11,  -2,   8,   6,   6,   8,  -2, -11,
      4,   0,  -3,   9,   9,  -3,   0,   4,
     -7,  -3,   5,   0,   0,   5,  -3,  -7,
    -11,  -5,   2,   2,   2,   2,  -5, -11,
    -13, -11,  -7,   2,   2,  -7, -11, -13,
    -14, -21, -10,  -5,  -5, -10, -21, -14,
];

#[rustfmt::skip]
const ROOK_MG: [i32; 64] = [
     15,  14,  11,  12,  12,  11,  14,  15,
      5,  20,  21,  32,  32,  21,  20,   5,
      0,  12,  15,  16,  16,  15,  12,   0,
     -2,   1,   7,  12,  12,   7,   1,  -2,
    -12, -13,  -7,  -9,  -9,  -7, -13, -12,
    -21,  -7,  -2,   0,   0,  -2,  -7, -21,
    -24, -10,  -2,   2,   2,  -2, -10, -24,
     -5,  -6,   2,   6,   6,   6,  -6,  -5,
];

#[rustfmt::skip]
const ROOK_EG: [i32; 64] = [
      9,  18,  14,  13,  13,  14,  18,   9,
     16,  12,  11,   5,   5,  11,  12,  16,
     14,   6,   1,   4,   4,   1,   6,  14,
     10,   3,   3,   0,   0,   3,   3,  10,
      4,   1,   1,   7,   7,   1,   1,   4,
      1,  -3,  -3,  -4,  -4,  -3,  -3,   1,
    -10,  -6,  -8,  -7,  -7,  -8,  -6, -10,
    -10,  -7,  -6, -12, -12,  -6,  -7, -10,
];

#[rustfmt::skip]
const QUEEN_MG: [i32; 64] = [
     -8,  -2,  -1,   4,   4,  -1,  -2,  -8,
     -8,  -9,   3,   3,   3,   3,  -9,  -8,
      1,   1,  10,   3,   3,  10,   1,   1,
      3,  -2,   3,  -4,  -4,   3,  -2,   3,
     -4,  -1,  -6,  -7,  -7,  -6,  -1,  -4,
    -18,   0,  -2,  -1,  -1,  -2,   0, -18,
      0,  -3,   7,   3,   3,   3,  -3,   0,
    -10, -12, -12,  -3,  -7, -14, -12, -10,
];

#[rustfmt::skip]
const QUEEN_EG: [i32; 64] = [
    -12,  -6,   3,   5,   5,   3,  -6, -12,
     -3,  13,  11,  16,  16,  11,  13,  -3,
      2,   5,  20,  21,  21,  20,   5,   2,
      5,  26,  25,  26,  26,  25,  26,   5,
      3,  14,  22,  22,  22,  22,  14,   3,
     -3,  -1,   4,  13,  13,   4,  -1,  -3,
    -15, -10, -17, -15, -15, -17, -10, -15,
    -23, -15, -17, -30, -30, -17, -15, -23,
];

#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -63, -58, -57, -59, -59, -57, -58, -63,
    -47, -44, -49, -49, -49, -49, -44, -47,
    -37, -38, -40, -47, -47, -40, -38, -37,
    -33, -27, -38, -48, -48, -38, -27, -33,
    -18, -22, -33, -37, -37, -33, -22, -18,
    -11,  -2, -28, -33, -33, -28,  -2, -11,
     10,  10, -12, -25, -25, -14,  10,  10,
     16,  33,  10,  -7,   5,   4,  35,  20,
];

#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -75, -19, -14,  -8,  -8, -14, -19, -75,
    -25,  15,   9,  12,  12,   9,  15, -25,
     -9,  25,  22,  13,  13,  22,  25,  -9,
    -12,   5,  12,  16,  16,  12,   5, -12,
    -19,  -5,   5,  10,  10,   5,  -5, -19,
    -19,  -9,   0,   4,   4,   0,  -9, -19,
    -31, -16,  -9,  -8,  -8,  -9, -16, -31,
    -46, -36, -28, -31, -31, -28, -36, -46,
];

const fn combine(mg: [i32; 64], eg: [i32; 64]) -> [TaperedScore; 64] {
    let mut table = [TaperedScore::ZERO; 64];
    let mut index = 0;
    while index < 64 {
        table[index] = s(mg[index], eg[index]);
        index += 1;
    }
    table
}

/// Piece-square bonuses by piece kind, rank 8 first (see `table_index`).
pub const PIECE_SQUARE: [[TaperedScore; 64]; 6] = [
    combine(PAWN_MG, PAWN_EG),
    combine(KNIGHT_MG, KNIGHT_EG),
    combine(BISHOP_MG, BISHOP_EG),
    combine(ROOK_MG, ROOK_EG),
    combine(QUEEN_MG, QUEEN_EG),
    combine(KING_MG, KING_EG),
];

// ---- pawn structure ----

/// A pawn with another pawn of its side in front of it on the same file.
pub const DOUBLED: TaperedScore = s(-5, -10);
/// A pawn with no pawn of its side on the adjacent files.
pub const ISOLATED: TaperedScore = s(-8, -13);
/// A pawn that cannot be supported by its neighbours and whose advance is
/// controlled by an enemy pawn.
pub const BACKWARD: TaperedScore = s(-5, -15);
/// A pawn defended by another pawn, or side by side with one; by relative rank.
pub const CONNECTED: [TaperedScore; 8] =
    [s(0, 0), s(4, -1), s(10, 5), s(10, 8), s(14, 20), s(32, 42), s(66, 45), s(0, 0)];
/// A passed pawn, by relative rank.
pub const PASSED: [TaperedScore; 8] =
    [s(0, 0), s(5, 5), s(-10, 14), s(-5, 24), s(4, 45), s(75, 23), s(89, 79), s(0, 0)];
/// A passed pawn whose stop square is empty, by relative rank (added to [`PASSED`]).
pub const PASSED_FREE: [TaperedScore; 8] =
    [s(0, 0), s(7, 4), s(1, 3), s(-4, 18), s(5, 14), s(31, 20), s(40, 77), s(0, 0)];
/// A passed pawn, per square of distance from the enemy king to its stop
/// square, by relative rank (a far enemy king cannot stop it).
pub const PASSED_ENEMY_KING: [TaperedScore; 8] =
    [s(0, 0), s(-4, 3), s(-1, 6), s(-7, 18), s(-6, 30), s(-3, 48), s(1, 50), s(0, 0)];
/// A passed pawn, per square of distance from its own king to the stop square.
pub const PASSED_OWN_KING: [TaperedScore; 8] =
    [s(0, 0), s(1, 1), s(2, -4), s(9, -15), s(6, -17), s(-6, -16), s(1, -27), s(0, 0)];

// ---- pieces ----

/// Mobility bonus of a knight by the number of squares it can go to.
pub const KNIGHT_MOBILITY: [TaperedScore; 9] =
    [s(-36, -58), s(-20, -29), s(-5, -12), s(0, 2), s(4, 11), s(8, 20), s(15, 18), s(20, 19), s(17, 13)];
/// Mobility bonus of a bishop.
pub const BISHOP_MOBILITY: [TaperedScore; 14] = [
    s(-28, -52),
    s(-17, -25),
    s(-2, -15),
    s(1, -3),
    s(9, 7),
    s(14, 11),
    s(16, 18),
    s(18, 21),
    s(17, 23),
    s(20, 27),
    s(30, 19),
    s(18, 33),
    s(28, 27),
    s(22, 34),
];
/// Mobility bonus of a rook.
pub const ROOK_MOBILITY: [TaperedScore; 15] = [
    s(-64, -59),
    s(-17, -35),
    s(0, -17),
    s(1, 0),
    s(5, 14),
    s(4, 20),
    s(2, 27),
    s(7, 27),
    s(9, 37),
    s(11, 43),
    s(13, 45),
    s(16, 47),
    s(20, 49),
    s(27, 47),
    s(35, 49),
];
/// Mobility bonus of a queen.
pub const QUEEN_MOBILITY: [TaperedScore; 28] = [
    s(-20, -40),
    s(-11, -28),
    s(-10, -19),
    s(-3, -4),
    s(-1, -10),
    s(2, -8),
    s(5, -7),
    s(6, 10),
    s(7, 12),
    s(8, 20),
    s(7, 34),
    s(12, 37),
    s(14, 39),
    s(15, 44),
    s(12, 52),
    s(17, 51),
    s(18, 53),
    s(18, 47),
    s(23, 49),
    s(25, 44),
    s(28, 47),
    s(19, 38),
    s(25, 42),
    s(17, 35),
    s(20, 41),
    s(20, 38),
    s(24, 49),
    s(23, 47),
];

/// Both bishops.
pub const BISHOP_PAIR: TaperedScore = s(33, 45);
/// A rook on a file with no pawns.
pub const ROOK_OPEN_FILE: TaperedScore = s(34, -2);
/// A rook on a file with only enemy pawns.
pub const ROOK_SEMI_OPEN_FILE: TaperedScore = s(15, 4);
/// A knight or bishop on a square no enemy pawn can ever attack, defended by
/// an own pawn, in the enemy half (index 0 knight, 1 bishop).
pub const OUTPOST: [TaperedScore; 2] = [s(23, 3), s(19, -2)];
/// A minor piece directly behind an own pawn (shielded from frontal attack).
pub const MINOR_BEHIND_PAWN: TaperedScore = s(5, 4);

// ---- threats: pieces attacked and defended ----

/// A non-pawn piece attacked by an enemy pawn, by the victim's kind.
pub const THREAT_BY_PAWN: [TaperedScore; 6] = [s(0, 0), s(34, 19), s(40, 35), s(44, 14), s(33, 18), s(0, 0)];
/// A piece attacked by an enemy knight or bishop, by the victim's kind.
pub const THREAT_BY_MINOR: [TaperedScore; 6] = [s(1, 15), s(13, 23), s(13, 9), s(37, 7), s(24, 20), s(0, 0)];
/// A piece attacked by an enemy rook, by the victim's kind.
pub const THREAT_BY_ROOK: [TaperedScore; 6] = [s(2, 16), s(14, 22), s(19, 21), s(-4, 6), s(35, 25), s(0, 0)];
/// A piece attacked and not defended (hanging), per piece.
pub const HANGING: TaperedScore = s(2, 12);
/// A non-pawn piece defended by one of its own pawns.
pub const DEFENDED_BY_PAWN: TaperedScore = s(1, 7);
/// A pawn push that would attack an enemy piece from a safe square.
pub const PAWN_PUSH_THREAT: TaperedScore = s(14, 13);

// ---- king safety ----

/// Pawn shield in front of the king: own pawn one rank ahead / two ranks ahead.
pub const SHIELD_NEAR: TaperedScore = s(16, -9);
/// See [`SHIELD_NEAR`].
pub const SHIELD_FAR: TaperedScore = s(9, -10);
/// A file next to or at the king with no own pawn.
pub const KING_OPEN_FILE: TaperedScore = s(-11, -10);

// ---- king danger ----
//
// The danger to a king under attack is a sum in "danger units" of the
// weights below; the penalty grows with its square in the middlegame
// (`king::danger_penalty`), so the terms reinforce each other.

/// Danger of each enemy piece attacking the king zone, by its kind, counted
/// once per attacker of any kind (up to four): more attackers make each of
/// them more dangerous.
pub const DANGER_ATTACKER: [i32; 6] = [0, 10, 10, 13, 15, 0];
/// Danger per attack on a square of the king zone (counted per attacking piece).
pub const DANGER_ZONE_HIT: i32 = 21;
/// Danger of a safe check available to the enemy, by the checking piece's kind.
pub const DANGER_SAFE_CHECK: [i32; 6] = [0, 86, 51, 95, 86, 0];
/// Danger when the enemy has no queen (a relief: negative).
pub const DANGER_NO_QUEEN: i32 = -193;
/// Danger by the king's shelter: per own pawn one rank ahead, per own pawn
/// two ranks ahead, per file at or next to the king without an own pawn.
pub const DANGER_SHELTER: [i32; 3] = [-9, 10, 12];
