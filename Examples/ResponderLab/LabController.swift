import Foundation
import Tactile

/// The root view: reports every touch's hit-test result to ``onHit``.
@MainActor final class LabRootView: View, Named {
  let name = "root"
  var onHit: (View) -> Void = { _ in }

  override func hitTest(_ point: Point, with event: Event?) -> View? {
    let hit = super.hitTest(point, with: event)
    if let hit, event?.type == .touches { onHit(hit) }
    return hit
  }
}

/// The lab: five hit-testing and responder-chain situations side by side, and a log panel.
///
/// For each touch the log shows the hit-test path (the hit view's superviews, window first) and the
/// responder chain (the hit view and its `next` responders); the same lines go to standard output, with
/// the actions handled, for the tests.
@MainActor final class LabController: ViewController, Named {
  let name = "controller"
  let log = Label(frame: Rect(x: 20, y: 236, width: 600, height: 230))
  let container = NamedView("container", frame: Rect(x: 30, y: 150, width: 400, height: 60), color: .white)
  let send = LabButton("send", frame: Rect(x: 10, y: 10, width: 120, height: 40))
  private var lines: [String] = []
  private var owners: [Responder] = []
  private var owner = 0

  override func loadView() {
    let root = LabRootView(frame: Rect(x: 0, y: 0, width: 640, height: 480))
    root.backgroundColor = Color(white: 0.96)
    root.onHit = { [unowned self] hit in report(hit) }
    // Step 1: the enlarged button (30×30, touchable 20 points around).
    root.addSubview(EnlargedButton("small", frame: Rect(x: 30, y: 30, width: 30, height: 30)))
    // Step 2: a button under a translucent overlay that lets touches through.
    root.addSubview(LabButton("under", frame: Rect(x: 120, y: 20, width: 140, height: 50)))
    let overlay = PassThroughOverlay(frame: Rect(x: 110, y: 10, width: 160, height: 70))
    overlay.backgroundColor = Color(red: 0.2, green: 0.5, blue: 1, alpha: 0.3)
    root.addSubview(overlay)
    // Step 3: a child outside its parent's bounds.
    let parent = OverflowParent(frame: Rect(x: 300, y: 20, width: 120, height: 50))
    parent.backgroundColor = Color(white: 0.7)
    parent.addSubview(LabButton("outside", frame: Rect(x: 0, y: 60, width: 120, height: 40)))
    root.addSubview(parent)
    // Step 4: a circular button.
    root.addSubview(CircularButton("round", frame: Rect(x: 480, y: 20, width: 80, height: 80)))
    // Step 5: a nil-target action whose handler moves: button → its superview → this controller.
    send.addTarget(nil, action: "labAction", for: .touchUpInside)
    container.addSubview(send)
    root.addSubview(container)
    let move = LabButton("move handler", frame: Rect(x: 450, y: 160, width: 160, height: 40))
    move.addTarget(self, action: "moveHandler", for: .touchUpInside)
    root.addSubview(move)
    log.numberOfLines = 10
    log.font = .system(size: 13)
    root.addSubview(log)
    view = root
  }

  override func viewDidLoad() {
    owners = [send, container, self]
    owners[0].setHandler(handleLabAction, for: "labAction")
    setHandler({ [unowned self] _, _ in moveHandler() }, for: "moveHandler")
  }

  private func handleLabAction(_ sender: AnyObject?, _ event: Event?) {
    write("action handled by \(Self.name(of: owners[owner]))")
  }

  /// Takes the handler from its owner and gives it to the next one.
  private func moveHandler() {
    owners[owner].setHandler(nil, for: "labAction")
    owner = (owner + 1) % owners.count
    owners[owner].setHandler(handleLabAction, for: "labAction")
    write("handler on \(Self.name(of: owners[owner]))")
  }

  private func report(_ hit: View) {
    let path = sequence(first: hit, next: \.superview).map { Self.name(of: $0) }.reversed()
    let chain = sequence(first: hit as Responder, next: \.next).map { Self.name(of: $0) }
    write("path " + path.joined(separator: " > "))
    write("chain " + chain.joined(separator: " > "))
  }

  /// Shows a line in the log panel (the last ten) and prints it.
  private func write(_ line: String) {
    lines = Array((lines + [line]).suffix(10))
    log.text = lines.joined(separator: "\n")
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  static func name(of responder: Responder) -> String {
    switch responder {
    case let named as any Named: named.name
    case is Window: "window"
    case is Application: "application"
    default: "\(type(of: responder))"
    }
  }
}
