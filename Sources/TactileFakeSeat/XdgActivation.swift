import CWaylandServer
import CWaylandServerProtocols

/// An `xdg_activation_token_v1` being built, then the token it made.
final class ActivationToken: ResourceObject {
  var serial: UInt32?
  weak var seat: SeatState?
  var appID: String?
  weak var requestingSurface: Surface?
  /// Whether the token, once committed, may activate a window (see ``FakeCompositor/ActivationRecord``).
  var grants = false
  var committed = false

  /// Decides the token's worth and sends it with `done`: a token is granted when its request named a
  /// seat (`set_serial`) whose keyboard focus is on a surface of the requesting client, or when that seat
  /// has no keyboard focus at all (nothing to steal it from).
  func commit() {
    guard !committed else {
      postError(code: XDG_ACTIVATION_TOKEN_V1_ERROR_ALREADY_USED.rawValue, "the token was already committed")
      return
    }
    committed = true
    if let seat {
      grants = seat.keyboardFocus.map { $0.client == client } ?? true
    }
    xdg_activation_token_v1_send_done(resource, compositor.issueActivationToken(self))
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<xdg_activation_token_v1_interface> = {
    let table = UnsafeMutablePointer<xdg_activation_token_v1_interface>.allocate(capacity: 1)
    table.initialize(
      to: xdg_activation_token_v1_interface(
        set_serial: { _, resource, serial, seat in
          let token = ActivationToken.from(resource)
          token.serial = serial
          token.seat = SeatResource.from(seat).seatState
        },
        set_app_id: { _, resource, appID in
          ActivationToken.from(resource).appID = appID.map { String(cString: $0) }
        },
        set_surface: { _, resource, surface in
          ActivationToken.from(resource).requestingSurface = Surface.from(surface)
        },
        commit: { _, resource in ActivationToken.from(resource).commit() },
        destroy: { _, resource in wl_resource_destroy(resource) }))
    return table
  }()

  nonisolated(unsafe) static let managerImplementation: UnsafeMutablePointer<xdg_activation_v1_interface> = {
    let table = UnsafeMutablePointer<xdg_activation_v1_interface>.allocate(capacity: 1)
    table.initialize(
      to: xdg_activation_v1_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        get_activation_token: { client, resource, id in
          let manager = PlainResource.from(resource)
          guard
            let created = createResource(
              client: client, interface: tactile_iface_xdg_activation_token_v1(), version: manager.version,
              id: id)
          else { return }
          ActivationToken(resource: created, compositor: manager.compositor).install(
            implementation: implementation)
        },
        activate: { _, resource, token, surface in
          PlainResource.from(resource).compositor.activate(
            token: token.map { String(cString: $0) } ?? "", surface: Surface.from(surface))
        }))
    return table
  }()
}

extension FakeCompositor {
  /// What one `xdg_activation_v1.activate` request led to.
  ///
  /// The policy, like a desktop's focus-stealing prevention: a token activates a window when the client
  /// that asked for it held the keyboard focus of the seat it named when it committed the request (or
  /// that seat had no focus), or when the compositor made it (``makeActivationToken()``, what a launcher
  /// hands a program in `XDG_ACTIVATION_TOKEN`). The serial itself is not checked against the seat's
  /// events. Each token works once. A granted activation raises the window and gives it the keyboard
  /// focus of the seat in use — at once if the window is mapped, else when it maps; a refused one changes
  /// nothing (real compositors mark the window urgent instead).
  public struct ActivationRecord: Equatable, Sendable {
    /// The ``SurfaceInfo/id`` of the surface to activate.
    public var surface: Int
    /// Whether the request was granted.
    public var granted: Bool
    /// Why not, in words, when it was refused.
    public var refusal: String?
  }

  /// Every `activate` request so far, oldest first.
  public var activations: [ActivationRecord] { desktop.activations }

  /// A token that activates one window, as a launcher gives a program it starts.
  public func makeActivationToken() -> String {
    let token = "tactile-activation-\(desktop.nextActivationToken)"
    desktop.nextActivationToken += 1
    desktop.compositorTokens.insert(token)
    return token
  }

  func issueActivationToken(_ token: ActivationToken) -> String {
    let name = "tactile-activation-\(desktop.nextActivationToken)"
    desktop.nextActivationToken += 1
    desktop.activationTokens[name] = token
    return name
  }

  func activate(token name: String, surface: Surface) {
    let record: ActivationRecord
    if desktop.compositorTokens.remove(name) != nil {
      record = ActivationRecord(surface: surface.id, granted: true)
    } else if let token = desktop.activationTokens.removeValue(forKey: name) {
      record = ActivationRecord(
        surface: surface.id, granted: token.grants,
        refusal: token.grants ? nil : "the requesting client did not have the keyboard focus")
    } else {
      record = ActivationRecord(
        surface: surface.id, granted: false, refusal: "unknown or used token '\(name)'")
    }
    desktop.activations.append(record)
    guard record.granted else { return }
    desktop.pendingActivation = surface
    completePendingActivation()
  }

  /// Activates the window of a granted request once it is mapped (called on every commit too).
  func completePendingActivation() {
    guard let surface = desktop.pendingActivation, isMapped(surface), let window = window(containing: surface)
    else { return }
    desktop.pendingActivation = nil
    raise(window)
    guard inputSeat.capabilities.contains(.keyboard), inputSeat.keyboardFocus !== window else { return }
    unrecorded { _ = try? keyboardEnter(surface: window.id) }
  }
}
