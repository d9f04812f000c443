import TactileGeometry

/// Where an injected event happens.
public enum Position: Equatable, Sendable {
  /// Output coordinates: the compositor picks the topmost mapped surface under the point (respecting
  /// input regions), the way "tap at 120,80" works on a screen.
  case output(x: Double, y: Double)
  /// Surface-local coordinates on the surface with this ``SurfaceInfo/id``.
  case surface(id: Int, x: Double, y: Double)
}

/// What a test can see of one surface.
public struct SurfaceInfo: Equatable, Sendable {
  /// The compositor's id for the surface (for ``Position/surface(id:x:y:)``).
  public var id: Int
  /// `toplevel`, `popup`, `subsurface`, `cursor` or `none`.
  public var role: String
  /// The toplevel's title and app id, if set.
  public var title: String?
  public var appID: String?
  /// The surface origin on the output, if the surface has a place there.
  public var x: Int32?
  public var y: Int32?
  /// The surface-local size (0×0 without a buffer).
  public var width: Int32
  public var height: Int32
  /// Whether it is drawn.
  public var mapped: Bool
  /// How many times the client committed it.
  public var commitCount: Int
  /// For a popup, the serial its client passed to `xdg_popup.grab`, if it asked for a grab.
  public var popupGrabSerial: UInt32?
  /// For a toplevel, its latest `set_min_size` and `set_max_size` (0 on a side: no limit).
  public var minimumSize: Size?
  public var maximumSize: Size?
}

extension FakeCompositor {
  /// Every live surface, in creation order.
  public var surfaceInfos: [SurfaceInfo] {
    surfaces.map { surface in
      let origin = self.origin(of: surface)
      var toplevel: XdgToplevel?
      var role = "none"
      var grabSerial: UInt32?
      switch surface.role {
      case .none: break
      case .cursor: role = "cursor"
      case .subsurface: role = "subsurface"
      case .xdg(let xdg):
        switch xdg.role {
        case .none: role = "xdg_surface"
        case .popup(let popup):
          role = "popup"
          grabSerial = popup.grabSerial
        case .toplevel(let window):
          role = "toplevel"
          toplevel = window
        }
      }
      return SurfaceInfo(
        id: surface.id, role: role, title: toplevel?.title, appID: toplevel?.appID,
        x: origin.map { Int32(clamping: $0.x) }, y: origin.map { Int32(clamping: $0.y) },
        width: surface.size.width, height: surface.size.height, mapped: isMapped(surface),
        commitCount: surface.commitCount, popupGrabSerial: grabSerial, minimumSize: toplevel?.minimumSize,
        maximumSize: toplevel?.maximumSize)
    }
  }

  /// The mapped toplevels, bottom to top.
  public var windows: [SurfaceInfo] {
    let ids = stacking.map(\.id)
    return surfaceInfos.filter { $0.role == "toplevel" && $0.mapped }
      .sorted { ids.firstIndex(of: $0.id)! < ids.firstIndex(of: $1.id)! }
  }

  /// The surface's origin in output coordinates, or nil if it has no place on the output.
  ///
  /// The sums are of 64-bit integers: every term is a client's 32-bit value, so no nesting of
  /// subsurfaces and popups a client can build overflows them (the output only shows a part of that
  /// range; ``SurfaceInfo`` clamps to 32 bits).
  func origin(of surface: Surface) -> (x: Int, y: Int)? {
    switch surface.role {
    case .none, .cursor: return nil
    case .subsurface(let sub):
      guard let parent = sub.parent, let base = origin(of: parent) else { return nil }
      return (base.x + Int(sub.x), base.y + Int(sub.y))
    case .xdg(let xdg):
      let geometry = (x: Int(xdg.geometry?.x ?? 0), y: Int(xdg.geometry?.y ?? 0))
      switch xdg.role {
      case .none: return nil
      case .toplevel(let toplevel): return (Int(toplevel.x) - geometry.x, Int(toplevel.y) - geometry.y)
      case .popup(let popup):
        guard let parent = popup.parent, let parentSurface = parent.surface,
          let base = origin(of: parentSurface)
        else { return nil }
        let parentGeometry = (x: Int(parent.geometry?.x ?? 0), y: Int(parent.geometry?.y ?? 0))
        return (
          base.x + parentGeometry.x + Int(popup.x) - geometry.x,
          base.y + parentGeometry.y + Int(popup.y) - geometry.y
        )
      }
    }
  }

  /// Every mapped surface, bottom to top: windows in stacking order, each followed by its subsurfaces in
  /// their family order.
  func drawOrder() -> [Surface] {
    func family(_ surface: Surface) -> [Surface] {
      surface.familyStack.flatMap { $0 === surface ? [surface] : family($0) }
    }
    return stacking.flatMap(family).filter(isMapped)
  }

  /// The topmost mapped surface that accepts input at an output point, with surface-local coordinates.
  func pick(x: Double, y: Double) -> (surface: Surface, x: Double, y: Double)? {
    for surface in drawOrder().reversed() {
      guard let origin = origin(of: surface) else { continue }
      let localX = x - Double(origin.x)
      let localY = y - Double(origin.y)
      let size = surface.size
      guard localX >= 0, localY >= 0, localX < Double(size.width), localY < Double(size.height) else {
        continue
      }
      if let region = surface.inputRegion, !region.contains(x: localX, y: localY) { continue }
      return (surface, localX, localY)
    }
    return nil
  }

  /// The surface and surface-local coordinates a position names.
  ///
  /// - Throws: ``FakeSeatError/noSurface(x:y:)`` or ``FakeSeatError/unknownSurface(id:)``.
  func resolve(_ position: Position) throws -> (surface: Surface, x: Double, y: Double) {
    switch position {
    case .output(let x, let y):
      guard let hit = pick(x: x, y: y) else { throw FakeSeatError.noSurface(x: x, y: y) }
      return hit
    case .surface(let id, let x, let y):
      guard let surface = surfaces.first(where: { $0.id == id }) else {
        throw FakeSeatError.unknownSurface(id: id)
      }
      return (surface, x, y)
    }
  }

  /// A position in the local coordinates of `surface`, even when it lies outside it.
  func local(_ position: Position, on surface: Surface) throws -> (x: Double, y: Double) {
    let output: (x: Double, y: Double)
    switch position {
    case .output(let x, let y): output = (x, y)
    case .surface(let id, let x, let y):
      if id == surface.id { return (x, y) }
      guard let other = surfaces.first(where: { $0.id == id }), let origin = origin(of: other) else {
        throw FakeSeatError.unknownSurface(id: id)
      }
      output = (x + Double(origin.x), y + Double(origin.y))
    }
    guard let origin = origin(of: surface) else { throw FakeSeatError.unknownSurface(id: surface.id) }
    return (output.x - Double(origin.x), output.y - Double(origin.y))
  }
}
