/// One seat event as a client received it, the unit of an ``InputTrace``.
///
/// Each case is one Wayland event of `wl_touch`, `wl_pointer`, `wl_keyboard`,
/// `zwp_pointer_gestures_v1`, `zwp_text_input_v3` or `zwp_tablet_tool_v2`, with the values of its arguments. Coordinates are
/// local to the surface the event concerns; a surface is named by a small number given in the order the
/// surfaces first received input (0 is, in practice, the app's main window). Serials are not kept: the
/// replaying compositor issues its own. The keymap is not kept either: a replay uses the replaying
/// compositor's keymap, so key codes mean the same keys only with the same layout (the fake compositor's
/// default is "us").
public enum InputEvent: Equatable, Sendable {
  /// `wl_touch.down` on surface number `surface`.
  case touchDown(surface: Int, id: Int32, x: Double, y: Double)
  case touchMotion(id: Int32, x: Double, y: Double)
  case touchUp(id: Int32)
  case touchFrame
  case touchCancel
  /// `wl_touch.shape`: the contact ellipse's axes.
  case touchShape(id: Int32, major: Double, minor: Double)
  /// `wl_touch.orientation`: the contact ellipse's angle in degrees.
  case touchOrientation(id: Int32, degrees: Double)

  /// `wl_pointer.enter` on surface number `surface`.
  case pointerEnter(surface: Int, x: Double, y: Double)
  case pointerLeave
  case pointerMotion(x: Double, y: Double)
  /// `wl_pointer.button` with an evdev button code (`BTN_LEFT` is 0x110).
  case pointerButton(button: UInt32, pressed: Bool)
  /// `wl_pointer.axis`: a continuous scroll value in surface units.
  case pointerAxis(axis: ScrollAxis, value: Double)
  /// `wl_pointer.axis_source` (0 wheel, 1 finger, 2 continuous, 3 wheel tilt).
  case pointerAxisSource(source: UInt32)
  case pointerAxisStop(axis: ScrollAxis)
  /// `wl_pointer.axis_value120`, or `axis_discrete` × 120 from a seat below version 8.
  case pointerAxisValue120(axis: ScrollAxis, value120: Int32)
  case pointerFrame

  /// A touchpad gesture's `begin` (on the surface with the pointer focus).
  case gestureBegin(kind: TouchpadGestureKind, fingers: UInt32)
  case gestureSwipeUpdate(dx: Double, dy: Double)
  /// A pinch's `update`: the center's movement, the scale since `begin`, the rotation delta in degrees.
  case gesturePinchUpdate(dx: Double, dy: Double, scale: Double, rotation: Double)
  case gestureEnd(kind: TouchpadGestureKind, cancelled: Bool)

  /// `wl_keyboard.enter` on surface number `surface`, with the evdev codes of the keys held then.
  case keyboardEnter(surface: Int, keys: [UInt32])
  case keyboardLeave
  /// `wl_keyboard.key` with an evdev key code (xkb code − 8).
  case key(code: UInt32, pressed: Bool)
  case modifiers(depressed: UInt32, latched: UInt32, locked: UInt32, group: UInt32)
  /// `wl_keyboard.repeat_info`: keys per second and delay in milliseconds.
  case repeatInfo(rate: Int32, delay: Int32)

  /// `zwp_text_input_v3.enter` on surface number `surface`. Not written to a trace (see
  /// ``isWrittenToTraces``): a compositor sends it with its keyboard focus, which the trace keeps.
  case textEnter(surface: Int)
  /// `zwp_text_input_v3.leave`. Not written to a trace, as ``textEnter(surface:)``.
  case textLeave
  /// `zwp_text_input_v3.preedit_string`, with the cursor as UTF-8 byte offsets (-1 hides it).
  case textPreedit(text: String, cursorBegin: Int32, cursorEnd: Int32)
  case textCommit(text: String)
  /// `zwp_text_input_v3.delete_surrounding_text`, in UTF-8 bytes around the cursor.
  case textDeleteSurrounding(before: UInt32, after: UInt32)
  /// `zwp_text_input_v3.done`: applies the text events since the previous one.
  case textDone

  /// An event of the tablet tool whose `zwp_tablet_tool_v2.type` is `type` (0x140 pen, 0x141 eraser, …);
  /// trace version 3.
  case tabletTool(type: UInt32, event: TabletToolEvent)

  /// Whether a recorder writes the event to a trace. Text input's `enter` and `leave` are not written:
  /// they follow the keyboard focus, which the trace keeps, so the replaying compositor sends them
  /// itself, and a version-2 trace stays readable by every version-2 reader.
  public var isWrittenToTraces: Bool {
    switch self {
    case .textEnter, .textLeave: false
    default: true
    }
  }
}

/// A scroll axis of `wl_pointer`.
public enum ScrollAxis: String, Equatable, Sendable, CaseIterable {
  case vertical, horizontal

  /// The vertical axis when `vertical`, else the horizontal one.
  public init(vertical: Bool) {
    self = vertical ? .vertical : .horizontal
  }
}

/// A touchpad gesture of `zwp_pointer_gestures_v1`.
public enum TouchpadGestureKind: String, Equatable, Sendable, CaseIterable {
  case swipe, pinch, hold
}
