import CWaylandServer
import CWaylandServerProtocols

/// An `xdg_positioner`: the rules that place a popup relative to its parent's window geometry.
///
/// Placement follows anchor, gravity and offset; constraint adjustment (sliding or flipping a popup that
/// would leave the output) is accepted but not applied.
final class XdgPositioner: ResourceObject {
  var width: Int32 = 0
  var height: Int32 = 0
  var anchorRect: (x: Int32, y: Int32, width: Int32, height: Int32)?
  var anchor: UInt32 = 0
  var gravity: UInt32 = 0
  var offsetX: Int32 = 0
  var offsetY: Int32 = 0

  /// Whether `get_popup` may use it: the size and the anchor rectangle are set.
  var isComplete: Bool { width > 0 && height > 0 && anchorRect != nil }

  /// The popup's position relative to the parent's window geometry.
  func place() -> (x: Int32, y: Int32) {
    guard let rect = anchorRect else { return (offsetX, offsetY) }
    let (horizontal, vertical) = Self.sides(of: anchor)
    let anchorX = rect.x + (horizontal < 0 ? 0 : horizontal > 0 ? rect.width : rect.width / 2)
    let anchorY = rect.y + (vertical < 0 ? 0 : vertical > 0 ? rect.height : rect.height / 2)
    let (towardX, towardY) = Self.sides(of: gravity)
    let x = anchorX - (towardX < 0 ? width : towardX > 0 ? 0 : width / 2)
    let y = anchorY - (towardY < 0 ? height : towardY > 0 ? 0 : height / 2)
    return (x + offsetX, y + offsetY)
  }

  /// The horizontal and vertical side (-1, 0, +1) named by an anchor or gravity value.
  static func sides(of value: UInt32) -> (Int, Int) {
    switch value {
    case 1: (0, -1)
    case 2: (0, 1)
    case 3: (-1, 0)
    case 4: (1, 0)
    case 5: (-1, -1)
    case 6: (-1, 1)
    case 7: (1, -1)
    case 8: (1, 1)
    default: (0, 0)
    }
  }

  func setSize(_ width: Int32, _ height: Int32) {
    guard width > 0, height > 0 else {
      postError(code: XDG_POSITIONER_ERROR_INVALID_INPUT.rawValue, "size \(width)x\(height) is not positive")
      return
    }
    self.width = width
    self.height = height
  }

  nonisolated(unsafe) static let implementation: UnsafeMutablePointer<xdg_positioner_interface> = {
    let table = UnsafeMutablePointer<xdg_positioner_interface>.allocate(capacity: 1)
    table.initialize(
      to: xdg_positioner_interface(
        destroy: { _, resource in wl_resource_destroy(resource) },
        set_size: { _, resource, width, height in XdgPositioner.from(resource).setSize(width, height) },
        set_anchor_rect: { _, resource, x, y, width, height in
          let positioner = XdgPositioner.from(resource)
          guard width >= 0, height >= 0 else {
            positioner.postError(code: XDG_POSITIONER_ERROR_INVALID_INPUT.rawValue, "negative anchor rect")
            return
          }
          positioner.anchorRect = (x, y, width, height)
        },
        set_anchor: { _, resource, anchor in XdgPositioner.from(resource).anchor = anchor },
        set_gravity: { _, resource, gravity in XdgPositioner.from(resource).gravity = gravity },
        set_constraint_adjustment: { _, _, _ in },
        set_offset: { _, resource, x, y in
          let positioner = XdgPositioner.from(resource)
          positioner.offsetX = x
          positioner.offsetY = y
        },
        set_reactive: { _, _ in },
        set_parent_size: { _, _, _, _ in },
        set_parent_configure: { _, _, _ in }))
    return table
  }()
}
