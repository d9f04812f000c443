// Source-over kernels in AVX-512 (BW and VL): each zmm register holds 8 pixels widened to 16-bit
// channels, so one multiply covers every channel of them; the last pixels of a run are read and
// written through mask registers. Results are those of the AVX2 and portable kernels bit for bit.
#include "CSystem.h"
#include <immintrin.h>

#define TACTILE_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl")))

int tactile_cpu_has_avx512bw(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl");
}

/// Every channel of 16 pixels times the factor in the same 32-bit lane (0...255, in both 16-bit halves)
/// / 255, exactly rounded: even and odd channels each in the low byte of a 16-bit lane, t = x·f + 128
/// (at most 65153), and the high half of t·257 is (t + (t >> 8)) >> 8.
TACTILE_AVX512 static inline __m512i scale16(__m512i p, __m512i factors) {
    const __m512i low = _mm512_set1_epi16(0xFF);
    const __m512i half = _mm512_set1_epi16(128);
    const __m512i k = _mm512_set1_epi16((short)257);
    __m512i even = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_and_si512(p, low), factors), half), k);
    __m512i odd = _mm512_mulhi_epu16(_mm512_add_epi16(_mm512_mullo_epi16(_mm512_srli_epi16(p, 8), factors), half), k);
    return _mm512_or_si512(even, _mm512_slli_epi16(odd, 8));
}

/// A 32-bit lane value (0...255) repeated in both of its 16-bit halves.
TACTILE_AVX512 static inline __m512i halves16(__m512i v) { return _mm512_or_si512(v, _mm512_slli_epi32(v, 16)); }

/// 16 premultiplied source pixels over 16 destination pixels.
TACTILE_AVX512 static inline __m512i over16(__m512i s, __m512i d) {
    __m512i inverse = _mm512_sub_epi32(_mm512_set1_epi32(255), _mm512_srli_epi32(s, 24));
    return _mm512_add_epi32(s, scale16(d, halves16(inverse)));
}

/// 16 coverage bytes, each in both 16-bit halves of its pixel's lane.
TACTILE_AVX512 static inline __m512i coverages16(__m128i c) { return halves16(_mm512_cvtepu8_epi32(c)); }

/// The mask of the first n (0...16) of 16 lanes.
static inline __mmask16 first16(size_t n) { return (__mmask16)((1u << n) - 1); }

// Runs of 16 pixels or more are blended 16 at a time, the last 16 from what they were before the loop
// and stored after it, over the loop's results where the two overlap (the same values, as every pixel's
// result depends on that pixel alone). Runs of 8...15 are their first 8 and last 8 pixels in one
// register. Neither needs a masked store: its footprint past the run stalls a load of the pixels after
// it (a rect's right edge, the next run of a row) until it is written, and a masked tail took twice as
// long as AVX2's scalar one on runs of 10 pixels side by side.

TACTILE_AVX512 static inline __m512i load16(const uint32_t *p) { return _mm512_loadu_si512(p); }

TACTILE_AVX512 static inline void store16(uint32_t *p, __m512i v) { _mm512_storeu_si512(p, v); }

/// Pixels 0...7 and count − 8...count − 1 of a run of 8...16 pixels in one register.
TACTILE_AVX512 static inline __m512i load_ends(const uint32_t *p, size_t count) {
    __m256i first = _mm256_loadu_si256((const __m256i *)p);
    return _mm512_inserti64x4(_mm512_castsi256_si512(first), _mm256_loadu_si256((const __m256i *)(p + count - 8)), 1);
}

/// Stores load_ends' pixels back (the last 8 after the first 8).
TACTILE_AVX512 static inline void store_ends(uint32_t *p, size_t count, __m512i v) {
    _mm256_storeu_si256((__m256i *)p, _mm512_castsi512_si256(v));
    _mm256_storeu_si256((__m256i *)(p + count - 8), _mm512_extracti64x4_epi64(v, 1));
}

/// The coverage bytes of load_ends' pixels.
TACTILE_AVX512 static inline __m128i load_coverage_ends(const uint8_t *c, size_t count) {
    return _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)c), _mm_loadl_epi64((const __m128i *)(c + count - 8)));
}

TACTILE_AVX512 static inline __m128i load_coverages16(const uint8_t *c) { return _mm_loadu_si128((const __m128i *)c); }

TACTILE_AVX512 void tactile_over_constant_avx512(uint32_t *dst, size_t count, uint32_t color, uint32_t inverse) {
    const __m512i source = _mm512_set1_epi32((int)color);
    const __m512i factor = _mm512_set1_epi32((int)(inverse * 0x00010001u));
#define BLEND(d) _mm512_add_epi32(source, scale16(d, factor))
#define BLEND32(p)                                                                                            \
    do {                                                                                                      \
        __m512i a = load16(p);                                                                                \
        __m512i b = load16((p) + 16);                                                                         \
        store16(p, BLEND(a));                                                                                 \
        store16((p) + 16, BLEND(b));                                                                          \
    } while (0)
    if (count < 16) return store_ends(dst, count, BLEND(load_ends(dst, count)));
    __m512i last = BLEND(load16(dst + count - 16));
    size_t i = 0;
    if (count >= TACTILE_FAR_RUN) {
        // Two prefetches per 32 pixels: each cache line of the run once, however the run is aligned.
        for (; i + TACTILE_FAR_AHEAD + 32 <= count; i += 32) {
            _mm_prefetch((const char *)(dst + i + TACTILE_FAR_AHEAD), _MM_HINT_T0);
            _mm_prefetch((const char *)(dst + i + TACTILE_FAR_AHEAD + 16), _MM_HINT_T0);
            BLEND32(dst + i);
        }
    }
    for (; i + 32 <= count; i += 32) BLEND32(dst + i);
#undef BLEND32
    if (i + 16 <= count) store16(dst + i, BLEND(load16(dst + i)));
    store16(dst + count - 16, last);
#undef BLEND
}

TACTILE_AVX512 void tactile_over_constant_coverages_avx512(uint32_t *dst, size_t count, uint32_t color,
                                                          const uint8_t *coverages) {
    const __m512i source = _mm512_set1_epi32((int)color);
    const int opaque = color >> 24 == 255;
#define BLEND(d, c) over16(scale16(source, coverages16(c)), d)
    if (count < 16) {
        __m128i c = load_coverage_ends(coverages, count);
        if (!_mm_test_all_zeros(c, c)) store_ends(dst, count, BLEND(load_ends(dst, count), c));
        return;
    }
    __m512i last = BLEND(load16(dst + count - 16), load_coverages16(coverages + count - 16));
    for (size_t i = 0; i + 16 <= count; i += 16) {
        // Glyphs and edges are mostly empty or fully covered: skip or store those groups.
        __m128i c = load_coverages16(coverages + i);
        if (_mm_test_all_zeros(c, c)) continue;
        if (opaque && _mm_test_all_ones(c)) {
            store16(dst + i, source);
            continue;
        }
        store16(dst + i, BLEND(load16(dst + i), c));
    }
    store16(dst + count - 16, last);
#undef BLEND
}

/// tactile_cell_coverages8 of sixteen sums.
TACTILE_AVX512 static inline __m512i cell_coverages16(__m512i sums, int evenOdd) {
    const __m512i one = _mm512_set1_epi32(1 << 16);
    __m512i a = _mm512_abs_epi32(sums);
    if (evenOdd) {
        a = _mm512_and_si512(a, _mm512_set1_epi32((2 << 16) - 1));
        a = _mm512_min_epu32(a, _mm512_sub_epi32(_mm512_add_epi32(one, one), a));
    } else {
        a = _mm512_min_epu32(a, one);
    }
    return _mm512_srli_epi32(_mm512_add_epi32(_mm512_sub_epi32(_mm512_slli_epi32(a, 8), a), _mm512_set1_epi32(1 << 15)), 16);
}

/// The running sums of 16 cells after `carry` (in every lane): each lane plus the 1, 2, 4 and 8 lanes
/// before it (alignr shifts in zeros).
TACTILE_AVX512 static inline __m512i running_sums16(__m512i v, __m512i carry) {
    const __m512i zero = _mm512_setzero_si512();
    v = _mm512_add_epi32(v, _mm512_alignr_epi32(v, zero, 15));
    v = _mm512_add_epi32(v, _mm512_alignr_epi32(v, zero, 14));
    v = _mm512_add_epi32(v, _mm512_alignr_epi32(v, zero, 12));
    v = _mm512_add_epi32(v, _mm512_alignr_epi32(v, zero, 8));
    return _mm512_add_epi32(v, carry);
}

// Runs of cells end the way the coverage kernel's runs do: from 16 cells on, the last 16 pixels are
// blended from what they were before the loop, with the coverage of the last whole group's lanes and
// the remainder's, and stored after it; runs of 8...15 are their first 8 and last 8 pixels in one
// register. Only runs of under 8 pixels are written through a mask.
TACTILE_AVX512 int32_t tactile_over_constant_cells_avx512(uint32_t *dst, int32_t *cells, size_t count, uint32_t color,
                                                          int32_t sum, int evenOdd) {
    const __m512i source = _mm512_set1_epi32((int)color);
    const __m512i zero = _mm512_setzero_si512();
    const __m512i lanes = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    const int opaque = color >> 24 == 255;
#define BLEND(d, c) over16(scale16(source, halves16(c)), d)
    if (count < 16) {
        __mmask16 inside = first16(count);
        __m512i v = running_sums16(_mm512_maskz_loadu_epi32(inside, cells), _mm512_set1_epi32(sum));
        _mm512_mask_storeu_epi32(cells, inside, zero);
        __m512i c = cell_coverages16(v, evenOdd);
        if (count < 8) {
            _mm512_mask_storeu_epi32(dst, inside, BLEND(_mm512_maskz_loadu_epi32(inside, dst), c));
        } else {
            // Lanes 8...15 take the coverage of pixels count − 8 ... count − 1.
            __m512i ends = _mm512_mask_add_epi32(lanes, 0xFF00, lanes, _mm512_set1_epi32((int)count - 16));
            store_ends(dst, count, BLEND(load_ends(dst, count), _mm512_permutexvar_epi32(ends, c)));
        }
        return _mm_cvtsi128_si32(_mm512_castsi512_si128(_mm512_permutexvar_epi32(_mm512_set1_epi32((int)count - 1), v)));
    }
    const __m512i lastLane = _mm512_set1_epi32(15);
    __m512i carry = _mm512_set1_epi32(sum);
    __m512i last = load16(dst + count - 16);
    __m512i c = zero;
    size_t whole = count & ~(size_t)15;
    for (size_t i = 0; i < whole; i += 16) {
        __m512i v = running_sums16(_mm512_loadu_si512(cells + i), carry);
        _mm512_storeu_si512(cells + i, zero);
        carry = _mm512_permutexvar_epi32(lastLane, v);
        c = cell_coverages16(v, evenOdd);
        if (_mm512_test_epi32_mask(c, c) == 0) continue;
        if (opaque && _mm512_cmpeq_epi32_mask(c, _mm512_set1_epi32(255)) == 0xFFFF) {
            store16(dst + i, source);
            continue;
        }
        store16(dst + i, BLEND(load16(dst + i), c));
    }
    size_t n = count - whole;
    if (n > 0) {
        __m512i v = running_sums16(_mm512_maskz_loadu_epi32(first16(n), cells + whole), carry);
        // The last 16 cells all lie in the run (its earlier ones are zero already).
        _mm512_storeu_si512(cells + count - 16, zero);
        carry = _mm512_permutexvar_epi32(lastLane, v);
        // Pixel count − 16 + j is lane n + j of the last whole group, or lane n + j − 16 of the rest.
        __m512i tail = _mm512_permutex2var_epi32(c, _mm512_add_epi32(lanes, _mm512_set1_epi32((int)n)),
                                                 cell_coverages16(v, evenOdd));
        store16(dst + count - 16, BLEND(last, tail));
    }
#undef BLEND
    return _mm_cvtsi128_si32(_mm512_castsi512_si128(carry));
}

TACTILE_AVX512 void tactile_over_constant_image_avx512(uint32_t *dst, size_t stride, size_t width, size_t height,
                                                      uint32_t color, const uint8_t *coverages,
                                                      size_t coverageStride) {
    const __m512i source = _mm512_set1_epi32((int)color);
    const int opaque = color >> 24 == 255;
    // Every row is fetched before the first is composited, as in the AVX2 kernel. A glyph's rows are
    // a stride apart, so the masked stores of their last pixels stall nothing.
    for (size_t y = 0; y < height; y++) tactile_prefetch_write(dst + y * stride, width * 4);
    for (size_t y = 0; y < height; y++, dst += stride, coverages += coverageStride) {
        for (size_t i = 0; i < width; i += 16) {
            __mmask16 inside = width - i >= 16 ? 0xFFFF : first16(width - i);
            __m128i c = _mm_maskz_loadu_epi8(inside, coverages + i);
            if (_mm_test_all_zeros(c, c)) continue;
            if (opaque && inside == 0xFFFF && _mm_test_all_ones(c)) {
                store16(dst + i, source);
                continue;
            }
            __m512i d = _mm512_maskz_loadu_epi32(inside, dst + i);
            _mm512_mask_storeu_epi32(dst + i, inside, over16(scale16(source, coverages16(c)), d));
        }
    }
}

TACTILE_AVX512 void tactile_over_row_avx512(uint32_t *dst, const uint32_t *src, size_t count, uint32_t coverage) {
    const __m512i factor = _mm512_set1_epi32((int)(coverage * 0x00010001u));
    const __m512i opaqueAlpha = _mm512_set1_epi32((int)0xFF000000u);
#define BLEND(d, s) over16(coverage == 255 ? (s) : scale16(s, factor), d)
    if (count < 16) return store_ends(dst, count, BLEND(load_ends(dst, count), load_ends(src, count)));
    __m512i last = BLEND(load16(dst + count - 16), load16(src + count - 16));
    for (size_t i = 0; i + 16 <= count; i += 16) {
        __m512i s = load16(src + i);
        if (coverage == 255) {
            // Opaque pixels are a copy, transparent ones (all zero) change nothing.
            if (_mm512_cmplt_epu32_mask(s, opaqueAlpha) == 0) {
                store16(dst + i, s);
                continue;
            }
            if (_mm512_test_epi32_mask(s, s) == 0) continue;
        }
        store16(dst + i, BLEND(load16(dst + i), s));
    }
    store16(dst + count - 16, last);
#undef BLEND
}

TACTILE_AVX512 void tactile_over_row_coverages_avx512(uint32_t *dst, const uint32_t *src, size_t count,
                                                     const uint8_t *coverages) {
#define BLEND(d, s, c) over16(scale16(s, coverages16(c)), d)
    if (count < 16) {
        store_ends(dst, count,
                   BLEND(load_ends(dst, count), load_ends(src, count), load_coverage_ends(coverages, count)));
        return;
    }
    __m512i last = BLEND(load16(dst + count - 16), load16(src + count - 16), load_coverages16(coverages + count - 16));
    for (size_t i = 0; i + 16 <= count; i += 16)
        store16(dst + i, BLEND(load16(dst + i), load16(src + i), load_coverages16(coverages + i)));
    store16(dst + count - 16, last);
#undef BLEND
}
