/// The numbers decoded input events name surfaces by: 0 for the first surface that received input, 1
/// for the next, and so on, for the life of the display. A recorded trace uses the same numbers.
///
/// A number is never reused: a surface that is gone keeps its number (a new surface at the same
/// address takes it over, as it takes over the address).
struct InputSurfaces {
  private var numbers: [ProxyKey: Int] = [:]
  private var surfaces: [ProxyKey] = []

  /// The number of `surface`: the next free one the first time it is named.
  ///
  /// - Complexity: O(1) on average.
  mutating func number(of surface: ProxyKey) -> Int {
    if let number = numbers[surface] { return number }
    numbers[surface] = surfaces.count
    surfaces.append(surface)
    return surfaces.count - 1
  }

  /// The surface numbered `number`, if one was.
  func surface(numbered number: Int) -> ProxyKey? {
    surfaces.indices.contains(number) ? surfaces[number] : nil
  }
}
