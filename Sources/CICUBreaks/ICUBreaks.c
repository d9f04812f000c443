#include "CICUBreaks.h"

#include <unicode/ubrk.h>

int32_t tactile_icu_boundaries(
  tactile_icu_boundary_kind kind, const uint16_t *text, int32_t length, const char *locale,
  int32_t *boundaries, uint8_t *isWord, int32_t capacity) {
  UBreakIteratorType type = kind == TACTILE_ICU_WORD ? UBRK_WORD
    : kind == TACTILE_ICU_LINE ? UBRK_LINE : UBRK_CHARACTER;
  UErrorCode status = U_ZERO_ERROR;
  UBreakIterator *iterator = ubrk_open(type, locale, (const UChar *)text, length, &status);
  if (U_FAILURE(status)) return -1;
  int32_t count = 0;
  for (int32_t b = ubrk_first(iterator); b != UBRK_DONE; b = ubrk_next(iterator)) {
    if (count < capacity) {
      boundaries[count] = b;
      if (isWord) {
        isWord[count] = count > 0 && kind == TACTILE_ICU_WORD
          && ubrk_getRuleStatus(iterator) >= UBRK_WORD_NONE_LIMIT;
      }
    }
    count++;
  }
  ubrk_close(iterator);
  return count;
}
