#pragma once
// ICU's C API renames every function with its version (ubrk_open becomes ubrk_open_72), which Swift
// cannot follow; this wrapper has a fixed name and takes a whole text, so Swift makes one call per text.
#include <stdint.h>

/// The kinds of boundary `tactile_icu_boundaries` finds (Unicode's UAX #29 and UAX #14, with ICU's
/// dictionaries for scripts written without spaces: Chinese, Japanese, Thai, Lao, Khmer, Burmese).
typedef enum {
  /// Extended grapheme clusters.
  TACTILE_ICU_CHARACTER = 0,
  /// Words, spaces and punctuation.
  TACTILE_ICU_WORD = 1,
  /// Line-break opportunities.
  TACTILE_ICU_LINE = 2,
} tactile_icu_boundary_kind;

/// Writes the boundaries of `kind` in the UTF-16 `text` (`length` code units) to `boundaries` as UTF-16
/// offsets, in increasing order from 0 to `length` (both included), at most `capacity` of them.
/// `locale` (for example "zh", or "" for the root locale) tailors them. When `isWord` is not NULL, it
/// gets for each boundary written whether the segment ending there is a word (letters, numbers, kana or
/// ideographs) rather than spaces or punctuation (always 0 for the first boundary and for kinds other
/// than words).
/// Returns how many boundaries there are (more than `capacity` when the buffers were too small: call
/// again with larger ones), or -1 when ICU fails (its data is missing, for example).
int32_t tactile_icu_boundaries(
  tactile_icu_boundary_kind kind, const uint16_t *text, int32_t length, const char *locale,
  int32_t *boundaries, uint8_t *isWord, int32_t capacity);
