/// The version range of one Wayland interface that Tactile can use, and the rule for binding it.
///
/// Tactile binds `min(advertised, implemented)`: never a version whose events it has no listener slots
/// for, never more than the compositor offers. Below `minimum` the interface is unusable.
public struct InterfaceVersion: Sendable, Equatable {
  /// The interface name as advertised by `wl_registry.global`.
  public var name: String
  /// The lowest version Tactile works with.
  public var minimum: UInt32
  /// The highest version Tactile implements (and whose listener it fills).
  public var implemented: UInt32

  public init(name: String, minimum: UInt32, implemented: UInt32) {
    precondition(
      1 <= minimum && minimum <= implemented, "\(name): version range \(minimum)...\(implemented) is empty")
    self.name = name
    self.minimum = minimum
    self.implemented = implemented
  }

  /// The version to bind when the compositor advertises `advertised`.
  ///
  /// - Returns: `min(advertised, implemented)`.
  /// - Throws: ``WaylandError/unsupportedVersion(name:required:available:)`` when `advertised` is below
  ///   ``minimum``.
  public func bindVersion(advertised: UInt32) throws(WaylandError) -> UInt32 {
    guard advertised >= minimum else {
      throw .unsupportedVersion(name: name, required: minimum, available: advertised)
    }
    return min(advertised, implemented)
  }
}

extension InterfaceVersion {
  // The caps of every global Tactile binds, in one place. The implemented versions are those of the
  // protocol headers generated from the system XML (wayland 1.21, wayland-protocols 1.31 on Debian 12):
  // wl_surface stops at 5 there, so `preferred_buffer_scale` (wl_surface 6) is not available.

  /// `damage_buffer` needs version 4.
  static let compositor = InterfaceVersion(name: "wl_compositor", minimum: 4, implemented: 5)
  static let shm = InterfaceVersion(name: "wl_shm", minimum: 1, implemented: 1)
  static let wmBase = InterfaceVersion(name: "xdg_wm_base", minimum: 1, implemented: 5)
  /// `done` and `scale` need version 2; `release` needs 3.
  static let output = InterfaceVersion(name: "wl_output", minimum: 2, implemented: 4)
  /// Version 5 adds pointer frames, 6 touch shape and orientation, 7 private keymap mappings, 8
  /// `axis_value120` (the seat's listeners fill every slot up to 8).
  static let seat = InterfaceVersion(name: "wl_seat", minimum: 1, implemented: 8)
  /// Hold gestures need version 3.
  static let pointerGestures = InterfaceVersion(name: "zwp_pointer_gestures_v1", minimum: 1, implemented: 3)
  static let textInput = InterfaceVersion(name: "zwp_text_input_manager_v3", minimum: 1, implemented: 1)
  /// `release` needs version 2; version 3 adds drag-and-drop actions (not used).
  /// The data device's `release` needs version 2; version 3 adds drag-and-drop actions (not used).
  static let dataDeviceManager = InterfaceVersion(name: "wl_data_device_manager", minimum: 1, implemented: 3)
  static let primarySelection = InterfaceVersion(
    name: "zwp_primary_selection_device_manager_v1", minimum: 1, implemented: 1)
  static let viewporter = InterfaceVersion(name: "wp_viewporter", minimum: 1, implemented: 1)
  static let presentation = InterfaceVersion(name: "wp_presentation", minimum: 1, implemented: 1)
  /// input-timestamps-unstable-v1 (nanosecond times of touch, pointer and key events).
  static let inputTimestamps = InterfaceVersion(
    name: "zwp_input_timestamps_manager_v1", minimum: 1, implemented: 1)
  /// tablet-unstable-v2 (pens and other tablet tools).
  static let tabletManager = InterfaceVersion(name: "zwp_tablet_manager_v2", minimum: 1, implemented: 1)
  static let fractionalScale = InterfaceVersion(
    name: "wp_fractional_scale_manager_v1", minimum: 1, implemented: 1)
  static let decoration = InterfaceVersion(
    name: "zxdg_decoration_manager_v1", minimum: 1, implemented: 1)
}
