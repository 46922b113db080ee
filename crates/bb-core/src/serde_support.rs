//! `serde` support (feature `serde`) for the value types, in the text a
//! chess programmer reads: a square as `"e4"`, a piece as its FEN letter
//! (`"N"`, `"q"`), a piece kind as its lower-case letter, a colour as
//! `"w"`/`"b"`; a bitboard as its `u64` (square a1 = bit 0), the same on
//! every backend and byte order.
//!
//! Text goes through each type's `Display` and `FromStr`, so a serialized
//! value reads back exactly and a bad one is refused with the parser's
//! message. No allocation: `no_std` users keep the feature.

use crate::{Bitboard, Color, Piece, PieceKind, Square};
use core::fmt;
use core::marker::PhantomData;
use core::str::FromStr;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// Reads a value of `T` from a string through `T::from_str`.
struct TextVisitor<T>(PhantomData<T>);

impl<T: FromStr> Visitor<'_> for TextVisitor<T>
where
    T::Err: fmt::Display,
{
    type Value = T;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(core::any::type_name::<T>())
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<T, E> {
        text.parse().map_err(E::custom)
    }
}

macro_rules! serde_as_text {
    ($($type:ty),*) => {$(
        impl Serialize for $type {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> Deserialize<'de> for $type {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                deserializer.deserialize_str(TextVisitor(PhantomData))
            }
        }
    )*};
}

serde_as_text!(Square, Color, PieceKind, Piece);

impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_u64(self.to_u64())
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        u64::deserialize(deserializer).map(Bitboard::from_u64)
    }
}
