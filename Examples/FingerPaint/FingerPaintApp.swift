// FingerPaint: multitouch drawing. Every finger draws its own stroke in its own colour, as wide as the
// contact when the compositor reports its size; a pen draws as wide as it is pressed, its eraser end
// erases, and fingers are ignored while the pen is near (palm rejection); the Clear button wipes the
// canvas. Close the window to quit.
//
// Run it from a Wayland session: `swift run FingerPaint`, or headless with `Examples/demo`.
// After every change it prints one state line on standard output, e.g. `strokes 2 colours 2`, which
// the tests under the fake seat read.
import Foundation
import Tactile

/// The program: `@main` starts it; `WindowApp` connects to the compositor named by WAYLAND_DISPLAY, shows
/// the 640×480 window once ``build(_:)`` has filled it and runs until it is closed (its event loop is the
/// app's clock).
@main struct FingerPaintApp: WindowApp {
  static let name = "FingerPaint"
  static let appID = "dev.tactile.FingerPaint"

  func build(_ window: Window) {
    // Step 1: the paint view fills the window (as the root controller's view it is resized with it);
    // the Clear button sits in its top-right corner.
    let paint = PaintView(frame: window.bounds)
    let controller = ViewController()
    controller.view = paint
    window.rootViewController = controller

    // Step 2: the button's action is handled by the paint view's owner: here, a handler on the window.
    let clearAction: Action = "clearCanvas"
    window.setHandler({ _, _ in paint.clear() }, for: clearAction)
    paint.clearButton.addTarget(window, action: clearAction, for: .touchUpInside)

    // Step 3: report the model after every change (one line, flushed at once; the eraser's strokes count
    // as strokes, their white as no colour).
    paint.onChange = { paint in
      let colours = Set(paint.strokes.filter { !$0.isEraser }.map(\.color)).count
      FileHandle.standardOutput.write(Data("strokes \(paint.strokes.count) colours \(colours)\n".utf8))
    }
  }
}
