import Foundation
import Tactile

/// The interop scenario's screen: a button, a long-press pad, a text field, a scroll view, a stage
/// whose tile is panned, pinched and rotated, and a text view below them (`Tests/Interop/README.md` lists where each one is and the
/// colours a screenshot shows after each step).
///
/// Every result is one state line through ``report``: `button tapped N touch|pointer`,
/// `longpress began|ended`, `text focused`, `text "…" width W`, `scrolled X Y`, `pan ended DX DY`,
/// `pan cancelled`, `menu chose mark`, what the text field and the text view draw (`drew field|view …`,
/// ``DrawnTextReport``),
/// `pinch ended SCALE`, `rotation ended RADIANS`; and, as the target of the drag steps,
/// `drop entered` and `dropped "TEXT"` (`ScenarioController+Drop.swift`).
@MainActor final class ScenarioController: ViewController, GestureRecognizerDelegate, ScrollViewDelegate {
  /// The root's colour, by which the driver finds the window in a screenshot.
  static let rootColor = Color(red8: 0xFF, green8: 0x00, blue8: 0xFF)
  static let idleColor = Color(red8: 0xC0, green8: 0xC0, blue8: 0xC0)
  static let touchedColor = Color(red8: 0x00, green8: 0xC0, blue8: 0x00)
  static let clickedColor = Color(red8: 0x00, green8: 0x00, blue8: 0xFF)
  static let pressedColor = Color(red8: 0xFF, green8: 0x80, blue8: 0x00)
  static let stageColor = Color(red8: 0x20, green8: 0x20, blue8: 0x20)
  static let tileColor = Color(red8: 0xFF, green8: 0xD0, blue8: 0x00)
  static let scrollTopColor = Color(red8: 0x00, green8: 0x40, blue8: 0xFF)
  static let scrollRestColor = Color(red8: 0x00, green8: 0xFF, blue8: 0xFF)

  let button = Button(frame: Rect(x: 20, y: 20, width: 140, height: 60))
  let pad = View(frame: Rect(x: 20, y: 100, width: 140, height: 60))
  let field: ScenarioTextField
  /// A multi-line text view for the IME steps, below the other views.
  let notes: ScenarioTextView
  let scroller = ScrollView(frame: Rect(x: 20, y: 240, width: 140, height: 100))
  let stage = View(frame: Rect(x: 180, y: 20, width: 280, height: 320))
  let tile = View(frame: Rect(x: 100, y: 120, width: 80, height: 80))
  /// Writes one state line.
  let report: (String) -> Void
  private var taps = 0
  private var scale = 1.0
  private var rotation = 0.0
  private var panStart = Point.zero

  init(report: @escaping (String) -> Void) {
    self.report = report
    field = ScenarioTextField(frame: Rect(x: 20, y: 180, width: 140, height: 40), report: report)
    notes = ScenarioTextView(frame: Rect(x: 20, y: 350, width: 440, height: 60), report: report)
    super.init()
  }

  override func loadView() {
    let root = View(frame: Rect(x: 0, y: 0, width: 480, height: 420))
    root.backgroundColor = Self.rootColor
    button.setTitle("Tap", for: .normal)
    button.backgroundColor = Self.idleColor
    pad.backgroundColor = Self.idleColor
    field.backgroundColor = .white
    field.placeholder = "Type"
    notes.backgroundColor = .white
    let content = View(frame: Rect(x: 0, y: 0, width: 140, height: 400))
    content.backgroundColor = Self.scrollRestColor
    let top = View(frame: Rect(x: 0, y: 0, width: 140, height: 100))
    top.backgroundColor = Self.scrollTopColor
    content.addSubview(top)
    scroller.addSubview(content)
    scroller.contentSize = content.frame.size
    stage.backgroundColor = Self.stageColor
    tile.backgroundColor = Self.tileColor
    stage.addSubview(tile)
    for view in [button, pad, field, scroller, stage, notes] { root.addSubview(view) }
    root.dropInteraction = DropInteraction(delegate: self)
    view = root
  }

  override func viewDidLoad() {
    setHandler({ [unowned self] _, event in tapped(by: event) }, for: "buttonTapped")
    button.addTarget(self, action: "buttonTapped", for: .touchUpInside)
    setHandler({ [unowned self] _, _ in report("text focused") }, for: "fieldFocused")
    field.addTarget(self, action: "fieldFocused", for: .editingDidBegin)
    setHandler({ [unowned self] _, _ in textChanged() }, for: "fieldChanged")
    field.addTarget(self, action: "fieldChanged", for: .editingChanged)
    // The field's edit menu (a popup) gets one command of the app's, which the controller performs.
    field.editMenuInteraction?.additionalCommands = [EditMenuCommand(title: "Mark", action: "mark")]
    setHandler({ [unowned self] _, _ in report("menu chose mark") }, for: "mark")
    scroller.delegate = self
    let press = LongPressGestureRecognizer()
    press.addAction { [unowned self] _ in longPressed(press) }
    pad.addGestureRecognizer(press)
    addStageRecognizers()
  }

  /// Pan (one finger), pinch and rotation on the stage, allowed to run together; they move, scale and
  /// rotate the tile.
  private func addStageRecognizers() {
    let pan = PanGestureRecognizer()
    pan.maximumNumberOfTouches = 1
    let pinch = PinchGestureRecognizer()
    let rotate = RotationGestureRecognizer()
    for recognizer in [pan, pinch, rotate] as [GestureRecognizer] {
      recognizer.delegate = self
      stage.addGestureRecognizer(recognizer)
    }
    pan.addAction { [unowned self] _ in panned(pan) }
    pinch.addAction { [unowned self] _ in
      scale *= pinch.scale
      pinch.scale = 1
      applyTransform()
      if pinch.state == .ended { report(String(format: "pinch ended %.3f", scale)) }
    }
    rotate.addAction { [unowned self] _ in
      rotation += rotate.rotation
      rotate.rotation = 0
      applyTransform()
      if rotate.state == .ended { report(String(format: "rotation ended %.3f", rotation)) }
    }
  }

  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { true }

  func scrollViewDidScroll(_ scrollView: ScrollView) {
    report(String(format: "scrolled %.1f %.1f", scrollView.contentOffset.x, scrollView.contentOffset.y))
  }

  private func tapped(by event: Event?) {
    taps += 1
    let byPointer = event?.allTouches?.contains { $0.type == .pointer } ?? false
    button.backgroundColor = byPointer ? Self.clickedColor : Self.touchedColor
    report("button tapped \(taps) \(byPointer ? "pointer" : "touch")")
  }

  /// Reports the text and its width as drawn, by which the driver tells it from an older frame's text.
  private func textChanged() {
    let width = FontSystem.shared.advance(of: field.text, font: field.font)
    report("text \"\(field.text)\" width \(String(format: "%.1f", width))")
  }

  private func longPressed(_ press: LongPressGestureRecognizer) {
    switch press.state {
    case .began:
      pad.backgroundColor = Self.pressedColor
      report("longpress began")
    case .ended: report("longpress ended")
    default: break
    }
  }

  private func panned(_ pan: PanGestureRecognizer) {
    if pan.state == .began { panStart = tile.center }
    let moved = pan.translation(in: stage)
    tile.center = Point(x: panStart.x + moved.x, y: panStart.y + moved.y)
    switch pan.state {
    case .ended: report(String(format: "pan ended %.1f %.1f", moved.x, moved.y))
    case .cancelled: report("pan cancelled")
    default: break
    }
  }

  private func applyTransform() {
    tile.transform = AffineTransform(rotationAngle: rotation).scaledBy(x: scale, y: scale)
  }
}
