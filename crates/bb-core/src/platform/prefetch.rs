//! A hint to the CPU to start loading memory that will be read soon.

/// Asks the CPU to start bringing the memory of `value` into its caches and
/// returns at once, without waiting for it. A search calls this with the
/// hash-table bucket of a position it is about to visit, so that the load
/// overlaps with other work instead of stalling the probe.
///
/// It is only a hint: it never changes a value or a result, and it never
/// faults. It is the `prefetcht0` instruction on x86 and x86_64 (one for the
/// first and one for the last cache line of `value`); on other targets it
/// does nothing.
///
/// ```
/// use bb_core::platform::prefetch;
///
/// let table = vec![[0u32; 12]; 1024];
/// prefetch(&table[700]);
/// assert_eq!(table[700], [0; 12]);
/// ```
#[inline(always)]
pub fn prefetch<T>(value: &T) {
    prefetch_bytes((value as *const T).cast::<u8>(), core::mem::size_of::<T>());
}

/// [`prefetch`] of the `length` bytes from `start`: every cache line they
/// touch. For memory a caller cannot borrow at the moment, such as the
/// inside of a locked table; the address is never read, only hinted, so any
/// pointer is fine (a wrong one wastes the hint).
///
/// ```
/// use bb_core::platform::prefetch_bytes;
///
/// let table = vec![0u64; 4096];
/// prefetch_bytes(table[512..].as_ptr().cast(), 192);
/// assert_eq!(table[512], 0);
/// ```
#[inline(always)]
pub fn prefetch_bytes(start: *const u8, length: usize) {
    if length == 0 {
        return;
    }
    let mut offset = 0;
    while offset < length {
        cache_line(start.wrapping_add(offset));
        offset += CACHE_LINE;
    }
    // The last line, when the bytes end past a line the steps above missed.
    cache_line(start.wrapping_add(length - 1));
}

/// Bytes of a cache line on the CPUs that have the instruction.
const CACHE_LINE: usize = 64;

#[cfg(any(target_arch = "x86_64", all(target_arch = "x86", target_feature = "sse")))]
#[inline(always)]
#[allow(unsafe_code)]
fn cache_line(address: *const u8) {
    #[cfg(target_arch = "x86")]
    use core::arch::x86::{_mm_prefetch, _MM_HINT_T0};
    #[cfg(target_arch = "x86_64")]
    use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: a prefetch reads nothing the program sees and never faults,
    // whatever the address. The intrinsic is unsafe only because it needs
    // SSE, which every x86_64 CPU has and the cfg above demands on x86.
    unsafe { _mm_prefetch::<_MM_HINT_T0>(address.cast::<i8>()) }
}

#[cfg(not(any(target_arch = "x86_64", all(target_arch = "x86", target_feature = "sse"))))]
#[inline(always)]
fn cache_line(_address: *const u8) {}
