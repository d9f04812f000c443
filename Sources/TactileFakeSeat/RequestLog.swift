/// One client request the fake compositor recorded, for tests that check what a client did and when.
public struct LoggedRequest: Equatable, Sendable {
  /// Milliseconds on the compositor's event clock (``FakeCompositor/now``) when the request arrived.
  public var time: UInt32
  /// The compositor's id of the surface concerned, if any.
  public var surface: Int?
  /// What the request was.
  public var kind: Kind

  /// The requests that tests care about.
  public enum Kind: Equatable, Sendable {
    /// `wl_surface.attach` (`buffer` false for a null buffer).
    case attach(buffer: Bool, x: Int32, y: Int32)
    /// `wl_surface.damage` (surface coordinates) or `damage_buffer` (`inBufferCoordinates`).
    case damage(x: Int32, y: Int32, width: Int32, height: Int32, inBufferCoordinates: Bool)
    /// `wl_surface.frame`.
    case frame
    /// `wl_surface.commit`.
    case commit
    /// `xdg_surface.ack_configure`, with whether the serial was one the compositor sent.
    case ackConfigure(serial: UInt32, known: Bool)
    /// `wl_pointer.set_cursor`, with whether the serial was the latest `enter` serial.
    case setCursor(serial: UInt32, accepted: Bool)
    /// `xdg_toplevel.move`, with the serial the client named.
    case move(serial: UInt32)
    /// `xdg_toplevel.resize`, with the serial and the `xdg_toplevel.resize_edge` value.
    case resize(serial: UInt32, edges: UInt32)
    /// `xdg_toplevel.set_minimized`.
    case minimize
    /// `xdg_wm_base.pong`.
    case pong(serial: UInt32)
    /// `zwp_text_input_v3.commit` (the nth, counting from 1).
    case textInputCommit(count: UInt32)
    /// `wl_data_device.set_selection` or `zwp_primary_selection_device_v1.set_selection`, with the
    /// serial the client named.
    case setSelection(kind: FakeCompositor.SelectionKind, serial: UInt32)
  }
}
