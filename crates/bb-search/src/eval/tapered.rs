//! The (middlegame, endgame) pair every term and weight of the evaluation
//! is made of, and its arithmetic.

use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A (middlegame, endgame) pair of centipawn values: every evaluation term
/// and weight is one, and the total is blended into a single score by the
/// game phase (see `taper`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TaperedScore {
    /// Value when all pieces are on the board.
    pub mg: i32,
    /// Value in a bare endgame.
    pub eg: i32,
}

impl TaperedScore {
    /// Zero in both phases.
    pub const ZERO: TaperedScore = TaperedScore { mg: 0, eg: 0 };

    /// The pair (`mg`, `eg`).
    pub const fn new(mg: i32, eg: i32) -> TaperedScore {
        TaperedScore { mg, eg }
    }
}

impl Add for TaperedScore {
    type Output = TaperedScore;
    fn add(self, other: TaperedScore) -> TaperedScore {
        TaperedScore::new(self.mg + other.mg, self.eg + other.eg)
    }
}

impl Sub for TaperedScore {
    type Output = TaperedScore;
    fn sub(self, other: TaperedScore) -> TaperedScore {
        TaperedScore::new(self.mg - other.mg, self.eg - other.eg)
    }
}

impl Neg for TaperedScore {
    type Output = TaperedScore;
    fn neg(self) -> TaperedScore {
        TaperedScore::new(-self.mg, -self.eg)
    }
}

impl Mul<i32> for TaperedScore {
    type Output = TaperedScore;
    fn mul(self, factor: i32) -> TaperedScore {
        TaperedScore::new(self.mg * factor, self.eg * factor)
    }
}

impl AddAssign for TaperedScore {
    fn add_assign(&mut self, other: TaperedScore) {
        *self = *self + other;
    }
}

impl SubAssign for TaperedScore {
    fn sub_assign(&mut self, other: TaperedScore) {
        *self = *self - other;
    }
}
