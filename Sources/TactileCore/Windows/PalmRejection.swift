/// What a window does with finger touches while a pencil is near it, the equivalent of UIKit's
/// `UIPencilInteraction.prefersPencilOnlyDrawing` at window level (``Window/palmRejection``).
///
/// The platform adapter applies it per seat: a pencil of a seat is *near* a window from the moment it
/// comes into proximity of the window's surface until it leaves proximity (touching down and lifting in
/// between keep it near). While one is, under ``whilePencilIsNear``:
/// - a finger of the same seat that goes down on the window is not delivered at all (no touch begins);
/// - a finger already down on the window when the pencil comes near is cancelled, exactly once
///   (`touchesCancelled`, recognizers cancelled);
/// - fingers of other seats, pointer buttons and the pencil itself are untouched.
///
/// Once the pencil leaves proximity, new fingers are delivered again; the default is
/// ``whilePencilIsNear``, because the hand holding a pen rests on the screen.
public enum PalmRejection: Sendable, Hashable {
  /// Fingers are delivered whatever the pencil does.
  case off
  /// Fingers of a seat whose pencil is near the window are rejected, as described above.
  case whilePencilIsNear
}
