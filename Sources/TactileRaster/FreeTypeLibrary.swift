import CFreeType

/// A FreeType library instance, freed when the last object made from it lets go.
///
/// FreeType objects allocated from a library (faces, ``HintedOutline``'s glyphs) must be freed before
/// it; each holds this object, so whatever order they are released in, the library goes last.
/// Used only under ``FontSystem``'s lock.
final class FreeTypeLibrary {
  let handle: FT_Library

  /// A new library, or nil when FreeType cannot start one.
  init?() {
    var library: FT_Library?
    guard FT_Init_FreeType(&library) == 0, let library else { return nil }
    handle = library
  }

  deinit { FT_Done_FreeType(handle) }
}
