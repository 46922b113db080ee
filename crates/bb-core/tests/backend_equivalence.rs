//! Every operation of both `U64` backends must equal the same operation on a
//! plain `u64`: on 10,000 random cases per operation (values biased towards
//! the edges that break carries and shifts) and exhaustively on the edges
//! themselves with every shift amount.

use proptest::prelude::*;

/// Values where carries, borrows and half boundaries go wrong.
const EDGES: [u64; 12] = [
    0,
    1,
    2,
    1 << 31,
    1 << 32,
    (1 << 32) - 1,
    (1 << 32) + 1,
    1 << 63,
    u64::MAX,
    u64::MAX - 1,
    0x5555_5555_5555_5555,
    0x8000_0001_8000_0001,
];

/// Random words, one case in four taken from the edges.
fn word() -> impl Strategy<Value = u64> {
    prop_oneof![3 => any::<u64>(), 1 => proptest::sample::select(EDGES.to_vec())]
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: 10_000, ..ProptestConfig::default() }
}

macro_rules! equivalence_tests {
    ($module:ident, $word:ty) => {
        mod $module {
            use super::*;
            type W = $word;

            fn w(value: u64) -> W {
                W::from_u64(value)
            }

            proptest! {
                #![proptest_config(config())]

                #[test]
                fn round_trip_and_halves(a in word()) {
                    prop_assert_eq!(w(a).to_u64(), a);
                    prop_assert_eq!(w(a).hi(), (a >> 32) as u32);
                    prop_assert_eq!(w(a).lo(), a as u32);
                    prop_assert_eq!(W::from_halves((a >> 32) as u32, a as u32), w(a));
                    prop_assert_eq!(u64::from(W::from(a)), a);
                }

                #[test]
                fn bitwise(a in word(), b in word()) {
                    prop_assert_eq!((w(a) & w(b)).to_u64(), a & b);
                    prop_assert_eq!((w(a) | w(b)).to_u64(), a | b);
                    prop_assert_eq!((w(a) ^ w(b)).to_u64(), a ^ b);
                    prop_assert_eq!((!w(a)).to_u64(), !a);
                    prop_assert_eq!(w(a).and_not(w(b)).to_u64(), a & !b);
                    let mut x = w(a);
                    x &= w(b);
                    prop_assert_eq!(x.to_u64(), a & b);
                    x |= w(a);
                    prop_assert_eq!(x.to_u64(), (a & b) | a);
                    x ^= w(b);
                    prop_assert_eq!(x.to_u64(), ((a & b) | a) ^ b);
                }

                #[test]
                fn shifts(a in word(), amount in 0u32..80) {
                    let expected_left = a.checked_shl(amount).unwrap_or(0);
                    let expected_right = a.checked_shr(amount).unwrap_or(0);
                    prop_assert_eq!((w(a) << amount).to_u64(), expected_left);
                    prop_assert_eq!((w(a) >> amount).to_u64(), expected_right);
                    let mut x = w(a);
                    x <<= amount;
                    prop_assert_eq!(x.to_u64(), expected_left);
                    let mut y = w(a);
                    y >>= amount;
                    prop_assert_eq!(y.to_u64(), expected_right);
                }

                #[test]
                fn shift_into_the_low_half(a in word(), amount in 32u32..64) {
                    prop_assert_eq!(w(a).shr_high(amount), (a >> amount) as u32);
                }

                #[test]
                fn counts_and_scans(a in word()) {
                    prop_assert_eq!(w(a).count_ones(), a.count_ones());
                    prop_assert_eq!(w(a).trailing_zeros(), a.trailing_zeros());
                    prop_assert_eq!(w(a).leading_zeros(), a.leading_zeros());
                    prop_assert_eq!(w(a).is_zero(), a == 0);
                    prop_assert_eq!(w(a).lowest_bit().to_u64(), a & a.wrapping_neg());
                    prop_assert_eq!(w(a).clear_lowest_bit().to_u64(), a & a.wrapping_sub(1));
                }

                #[test]
                fn pop_lsb_walks_every_bit(a in word()) {
                    let mut x = w(a);
                    let mut expected = a;
                    while expected != 0 {
                        prop_assert_eq!(x.pop_lsb(), expected.trailing_zeros());
                        expected &= expected - 1;
                        prop_assert_eq!(x.to_u64(), expected);
                    }
                    prop_assert_eq!(x.pop_lsb(), 64);
                    prop_assert!(x.is_zero());
                }

                #[test]
                fn single_bits(a in word(), index in 0u32..70) {
                    prop_assert_eq!(w(a).bit(index), index < 64 && (a >> index) & 1 == 1);
                    prop_assert_eq!(W::single_bit(index).to_u64(), 1u64.checked_shl(index).unwrap_or(0));
                }

                #[test]
                fn arithmetic(a in word(), b in word()) {
                    prop_assert_eq!(w(a).wrapping_add(w(b)).to_u64(), a.wrapping_add(b));
                    prop_assert_eq!(w(a).wrapping_sub(w(b)).to_u64(), a.wrapping_sub(b));
                    prop_assert_eq!(w(a).wrapping_mul(w(b)).to_u64(), a.wrapping_mul(b));
                    prop_assert_eq!(w(a).wrapping_neg().to_u64(), a.wrapping_neg());
                }

                #[test]
                fn byte_and_bit_reversal(a in word()) {
                    prop_assert_eq!(w(a).swap_bytes().to_u64(), a.swap_bytes());
                    prop_assert_eq!(w(a).reverse_bits().to_u64(), a.reverse_bits());
                }

                #[test]
                fn ordering_and_formatting(a in word(), b in word()) {
                    prop_assert_eq!(w(a).cmp(&w(b)), a.cmp(&b));
                    prop_assert_eq!(w(a) == w(b), a == b);
                    prop_assert_eq!(format!("{:x}", w(a)), format!("{a:x}"));
                    prop_assert_eq!(format!("{}", w(a)), format!("{a}"));
                    prop_assert_eq!(format!("{:b}", w(a)), format!("{a:b}"));
                }
            }

            /// The edges with every shift amount, exhaustively.
            #[test]
            fn edges_with_every_shift_amount() {
                for a in EDGES {
                    for amount in 0..=130u32 {
                        assert_eq!(
                            (w(a) << amount).to_u64(),
                            a.checked_shl(amount).unwrap_or(0),
                            "{a:#x} << {amount}"
                        );
                        assert_eq!(
                            (w(a) >> amount).to_u64(),
                            a.checked_shr(amount).unwrap_or(0),
                            "{a:#x} >> {amount}"
                        );
                    }
                    for b in EDGES {
                        assert_eq!(w(a).wrapping_mul(w(b)).to_u64(), a.wrapping_mul(b), "{a:#x} * {b:#x}");
                        assert_eq!(w(a).wrapping_add(w(b)).to_u64(), a.wrapping_add(b), "{a:#x} + {b:#x}");
                        assert_eq!(w(a).wrapping_sub(w(b)).to_u64(), a.wrapping_sub(b), "{a:#x} - {b:#x}");
                    }
                }
            }

            /// The constants mean what their names say.
            #[test]
            fn constants() {
                assert_eq!(W::ZERO.to_u64(), 0);
                assert_eq!(W::ONE.to_u64(), 1);
                assert_eq!(W::MAX.to_u64(), u64::MAX);
                assert_eq!(W::default(), W::ZERO);
            }

            /// The operations can run at compile time.
            #[test]
            fn const_evaluation() {
                const SHIFTED: W = W::from_u64(0x8000_0000).shl(1).or(W::ONE);
                const PRODUCT: W = W::from_u64(0x1_0000_0001).wrapping_mul(W::from_u64(0xffff_ffff));
                assert_eq!(SHIFTED.to_u64(), 0x1_0000_0001);
                assert_eq!(PRODUCT.to_u64(), 0x1_0000_0001u64.wrapping_mul(0xffff_ffff));
            }
        }
    };
}

equivalence_tests!(native_backend, bb_core::backend::native::U64);
equivalence_tests!(hilo_backend, bb_core::backend::hilo::U64);

/// The selected backend follows `BB_BACKEND` when it is set, and otherwise
/// the target: native on 64-bit targets and wasm32, hi/lo on other 32-bit ones.
#[test]
fn selected_backend_matches_the_build_environment() {
    let expected = match option_env!("BB_BACKEND") {
        Some("hilo") => bb_core::Backend::HiLo,
        Some("native") => bb_core::Backend::Native,
        _ if cfg!(any(target_pointer_width = "64", target_arch = "wasm32")) => bb_core::Backend::Native,
        _ => bb_core::Backend::HiLo,
    };
    assert_eq!(bb_core::BACKEND, expected);
}
