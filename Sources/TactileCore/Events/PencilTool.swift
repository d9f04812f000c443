/// Which tablet tool makes a ``Touch/TouchType/pencil`` touch (tablet-v2's tool types; UIKit has one
/// kind of pencil). A stylus's eraser end is a tool of its own: a drawing app erases with it.
public enum PencilTool: Sendable, Hashable, CaseIterable {
  /// A pen's tip.
  case pen
  /// A pen's eraser end, or an eraser tool.
  case eraser
  case brush
  case pencil
  case airbrush
}
