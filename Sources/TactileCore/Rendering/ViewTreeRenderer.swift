import TactileGeometry
import TactileRaster

/// Draws view trees into a canvas, back to front, redrawing only what is damaged: what a platform host
/// (the Wayland `HostedWindow`) does on each frame.
///
/// For each view that is visible (not hidden, alpha ≥ 0.01) and whose ``View/subtreeBounds`` meet the
/// canvas's clip: the canvas's transform is set to map the view's bounds (its center, transform and bounds
/// origin, as `View.convert(_:to:)` does); when its own bounds meet the clip, the background is filled and
/// the border stroked inside the bounds with the view's corner radius, and ``View/draw(in:)`` draws its
/// content; with `clipsToBounds` its subviews are clipped to its (rounded) bounds; then the subviews are
/// drawn in order. A view whose subtree lies outside the clip is not visited at all, so a frame that
/// repaints a small damaged rectangle costs in proportion to the views under it, not to the tree.
///
/// Alpha applies to a view and its subtree as one group, as Core Animation's group opacity does: a view
/// with alpha below 1 and a drawn subview is drawn into an offscreen layer and composited once with its
/// alpha (`drawGroup(_:in:)`), so its overlapping subviews do not show through one another; a
/// translucent view without drawn subviews blends its own drawing directly, at no extra cost.
///
/// A frame of a surface: ``takeDamage(of:scale:pixelWidth:pixelHeight:)`` collects the damage of the
/// surface's windows in buffer pixels, the host adds what its buffer missed since it was last shown (buffer
/// age), and ``repaint(_:of:in:scale:clearColor:)`` redraws that region. The pixels inside the region come
/// out exactly as a full redraw would draw them, at any scale: the region is whole pixels, each pixel in it
/// is cleared and every view touching it is drawn again; pixels outside it are not written.
@MainActor
public enum ViewTreeRenderer {
  /// A window shown on a surface: drawn with its origin at `frame`'s origin (surface points) and clipped to
  /// `frame`. A surface with a client-side frame has two: the decoration's window over the whole surface,
  /// then the app's window in the content rectangle.
  public struct Layer {
    public var window: Window
    public var frame: Rect

    public init(window: Window, frame: Rect) {
      self.window = window
      self.frame = frame
    }
  }

  /// Draws `view` and its subtree; `canvas`'s state is unchanged afterwards. Subviews whose subtree
  /// misses the canvas's clip are skipped, and so is `view`'s own content when its bounds miss it.
  ///
  /// - Complexity: O(v) in the visible views whose subtree meets the clip, plus one comparison for each of
  ///   their subviews (with its cached area, `SubviewAreas`), plus bringing up to date the cached areas
  ///   of what changed since the last draw.
  public static func draw(_ view: View, in canvas: Canvas) {
    guard view.isDrawn else { return }
    canvas.withSavedState { drawTree(of: view, in: canvas) }
  }

  /// Draws a visible view and its subtree in a state the caller saved: as a group when it is translucent
  /// and has a drawn subview (whether that subview meets the clip or not, so that a damage repaint takes
  /// the same path as a full redraw), otherwise directly with its alpha.
  private static func drawTree(of view: View, in canvas: Canvas) {
    if view.alpha < 1 && view.currentSubviewEntries().contains(where: \.isDrawn) {
      return drawGroup(view, in: canvas)
    }
    canvas.globalAlpha *= view.alpha
    drawContents(of: view, in: canvas)
  }

  /// Draws a view's own content and its subviews at the canvas's alpha (the view's own alpha is the
  /// caller's to apply), in a state the caller saved.
  static func drawContents(of view: View, in canvas: Canvas) {
    var clip = canvas.deviceClipBounds
    if canvas.transform.apply(to: view.bounds).intersects(clip) { drawOwnContent(of: view, in: canvas) }
    let subviews = view.subviews
    guard !subviews.isEmpty else { return }
    if view.clipsToBounds {
      canvas.clip(to: RoundedRect(rect: view.bounds, radii: view.cornerRadii))
      clip = canvas.deviceClipBounds
    }
    let base = canvas.transform
    // The clip in this view's coordinates, grown by a margin so that rounding never drops a subview the
    // exact test below would keep: most subviews are passed over after one comparison with their cached
    // area, without reading the subview.
    guard let inverse = base.inverted() else { return }
    let reach = SubviewReach(inverse.apply(to: clip))
    let entries = view.currentSubviewEntries()
    for (index, entry) in entries.enumerated() where entry.isDrawn && reach.meets(entry.area) {
      let subview = subviews[index]
      let transform = subview.transformToSuperview.concatenating(base)
      guard transform.apply(to: subview.subtreeBounds).intersects(clip) else { continue }
      canvas.withSavedState {
        canvas.transform = transform
        drawTree(of: subview, in: canvas)
      }
    }
  }

  /// A view's clip in its own coordinates, grown by a relative margin far above rounding error, for
  /// passing over subviews with one comparison of their cached areas. It keeps every subview the exact
  /// test in device pixels keeps, and a few more (which that test then drops).
  private struct SubviewReach {
    let minX: Double
    let minY: Double
    let maxX: Double
    let maxY: Double

    init(_ clip: Rect) {
      let margin = 1e-9 * max(1, abs(clip.minX), abs(clip.minY), abs(clip.maxX), abs(clip.maxY))
      minX = clip.minX - margin
      minY = clip.minY - margin
      maxX = clip.maxX + margin
      maxY = clip.maxY + margin
    }

    /// Whether `area` (standardized, as ``SubviewAreas/Entry/area`` is) overlaps the reach.
    @inline(__always)
    func meets(_ area: Rect) -> Bool {
      area.origin.x < maxX && area.origin.x + area.size.width > minX && area.origin.y < maxY
        && area.origin.y + area.size.height > minY
    }
  }

  /// Takes every layer's damage (``Window/takeDamage()``) and returns it in buffer pixels.
  ///
  /// - Parameters:
  ///   - layers: The surface's windows, after their layout ran.
  ///   - scale: Buffer pixels per point.
  ///   - pixelWidth: The buffer's width in pixels.
  ///   - pixelHeight: The buffer's height in pixels.
  /// - Returns: Each damaged rectangle moved to its layer's place, scaled and rounded outwards to whole
  ///   pixels (so a fractional scale leaves no partly covered pixel out), and kept within the buffer.
  /// - Complexity: O(r) in the number of damaged rectangles (at most ``DamageRegion/maximumRectCount`` per
  ///   window).
  public static func takeDamage(of layers: [Layer], scale: Double, pixelWidth: Int, pixelHeight: Int)
    -> DamageRegion
  {
    var points = DamageRegion()
    for layer in layers {
      for rect in layer.window.takeDamage().rects {
        points.add(rect.offsetBy(dx: layer.frame.minX, dy: layer.frame.minY).intersection(layer.frame))
      }
    }
    return points.pixelAligned(
      scale: scale, within: Rect(x: 0, y: 0, width: Double(pixelWidth), height: Double(pixelHeight)))
  }

  /// Redraws the pixels of `region` (device pixels, whole numbers) and no others: each rectangle is
  /// cleared to `clearColor`, then every layer's views that touch it are drawn, clipped to it.
  ///
  /// - Parameters:
  ///   - region: What to redraw, in device pixels; rectangles may overlap (a pixel drawn twice comes out
  ///     the same).
  ///   - layers: The surface's windows, bottom first.
  ///   - canvas: The target, with no transform and no clip; its state is unchanged afterwards.
  ///   - scale: Device pixels per point.
  ///   - clearColor: The colour under every view.
  public static func repaint(
    _ region: DamageRegion, of layers: [Layer], in canvas: Canvas, scale: Double, clearColor: Color
  ) {
    for rect in region.rects {
      canvas.withSavedState {
        canvas.clip(to: rect)
        canvas.clear(clearColor)
        canvas.scale(x: scale, y: scale)
        for layer in layers {
          canvas.withSavedState {
            canvas.translate(x: layer.frame.minX, y: layer.frame.minY)
            canvas.clip(to: Rect(origin: .zero, size: layer.frame.size))
            draw(layer.window, in: canvas)
          }
        }
      }
    }
  }

  private static func drawOwnContent(of view: View, in canvas: Canvas) {
    let radii = view.cornerRadii
    if let background = view.backgroundColor {
      canvas.fill(RoundedRect(rect: view.bounds, radii: radii), with: .color(background))
    }
    if view.borderWidth > 0 {
      // Stroked along the outline inset by half the width, each corner's radius shrunk with it.
      let half = view.borderWidth / 2
      let inner = RoundedRect(rect: view.bounds.insetBy(dx: half, dy: half), radii: radii.adding(-half))
      canvas.stroke(inner, width: view.borderWidth, with: .color(view.borderColor))
    }
    view.draw(in: canvas)
  }
}
