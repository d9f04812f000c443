/// The bookkeeping of a buffer pool, without any memory: which buffers exist, their pixel sizes and
/// states, and which to reuse, create or destroy. ``ShmBufferPool`` follows its decisions.
///
/// Policy: drawing never waits for the compositor. ``acquire()`` hands out a free buffer of the current
/// size or, when none is free, asks for a new one (the pool grows). After ``resize(to:)``, free buffers of
/// the old size are destroyed at once and attached ones when the compositor releases them.
struct BufferLedger {
  /// A size in buffer pixels.
  struct PixelSize: Equatable, Sendable {
    var width: Int
    var height: Int
  }

  /// What ``acquire()`` decided.
  enum Acquisition: Equatable {
    /// Draw into this existing free buffer.
    case reuse(Int)
    /// Create a buffer of the current size under this identifier (recorded as free).
    case create(Int, PixelSize)
  }

  /// What to do with a buffer that the compositor released.
  enum Outcome: Equatable {
    /// It is free again.
    case recycled
    /// Its size is outdated: destroy it (already forgotten by the ledger).
    case retired
  }

  private struct Entry {
    var size: PixelSize
    var state: BufferState
    /// The number of the frame the buffer last showed (``DamageHistory``), nil before its first.
    var frame: Int?
  }

  private(set) var size: PixelSize
  private var entries: [Int: Entry] = [:]
  private var nextIdentifier = 0

  init(size: PixelSize) {
    self.size = size
  }

  /// How many buffers exist (any state).
  var count: Int { entries.count }

  /// The state of buffer `identifier`, or nil if it does not exist.
  func state(of identifier: Int) -> BufferState? { entries[identifier]?.state }

  /// A free buffer of the current size, or a new one.
  ///
  /// - Complexity: O(n) in the number of buffers (two or three).
  mutating func acquire() -> Acquisition {
    let reusable = entries.filter { $0.value.state == .free && $0.value.size == size }.keys.min()
    if let reusable { return .reuse(reusable) }
    let identifier = nextIdentifier
    nextIdentifier += 1
    entries[identifier] = Entry(size: size, state: .free)
    return .create(identifier, size)
  }

  /// The number of the frame buffer `identifier` last showed, or nil if it showed none (or does not
  /// exist): its pixels are that frame's.
  func frame(of identifier: Int) -> Int? { entries[identifier]?.frame }

  /// Records that buffer `identifier` was attached and committed as frame number `frame`.
  mutating func attach(_ identifier: Int, frame: Int) {
    transition(identifier, .attach)
    entries[identifier]?.frame = frame
  }

  /// Records the compositor's release of buffer `identifier`.
  ///
  /// - Returns: Whether the buffer is free again or must be destroyed.
  mutating func release(_ identifier: Int) -> Outcome {
    transition(identifier, .release)
    guard entries[identifier]?.size == size else {
      entries.removeValue(forKey: identifier)
      return .retired
    }
    transition(identifier, .recycle)
    return .recycled
  }

  /// Changes the size of future buffers.
  ///
  /// - Returns: The free buffers of another size, which the caller destroys now (the ledger forgets
  ///   them). Attached buffers of another size are retired when released.
  mutating func resize(to newSize: PixelSize) -> [Int] {
    size = newSize
    let stale = entries.filter { $0.value.state == .free && $0.value.size != newSize }.keys.sorted()
    for identifier in stale { entries.removeValue(forKey: identifier) }
    return stale
  }

  /// Forgets a free buffer that could not be created after ``acquire()`` asked for it.
  mutating func forget(_ identifier: Int) {
    precondition(entries[identifier]?.state == .free, "shm buffer \(identifier): forgetting a buffer in use")
    entries.removeValue(forKey: identifier)
  }

  private mutating func transition(_ identifier: Int, _ event: BufferState.Event) {
    guard entries[identifier] != nil else {
      preconditionFailure("shm buffer \(identifier): \(event) of a buffer the pool does not own")
    }
    entries[identifier]?.state.apply(event, buffer: identifier)
  }
}
