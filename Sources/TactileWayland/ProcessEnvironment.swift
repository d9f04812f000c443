import Glibc

/// The process's environment variables, read from the C library's `environ`, so that an app need not
/// load Foundation for `ProcessInfo`.
public enum ProcessEnvironment {
  /// Every variable of the process as it is now, by name. An entry without `=` is skipped; of a name
  /// given twice, the first is kept, as `getenv` finds it.
  ///
  /// - Complexity: O(n) in the size of the environment.
  public static var current: [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      let text = String(cString: pointer)
      if let equals = text.firstIndex(of: "=") {
        let name = String(text[..<equals])
        if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
      }
      entry += 1
    }
    return variables
  }
}
