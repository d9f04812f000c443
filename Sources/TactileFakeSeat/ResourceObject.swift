import CWaylandServer

/// The Swift object behind one `wl_resource` of the fake compositor.
///
/// The resource owns its object: ``install(implementation:)`` hands libwayland a retained reference as
/// the resource's user data and releases it in the destroy hook, after calling ``resourceDestroyed()``
/// exactly once — whether the client destroyed the object, the client disconnected, or the display was torn
/// down. Request handlers find the object again with ``ResourceObject/from(_:)``.
class ResourceObject {
  /// The `wl_resource` this object backs. Valid until ``resourceDestroyed()`` returns.
  let resource: OpaquePointer
  /// The compositor that created the resource; it outlives every resource (the display is destroyed in
  /// the compositor's `deinit`, before its memory goes away), hence `unowned(unsafe)`.
  unowned(unsafe) let compositor: FakeCompositor

  init(resource: OpaquePointer, compositor: FakeCompositor) {
    self.resource = resource
    self.compositor = compositor
  }

  /// The client that owns the resource.
  var client: OpaquePointer { wl_resource_get_client(resource) }

  /// The version the client bound or created the object with.
  var version: Int32 { wl_resource_get_version(resource) }

  /// Called once when libwayland destroys the resource; subclasses drop their references here.
  func resourceDestroyed() {}

  /// Sets the request table and ties this object's lifetime to the resource.
  ///
  /// - Parameter implementation: A request table that lives for the whole process (a `static let`).
  func install(implementation: UnsafeRawPointer?) {
    wl_resource_set_implementation(
      resource, implementation, Unmanaged.passRetained(self).toOpaque(), resourceObjectDestroyHook)
  }

  /// The object behind `resource`, which must have been installed with ``install(implementation:)`` as a
  /// `T`.
  static func from(_ resource: OpaquePointer?) -> Self {
    let data = wl_resource_get_user_data(resource)!
    return Unmanaged<ResourceObject>.fromOpaque(data).takeUnretainedValue() as! Self
  }

  /// Posts a protocol error on this resource; libwayland disconnects the client, and the compositor's
  /// protocol logger records the error as a ``Failure`` (as it does for errors libwayland posts itself).
  func postError(code: UInt32, _ message: String) {
    tactile_resource_post_error(resource, code, message)
  }
}

private let resourceObjectDestroyHook: @convention(c) (OpaquePointer?) -> Void = { resource in
  guard let data = wl_resource_get_user_data(resource) else { return }
  let object = Unmanaged<ResourceObject>.fromOpaque(data)
  object.takeUnretainedValue().resourceDestroyed()
  object.release()
}

/// Creates a resource for a `new_id` argument, or tells the client it ran out of memory.
///
/// - Returns: The resource, or `nil` after posting `no_memory` to the client.
func createResource(
  client: OpaquePointer?, interface: UnsafePointer<wl_interface>?, version: Int32, id: UInt32
) -> OpaquePointer? {
  guard let resource = wl_resource_create(client, interface, version, id) else {
    wl_client_post_no_memory(client)
    return nil
  }
  return resource
}

/// A `wl_listener` on a libwayland signal (a client's or a foreign resource's destroy signal, the
/// display's client-created signal) that runs a Swift closure.
///
/// The listener lives in a block that also holds a pointer back to this object (libwayland's
/// `wl_container_of` pattern), so the C notify function finds the closure without global state. The
/// object must stay alive while the listener is linked; `deinit` and ``remove()`` unlink it.
final class SignalListener {
  private let block: UnsafeMutableRawPointer
  private let onSignal: (UnsafeMutableRawPointer?) -> Void
  private let once: Bool
  private var linked = false

  private static var backPointerOffset: Int {
    (MemoryLayout<wl_listener>.stride + 7) & ~7
  }

  /// - Parameters:
  ///   - once: Unlink before the first call (for destroy signals, whose list dies with the signal).
  ///   - onSignal: Runs on each emission with the signal's data pointer.
  init(once: Bool, onSignal: @escaping (UnsafeMutableRawPointer?) -> Void) {
    self.once = once
    self.onSignal = onSignal
    block = .allocate(
      byteCount: Self.backPointerOffset + MemoryLayout<UnsafeRawPointer>.size,
      alignment: MemoryLayout<wl_listener>.alignment)
    let listener = block.bindMemory(to: wl_listener.self, capacity: 1)
    listener.initialize(to: wl_listener(link: wl_list(), notify: signalListenerNotify))
    block.storeBytes(
      of: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()),
      toByteOffset: Self.backPointerOffset, as: UnsafeRawPointer.self)
  }

  deinit {
    remove()
    block.deallocate()
  }

  /// Links the listener with `add` (`wl_client_add_destroy_listener` and friends).
  func link(_ add: (UnsafeMutablePointer<wl_listener>) -> Void) {
    add(block.assumingMemoryBound(to: wl_listener.self))
    linked = true
  }

  /// Unlinks the listener if it is still linked.
  func remove() {
    guard linked else { return }
    linked = false
    wl_list_remove(&block.assumingMemoryBound(to: wl_listener.self).pointee.link)
  }

  fileprivate static func notify(
    _ listener: UnsafeMutablePointer<wl_listener>?, _ data: UnsafeMutableRawPointer?
  ) {
    guard let raw = UnsafeMutableRawPointer(listener) else { return }
    let back = raw.load(fromByteOffset: backPointerOffset, as: UnsafeRawPointer.self)
    let object = Unmanaged<SignalListener>.fromOpaque(back).takeUnretainedValue()
    if object.once { object.remove() }
    object.onSignal(data)
  }
}

private let signalListenerNotify:
  @convention(c) (UnsafeMutablePointer<wl_listener>?, UnsafeMutableRawPointer?) -> Void = {
    listener, data in SignalListener.notify(listener, data)
  }
