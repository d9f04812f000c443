#include "CSystem.h"
#include <math.h>
#include <stdlib.h>

/* The taps of one axis: for each of `destination` pixels, the first of the `source` pixels it covers,
   how many, and `stride` weights (each the length of a pixel's overlap over the footprint, summing to
   1; the first `count` used). Returns NULL when out of memory; free the three arrays with free_taps. */
typedef struct {
    size_t *first;
    size_t *count;
    float *weights;
    size_t stride;
} taps;

static void free_taps(taps *t) {
    free(t->first);
    free(t->count);
    free(t->weights);
}

static int make_taps(taps *t, size_t source, size_t destination) {
    double ratio = (double)source / (double)destination;
    t->stride = (size_t)ceil(ratio) + 1;
    t->first = malloc(destination * sizeof *t->first);
    t->count = malloc(destination * sizeof *t->count);
    t->weights = calloc(destination * t->stride, sizeof *t->weights);
    if (!t->first || !t->count || !t->weights) {
        free_taps(t);
        return -1;
    }
    for (size_t i = 0; i < destination; i++) {
        double lo = (double)i * ratio, hi = fmin((double)source, (double)(i + 1) * ratio);
        size_t start = (size_t)floor(lo);
        size_t end = (size_t)ceil(hi);
        if (end < start + 1) end = start + 1;
        if (end > source) end = source;
        t->first[i] = start;
        t->count[i] = end - start;
        for (size_t j = start; j < end; j++) {
            double overlap = fmin(hi, (double)(j + 1)) - fmax(lo, (double)j);
            t->weights[i * t->stride + (j - start)] = (float)(overlap / ratio);
        }
    }
    return 0;
}

static uint32_t channel(float value, uint32_t ceiling) {
    float rounded = roundf(value);
    uint32_t c = rounded <= 0 ? 0 : rounded >= 255 ? 255 : (uint32_t)rounded;
    return c > ceiling ? ceiling : c;
}

int tactile_box_filter_bgra(
    const uint8_t *src, size_t source_width, size_t source_height, ptrdiff_t pitch, uint32_t *dst,
    size_t width, size_t height) {
    taps columns, rows;
    if (make_taps(&columns, source_width, width) != 0) return -1;
    if (make_taps(&rows, source_height, height) != 0) {
        free_taps(&columns);
        return -1;
    }
    float *narrowed = malloc(source_height * width * 4 * sizeof *narrowed);
    if (!narrowed) {
        free_taps(&columns);
        free_taps(&rows);
        return -1;
    }
    /* Horizontal pass: each source row into `width` pixels of four float channels (B, G, R, A). */
    for (size_t y = 0; y < source_height; y++) {
        const uint8_t *row = src + (ptrdiff_t)y * pitch;
        for (size_t x = 0; x < width; x++) {
            float sum[4] = {0, 0, 0, 0};
            const uint8_t *p = row + columns.first[x] * 4;
            const float *w = columns.weights + x * columns.stride;
            for (size_t k = 0; k < columns.count[x]; k++, p += 4) {
                for (int c = 0; c < 4; c++) sum[c] += w[k] * (float)p[c];
            }
            for (int c = 0; c < 4; c++) narrowed[(y * width + x) * 4 + c] = sum[c];
        }
    }
    /* Vertical pass, rounded into premultiplied words (no colour channel above alpha). */
    for (size_t y = 0; y < height; y++) {
        const float *w = rows.weights + y * rows.stride;
        for (size_t x = 0; x < width; x++) {
            float sum[4] = {0, 0, 0, 0};
            const float *p = narrowed + (rows.first[y] * width + x) * 4;
            for (size_t k = 0; k < rows.count[y]; k++, p += width * 4) {
                for (int c = 0; c < 4; c++) sum[c] += w[k] * p[c];
            }
            uint32_t a = channel(sum[3], 255);
            dst[y * width + x] =
                a << 24 | channel(sum[2], a) << 16 | channel(sum[1], a) << 8 | channel(sum[0], a);
        }
    }
    free(narrowed);
    free_taps(&columns);
    free_taps(&rows);
    return 0;
}
