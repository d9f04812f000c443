import Tactile

/// Reports what the compositor made of the window, after each drawn frame, when it changed:
/// `ready W H` (the first frame; W×H is the app's content size, without a client-side frame), then
/// `size W H`, `scale S` (buffer pixels per unit), `decoration server_side|client_side|none` (who draws
/// the title bar) and
/// `inset LEFT TOP RIGHT BOTTOM` (the client-side frame around the content on the surface; all 0
/// without one).
@MainActor final class SurfaceReport {
  private let host: HostedWindow
  private let report: (String) -> Void
  private var lastSize: Size?
  private var lastScale: Double?
  private var lastDecoration = ""
  private var lastInset = ""

  /// Watches `host`'s frames: wraps its surface's draw callback, so this runs after the view tree was
  /// drawn and before the buffer is committed.
  init(host: HostedWindow, report: @escaping (String) -> Void) {
    self.host = host
    self.report = report
    let draw = host.surface.onDraw
    host.surface.onDraw = { [unowned self] frame in
      draw?(frame)
      frameDrawn(surfaceSize: frame.logicalSize, scale: frame.scale)
    }
  }

  private func frameDrawn(surfaceSize: Size, scale: Double) {
    let content = host.contentFrame
    if content.size != lastSize {
      report("\(lastSize == nil ? "ready" : "size") \(Int(content.width)) \(Int(content.height))")
      lastSize = content.size
    }
    if scale != lastScale {
      report("scale \(String(format: "%g", scale))")
      lastScale = scale
    }
    let framed = content != Rect(origin: .zero, size: surfaceSize)
    let decoration =
      host.surface.decorations == .serverSide ? "server_side" : framed ? "client_side" : "none"
    if decoration != lastDecoration {
      report("decoration \(decoration)")
      lastDecoration = decoration
    }
    let inset = [
      content.minX, content.minY, surfaceSize.width - content.maxX, surfaceSize.height - content.maxY,
    ].map { String(Int($0.rounded())) }.joined(separator: " ")
    if inset != lastInset {
      report("inset \(inset)")
      lastInset = inset
    }
  }
}
