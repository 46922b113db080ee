//! Static evaluation: a tapered sum of middlegame and endgame terms.
//!
//! Every term is computed for both colours with the same code, as White's
//! score minus Black's, so the evaluation is exactly symmetric: a position and
//! its colour-flipped mirror get the same score from the side to move's view
//! (tested by a property test). The middlegame and endgame totals are blended
//! by the game phase (how much non-pawn material is left), the endgame part
//! is scaled down in drawish material configurations, and the side to move
//! gets a small tempo bonus.

mod eval_cache;
mod kernel;
mod king;
pub mod params;
mod pawn_cache;
mod pawns;
mod pieces;
mod psq;
mod squares;
mod tapered;
pub mod weights;

pub use eval_cache::EvalCache;
pub use pawn_cache::PawnCache;
pub use psq::{psq_delta, psq_score};
pub(crate) use squares::{
    adjacent_files, forward_file, front_span, pawn_attack_span, relative_rank, table_index,
};
pub use tapered::TaperedScore;

use crate::score::Score;
use bb_core::{Bitboard, Color, Piece, PieceKind};
use bb_movegen::Position;
use params::{Sum, Terms, Trace, AT_BISHOP_PAIR, AT_PIECE_VALUE};

/// Attack sets of both sides, gathered while evaluating pieces and used by
/// the threat and king-safety terms.
#[derive(Clone, Debug, Default)]
pub(crate) struct AttackInfo {
    /// Squares attacked by each side's pawns.
    pub pawns: [Bitboard; 2],
    /// Squares attacked by each side's pieces of each kind.
    pub by_kind: [[Bitboard; 6]; 2],
    /// Squares attacked by each side.
    pub all: [Bitboard; 2],
    /// Squares attacked at least twice by each side.
    pub twice: [Bitboard; 2],
    /// Each side's king zone (the king's square and its neighbours).
    pub king_zone: [Bitboard; 2],
    /// Enemy pieces attacking each side's king zone.
    pub king_attackers: [i32; 2],
    /// The same, by the attackers' kind.
    pub king_attackers_by_kind: [[i32; 6]; 2],
    /// Attacks on squares of the zone, counted per attacking piece.
    pub king_zone_hits: [i32; 2],
}

impl AttackInfo {
    /// Records that a piece of `color` and `kind` attacks `squares`.
    #[inline(always)]
    pub fn add(&mut self, color: Color, kind: PieceKind, squares: Bitboard) {
        let side = color.index();
        self.twice[side] |= self.all[side] & squares;
        self.all[side] |= squares;
        self.by_kind[side][kind.index()] |= squares;
    }
}

/// The game phase, 0 (bare kings and pawns) to [`weights::MAX_PHASE`].
#[inline(always)]
pub fn phase(position: &Position) -> i32 {
    let total: i32 = PieceKind::ALL
        .iter()
        .map(|&kind| weights::PHASE_WEIGHT[kind.index()] * position.by_kind(kind).count() as i32)
        .sum();
    total.min(weights::MAX_PHASE)
}

/// The evaluation in centipawns from the side to move's point of view.
///
/// ```
/// use bb_search::eval::evaluate;
/// use bb_movegen::Position;
///
/// let up_a_rook = Position::from_fen("4k3/pppp4/8/8/8/8/PPPP4/R3K3 w - - 0 1").unwrap();
/// assert!(evaluate(&up_a_rook) > 300);
/// ```
pub fn evaluate(position: &Position) -> Score {
    evaluate_on(position, None, None)
}

/// [`evaluate`], with the pawn-structure terms kept in `cache` for the
/// positions that follow: the same value, sooner. The search evaluates
/// through one cache per thread.
pub fn evaluate_with(position: &Position, cache: &mut PawnCache) -> Score {
    evaluate_on(position, Some(cache), None)
}

/// [`evaluate_with`], given the position's material and piece-square value
/// `psq`, which must be [`psq_score`] of it (the search keeps it up to date
/// move by move with [`psq_delta`]): the same value, without summing every
/// piece again.
///
/// ```
/// use bb_movegen::Position;
/// use bb_search::eval::{evaluate, evaluate_with_psq, psq_score, PawnCache};
///
/// let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
/// let position = Position::from_fen(kiwipete).unwrap();
/// let mut cache = PawnCache::new();
/// assert_eq!(evaluate_with_psq(&position, &mut cache, psq_score(&position)), evaluate(&position));
/// ```
pub fn evaluate_with_psq(position: &Position, cache: &mut PawnCache, psq: TaperedScore) -> Score {
    evaluate_on(position, Some(cache), Some(psq))
}

#[inline(always)]
fn evaluate_on(position: &Position, cache: Option<&mut PawnCache>, psq: Option<TaperedScore>) -> Score {
    if position.is_insufficient_material() {
        return 0;
    }
    let white_view = kernel::evaluate_for_white_on_this_cpu(position, cache, psq);
    let from_mover = match position.side_to_move() {
        Color::White => white_view,
        Color::Black => -white_view,
    };
    from_mover + weights::TEMPO
}

/// The attack sets of pawns and kings, and the king zones; the pieces'
/// attacks are added as they are evaluated.
#[inline(always)]
fn initial_attacks(position: &Position) -> AttackInfo {
    let mut attacks = AttackInfo::default();
    for color in Color::ALL {
        let king = position.king_square(color);
        attacks.king_zone[color.index()] = bb_tables::king_attacks(king) | king.bitboard();
        let pawn_attacks = pawn_attack_span(color, position.by_color_kind(color, PieceKind::Pawn));
        attacks.pawns[color.index()] = pawn_attacks;
        attacks.add(color, PieceKind::Pawn, pawn_attacks);
        attacks.add(color, PieceKind::King, bb_tables::king_attacks(king));
    }
    attacks
}

/// Reports the pawn-structure terms of both sides (White's positive) and
/// returns each side's passed pawns, by [`Color::index`].
#[inline(always)]
fn both_pawn_structures(position: &Position, terms: &mut impl Terms) -> [Bitboard; 2] {
    terms.set_sign(1);
    let white = pawns::structure(position, Color::White, terms);
    terms.set_sign(-1);
    let black = pawns::structure(position, Color::Black, terms);
    [white, black]
}

/// Where the terms of the pawn structure come from: worked out afresh, or
/// from a [`PawnCache`]. A trait with inlined methods rather than a
/// closure, so that it is compiled into each copy of the evaluation
/// (`kernel`): a closure stays a call, compiled for the baseline.
trait PawnStructure<T: Terms> {
    /// Reports the terms of both sides' pawns (White's positive) and
    /// returns each side's passed pawns, by [`Color::index`].
    fn report(self, position: &Position, terms: &mut T) -> [Bitboard; 2];
}

/// The pawn structure worked out afresh.
struct Fresh;

impl<T: Terms> PawnStructure<T> for Fresh {
    #[inline(always)]
    fn report(self, position: &Position, terms: &mut T) -> [Bitboard; 2] {
        both_pawn_structures(position, terms)
    }
}

/// The pawn structure's sum from a cache.
struct Cached<'a>(&'a mut PawnCache);

impl PawnStructure<Sum> for Cached<'_> {
    #[inline(always)]
    fn report(self, position: &Position, sum: &mut Sum) -> [Bitboard; 2] {
        let (score, passers) = self.0.structure(position);
        sum.total += score;
        passers
    }
}

/// Reports every term of the evaluation, White's as positive, Black's as
/// negative; the material and piece-square terms only when `material` (else
/// the caller has their sum), and those of the pawn structure as `pawns`
/// says.
#[inline(always)]
fn collect_terms<T: Terms>(position: &Position, terms: &mut T, material: bool, pawns: impl PawnStructure<T>) {
    let mut attacks = initial_attacks(position);
    let passers = pawns.report(position, terms);
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        terms.set_sign(sign);
        if material {
            psq::material_and_placement(position, color, terms);
        }
        pawns::passers(position, color, passers[color.index()], terms);
        pieces::evaluate(position, color, &mut attacks, terms);
        if position.by_color_kind(color, PieceKind::Bishop).count() >= 2 {
            terms.add(AT_BISHOP_PAIR, 1);
        }
    }
    // Threats and king safety need both sides' attack sets complete.
    for (color, sign) in [(Color::White, 1), (Color::Black, -1)] {
        terms.set_sign(sign);
        pieces::threats(position, color, &attacks, terms);
        king::safety(position, color, &attacks, terms);
    }
}

/// The evaluation from White's point of view, without the tempo bonus,
/// with the pawn-structure terms from `cache` when there is one.
#[inline(always)]
fn evaluate_for_white(
    position: &Position,
    cache: Option<&mut PawnCache>,
    psq: Option<TaperedScore>,
) -> Score {
    let mut sum = Sum::default();
    let material = psq.is_none();
    sum.total += psq.unwrap_or(TaperedScore::ZERO);
    match cache {
        Some(cache) => collect_terms(position, &mut sum, material, Cached(cache)),
        None => collect_terms(position, &mut sum, material, Fresh),
    }
    let total = sum.total;
    let game_phase = phase(position);
    let scale = endgame_scale(position, total.eg);
    if scale == 0 {
        // A dead draw whatever the rest of the evaluation says.
        return 0;
    }
    let blended = taper(total, game_phase, scale);
    blended + king::mop_up(position, blended)
}

/// Blends the middlegame and (scaled) endgame values by the phase.
#[inline(always)]
fn taper(total: TaperedScore, game_phase: i32, scale: i32) -> i32 {
    let eg = total.eg * scale / SCALE_NORMAL;
    (total.mg * game_phase + eg * (weights::MAX_PHASE - game_phase)) / weights::MAX_PHASE
}

/// How the evaluation of a position depends on the weights in
/// [`params::PARAMS`] and [`params::DANGER`]: White's view, before the
/// tempo bonus, `taper(Σ coefficient·weight + Σ sign·danger_penalty(Σ
/// count·danger weight), phase, scale) + after_taper`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EvalTrace {
    /// (weight index, White-minus-Black count) of every weight used.
    pub coefficients: Vec<(usize, i32)>,
    /// Each king under attack: its side's sign (+1 White, −1 Black) and
    /// how often each king-danger weight counts for it.
    pub danger: Vec<(i32, params::DangerCounts)>,
    /// The game phase, 0..=24.
    pub phase: i32,
    /// The endgame scale, out of 128.
    pub scale: i32,
    /// Added after tapering (the mop-up term).
    pub after_taper: i32,
    /// The evaluation from White's view without tempo, as [`evaluate`] computes it.
    pub value: i32,
}

/// The trace of `position`'s evaluation, or `None` when the evaluation is
/// a fixed draw (insufficient or drawish material).
pub fn trace(position: &Position) -> Option<EvalTrace> {
    if position.is_insufficient_material() {
        return None;
    }
    let mut trace = Trace::default();
    collect_terms(position, &mut trace, true, Fresh);
    let total = trace.sum.total;
    let game_phase = phase(position);
    let scale = endgame_scale(position, total.eg);
    if scale == 0 {
        return None;
    }
    let blended = taper(total, game_phase, scale);
    let after_taper = king::mop_up(position, blended);
    let coefficients = trace
        .coefficients
        .iter()
        .enumerate()
        .filter(|(_, &count)| count != 0)
        .map(|(index, &count)| (index, count))
        .collect();
    Some(EvalTrace {
        coefficients,
        danger: trace.danger,
        phase: game_phase,
        scale,
        after_taper,
        value: blended + after_taper,
    })
}

/// Full scale of the endgame term.
const SCALE_NORMAL: i32 = 128;

/// How much of the endgame score the side ahead can expect to convert, out
/// of [`SCALE_NORMAL`], judged from the material alone.
#[inline(always)]
fn endgame_scale(position: &Position, endgame_score: i32) -> i32 {
    if endgame_score == 0 {
        // Neither side is ahead, so there is nothing to scale; choosing a
        // "strong" side here would make the score depend on the colours.
        return SCALE_NORMAL;
    }
    let strong = if endgame_score > 0 { Color::White } else { Color::Black };
    let weak = strong.opposite();
    let count = |color: Color, kind: PieceKind| position.by_color_kind(color, kind).count() as i32;
    let non_pawn = |color: Color| {
        [PieceKind::Knight, PieceKind::Bishop, PieceKind::Rook, PieceKind::Queen]
            .iter()
            .map(|&kind| count(color, kind) * params::PARAMS[AT_PIECE_VALUE + kind.index()].mg)
            .sum::<i32>()
    };
    if count(strong, PieceKind::Pawn) == 0 {
        let advantage = non_pawn(strong) - non_pawn(weak);
        // Two knights cannot force mate; a minor piece up is rarely enough.
        let only_knights =
            non_pawn(strong) == count(strong, PieceKind::Knight) * params::PARAMS[AT_PIECE_VALUE + 1].mg;
        if only_knights && count(strong, PieceKind::Knight) <= 2 && non_pawn(weak) == 0 {
            return 0;
        }
        if advantage <= params::PARAMS[AT_PIECE_VALUE + PieceKind::Bishop.index()].mg {
            return if non_pawn(strong) < params::PARAMS[AT_PIECE_VALUE + PieceKind::Rook.index()].mg {
                0
            } else {
                16
            };
        }
    }
    let only_bishops = |color: Color| {
        count(color, PieceKind::Bishop) == 1
            && count(color, PieceKind::Knight)
                + count(color, PieceKind::Rook)
                + count(color, PieceKind::Queen)
                == 0
    };
    if only_bishops(Color::White) && only_bishops(Color::Black) {
        let white_light = (position.by_piece(Piece::WhiteBishop) & Bitboard::LIGHT_SQUARES).any();
        let black_light = (position.by_piece(Piece::BlackBishop) & Bitboard::LIGHT_SQUARES).any();
        if white_light != black_light {
            return 64;
        }
    }
    SCALE_NORMAL
}

#[cfg(test)]
mod tests;
