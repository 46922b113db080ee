//! The numbers of the evaluation: piece values, piece-square tables and the
//! weights of every positional term, as (middlegame, endgame) pairs in
//! centipawns. They are hand-set from general chess knowledge (centralise
//! knights, keep the king sheltered in the middlegame and active in the
//! endgame, push passed pawns) and then adjusted by playing test matches.

use super::TaperedScore;

/// Shorthand for a (middlegame, endgame) pair.
const fn s(mg: i32, eg: i32) -> TaperedScore {
    TaperedScore::new(mg, eg)
}

/// Material by piece kind (pawn, knight, bishop, rook, queen, king).
pub const PIECE_VALUE: [TaperedScore; 6] =
    [s(84, 101), s(340, 312), s(350, 330), s(471, 556), s(1012, 1022), s(0, 0)];

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
     50,  55,  55,  60,  60,  55,  55,  50,
     10,  16,  22,  30,  30,  22,  16,  10,
      0,   3,  12,  19,  19,  12,   3,   0,
     -7,  -2,   9,  17,  17,   9,  -2,  -7,
     -5,  -2,   1,   5,   5,  -1,   3,  -5,
     -6,   3,  -1, -11, -11,   9,  11,  -6,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const PAWN_EG: [i32; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     79,  75,  70,  65,  65,  70,  75,  79,
     38,  38,  32,  26,  26,  32,  38,  38,
     20,  16,  11,   4,   4,  11,  16,  20,
      6,   6,   1,  -1,  -1,   1,   6,   6,
      2,   2,   1,   0,   0,   1,   2,   2,
      3,   4,   4,   1,   1,   4,   4,   3,
      0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const KNIGHT_MG: [i32; 64] = [
    -70, -35, -25, -20, -20, -25, -35, -70,
    -30, -15,   5,  10,  10,   5, -15, -30,
    -20,   5,  18,  25,  25,  18,   5, -20,
    -11,  11,  20,  28,  28,  20,  11, -11,
    -11,   5,  19,  23,  23,  19,   5, -11,
    -25,   1,   7,  13,  13,   7,   1, -25,
    -31, -18,  -5,   2,   2,  -5, -18, -31,
    -60, -23, -28, -20, -20, -28, -23, -60,
];

#[rustfmt::skip]
const KNIGHT_EG: [i32; 64] = [
    -50, -35, -25, -20, -20, -25, -35, -50,
    -30, -15,  -5,   0,   0,  -5, -15, -30,
    -20,  -5,   8,  12,  12,   8,  -5, -20,
    -15,   0,  12,  17,  17,  12,   0, -15,
    -15,   0,  12,  19,  19,  12,   0, -15,
    -20,  -4,   3,  10,  10,   3,  -4, -20,
    -30, -15,  -5,   0,   0,  -5, -15, -30,
    -50, -34, -24, -20, -20, -24, -34, -50,
];

#[rustfmt::skip]
const BISHOP_MG: [i32; 64] = [
    -20, -10, -12, -12, -12, -12, -10, -20,
    -12,   0,   0,   0,   0,   0,   0, -12,
     -7,   5,   8,  10,  10,   8,   5,  -7,
     -5,  11,  10,  15,  15,  10,  11,  -5,
     -5,   8,  10,  14,  14,  10,   8,  -5,
      0,  10,  12,  10,  10,  12,  10,   0,
      0,  14,   8,   6,   6,   8,  14,   0,
    -20,  -5, -12,  -8,  -8, -12,  -5, -20,
];

#[rustfmt::skip]
const BISHOP_EG: [i32; 64] = [
    -20, -12, -10,  -8,  -8, -10, -12, -20,
    -12,  -5,   0,   0,   0,   0,  -5, -12,
    -10,   0,   5,   6,   6,   5,   0, -10,
     -8,   1,   6,  10,  10,   6,   1,  -8,
     -8,   0,   5,  10,  10,   5,   0,  -8,
    -10,   0,   5,   6,   6,   5,   0, -10,
    -12,  -6,   0,   0,   0,   0,  -6, -12,
    -20, -12, -10,  -8,  -8, -10, -12, -20,
];

#[rustfmt::skip]
const ROOK_MG: [i32; 64] = [
      5,   8,  10,  12,  12,  10,   8,   5,
     18,  22,  24,  26,  26,  24,  22,  18,
      1,   4,   6,   8,   8,   6,   4,   1,
     -6,   1,   0,   3,   3,   0,   1,  -6,
     -8,  -4,   0,   0,   0,   0,  -4,  -8,
    -12,  -6,  -2,  -1,  -1,  -2,  -6, -12,
    -17,  -8,  -3,   0,   0,  -3,  -8, -17,
     -6,  -3,   2,   5,   5,   6,  -3,  -6,
];

#[rustfmt::skip]
const ROOK_EG: [i32; 64] = [
      8,   8,   8,   8,   8,   8,   8,   8,
     13,  12,  12,  12,  12,  12,  12,  13,
      5,   4,   4,   4,   4,   4,   4,   5,
      2,   2,   2,   2,   2,   2,   2,   2,
      1,   0,   0,   0,   0,   0,   0,   1,
     -2,  -2,  -3,  -2,  -2,  -3,  -2,  -2,
     -4,  -4,  -4,  -4,  -4,  -4,  -4,  -4,
     -6,  -4,  -3,  -2,  -2,  -3,  -4,  -6,
];

#[rustfmt::skip]
const QUEEN_MG: [i32; 64] = [
    -20, -10, -10,  -5,  -5, -10, -10, -20,
    -10,  -8,   0,   0,   0,   0,  -8, -10,
     -9,   0,   5,   5,   5,   5,   0,  -9,
     -4,   0,   5,   6,   6,   5,   0,  -4,
     -5,   0,   5,   5,   5,   5,   0,  -5,
    -10,   1,   4,   5,   5,   4,   1, -10,
    -10,   0,   6,   3,   3,   2,   0, -10,
    -20, -10,  -8,  -2,  -6, -10, -10, -20,
];

#[rustfmt::skip]
const QUEEN_EG: [i32; 64] = [
    -20, -10,  -5,   0,   0,  -5, -10, -20,
    -10,   0,   5,  10,  10,   5,   0, -10,
     -5,   5,  12,  15,  15,  12,   5,  -5,
      0,  10,  15,  20,  20,  15,  10,   0,
      0,  10,  15,  20,  20,  15,  10,   0,
     -5,   5,  12,  15,  15,  12,   5,  -5,
    -10,   0,   5,  10,  10,   5,   0, -10,
    -20, -10,  -5,  -1,  -1,  -5, -10, -20,
];

#[rustfmt::skip]
const KING_MG: [i32; 64] = [
    -60, -60, -60, -60, -60, -60, -60, -60,
    -50, -50, -50, -50, -50, -50, -50, -50,
    -40, -40, -42, -45, -45, -42, -40, -40,
    -32, -35, -38, -42, -42, -38, -35, -32,
    -22, -26, -28, -33, -33, -28, -26, -22,
    -10, -15, -20, -25, -25, -20, -15, -10,
     11,  11,  -6, -23, -23,  -8,  11,  11,
     18,  35,  13,  -8,   4,   7,  37,  22,
];

#[rustfmt::skip]
const KING_EG: [i32; 64] = [
    -55, -32, -22, -15, -15, -22, -32, -55,
    -25, -10,   0,   5,   5,   0, -10, -25,
    -15,   5,  15,  20,  20,  15,   5, -15,
    -15,   4,  19,  24,  24,  19,   4, -15,
    -20,   0,  14,  23,  23,  14,   0, -20,
    -24,  -5,   9,  14,  14,   9,  -5, -24,
    -35, -13,  -5,  -1,  -1,  -5, -13, -35,
    -55, -33, -24, -20, -20, -24, -33, -55,
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
pub const DOUBLED: TaperedScore = s(-6, -20);
/// A pawn with no pawn of its side on the adjacent files.
pub const ISOLATED: TaperedScore = s(-7, -13);
/// A pawn that cannot be supported by its neighbours and whose advance is
/// controlled by an enemy pawn.
pub const BACKWARD: TaperedScore = s(-5, -12);
/// A pawn defended by another pawn, or side by side with one; by relative rank.
pub const CONNECTED: [TaperedScore; 8] =
    [s(0, 0), s(2, 1), s(8, 2), s(8, 4), s(15, 10), s(29, 25), s(50, 44), s(0, 0)];
/// A passed pawn, by relative rank.
pub const PASSED: [TaperedScore; 8] =
    [s(0, 0), s(2, 9), s(4, 12), s(10, 23), s(23, 38), s(50, 73), s(90, 127), s(0, 0)];
/// A passed pawn whose stop square is empty, by relative rank (added to [`PASSED`]).
pub const PASSED_FREE: [TaperedScore; 8] =
    [s(0, 0), s(1, 3), s(0, 4), s(2, 10), s(6, 16), s(12, 26), s(20, 51), s(0, 0)];
/// A passed pawn, per square of distance from the enemy king to its stop
/// square, by relative rank (a far enemy king cannot stop it).
pub const PASSED_ENEMY_KING: [TaperedScore; 8] =
    [s(0, 0), s(0, 1), s(-1, 0), s(-4, 10), s(-1, 20), s(0, 30), s(2, 40), s(0, 0)];
/// A passed pawn, per square of distance from its own king to the stop square.
pub const PASSED_OWN_KING: [TaperedScore; 8] =
    [s(0, 0), s(-2, 2), s(-1, 1), s(0, -5), s(0, -10), s(0, -18), s(1, -26), s(0, 0)];

// ---- pieces ----

/// Mobility bonus of a knight by the number of squares it can go to.
pub const KNIGHT_MOBILITY: [TaperedScore; 9] =
    [s(-38, -45), s(-18, -29), s(-6, -12), s(0, -3), s(2, 2), s(7, 10), s(13, 13), s(17, 15), s(19, 16)];
/// Mobility bonus of a bishop.
pub const BISHOP_MOBILITY: [TaperedScore; 14] = [
    s(-31, -46),
    s(-17, -27),
    s(-6, -15),
    s(-2, -5),
    s(8, 3),
    s(12, 9),
    s(14, 14),
    s(17, 20),
    s(19, 19),
    s(21, 25),
    s(24, 24),
    s(28, 27),
    s(30, 29),
    s(32, 30),
];
/// Mobility bonus of a rook.
pub const ROOK_MOBILITY: [TaperedScore; 15] = [
    s(-27, -51),
    s(-17, -31),
    s(-4, -15),
    s(-3, -5),
    s(1, 5),
    s(1, 13),
    s(2, 22),
    s(6, 25),
    s(8, 32),
    s(11, 38),
    s(12, 42),
    s(14, 45),
    s(18, 49),
    s(19, 51),
    s(19, 54),
];
/// Mobility bonus of a queen.
pub const QUEEN_MOBILITY: [TaperedScore; 28] = [
    s(-20, -40),
    s(-14, -28),
    s(-9, -18),
    s(-6, -10),
    s(-3, -3),
    s(-1, 2),
    s(3, 7),
    s(5, 12),
    s(5, 15),
    s(9, 20),
    s(9, 24),
    s(10, 27),
    s(11, 30),
    s(12, 33),
    s(14, 36),
    s(15, 38),
    s(15, 39),
    s(16, 41),
    s(17, 43),
    s(18, 44),
    s(19, 45),
    s(20, 46),
    s(21, 47),
    s(22, 48),
    s(23, 49),
    s(24, 50),
    s(25, 51),
    s(26, 52),
];

/// Both bishops.
pub const BISHOP_PAIR: TaperedScore = s(28, 53);
/// A rook on a file with no pawns.
pub const ROOK_OPEN_FILE: TaperedScore = s(31, 6);
/// A rook on a file with only enemy pawns.
pub const ROOK_SEMI_OPEN_FILE: TaperedScore = s(17, 7);
/// A knight or bishop on a square no enemy pawn can ever attack, defended by
/// an own pawn, in the enemy half (index 0 knight, 1 bishop).
pub const OUTPOST: [TaperedScore; 2] = [s(25, 12), s(16, 4)];
/// A minor piece directly behind an own pawn (shielded from frontal attack).
pub const MINOR_BEHIND_PAWN: TaperedScore = s(7, 1);

// ---- threats: pieces attacked and defended ----

/// A non-pawn piece attacked by an enemy pawn, by the victim's kind.
pub const THREAT_BY_PAWN: [TaperedScore; 6] = [s(0, 0), s(43, 29), s(44, 30), s(60, 30), s(59, 30), s(0, 0)];
/// A piece attacked by an enemy knight or bishop, by the victim's kind.
pub const THREAT_BY_MINOR: [TaperedScore; 6] =
    [s(3, 11), s(15, 21), s(14, 19), s(34, 23), s(33, 30), s(0, 0)];
/// A piece attacked by an enemy rook, by the victim's kind.
pub const THREAT_BY_ROOK: [TaperedScore; 6] = [s(4, 14), s(13, 21), s(15, 20), s(0, 8), s(30, 25), s(0, 0)];
/// A piece attacked and not defended (hanging), per piece.
pub const HANGING: TaperedScore = s(15, 12);
/// A non-pawn piece defended by one of its own pawns.
pub const DEFENDED_BY_PAWN: TaperedScore = s(2, 3);
/// A pawn push that would attack an enemy piece from a safe square.
pub const PAWN_PUSH_THREAT: TaperedScore = s(16, 11);

// ---- king safety ----

/// Weight of an attacker of the king zone, by its kind.
pub const KING_ATTACK_WEIGHT: [i32; 6] = [0, 40, 30, 45, 80, 0];
/// Danger added per square of the king zone attacked (counted per attack).
pub const KING_ZONE_ATTACK: i32 = 10;
/// Danger of a safe checking move available to the enemy, by the checking piece.
pub const SAFE_CHECK: [i32; 6] = [0, 90, 60, 90, 70, 0];
/// Danger removed when the enemy has no queen.
pub const NO_QUEEN_RELIEF: i32 = 200;
/// Pawn shield in front of the king: own pawn one rank ahead / two ranks ahead.
pub const SHIELD_NEAR: TaperedScore = s(15, -4);
/// See [`SHIELD_NEAR`].
pub const SHIELD_FAR: TaperedScore = s(6, -5);
/// A file next to or at the king with no own pawn.
pub const KING_OPEN_FILE: TaperedScore = s(-14, -3);
