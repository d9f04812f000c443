extension FakeCompositor {
  /// How the fake compositor starts. Every field can also be changed later through the API.
  public struct Configuration: Sendable {
    /// The output's size in pixels (its mode) and its integer scale.
    public var outputWidth: Int32 = 800
    public var outputHeight: Int32 = 600
    public var outputScale: Int32 = 1
    /// The fractional scale sent to `wp_fractional_scale_v1` objects, in 120ths (120 = 1×).
    public var fractionalScale: UInt32 = 120
    /// The seat's initial capabilities.
    public var capabilities: Capabilities = .all
    /// When committed frame callbacks are answered.
    public var frameCallbacks: FrameCallbackMode = .automatic(intervalMilliseconds: 0)
    /// When committed buffers are released.
    public var bufferReleases: BufferReleaseMode = .automatic
    /// The xkb layout of the keymap sent to keyboards (rules "evdev", model "pc105").
    public var keyboardLayout: String = "us"
    /// `wl_keyboard.repeat_info`: keys per second (0 disables repeat) and delay in milliseconds.
    public var repeatRate: Int32 = 25
    public var repeatDelay: Int32 = 600
    /// Where the timestamps of events and of the request log come from.
    public var clock: Clock = .monotonic
    /// The most requests ``FakeCompositor/requestLog`` keeps (the older half is dropped when it is full);
    /// nil keeps every request. Long runs of real clients (the executable) set a limit.
    public var requestLogLimit: Int?
    /// Whether `zxdg_decoration_manager_v1` is offered and which mode its `configure` answers.
    /// Server-side by default, as KWin and sway answer, so that clients draw no frame of their own and
    /// their windows fill their surfaces (the fake compositor draws no decorations either);
    /// ``DecorationMode/clientSide`` and ``DecorationMode/unsupported`` are the two ways GNOME-like
    /// compositors leave the frame to the client.
    public var decorationMode: DecorationMode = .serverSide
    /// The `wl_seat` version advertised for every seat, from 1 to ``GlobalVersions/seat`` (values
    /// outside are clamped). Below 5 the pointer sends no `frame`, as on compositors of that age.
    public var seatVersion: Int32 = GlobalVersions.seat
    /// Whether `zwp_primary_selection_device_manager_v1` is offered (mutter 43, KWin and sway offer it;
    /// weston 10 does not).
    public var offersPrimarySelection = true
    /// The most bytes of committed pixels (4 per pixel, summed over its surfaces) the compositor holds
    /// for one client: 512 MiB, a few windows at 8K. A commit past it is an implementation error that
    /// disconnects that client, so a client cannot make the compositor hold gigabytes (a sparse memfd
    /// costs the client nothing, the copy costs the compositor its full size).
    public var maximumClientImageBytes = 512 << 20
    /// Whether a pointer button press or a touch down on a window gives that window the keyboard focus
    /// and raises it, as weston, mutter, KWin and sway do (`FakeCompositor+FocusOnPress.swift`); when
    /// false only ``FakeCompositor/keyboardEnter(surface:)`` (a script's `focus`) moves the focus.
    public var focusFollowsPress = true
    /// When committed content counts as shown, for `wp_presentation` feedback: at the next tick of a
    /// virtual 60 Hz display by default (`PresentationFeedback.swift`).
    public var presentation: PresentationTiming = .refresh(millihertz: 60_000)
    /// Whether a `start_drag` with a touch down's serial starts a drag driven by the pointer (once the
    /// pointer has a position), while the touch keeps reaching the client (its motions and its `up`) and
    /// is not cancelled, as mutter 43 does: its drag grab is a pointer grab whatever the serial named
    /// (docs/interop.md). False by default: the touch drives its drag, as the rules of
    /// `FakeCompositor+DragAndDrop.swift` say.
    public var touchDragsRunOnThePointer = false
    /// Whether a touch drag leaves the origin client its touch point: no `cancel` when the drag starts,
    /// and the point's `up` after the drop (or cancel) when the finger lifts, as KWin 5.27 does. False by
    /// default: the drag takes the point, which the client hears cancelled.
    public var touchDragsEndWithAnUp = false
    /// Whether `zwp_input_timestamps_manager_v1` is offered (weston 10 offers it), so that clients can
    /// subscribe to nanosecond input times (`InputTimestamps.swift`).
    public var offersInputTimestamps = true

    public init() {}
  }

  /// When frame callbacks (`wl_surface.frame`) of committed, visible surfaces get their `done`.
  public enum FrameCallbackMode: Equatable, Sendable {
    /// At the end of the next pump when the interval is 0 (deterministic tests), or by a repaint timer
    /// every `intervalMilliseconds` (real clients that redraw on every frame, which would otherwise spin).
    case automatic(intervalMilliseconds: Int32)
    /// Only when the test calls ``FakeCompositor/fireFrameCallbacks()``.
    case manual
    /// Never; they are reported by ``FakeCompositor/finish()``.
    case withheld
  }

  /// When committed `wl_buffer`s get their `release`.
  public enum BufferReleaseMode: Equatable, Sendable {
    /// As soon as the commit is handled: the compositor copies the pixels on commit, as a GPU compositor
    /// uploads them, so the client may reuse the buffer at once.
    case automatic
    /// Only when the test calls ``FakeCompositor/releaseBuffers()``.
    case manual
    /// Never; they are reported by ``FakeCompositor/finish()``.
    case withheld
  }

  /// The clock of event timestamps (milliseconds, wrapping like the protocol's `uint` times).
  public enum Clock: Equatable, Sendable {
    /// `CLOCK_MONOTONIC`.
    case monotonic
    /// Starts at `start` and moves only with ``FakeCompositor/advanceClock(milliseconds:)`` and
    /// ``FakeCompositor/advanceClock(nanoseconds:)``.
    case manual(start: UInt32)
  }
}

/// Who draws window decorations, as the fake compositor answers xdg-decoration.
public enum DecorationMode: Sendable {
  /// xdg-decoration is offered and answers `server_side` (KWin, sway).
  case serverSide
  /// xdg-decoration is offered and answers `client_side` whatever the client asks.
  case clientSide
  /// No `zxdg_decoration_manager_v1` global (weston 10, mutter 43).
  case unsupported
}
