#define _GNU_SOURCE
#include "CSystem.h"
#include <fcntl.h>
#include <sys/eventfd.h>
#include <sys/mman.h>

int tactile_memfd_create(const char *name) {
    return memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
}

int tactile_memfd_seal(int fd) {
    return fcntl(fd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL);
}

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

int tactile_unix_listen(const char *path) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof address.sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    strcpy(address.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) return -1;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) < 0 || listen(fd, 128) < 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

#include <poll.h>
#include <sys/ioctl.h>
#include <linux/sockios.h>

int tactile_unix_peer_is_connected(int fd, int *unsent) {
    *unsent = 0;
    if (ioctl(fd, SIOCOUTQ, unsent) < 0) return -1;
    struct pollfd entry = {.fd = fd, .events = POLLIN | POLLRDHUP};
    if (poll(&entry, 1, 0) < 0) return -1;
    if (entry.revents & (POLLHUP | POLLRDHUP | POLLERR)) return 0;
    if (entry.revents & POLLIN) {
        char byte;
        ssize_t peeked = recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
        if (peeked == 0) return 0;
    }
    return 1;
}

int tactile_unix_socket_is_live(const char *path) {
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    if (strlen(path) >= sizeof address.sun_path) return 0;
    strcpy(address.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return 0;
    int live = connect(fd, (struct sockaddr *)&address, sizeof address) == 0;
    close(fd);
    return live;
}

int tactile_pidfd_open(int pid) {
    return (int)syscall(SYS_pidfd_open, pid, 0);
}

int tactile_eventfd(void) {
    return eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
}

#include <malloc.h>

size_t tactile_malloc_in_use(void) {
    return mallinfo2().uordblks;
}

#include <wchar.h>

_Static_assert(sizeof(wchar_t) == sizeof(uint32_t), "wmemset must store 32-bit words");

void tactile_fill32(uint32_t *dst, uint32_t value, size_t count) {
#if defined(__x86_64__)
    // From 16 KiB on (a whole frame cleared as one run), `rep stosl` is the CPU's fast string store,
    // what glibc's memset uses for large sizes; glibc 2.36's wmemset stays in its vector loop, 5-10 %
    // slower there (and faster for the short rows of a shape, which stay with it).
    if (count >= 4096) {
        __asm__ volatile("rep stosl" : "+D"(dst), "+c"(count) : "a"(value) : "memory");
        return;
    }
#endif
    wmemset((wchar_t *)dst, (wchar_t)value, count);
}

#include <immintrin.h>

int tactile_cpu_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}

/// Every channel of 8 pixels times the factor in the same 32-bit lane (0...255, in both 16-bit halves)
/// / 255, exactly rounded.
__attribute__((target("avx2"))) static inline __m256i tactile_scale8(__m256i p, __m256i factors) {
    const __m256i low = _mm256_set1_epi16(0xFF);
    const __m256i half = _mm256_set1_epi16(128);
    const __m256i k = _mm256_set1_epi16((short)257);
    __m256i even = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(p, low), factors), half), k);
    __m256i odd = _mm256_mulhi_epu16(_mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(p, 8), factors), half), k);
    return _mm256_or_si256(even, _mm256_slli_epi16(odd, 8));
}

/// A 32-bit lane value (0...255) repeated in both of its 16-bit halves.
__attribute__((target("avx2"))) static inline __m256i tactile_halves(__m256i v) {
    return _mm256_or_si256(v, _mm256_slli_epi32(v, 16));
}

/// 8 premultiplied source pixels over 8 destination pixels.
__attribute__((target("avx2"))) static inline __m256i tactile_over8(__m256i s, __m256i d) {
    __m256i inverse = _mm256_sub_epi32(_mm256_set1_epi32(255), _mm256_srli_epi32(s, 24));
    return _mm256_add_epi32(s, tactile_scale8(d, tactile_halves(inverse)));
}

/// The scalar pixel operations of the tails, as Blend.scale and Blend.over.
static inline uint32_t tactile_scale1(uint32_t p, uint32_t f) {
    uint32_t rb = (p & 0x00FF00FF) * f + 0x00800080;
    rb = ((rb + ((rb >> 8) & 0x00FF00FF)) >> 8) & 0x00FF00FF;
    uint32_t ag = ((p >> 8) & 0x00FF00FF) * f + 0x00800080;
    ag = (ag + ((ag >> 8) & 0x00FF00FF)) & 0xFF00FF00;
    return rb | ag;
}

static inline uint32_t tactile_over1(uint32_t s, uint32_t d) { return s + tactile_scale1(d, 255 - (s >> 24)); }

__attribute__((target("avx2"))) void tactile_over_constant_coverages_avx2(uint32_t *dst, size_t count, uint32_t color,
                                                                          const uint8_t *coverages) {
    const __m256i source = _mm256_set1_epi32((int)color);
    const int opaque = color >> 24 == 255;
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t word;
        __builtin_memcpy(&word, coverages + i, 8);
        if (word == 0) continue;
        if (word == ~(uint64_t)0 && opaque) {
            _mm256_storeu_si256((__m256i *)(dst + i), source);
            continue;
        }
        __m256i c = tactile_halves(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)word)));
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        _mm256_storeu_si256((__m256i *)(dst + i), tactile_over8(tactile_scale8(source, c), d));
    }
    for (; i < count; i++) dst[i] = tactile_over1(tactile_scale1(color, coverages[i]), dst[i]);
}

/// The coverage bytes (0...255, one per 32-bit lane) of eight winding sums under a fill rule, as
/// CoverageRasterizer.coverage(_:evenOdd:): the magnitude as an unsigned number, folded by the rule
/// into 0...1 << 16 by an unsigned minimum, times 255 rounded.
__attribute__((target("avx2"))) static inline __m256i tactile_cell_coverages8(__m256i sums, int evenOdd) {
    const __m256i one = _mm256_set1_epi32(1 << 16);
    __m256i a = _mm256_abs_epi32(sums);
    if (evenOdd) {
        a = _mm256_and_si256(a, _mm256_set1_epi32((2 << 16) - 1));
        a = _mm256_min_epu32(a, _mm256_sub_epi32(_mm256_add_epi32(one, one), a));
    } else {
        a = _mm256_min_epu32(a, one);
    }
    return _mm256_srli_epi32(_mm256_add_epi32(_mm256_sub_epi32(_mm256_slli_epi32(a, 8), a), _mm256_set1_epi32(1 << 15)), 16);
}

__attribute__((target("avx2"))) int32_t tactile_over_constant_cells_avx2(uint32_t *dst, int32_t *cells, size_t count,
                                                                         uint32_t color, int32_t sum, int evenOdd) {
    const __m256i source = _mm256_set1_epi32((int)color);
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i lastLane = _mm256_set1_epi32(7);
    const __m256i zero = _mm256_setzero_si256();
    const int opaque = color >> 24 == 255;
    __m256i carry = _mm256_set1_epi32(sum);
    for (size_t i = 0; i < count; i += 8) {
        size_t n = count - i;
        __m256i inside = _mm256_cmpgt_epi32(_mm256_set1_epi32(n < 8 ? (int)n : 8), lanes);
        __m256i v = n >= 8 ? _mm256_loadu_si256((const __m256i *)(cells + i))
                           : _mm256_maskload_epi32((const int *)(cells + i), inside);
        // The running sum: within each half by two shifted adds, the low half's total into the high.
        v = _mm256_add_epi32(v, _mm256_slli_si256(v, 4));
        v = _mm256_add_epi32(v, _mm256_slli_si256(v, 8));
        v = _mm256_add_epi32(v, _mm256_blend_epi32(zero, _mm256_permutevar8x32_epi32(v, _mm256_set1_epi32(3)), 0xF0));
        v = _mm256_add_epi32(v, carry);
        carry = _mm256_permutevar8x32_epi32(v, lastLane);
        __m256i c = tactile_cell_coverages8(v, evenOdd);
        if (n >= 8) {
            _mm256_storeu_si256((__m256i *)(cells + i), zero);
            if (_mm256_testz_si256(c, c)) continue;
            if (opaque && _mm256_testc_si256(_mm256_cmpeq_epi32(c, _mm256_set1_epi32(255)), _mm256_set1_epi32(-1))) {
                _mm256_storeu_si256((__m256i *)(dst + i), source);
                continue;
            }
            __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
            _mm256_storeu_si256((__m256i *)(dst + i), tactile_over8(tactile_scale8(source, tactile_halves(c)), d));
        } else {
            _mm256_maskstore_epi32((int *)(cells + i), inside, zero);
            __m256i d = _mm256_maskload_epi32((const int *)(dst + i), inside);
            _mm256_maskstore_epi32((int *)(dst + i), inside, tactile_over8(tactile_scale8(source, tactile_halves(c)), d));
        }
    }
    return _mm256_cvtsi256_si32(carry);
}

__attribute__((target("avx2"))) void tactile_over_constant_image_avx2(uint32_t *dst, size_t stride, size_t width,
                                                                      size_t height, uint32_t color,
                                                                      const uint8_t *coverages,
                                                                      size_t coverageStride) {
    const __m256i source = _mm256_set1_epi32((int)color);
    const int opaque = color >> 24 == 255;
    const __m256i lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    // Every row is fetched before the first is composited: a glyph's rows lie in as many places in the
    // frame, which waited on the outer caches one after the other.
    for (size_t y = 0; y < height; y++) tactile_prefetch_write(dst + y * stride, width * 4);
    for (size_t y = 0; y < height; y++, dst += stride, coverages += coverageStride) {
        for (size_t i = 0; i < width; i += 8) {
            size_t n = width - i;
            uint64_t word;
            __builtin_memcpy(&word, coverages + i, 8);
            if (n < 8) word &= ~(uint64_t)0 >> (64 - 8 * n);
            if (word == 0) continue;
            if (n >= 8 && word == ~(uint64_t)0 && opaque) {
                _mm256_storeu_si256((__m256i *)(dst + i), source);
                continue;
            }
            __m256i c = tactile_halves(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)word)));
            if (n >= 8) {
                __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
                _mm256_storeu_si256((__m256i *)(dst + i), tactile_over8(tactile_scale8(source, c), d));
            } else {
                // The last pixels of a row: only the first n lanes are read and written.
                __m256i inside = _mm256_cmpgt_epi32(_mm256_set1_epi32((int)n), lanes);
                __m256i d = _mm256_maskload_epi32((const int *)(dst + i), inside);
                _mm256_maskstore_epi32((int *)(dst + i), inside, tactile_over8(tactile_scale8(source, c), d));
            }
        }
    }
}

__attribute__((target("avx2"))) void tactile_over_row_avx2(uint32_t *dst, const uint32_t *src, size_t count,
                                                           uint32_t coverage) {
    const __m256i factor = _mm256_set1_epi32((int)(coverage * 0x00010001u));
    const __m256i alphaMask = _mm256_set1_epi32((int)0xFF000000u);
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i s = _mm256_loadu_si256((const __m256i *)(src + i));
        if (coverage != 255) {
            s = tactile_scale8(s, factor);
        } else {
            // Eight opaque pixels are a copy, eight transparent ones (all zero) change nothing.
            if (_mm256_testc_si256(s, alphaMask)) {
                _mm256_storeu_si256((__m256i *)(dst + i), s);
                continue;
            }
            if (_mm256_testz_si256(s, s)) continue;
        }
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        _mm256_storeu_si256((__m256i *)(dst + i), tactile_over8(s, d));
    }
    for (; i < count; i++) dst[i] = tactile_over1(coverage == 255 ? src[i] : tactile_scale1(src[i], coverage), dst[i]);
}

__attribute__((target("avx2"))) void tactile_over_row_coverages_avx2(uint32_t *dst, const uint32_t *src, size_t count,
                                                                     const uint8_t *coverages) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        uint64_t word;
        __builtin_memcpy(&word, coverages + i, 8);
        __m256i c = tactile_halves(_mm256_cvtepu8_epi32(_mm_cvtsi64_si128((long long)word)));
        __m256i s = tactile_scale8(_mm256_loadu_si256((const __m256i *)(src + i)), c);
        __m256i d = _mm256_loadu_si256((const __m256i *)(dst + i));
        _mm256_storeu_si256((__m256i *)(dst + i), tactile_over8(s, d));
    }
    for (; i < count; i++) dst[i] = tactile_over1(tactile_scale1(src[i], coverages[i]), dst[i]);
}

__attribute__((target("avx2"))) void tactile_over_constant_avx2(uint32_t *dst, size_t count, uint32_t color,
                                                                uint32_t inverse) {
    const __m256i source = _mm256_set1_epi32((int)color);
    const __m256i factor = _mm256_set1_epi32((int)(inverse * 0x00010001u));
#define BLEND8(p)                                                                                             \
    _mm256_storeu_si256((__m256i *)(p),                                                                       \
                        _mm256_add_epi32(source, tactile_scale8(_mm256_loadu_si256((const __m256i *)(p)), factor)))
    size_t i = 0;
    if (count >= TACTILE_FAR_RUN) {
        // One prefetch per 16 pixels (64 bytes): each cache line of the run once, however it is aligned.
        for (; i + TACTILE_FAR_AHEAD + 16 <= count; i += 16) {
            _mm_prefetch((const char *)(dst + i + TACTILE_FAR_AHEAD), _MM_HINT_T0);
            BLEND8(dst + i);
            BLEND8(dst + i + 8);
        }
    }
    for (; i + 8 <= count; i += 8) BLEND8(dst + i);
#undef BLEND8
    for (; i < count; i++) dst[i] = color + tactile_scale1(dst[i], inverse);
}

/// (a·(256 − f) + b·f) >> 8 per channel of 8 pixel pairs, f per 32-bit lane in both 16-bit halves.
__attribute__((target("avx2"))) static inline __m256i tactile_lerp8(__m256i a, __m256i b, __m256i f) {
    const __m256i low = _mm256_set1_epi16(0xFF);
    const __m256i g = _mm256_sub_epi16(_mm256_set1_epi16(256), f);
    __m256i even = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_and_si256(a, low), g),
                                    _mm256_mullo_epi16(_mm256_and_si256(b, low), f));
    __m256i odd = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_srli_epi16(a, 8), g),
                                   _mm256_mullo_epi16(_mm256_srli_epi16(b, 8), f));
    return _mm256_or_si256(_mm256_srli_epi16(even, 8), _mm256_andnot_si256(low, odd));
}

/// The scalar mix of the tails, as Bilinear.lerp.
static inline uint32_t tactile_lerp1(uint32_t a, uint32_t b, uint32_t f) {
    uint32_t g = 256 - f;
    uint32_t rb = (((a & 0x00FF00FF) * g + (b & 0x00FF00FF) * f) >> 8) & 0x00FF00FF;
    uint32_t ag = (((a >> 8) & 0x00FF00FF) * g + ((b >> 8) & 0x00FF00FF) * f) & 0xFF00FF00;
    return rb | ag;
}

__attribute__((target("avx2"))) void tactile_lerp_rows_avx2(uint32_t *out, const uint32_t *top, const uint32_t *bottom,
                                                            size_t count, uint32_t weight) {
    const __m256i f = _mm256_set1_epi32((int)(weight * 0x00010001u));
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(top + i));
        __m256i b = _mm256_loadu_si256((const __m256i *)(bottom + i));
        _mm256_storeu_si256((__m256i *)(out + i), tactile_lerp8(a, b, f));
    }
    for (; i < count; i++) out[i] = tactile_lerp1(top[i], bottom[i], weight);
}

__attribute__((target("avx2"))) void tactile_lerp_columns_avx2(uint32_t *out, const uint32_t *mixed,
                                                               const int32_t *indices, const uint32_t *weights,
                                                               size_t count) {
    size_t i = 0;
    for (; i + 8 <= count; i += 8) {
        __m256i index = _mm256_loadu_si256((const __m256i *)(indices + i));
        int32_t base = indices[i];
        __m256i left, right;
        if ((uint32_t)(indices[i + 7] - base) < 8) {
            // Enlarging (or a mild reduction): the eight samples lie within eight pixels, whose
            // neighbours two loads hold; a permutation picks them out.
            __m256i offsets = _mm256_sub_epi32(index, _mm256_set1_epi32(base));
            left = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(mixed + base)), offsets);
            right = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const __m256i *)(mixed + base + 1)), offsets);
        } else {
            left = _mm256_i32gather_epi32((const int *)mixed, index, 4);
            right = _mm256_i32gather_epi32((const int *)(mixed + 1), index, 4);
        }
        __m256i f = _mm256_loadu_si256((const __m256i *)(weights + i));
        _mm256_storeu_si256((__m256i *)(out + i), tactile_lerp8(left, right, f));
    }
    for (; i < count; i++) out[i] = tactile_lerp1(mixed[indices[i]], mixed[indices[i] + 1], weights[i] & 0xFF);
}

int tactile_accept(int fd) {
    return accept4(fd, NULL, NULL, SOCK_CLOEXEC);
}

int tactile_pipe(int fds[2], int nonblocking) {
    return pipe2(fds, O_CLOEXEC | (nonblocking ? O_NONBLOCK : 0));
}
