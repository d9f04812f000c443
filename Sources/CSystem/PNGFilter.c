#include "CSystem.h"
#include <stdlib.h>
#include <string.h>

/* Un-premultiplies one ARGB8888 pixel into straight R, G, B, A bytes, rounding to nearest. */
static void straight_rgba(uint32_t pixel, uint8_t *out) {
    uint32_t a = pixel >> 24;
    if (a == 0) {
        out[0] = out[1] = out[2] = out[3] = 0;
        return;
    }
    for (int channel = 0; channel < 3; channel++) {
        uint32_t c = (pixel >> (16 - 8 * channel)) & 0xFF;
        uint32_t value = a == 255 ? c : (c * 255 + a / 2) / a;
        out[channel] = (uint8_t)(value > 255 ? 255 : value);
    }
    out[3] = (uint8_t)a;
}

static int magnitude(uint8_t byte) {
    int value = (int8_t)byte;
    return value < 0 ? -value : value;
}

static uint8_t paeth(uint8_t left, uint8_t up, uint8_t up_left) {
    int p = left + up - up_left;
    int pa = abs(p - left), pb = abs(p - up), pc = abs(p - up_left);
    if (pa <= pb && pa <= pc) return left;
    return pb <= pc ? up : up_left;
}

/* Filters `row` with filter `type` into `out` given the unfiltered previous row (4 bytes a pixel);
 * returns the sum of the absolute signed output bytes. One loop per type: even unoptimized builds run
 * these at a few nanoseconds a byte. */
static long filter_row(int type, const uint8_t *row, const uint8_t *previous, size_t count, uint8_t *out) {
    long cost = 0;
    size_t i = 0;
    switch (type) {
    case 0:
        for (; i < count; i++) cost += magnitude(out[i] = row[i]);
        break;
    case 1:
        for (; i < 4 && i < count; i++) cost += magnitude(out[i] = row[i]);
        for (; i < count; i++) cost += magnitude(out[i] = (uint8_t)(row[i] - row[i - 4]));
        break;
    case 2:
        for (; i < count; i++) cost += magnitude(out[i] = (uint8_t)(row[i] - previous[i]));
        break;
    case 3:
        for (; i < 4 && i < count; i++) cost += magnitude(out[i] = (uint8_t)(row[i] - previous[i] / 2));
        for (; i < count; i++)
            cost += magnitude(out[i] = (uint8_t)(row[i] - (uint8_t)((row[i - 4] + previous[i]) / 2)));
        break;
    default:
        for (; i < 4 && i < count; i++) cost += magnitude(out[i] = (uint8_t)(row[i] - paeth(0, previous[i], 0)));
        for (; i < count; i++)
            cost += magnitude(out[i] = (uint8_t)(row[i] - paeth(row[i - 4], previous[i], previous[i - 4])));
        break;
    }
    return cost;
}

int tactile_png_filter_rows(const uint32_t *pixels, size_t width, size_t height, uint8_t *out) {
    size_t row_bytes = width * 4;
    /* previous and current straight rows, then the candidate being tried. */
    uint8_t *rows = calloc(3, row_bytes ? row_bytes : 1);
    if (!rows) return -1;
    uint8_t *previous = rows, *current = rows + row_bytes, *candidate = rows + 2 * row_bytes;
    for (size_t y = 0; y < height; y++) {
        for (size_t x = 0; x < width; x++) straight_rgba(pixels[y * width + x], current + 4 * x);
        /* The best so far stays in out (after its type byte); a cheaper candidate replaces it. */
        uint8_t *best = out + 1;
        long best_cost = filter_row(0, current, previous, row_bytes, best);
        out[0] = 0;
        for (int type = 1; type < 5; type++) {
            long cost = filter_row(type, current, previous, row_bytes, candidate);
            if (cost < best_cost) {
                best_cost = cost;
                out[0] = (uint8_t)type;
                memcpy(best, candidate, row_bytes);
            }
        }
        out += row_bytes + 1;
        uint8_t *swap = previous;
        previous = current;
        current = swap;
    }
    free(rows);
    return 0;
}
