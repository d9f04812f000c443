#pragma once
// cairo, for the rasterizer benchmark only (tactile-raster-bench); no library target links it.
#include <cairo.h>
#include <cairo-ft.h>
