import TactileCore
import TactileGeometry

/// A fresh application with a manual clock and one key window of `size` (a root controller's view fills
/// it), for in-memory tests of event delivery. Each call makes independent objects, so tests can run in
/// parallel.
@MainActor
public struct TestApplication {
  public let scheduler: ManualScheduler
  public let application: Application
  public let window: Window
  public let rootViewController: ViewController

  public init(size: Size = Size(width: 375, height: 667)) {
    scheduler = ManualScheduler()
    application = Application(scheduler: scheduler)
    window = Window(frame: Rect(origin: .zero, size: size), application: application)
    rootViewController = ViewController()
    window.rootViewController = rootViewController
    window.makeKey()
  }

  /// The root controller's view, which fills the window.
  public var rootView: View { rootViewController.view }
}
