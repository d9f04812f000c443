#pragma once
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_GLYPH_H
#include FT_ADVANCES_H

/// FreeType's load-flag macros are expressions Swift cannot import; these constants carry their values.
static const int tactile_ft_load_target_light = FT_LOAD_TARGET_LIGHT;
static const int tactile_ft_load_no_hinting = FT_LOAD_NO_HINTING;
static const int tactile_ft_load_no_bitmap = FT_LOAD_NO_BITMAP;
static const int tactile_ft_load_color = FT_LOAD_COLOR;
static const long tactile_ft_face_flag_color = FT_FACE_FLAG_COLOR;
static const int tactile_ft_load_bitmap_metrics_only = FT_LOAD_BITMAP_METRICS_ONLY;
