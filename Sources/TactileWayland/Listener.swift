/// Helpers for libwayland listeners: static listener tables and the way back from `void *data` to the
/// Swift object.
///
/// A listener table must outlive every proxy it is attached to, so each one is allocated once for the
/// life of the process (a global `let`). The `data` pointer is an unretained reference to the object that
/// owns the proxy; each owner destroys its proxies before it goes away, so no event reaches a dead object.
/// Each owner also keeps a strong reference to the ``WaylandConnection`` (directly or through the
/// ``WaylandDisplay``): Swift releases stored properties in no promised order, and a proxy destroyed after
/// `wl_display_disconnect` is a use after free.

/// Allocates `table` forever and returns its stable address.
func permanentListener<Table>(_ table: Table) -> UnsafePointer<Table> {
  let pointer = UnsafeMutablePointer<Table>.allocate(capacity: 1)
  pointer.initialize(to: table)
  return UnsafePointer(pointer)
}

/// The unretained `data` pointer for `object`.
func listenerData(_ object: AnyObject) -> UnsafeMutableRawPointer {
  Unmanaged.passUnretained(object).toOpaque()
}

/// Runs `body` with the object behind a listener's `data`, on the main actor (libwayland dispatches on
/// the thread that called `wl_display_dispatch_pending`, which is the main thread's event loop).
func withListenerTarget<Target: AnyObject & Sendable>(
  _ data: UnsafeMutableRawPointer?, _ type: Target.Type, _ body: @MainActor (Target) -> Void
) {
  guard let data else { return }
  let target = Unmanaged<Target>.fromOpaque(data).takeUnretainedValue()
  MainActor.assumeIsolated { body(target) }
}

/// Identifies a proxy by address, as a plain value that may cross into main-actor closures (a C
/// pointer may not). Used to find the window of a `wl_surface` or the output of a `wl_output`.
struct ProxyKey: Hashable, Sendable {
  let bits: UInt

  init(_ proxy: OpaquePointer) {
    bits = UInt(bitPattern: Int(bitPattern: proxy))
  }

  /// The proxy again, for a new object that an event created (a `wl_data_offer`), once inside the
  /// main-actor closure.
  var proxy: OpaquePointer {
    OpaquePointer(bitPattern: bits)!
  }
}
