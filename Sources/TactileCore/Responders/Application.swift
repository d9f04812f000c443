/// The object that owns an app's windows, queues its events and ends the responder chain, like
/// `UIApplication`.
///
/// Create one per app (and one per test, so tests run in parallel); the running app's is
/// ``Application/shared`` (bound with ``Application/withShared(_:_:)``, as `WindowApp` does). Events are
/// queued first in, first out: platform input for any window is appended with ``enqueue(_:)`` and
/// processed in arrival order; input that arrives while an event is being handled (a handler that
/// synthesizes input) waits for it and everything queued earlier.
@MainActor
open class Application: Responder {
  /// The scheduler every time-dependent part of the app uses.
  public let scheduler: Scheduler

  /// The app's open windows, in creation order.
  ///
  /// The application lists its windows without keeping them (a window keeps its application, so the
  /// reverse would be a cycle that frees neither): whoever shows a window keeps it — its host's owner,
  /// as the Wayland `HostedWindow` in `WindowApp`, a parent for its popup, a test — as in UIKit, where a
  /// window nobody retains goes away. A window freed without ``Window/close()`` leaves the list too.
  public var windows: [Window] { openWindows.compactMap(\.object) }

  /// The window whose first responder receives nil-target actions (``Window/makeKey()``).
  public internal(set) weak var keyWindow: Window?

  /// The application delegate; when it is a ``Responder`` it is the application's ``next``, the end of
  /// the chain, as UIKit's chain reaches the app delegate.
  public weak var delegate: AnyObject?

  /// The pasteboard that the edit commands of text controls use (the platform's system clipboard in an
  /// app that connects it, as `WindowApp` does).
  public var pasteboard: Pasteboard = MemoryPasteboard()

  /// The primary selection where the platform has one (the text last selected in a text control,
  /// pasted with the middle button), else `nil`.
  public var primarySelection: Pasteboard?

  /// What receives the changes assistive technology follows (``AccessibilityEvent``): the accessibility
  /// bridge while one runs, else `nil`. Held weakly.
  public weak var accessibilityObserver: AccessibilityObserver?

  /// What ``windows`` lists: a weak reference to each open window.
  private var openWindows: [Weak<Window>] = []

  private var queue: [() -> Void] = []
  private var isDraining = false

  /// - Parameter scheduler: The clock and timers of this app (``ManualScheduler`` in tests).
  public init(scheduler: Scheduler) {
    self.scheduler = scheduler
    super.init()
  }

  /// The delegate when it is a responder, else `nil`.
  open override var next: Responder? { delegate as? Responder }

  /// Dispatches an event: the default sends it to its window's ``Window/sendEvent(_:)``. Override to
  /// watch every event, calling `super`.
  open func sendEvent(_ event: Event) {
    event.window?.sendEvent(event)
  }

  /// Appends work (building and dispatching one event) to the FIFO queue and drains the queue unless it
  /// is already being drained further up the stack.
  ///
  /// - Complexity: Each item runs exactly once, in the order enqueued.
  public func enqueue(_ work: @escaping () -> Void) {
    queue.append(work)
    guard !isDraining else { return }
    isDraining = true
    defer { isDraining = false }
    while !queue.isEmpty {
      queue.removeFirst()()
    }
  }

  /// Lists a new window (``Window/init(frame:application:)``).
  func windowDidOpen(_ window: Window) {
    openWindows.removeAll { $0.object == nil }
    openWindows.append(Weak(object: window))
  }

  /// Forgets a closed window.
  func windowDidClose(_ window: Window) {
    openWindows.removeAll { $0.object == nil || $0.object === window }
    if keyWindow === window { keyWindow = nil }
  }
}
