import CWaylandServerProtocols

/// Window management a test can do to a client's toplevels, as a user or a real compositor would.
extension FakeCompositor {
  /// Moves a toplevel so that its window geometry's origin is at `x`, `y` on the output.
  ///
  /// - Throws: ``FakeSeatError/unknownSurface(id:)`` if `id` is not a toplevel.
  public func moveWindow(_ id: Int, x: Int32, y: Int32) throws {
    let toplevel = try self.toplevel(id)
    toplevel.x = x
    toplevel.y = y
  }

  /// Asks a toplevel to take a size (as an interactive resize would): `configure` with the size and the
  /// current states, then `xdg_surface.configure`. 0×0 lets the client choose again.
  ///
  /// - Returns: The serial of the `xdg_surface.configure`, which the client must ack.
  /// - Throws: ``FakeSeatError/unknownSurface(id:)`` if `id` is not a toplevel.
  @discardableResult
  public func configureWindow(_ id: Int, width: Int32, height: Int32) throws -> UInt32 {
    let toplevel = try self.toplevel(id)
    toplevel.requestedSize = width == 0 && height == 0 ? nil : (width, height)
    guard let xdg = toplevel.xdgSurface else { throw FakeSeatError.unknownSurface(id: id) }
    return xdg.sendConfigure()
  }

  /// Asks a toplevel to close (`xdg_toplevel.close`), as a click on a close button would.
  ///
  /// - Throws: ``FakeSeatError/unknownSurface(id:)`` if `id` is not a toplevel.
  public func closeWindow(_ id: Int) throws {
    xdg_toplevel_send_close(try toplevel(id).resource)
  }

  private func toplevel(_ id: Int) throws -> XdgToplevel {
    guard let surface = surfaces[id],
      case .toplevel(let toplevel) = surface.xdgSurface?.role
    else { throw FakeSeatError.unknownSurface(id: id) }
    return toplevel
  }
}
