#pragma once
#include <fribidi.h>

/// FriBidi's paragraph-direction macros are expressions Swift cannot import; these constants carry their
/// values.
static const FriBidiParType tactile_fribidi_par_ltr = FRIBIDI_PAR_LTR;
static const FriBidiParType tactile_fribidi_par_rtl = FRIBIDI_PAR_RTL;
static const FriBidiParType tactile_fribidi_par_on = FRIBIDI_PAR_ON;
