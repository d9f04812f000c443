import CWaylandServer
import CWaylandServerProtocols
import TactileGeometry

/// An `xdg_positioner`: the rules that place a popup relative to its parent's window geometry.
///
/// Placement follows anchor, gravity and offset, then the constraint adjustment keeps the popup on the
/// output by flipping and sliding (``TactileGeometry/PopupPlacement``, the same rules the toolkit uses
/// in memory); resizing is not applied.
final class XdgPositioner: ResourceObject {
  var width: Int32 = 0
  var height: Int32 = 0
  var anchorRect: (x: Int32, y: Int32, width: Int32, height: Int32)?
  var anchor: UInt32 = 0
  var gravity: UInt32 = 0
  var offsetX: Int32 = 0
  var offsetY: Int32 = 0
  var constraintAdjustment: UInt32 = 0

  /// Whether `get_popup` may use it: the size and the anchor rectangle are set.
  var isComplete: Bool { width > 0 && height > 0 && anchorRect != nil }

  /// The popup's position relative to the parent's window geometry.
  ///
  /// - Parameter bounds: The output in the parent's window-geometry coordinates; `nil` places the popup
  ///   without constraint.
  /// - Returns: The popup's top-left corner, rounded down to whole units.
  func place(within bounds: Rect?) -> (x: Int32, y: Int32) {
    guard let rect = anchorRect else { return (offsetX, offsetY) }
    // Anchor rectangle plus offset plus size may leave 32 bits: placed in doubles, clamped back.
    let placement = PopupPlacement(
      anchorRect: Rect(
        x: Double(rect.x), y: Double(rect.y), width: Double(rect.width), height: Double(rect.height)),
      size: Size(width: Double(width), height: Double(height)),
      anchor: PopupPlacement.Edge(rawValue: anchor) ?? .none,
      gravity: PopupPlacement.Edge(rawValue: gravity) ?? .none,
      offset: Point(x: Double(offsetX), y: Double(offsetY)),
      adjustment: PopupPlacement.Adjustment(rawValue: constraintAdjustment))
    let frame = placement.frame(constrainedTo: bounds)
    return (Int32(saturating: frame.minX.rounded(.down)), Int32(saturating: frame.minY.rounded(.down)))
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
        set_constraint_adjustment: { _, resource, adjustment in
          XdgPositioner.from(resource).constraintAdjustment = adjustment
        },
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

extension Int32 {
  /// `value` clamped to the 32-bit range (0 for NaN), for geometry a client's values can push past it.
  init(saturating value: Double) {
    if value.isNaN {
      self = 0
    } else if value <= Double(Int32.min) {
      self = .min
    } else if value >= Double(Int32.max) {
      self = .max
    } else {
      self = Int32(value)
    }
  }
}
