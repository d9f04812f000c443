import CHarfBuzz

/// The Unicode script of characters (UAX #24, from HarfBuzz's Unicode data), and the language a script
/// suggests when the text says none: what fallback faces are chosen for and runs are shaped with.
struct TextScript: Hashable {
  let script: hb_script_t

  /// The script of `scalar`; ``isCommon`` for spaces, digits, punctuation, symbols and combining marks.
  init(of scalar: Unicode.Scalar) {
    script = hb_unicode_script(hb_unicode_funcs_get_default(), scalar.value)
  }

  /// Whether the script is shared by several scripts' text (Common, Inherited or unknown): such
  /// characters take the script of the run they are in.
  var isCommon: Bool {
    script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
  }

  /// The language fontconfig is asked to cover for this script (BCP 47), or nil when no one language
  /// stands for it. Han is taken as Simplified Chinese (a Japanese or Traditional Chinese face is
  /// chosen only by the characters it alone has).
  var language: String? {
    switch script {
    case HB_SCRIPT_HAN, HB_SCRIPT_BOPOMOFO: return "zh-cn"
    case HB_SCRIPT_HIRAGANA, HB_SCRIPT_KATAKANA: return "ja"
    case HB_SCRIPT_HANGUL: return "ko"
    case HB_SCRIPT_ARABIC: return "ar"
    case HB_SCRIPT_HEBREW: return "he"
    case HB_SCRIPT_DEVANAGARI: return "hi"
    case HB_SCRIPT_BENGALI: return "bn"
    case HB_SCRIPT_TAMIL: return "ta"
    case HB_SCRIPT_THAI: return "th"
    case HB_SCRIPT_GREEK: return "el"
    case HB_SCRIPT_CYRILLIC: return "ru"
    case HB_SCRIPT_ARMENIAN: return "hy"
    case HB_SCRIPT_GEORGIAN: return "ka"
    case HB_SCRIPT_ETHIOPIC: return "am"
    default: return nil
    }
  }
}
