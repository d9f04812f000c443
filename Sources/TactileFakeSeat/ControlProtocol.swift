import CWaylandServer
import CWaylandServerProtocols

/// The project's own `tactile_fake_seat_v1` global (protocols/tactile-fake-seat-v1.xml): other processes
/// (`tactile-inject`) send script lines; they run outside the request dispatch, in
/// ``FakeCompositor/runControlCommands(with:)``, because a line may wait and waiting pumps the event loop.
final class ControlResult: ResourceObject {
  let line: String
  private(set) var alive = true

  init(resource: OpaquePointer, compositor: FakeCompositor, line: String) {
    self.line = line
    super.init(resource: resource, compositor: compositor)
  }

  override func resourceDestroyed() { alive = false }

  nonisolated(unsafe) static let controlImplementation: UnsafeMutablePointer<tactile_fake_seat_v1_interface> =
    {
      let table = UnsafeMutablePointer<tactile_fake_seat_v1_interface>.allocate(capacity: 1)
      table.initialize(
        to: tactile_fake_seat_v1_interface(
          destroy: { _, resource in wl_resource_destroy(resource) },
          run: { client, resource, id, line in
            let control = PlainResource.from(resource)
            guard
              let result = createResource(
                client: client, interface: tactile_iface_tactile_fake_seat_result_v1(), version: 1, id: id)
            else { return }
            let object = ControlResult(
              resource: result, compositor: control.compositor, line: line.map { String(cString: $0) } ?? "")
            object.install(implementation: nil)
            control.compositor.controlQueue.append(object)
          }))
      return table
    }()
}

extension FakeCompositor {
  /// Offers the `tactile_fake_seat_v1` global to clients (the executable does; tests may).
  public func enableControlProtocol() {
    addGlobal(tactile_iface_tactile_fake_seat_v1(), version: GlobalVersions.control) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_tactile_fake_seat_v1(), version: version, id: id,
        implementation: ControlResult.controlImplementation)
    }
  }

  /// Runs the script lines received over the control protocol, in order, answering each with `done` or
  /// `failed`. Call it between pumps, never from inside one.
  ///
  /// - Returns: How many lines ran.
  @discardableResult
  public func runControlCommands(with runner: ScriptRunner) -> Int {
    let queue = controlQueue
    controlQueue = []
    for result in queue {
      var failure: String?
      do {
        try runner.run(Script(parsing: result.line))
      } catch {
        failure = error.message
      }
      guard result.alive else { continue }
      if let failure {
        tactile_fake_seat_result_v1_send_failed(result.resource, failure)
      } else {
        tactile_fake_seat_result_v1_send_done(result.resource)
      }
      wl_resource_destroy(result.resource)
    }
    pump()
    return queue.count
  }

  /// Whether control lines wait to run.
  public var hasControlCommands: Bool { !controlQueue.isEmpty }
}
