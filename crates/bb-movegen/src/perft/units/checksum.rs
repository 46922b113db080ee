//! The checksum of units and result lines: 64-bit FNV-1a. It guards against
//! accidents (a file cut short, results of another run), not against
//! forgery, and it is simple enough to recompute in a shell script.

const OFFSET_BASIS: u64 = 0xcbf2_9ce4_8422_2325;
const PRIME: u64 = 0x0000_0100_0000_01b3;

/// FNV-1a of `bytes`.
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    Fnv1a::new().update(bytes).finish()
}

/// FNV-1a over bytes given piece by piece.
#[derive(Clone, Copy)]
pub(super) struct Fnv1a(u64);

impl Fnv1a {
    pub(super) fn new() -> Fnv1a {
        Fnv1a(OFFSET_BASIS)
    }

    pub(super) fn update(self, bytes: &[u8]) -> Fnv1a {
        Fnv1a(bytes.iter().fold(self.0, |hash, &byte| (hash ^ u64::from(byte)).wrapping_mul(PRIME)))
    }

    pub(super) fn finish(self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn published_test_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
        assert_eq!(Fnv1a::new().update(b"foo").update(b"bar").finish(), fnv1a(b"foobar"));
    }
}
