import TactileRaster
import TactileWayland

/// Runs `display`'s loop until `done` holds or `seconds` pass (a guard against hanging, not a wait for
/// the behaviour under test).
///
/// - Returns: Whether `done` held.
@MainActor func run(
  _ display: WaylandDisplay, forAtMost seconds: Double = 20, until done: () -> Bool
) throws(WaylandError) -> Bool {
  var expired = false
  let guardTimer = display.loop.schedule(after: seconds) { expired = true }
  defer { guardTimer.cancel() }
  try display.loop.run { done() || expired }
  return done()
}

/// Takes a screenshot of `weston` while `display`'s loop keeps running (the result comes back through
/// the loop's wake-up fd).
@MainActor func screenshot(_ weston: Weston, _ display: WaylandDisplay) throws -> Image {
  let box = ResultBox()
  let wakeUp = display.loop.wakeUp
  try weston.screenshot { result in wakeUp.post { box.result = result } }
  guard try run(display, forAtMost: 40, until: { box.result != nil }), let result = box.result else {
    throw Weston.Failure.screenshotFailed("no result within 40 s")
  }
  return try result.get()
}

@MainActor final class ResultBox {
  var result: Result<Image, Error>?
}

/// Fills the four quadrants of `pixmap` with `colors` (top left, top right, bottom left, bottom right).
func fillQuadrants(_ pixmap: Pixmap, _ colors: [PremultipliedColor]) {
  let halfWidth = pixmap.width / 2
  let halfHeight = pixmap.height / 2
  for y in 0..<pixmap.height {
    let row = pixmap.row(y)
    let (left, right) = y < halfHeight ? (colors[0], colors[1]) : (colors[2], colors[3])
    row.update(repeating: left.argb, count: halfWidth)
    (row + halfWidth).update(repeating: right.argb, count: pixmap.width - halfWidth)
  }
}
