/// Why an ``ItemProvider`` could not give data.
public enum ItemProviderError: Error, Equatable, Sendable {
  /// The provider has no representation of this type identifier.
  case unsupportedType(String)
  /// The representation could not be produced or read; the text says why (a source that went away,
  /// a pipe that failed, a transfer that timed out).
  case loadFailed(String)
}
