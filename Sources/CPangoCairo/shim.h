#pragma once
// Pango through cairo, the text layout GTK applications use: the reference of the Pango comparison tests
// and of the raster benchmark's text-layout scene only; no library target links it.
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>

/// A pangocairo font map (FreeType) that sees only the fonts in `directory`, not the system's
/// configuration: Pango then falls back among the same files that Tactile's `FontFallback` over that
/// directory chooses from. The caller owns the map (`g_object_unref`).
static inline PangoFontMap *tactile_pango_font_map(const char *directory) {
  FcConfig *config = FcConfigCreate();
  FcConfigAppFontAddDir(config, (const FcChar8 *)directory);
  PangoFontMap *map = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT);
  pango_fc_font_map_set_config(PANGO_FC_FONT_MAP(map), config);
  FcConfigDestroy(config);
  return map;
}

/// A context on `map` set up as Tactile renders text: grey anti-aliasing, slight (vertical-only) hinting
/// of outlines, unhinted metrics and glyph positions that are not rounded to whole pixels. The caller owns
/// it (`g_object_unref`).
static inline PangoContext *tactile_pango_context(PangoFontMap *map) {
  PangoContext *context = pango_font_map_create_context(map);
  cairo_font_options_t *options = cairo_font_options_create();
  cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
  cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT);
  cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
  pango_cairo_context_set_font_options(context, options);
  cairo_font_options_destroy(options);
  pango_context_set_round_glyph_positions(context, FALSE);
  return context;
}

/// The file of `font` (a fontconfig font), owned by the font, and its face index in `index`.
static inline const char *tactile_pango_font_file(PangoFont *font, int *index) {
  FcPattern *pattern = pango_fc_font_get_pattern(PANGO_FC_FONT(font));
  FcChar8 *file = NULL;
  *index = 0;
  FcPatternGetString(pattern, FC_FILE, 0, &file);
  FcPatternGetInteger(pattern, FC_INDEX, 0, index);
  return (const char *)file;
}

static inline void tactile_g_object_unref(void *object) { g_object_unref(object); }
