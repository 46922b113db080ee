//! `serde` support (feature `serde`): a [`Position`] as its FEN (which
//! reads back exactly, Chess960 castling included), a [`Move`] as its
//! 16-bit code ([`Move::to_u16`]): a move's text needs the position it is
//! played in, its code does not.
//!
//! No allocation: FEN text is written through `collect_str` and read from a
//! borrowed or transient string.

use crate::{Move, Position};
use core::fmt;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Reads a position from its FEN, with FEN's validation and errors.
struct FenVisitor;

impl Visitor<'_> for FenVisitor {
    type Value = Position;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a FEN string")
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Position, E> {
        Position::from_fen(text).map_err(E::custom)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(FenVisitor)
    }
}

impl Serialize for Move {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u16(self.to_u16())
    }
}

impl<'de> Deserialize<'de> for Move {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let code = u16::deserialize(deserializer)?;
        Move::from_u16(code).ok_or_else(|| de::Error::custom(format_args!("{code} is not a move code")))
    }
}
