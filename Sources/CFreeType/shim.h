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
