#pragma once
// Small shims for Linux calls that Glibc's Swift module does not expose.
#include <stddef.h>
#include <stdint.h>

/// memfd_create(2) with MFD_CLOEXEC | MFD_ALLOW_SEALING; returns -1 and sets errno on failure.
int tactile_memfd_create(const char *name);

/// pipe2(2) with O_CLOEXEC, and O_NONBLOCK on both ends when `nonblocking` is nonzero: the ends are
/// close-on-exec from the start, so a child another thread spawns meanwhile cannot inherit one (a write
/// end held by a child keeps the reader from ever seeing the end). Returns 0, or -1 with errno.
int tactile_pipe(int fds[2], int nonblocking);

/// accept4(2) with SOCK_CLOEXEC on the listening socket `fd`: the connection's fd, or -1 with errno.
int tactile_accept(int fd);

/// Seals a memfd against shrinking, growing and further sealing; returns 0 or -1 with errno.
int tactile_memfd_seal(int fd);

/// A listening, close-on-exec, non-blocking Unix stream socket bound to `path` (which must not exist:
/// EADDRINUSE otherwise); returns the fd or -1 with errno (ENAMETOOLONG when the path does not fit
/// sockaddr_un).
int tactile_unix_listen(const char *path);

/// Whether a server accepts connections on the Unix socket at `path` (1) or not (0: nothing listens, or
/// the path is not a socket).
int tactile_unix_socket_is_live(const char *path);

/// Whether the peer of the connected Unix stream socket `fd` is still connected: 1 when it has not hung
/// up (no POLLHUP, and a peeking read does not see the end of the stream), 0 when it has, -1 with errno
/// on failure. `unsent` gets the bytes written to the socket that the peer has not read yet (SIOCOUTQ).
int tactile_unix_peer_is_connected(int fd, int *unsent);

/// pidfd_open(2): an fd that becomes readable when process `pid` exits; -1 with errno on failure.
int tactile_pidfd_open(int pid);

/// PNG's filtered scanlines of premultiplied ARGB8888 `pixels` (`width` × `height`, rows packed): each row
/// un-premultiplied to straight RGBA with rounding, then prefixed with the filter type (None, Sub, Up,
/// Average, Paeth; the lowest of equals) whose output has the smallest sum of absolute signed bytes, and
/// filtered with it. `out` holds (4 × width + 1) × height bytes. Returns 0, or -1 when out of memory.
int tactile_png_filter_rows(const uint32_t *pixels, size_t width, size_t height, uint8_t *out);

/// Scales premultiplied BGRA pixels (`source_width` × `source_height`, rows `pitch` bytes apart: a colour
/// glyph as FreeType loads it) into `width` × `height` premultiplied ARGB8888 words (rows packed) with a
/// box filter: each pixel is the mean of the source pixels under its footprint, each weighted by how
/// much of it the footprint covers, rounded, no colour channel above alpha. Returns 0, or -1 when out of
/// memory.
int tactile_box_filter_bgra(
    const uint8_t *src, size_t source_width, size_t source_height, ptrdiff_t pitch, uint32_t *dst,
    size_t width, size_t height);

/// Starts `file` (searched in PATH) with `argv` and `envp` (NULL-terminated) in a child that leads a new
/// process group when `new_group` is nonzero, gets SIGTERM when the calling thread ends if
/// `stop_with_thread` is nonzero (PR_SET_PDEATHSIG: a compositor killed with SIGKILL still stops its
/// client; only for a thread that lives as long as the child should), starts with no signal
/// blocked and every disposition at its default, and writes standard output and error to `output_path`
/// when it is not NULL. Returns the child's pid, or -1 with errno set when the program could not be
/// started (the exec failure is reported back, so no child is left).
int tactile_spawn(const char *file, char *const argv[], char *const envp[], const char *output_path,
                  int new_group, int stop_with_thread);

/// Runs `body(context)` in a forked child and waits for it: a crash or a hang in it (a library fed
/// hostile input) costs the child, not the caller. The child writes no core file, runs with the crash
/// signals at their default action (no crash handler of the caller's runs in it) and is killed by
/// SIGALRM after `timeout_seconds`; it should call only what is safe after `fork` in a threaded process
/// (plain C code and malloc, no locks another thread may hold). Returns the body's result (0–255) as
/// the child's exit status, -2 with the terminating signal in `signal_out` when the child was killed
/// by one (SIGALRM for the timeout), or -1 with errno when `fork` or `waitpid` failed.
int tactile_run_isolated(int (*body)(void *), void *context, unsigned timeout_seconds, int *signal_out);

/// eventfd(2) with EFD_CLOEXEC | EFD_NONBLOCK and a zero counter: a wake-up fd for an event loop's poll.
/// Returns -1 and sets errno on failure.
int tactile_eventfd(void);

/// The bytes malloc has handed out and not had back (mallinfo2's uordblks): what a leak makes grow.
size_t tactile_malloc_in_use(void);

/// Sets `count` 32-bit words from `dst` to `value`: with wmemset(3) (wchar_t is 32 bits on Linux), which
/// glibc runs with the widest stores the CPU has, and on x86-64 from 4096 words on with `rep stosl`.
void tactile_fill32(uint32_t *dst, uint32_t value, size_t count);

/// Asks the CPU to bring the cache lines of the `bytes` bytes from `p` towards it for writing
/// (`prefetchw`), without waiting: the next row of a block is fetched while this one is composited.
static inline void tactile_prefetch_write(const void *p, size_t bytes) {
    const char *line = (const char *)((uintptr_t)p & ~(uintptr_t)63);
    const char *end = (const char *)p + bytes;
    for (; line < end; line += 64) __builtin_prefetch(line, 1, 3);
}

/// Whether the CPU runs AVX2 instructions (the kernels below need it).
int tactile_cpu_has_avx2(void);

/// How far ahead (in pixels, 16 KiB) the constant blends prefetch in a long run, and the shortest run
/// that does: a frame blended as one run (a full-screen rect) comes mostly from the outer caches when
/// other frames were written since it was, and the CPU's own prefetcher then stays too close to the
/// loads (AVX-512, in a C harness after writing three other 8 MiB frames: 0.15–0.23 ms a 1920×1080
/// frame without, 0.12–0.15 ms with; no change when the frame is in the caches). A shorter run (a
/// rect's row) would fetch other parts of the frame.
enum { TACTILE_FAR_AHEAD = 4096, TACTILE_FAR_RUN = 2 * TACTILE_FAR_AHEAD };

/// Source-over of one premultiplied colour (not opaque) over `count` pixels, `inverse` = 255 − its
/// alpha, every channel product divided by 255 exactly (t = d·inverse + 128, (t + (t >> 8)) >> 8) —
/// the same results as Blend.overConstant, eight pixels per instruction. Only when
/// tactile_cpu_has_avx2() is true.
void tactile_over_constant_avx2(uint32_t *dst, size_t count, uint32_t color, uint32_t inverse);

/// Blend.overConstant(_:_:_:coverages:) in AVX2 (the colour scaled by each pixel's coverage, then
/// over), same results. Only when tactile_cpu_has_avx2() is true.
void tactile_over_constant_coverages_avx2(uint32_t *dst, size_t count, uint32_t color, const uint8_t *coverages);

/// Blend.overConstant(_:stride:width:height:_:coverages:coverageStride:) in AVX2: a coverage image
/// (a glyph) composited with one colour, `height` rows of `width` pixels, `stride` pixels apart in
/// `dst` and `coverageStride` bytes apart in `coverages`, eight pixels per instruction (masked loads and
/// stores for the last ones of a row), same results as tactile_over_constant_coverages_avx2; all rows are
/// prefetched first. Reads up to seven coverage bytes past the last pixel of each row. Only when
/// tactile_cpu_has_avx2() is true.
void tactile_over_constant_image_avx2(uint32_t *dst, size_t stride, size_t width, size_t height, uint32_t color,
                                      const uint8_t *coverages, size_t coverageStride);

/// A run of a scan converter's cells blended with one colour: `sum` plus the running sum of `cells`
/// up to each pixel (a winding area, 1 << 16 a whole pixel) is that pixel's coverage, under the even-odd
/// rule when `evenOdd` is non-zero and the non-zero rule otherwise, rounded to a byte as
/// CoverageRasterizer.coverage(_:evenOdd:) does; each pixel then gets the results of
/// tactile_over_constant_coverages_avx2 with that byte. The `count` (≥ 1) cells are zeroed; returns the
/// running sum after the last one. Reads and writes nothing past either run (masked loads and stores at
/// its end). Only when tactile_cpu_has_avx2() is true.
int32_t tactile_over_constant_cells_avx2(uint32_t *dst, int32_t *cells, size_t count, uint32_t color, int32_t sum,
                                         int evenOdd);

/// Blend.overRow(_:_:_:coverage:) in AVX2 (a row of source pixels, all scaled by `coverage`, over),
/// same results. Only when tactile_cpu_has_avx2() is true.
void tactile_over_row_avx2(uint32_t *dst, const uint32_t *src, size_t count, uint32_t coverage);

/// Blend.overRow(_:_:_:coverages:) in AVX2 (each source pixel scaled by its coverage, over), same
/// results. Only when tactile_cpu_has_avx2() is true.
void tactile_over_row_coverages_avx2(uint32_t *dst, const uint32_t *src, size_t count, const uint8_t *coverages);

/// Whether the CPU runs AVX-512 F, BW and VL instructions (the *_avx512 kernels below need all three).
int tactile_cpu_has_avx512bw(void);

/// tactile_over_constant_avx2 in AVX-512, sixteen pixels per instruction, same results; `count` ≥ 8.
/// Only when tactile_cpu_has_avx512bw() is true.
void tactile_over_constant_avx512(uint32_t *dst, size_t count, uint32_t color, uint32_t inverse);

/// tactile_over_constant_coverages_avx2 in AVX-512, same results; `count` ≥ 8. Only when
/// tactile_cpu_has_avx512bw() is true.
void tactile_over_constant_coverages_avx512(uint32_t *dst, size_t count, uint32_t color, const uint8_t *coverages);

/// tactile_over_constant_cells_avx2 in AVX-512, sixteen cells at a time, same results and contract.
/// Only when tactile_cpu_has_avx512bw() is true.
int32_t tactile_over_constant_cells_avx512(uint32_t *dst, int32_t *cells, size_t count, uint32_t color, int32_t sum,
                                           int evenOdd);

/// tactile_over_constant_image_avx2 in AVX-512 (mask registers for the last pixels of a row), same
/// results; reads no coverage byte past a row's last pixel. Only when tactile_cpu_has_avx512bw() is true.
void tactile_over_constant_image_avx512(uint32_t *dst, size_t stride, size_t width, size_t height, uint32_t color,
                                        const uint8_t *coverages, size_t coverageStride);

/// tactile_over_row_avx2 in AVX-512, same results; `count` ≥ 8. Only when tactile_cpu_has_avx512bw()
/// is true.
void tactile_over_row_avx512(uint32_t *dst, const uint32_t *src, size_t count, uint32_t coverage);

/// tactile_over_row_coverages_avx2 in AVX-512, same results; `count` ≥ 8. Only when
/// tactile_cpu_has_avx512bw() is true.
void tactile_over_row_coverages_avx512(uint32_t *dst, const uint32_t *src, size_t count, const uint8_t *coverages);

/// Bilinear.mixRows in AVX2: out[i] = (top[i]·(256 − weight) + bottom[i]·weight) >> 8 per channel
/// (weight 0...255), same results. Only when tactile_cpu_has_avx2() is true.
void tactile_lerp_rows_avx2(uint32_t *out, const uint32_t *top, const uint32_t *bottom, size_t count,
                            uint32_t weight);

/// Bilinear.mixColumns in AVX2: out[i] mixes mixed[indices[i]] and mixed[indices[i] + 1] with weight
/// weights[i] (in both 16-bit halves), same results. Indices must be monotonic along the run (a column
/// table's are: eight that rise by less than eight take two loads and a permutation, others a gather),
/// and `mixed` must be readable up to 9 pixels past the largest index. Only when tactile_cpu_has_avx2() is true.
void tactile_lerp_columns_avx2(uint32_t *out, const uint32_t *mixed, const int32_t *indices,
                               const uint32_t *weights, size_t count);
