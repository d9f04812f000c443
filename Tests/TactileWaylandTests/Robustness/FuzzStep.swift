import TactileFakeSeat
import TactileTesting

/// One thing the fake compositor does to the fuzzed app: protocol-valid, but hostile in combination
/// (frames left out, cancels mid-gesture, ids reused, devices and keymaps swapped under held fingers and
/// keys, coordinates far off the surface, scale and configure storms, withheld frame callbacks and buffer
/// releases).
///
/// A step that makes no sense in the current state (lifting a finger that is not down, a touch without
/// the touch capability) is skipped by the driver, so any subsequence of a sequence is a valid sequence:
/// that is what lets a failing sequence shrink by deleting steps.
enum FuzzStep: Equatable, Sendable, CustomStringConvertible {
  case touchDown(id: Int32, x: Double, y: Double)
  case touchMotion(id: Int32, x: Double, y: Double)
  case touchUp(id: Int32)
  case touchShape(id: Int32, major: Double)
  case touchFrame
  case touchCancel
  case capabilities(Capabilities)
  case keyboardEnter
  case keyboardLeave
  case key(code: UInt32, pressed: Bool)
  case keymap(layout: String)
  case garbageKeymap
  case repeatInfo(rate: Int32, delay: Int32)
  case outputScale(Int32)
  case fractionalScale(UInt32)
  case configure(width: Int32, height: Int32)
  case withholdFrameCallbacks(Bool)
  case withholdBufferReleases(Bool)
  /// Moves the compositor's and the app's clocks forward together.
  case advanceClock(milliseconds: UInt32)
  /// Lets the app read what was sent and the compositor read the app's answers.
  case sync
  /// Pen steps (tablet-v2): proximity, contact, motion with any pressure (beyond the range too), frames,
  /// and the tool or the tablet removed under the pen.
  case penIn(TabletToolKind, x: Double, y: Double)
  case penOut(TabletToolKind)
  case penDown(TabletToolKind)
  case penUp(TabletToolKind)
  case penMotion(TabletToolKind, x: Double, y: Double, pressure: UInt32)
  case penFrame(TabletToolKind)
  case penRemove(TabletToolKind)
  case tabletRemove

  var description: String {
    switch self {
    case .touchDown(let id, let x, let y): "touch down \(id) at \(x),\(y)"
    case .touchMotion(let id, let x, let y): "touch motion \(id) to \(x),\(y)"
    case .touchUp(let id): "touch up \(id)"
    case .touchShape(let id, let major): "touch shape \(id) major \(major)"
    case .touchFrame: "touch frame"
    case .touchCancel: "touch cancel"
    case .capabilities(let capabilities): "capabilities [\(capabilities)]"
    case .keyboardEnter: "keyboard enter"
    case .keyboardLeave: "keyboard leave"
    case .key(let code, let pressed): "key \(code) \(pressed ? "down" : "up")"
    case .keymap(let layout): "keymap \(layout)"
    case .garbageKeymap: "garbage keymap"
    case .repeatInfo(let rate, let delay): "repeat info rate \(rate) delay \(delay)"
    case .outputScale(let scale): "output scale \(scale)"
    case .fractionalScale(let scale): "fractional scale \(scale)/120"
    case .configure(let width, let height): "configure \(width)x\(height)"
    case .withholdFrameCallbacks(let on): "frame callbacks \(on ? "withheld" : "answered")"
    case .withholdBufferReleases(let on): "buffer releases \(on ? "withheld" : "sent")"
    case .advanceClock(let milliseconds): "advance clock \(milliseconds) ms"
    case .sync: "sync"
    case .penIn(let tool, let x, let y): "\(tool) in at \(x),\(y)"
    case .penOut(let tool): "\(tool) out"
    case .penDown(let tool): "\(tool) down"
    case .penUp(let tool): "\(tool) up"
    case .penMotion(let tool, let x, let y, let pressure): "\(tool) motion to \(x),\(y) pressure \(pressure)"
    case .penFrame(let tool): "\(tool) frame"
    case .penRemove(let tool): "\(tool) removed"
    case .tabletRemove: "tablet removed"
    }
  }

  /// The sequence of `length` or a few more steps that `seed` stands for (the same on every run).
  static func sequence(seed: UInt64, length: Int) -> [FuzzStep] {
    var random = SeededGenerator(seed: seed)
    var steps: [FuzzStep] = []
    while steps.count < length { steps += burst(&random) }
    return steps
  }

  /// The app's window is 240×160: most points land on it, some far outside.
  private static func point(_ random: inout SeededGenerator) -> (Double, Double) {
    if Int.random(in: 0..<12, using: &random) == 0 {
      return (Double.random(in: -1e6...1e6, using: &random), Double.random(in: -1e6...1e6, using: &random))
    }
    return (
      Double(Int.random(in: -20...260, using: &random)), Double(Int.random(in: -20...180, using: &random))
    )
  }

  private static let keyCodes: [UInt32] = [30, 31, 32, 42, 57, 14]  // a s d Shift space BackSpace

  /// One hostile pen move: mostly proximity, contact, motion and frames of the pen or the eraser, rarely
  /// the tool or the tablet removed.
  private static func penBurst(_ random: inout SeededGenerator, x: Double, y: Double) -> [FuzzStep] {
    let tool: TabletToolKind = Int.random(in: 0..<4, using: &random) == 0 ? .eraser : .pen
    switch Int.random(in: 0..<20, using: &random) {
    case 0..<4: return [.penIn(tool, x: x, y: y), .penFrame(tool)]
    case 4..<6: return [.penOut(tool)]
    case 6..<9: return [.penDown(tool)]
    case 9..<11: return [.penUp(tool)]
    case 11..<16:
      let pressure =
        Int.random(in: 0..<8, using: &random) == 0 ? UInt32.max : UInt32.random(in: 0...65535, using: &random)
      return [.penMotion(tool, x: x, y: y, pressure: pressure)]
    case 16..<18: return [.penFrame(tool)]
    case 18: return [.penRemove(tool)]
    default: return [.tabletRemove]
    }
  }

  /// One hostile move, of one or a few steps.
  private static func burst(_ random: inout SeededGenerator) -> [FuzzStep] {
    let id = Int32.random(in: 0..<4, using: &random)
    let (x, y) = point(&random)
    switch Int.random(in: 0..<100, using: &random) {
    case 0..<16: return [.touchDown(id: id, x: x, y: y)]
    case 16..<34: return [.touchMotion(id: id, x: x, y: y)]
    case 34..<44: return [.touchUp(id: id)]
    case 44..<52: return [.touchFrame]
    case 52..<54: return [.touchDown(id: id, x: x, y: y), .touchUp(id: id), .touchFrame]
    case 54..<56: return [.touchUp(id: id), .touchDown(id: id, x: x, y: y), .touchFrame]
    case 56: return [.touchShape(id: id, major: Double.random(in: 0...200, using: &random))]
    case 57..<59: return [.touchCancel]
    case 59..<61: return [.capabilities(Capabilities(rawValue: UInt32.random(in: 0...7, using: &random)))]
    case 61..<68:
      return [.key(code: keyCodes.randomElement(using: &random)!, pressed: Bool.random(using: &random))]
    case 68: return [.keymap(layout: ["us", "de", "fr"].randomElement(using: &random)!)]
    case 69: return [.garbageKeymap]
    case 70: return [.keyboardLeave]
    case 71: return [.keyboardEnter]
    case 72:
      return [
        .repeatInfo(
          rate: Int32.random(in: 0...60, using: &random), delay: Int32.random(in: 0...700, using: &random))
      ]
    case 73: return [.outputScale(Int32.random(in: 1...3, using: &random))]
    case 74: return [.fractionalScale(UInt32.random(in: 100...300, using: &random))]
    case 75..<78:
      return (0..<Int.random(in: 1...8, using: &random)).map { _ in
        .configure(
          width: Int32.random(in: 0...400, using: &random), height: Int32.random(in: 0...300, using: &random))
      }
    case 78..<80: return [.withholdFrameCallbacks(Bool.random(using: &random))]
    case 80..<82: return [.withholdBufferReleases(Bool.random(using: &random))]
    case 82..<90: return [.advanceClock(milliseconds: UInt32.random(in: 0...800, using: &random))]
    case 90..<95: return [.sync]
    default: return penBurst(&random, x: x, y: y)
    }
  }
}
