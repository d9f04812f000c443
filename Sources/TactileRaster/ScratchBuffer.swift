/// A growable block of memory for inner loops, reached through a raw pointer (no array bounds or
/// uniqueness checks per access). Grows by reallocating, never shrinks; new elements are zero (or the
/// given fill value). Owned by one object, never shared.
struct ScratchBuffer<Element: BitwiseCopyable> {
  private(set) var pointer: UnsafeMutablePointer<Element>
  private(set) var capacity = 0
  private let owner: Owner

  /// Frees the memory when the buffer goes away.
  private final class Owner {
    var pointer: UnsafeMutablePointer<Element>?
    deinit { pointer?.deallocate() }
  }

  init() {
    owner = Owner()
    pointer = UnsafeMutablePointer<Element>.allocate(capacity: 1)
    owner.pointer = pointer
  }

  /// Makes room for `count` elements; elements beyond the old capacity are set to `fill`.
  mutating func reserve(_ count: Int, filling fill: Element) {
    guard count > capacity else { return }
    let grown = UnsafeMutablePointer<Element>.allocate(capacity: count)
    grown.update(from: pointer, count: capacity)
    (grown + capacity).initialize(repeating: fill, count: count - capacity)
    pointer.deallocate()
    pointer = grown
    owner.pointer = grown
    capacity = count
  }
}

extension ScratchBuffer where Element: ExpressibleByIntegerLiteral {
  /// Makes room for `count` elements; new elements are zero.
  mutating func reserve(_ count: Int) { reserve(count, filling: 0) }
}
