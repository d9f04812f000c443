import TactileGeometry

/// Which edges of the safe area a scroll view adds to its ``ScrollView/contentInset``, like UIKit's
/// `UIScrollView.ContentInsetAdjustmentBehavior`.
public enum ContentInsetAdjustmentBehavior: Sendable {
  /// As ``scrollableAxes`` (UIKit's `.automatic` also adjusts vertically inside a navigation or tab
  /// bar controller; Tactile has none yet).
  case automatic
  /// The top and bottom safe area along a vertically scrollable axis, the left and right along a
  /// horizontally scrollable one: an axis scrolls when the content is longer than the bounds.
  case scrollableAxes
  /// None: ``ScrollView/adjustedContentInset`` is ``ScrollView/contentInset``.
  case never
  /// Every edge.
  case always
}

/// The adjusted content inset: the space a scroll view lets the content scroll past its edges, the
/// ``ScrollView/contentInset`` plus the parts of the ``View/safeAreaInsets`` its
/// ``ScrollView/contentInsetAdjustmentBehavior`` takes. The allowed offsets
/// (``ScrollView/minimumContentOffset``, ``ScrollView/maximumContentOffset``), dragging, paging and
/// the indicators all use it. It is computed when read, so it follows the window's
/// ``Window/systemSafeAreaInsets`` and the scroll view's place at once; the offset is not moved when
/// it changes (set it with ``ScrollView/setContentOffset(_:animated:)``, for example to
/// `-adjustedContentInset.top` to start at the top).
extension ScrollView {
  /// ``contentInset`` plus the safe area that ``contentInsetAdjustmentBehavior`` adds.
  public var adjustedContentInset: EdgeInsets { contentInset + safeAreaAdjustment }

  /// The part of the safe area added to ``contentInset``.
  var safeAreaAdjustment: EdgeInsets {
    let behavior = contentInsetAdjustmentBehavior
    guard behavior != .never else { return .zero }
    let safe = safeAreaInsets
    guard safe != .zero else { return .zero }
    let vertical = behavior == .always || contentSize.height > bounds.height
    let horizontal = behavior == .always || contentSize.width > bounds.width
    return EdgeInsets(
      top: vertical ? safe.top : 0, left: horizontal ? safe.left : 0, bottom: vertical ? safe.bottom : 0,
      right: horizontal ? safe.right : 0)
  }
}

extension EdgeInsets {
  /// The sum of two insets, edge by edge.
  static func + (a: EdgeInsets, b: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: a.top + b.top, left: a.left + b.left, bottom: a.bottom + b.bottom, right: a.right + b.right)
  }
}
