/// One `zwp_tablet_tool_v2` event of a trace (``InputEvent/tabletTool(type:event:)``), with its
/// arguments as the wire has them: pressure and distance raw (0…65535 nominally), tilt and rotation in
/// degrees, button codes as Linux input codes. Written from trace version 3.
public enum TabletToolEvent: Equatable, Sendable {
  /// `proximity_in` on surface number `surface` (the tablet is the seat's one).
  case proximityIn(surface: Int)
  case proximityOut
  case down
  case up
  case motion(x: Double, y: Double)
  case pressure(UInt32)
  case distance(UInt32)
  case tilt(x: Double, y: Double)
  case rotation(degrees: Double)
  case button(code: UInt32, pressed: Bool)
  /// `frame`: ends the group of the tool's events.
  case frame
}
