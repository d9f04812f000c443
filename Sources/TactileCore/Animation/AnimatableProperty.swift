import TactileGeometry
import TactileRaster

/// A view property that animations move: the geometry (``View/center``, ``View/bounds`` — a frame
/// change is both — and ``View/transform``), ``View/alpha``, ``View/backgroundColor`` and
/// ``View/cornerRadii``.
enum AnimatableProperty: Hashable, Sendable {
  case center, bounds, transform, alpha, backgroundColor, cornerRadii
}

/// A value of an ``AnimatableProperty``.
enum AnimatableValue: Equatable, Sendable {
  case point(Point)
  case rect(Rect)
  case transform(AffineTransform)
  case number(Double)
  case color(Color?)
  case radii(CornerRadii)

  /// The value `progress` of the way from `self` to `end` (0 gives `self`, 1 gives `end`; a spring's
  /// progress beyond 1 overshoots). Each component moves in a straight line — a transform's
  /// translation, rotation, scale and shear (``TransformDecomposition``; coefficient by coefficient
  /// only when either end flattens the x axis) — and a missing colour counts as the other colour made
  /// transparent.
  func interpolated(to end: AnimatableValue, _ progress: Double) -> AnimatableValue {
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * progress }
    func mixPoint(_ a: Point, _ b: Point) -> Point { Point(x: mix(a.x, b.x), y: mix(a.y, b.y)) }
    switch (self, end) {
    case (.point(let a), .point(let b)): return .point(mixPoint(a, b))
    case (.rect(let a), .rect(let b)):
      return .rect(
        Rect(
          origin: mixPoint(a.origin, b.origin),
          size: Size(width: mix(a.width, b.width), height: mix(a.height, b.height))))
    case (.transform(let a), .transform(let b)):
      if progress == 1 { return end }
      if let start = TransformDecomposition(a), let finish = TransformDecomposition(b) {
        return .transform(start.interpolated(to: finish, progress).transform)
      }
      return .transform(
        AffineTransform(
          a: mix(a.a, b.a), b: mix(a.b, b.b), c: mix(a.c, b.c), d: mix(a.d, b.d), tx: mix(a.tx, b.tx),
          ty: mix(a.ty, b.ty)))
    case (.number(let a), .number(let b)): return .number(mix(a, b))
    case (.color(let a), .color(let b)):
      guard a != nil || b != nil else { return .color(nil) }
      let start = a ?? Color(red: b!.red, green: b!.green, blue: b!.blue, alpha: 0)
      let finish = b ?? Color(red: start.red, green: start.green, blue: start.blue, alpha: 0)
      if progress >= 1, b == nil { return .color(nil) }
      return .color(
        Color(
          red: mix(start.red, finish.red), green: mix(start.green, finish.green),
          blue: mix(start.blue, finish.blue), alpha: min(max(mix(start.alpha, finish.alpha), 0), 1)))
    case (.radii(let a), .radii(let b)):
      return .radii(
        CornerRadii(
          topLeft: max(mix(a.topLeft, b.topLeft), 0), topRight: max(mix(a.topRight, b.topRight), 0),
          bottomRight: max(mix(a.bottomRight, b.bottomRight), 0),
          bottomLeft: max(mix(a.bottomLeft, b.bottomLeft), 0)))
    default: return progress < 1 ? self : end
    }
  }
}

extension View {
  /// The current value of `property`.
  func value(of property: AnimatableProperty) -> AnimatableValue {
    switch property {
    case .center: .point(center)
    case .bounds: .rect(bounds)
    case .transform: .transform(transform)
    case .alpha: .number(alpha)
    case .backgroundColor: .color(backgroundColor)
    case .cornerRadii: .radii(cornerRadii)
    }
  }

  /// Sets `property` to `value` (a value of another property's kind is ignored).
  func setValue(_ value: AnimatableValue, of property: AnimatableProperty) {
    switch (property, value) {
    case (.center, .point(let point)): center = point
    case (.bounds, .rect(let rect)): bounds = rect
    case (.transform, .transform(let transform)): self.transform = transform
    case (.alpha, .number(let alpha)): self.alpha = alpha
    case (.backgroundColor, .color(let color)): backgroundColor = color
    case (.cornerRadii, .radii(let radii)): cornerRadii = radii
    default: break
    }
  }
}
