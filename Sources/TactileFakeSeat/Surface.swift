import CWaylandServer
import TactileRaster

/// A `wl_surface` with double-buffered state: requests fill ``pending``; `commit` applies it (see
/// `Surface+Commit.swift`).
final class Surface: ResourceObject {
  /// The compositor's id for the surface, stable for its lifetime (``SurfaceInfo/id``).
  let id: Int

  /// What the client has requested since the last commit.
  struct PendingState {
    /// `nil`: no attach since the last commit; `.some(nil)`: a null buffer was attached. A record whose
    /// buffer the client destroyed since is applied as a null buffer.
    var attachment: BufferRecord??
    var offsetX: Int32 = 0
    var offsetY: Int32 = 0
    var frameCallbacks: [FrameCallback] = []
    /// `wp_presentation.feedback` requested for this commit (`PresentationFeedback.swift`).
    var presentationFeedbacks: [PresentationFeedback] = []
    var inputRegion: RegionShape??
    var bufferScale: Int32?
    /// `damage` and `damage_buffer` since the last commit.
    var damage = Damage()
  }
  var pending = PendingState()
  /// A subsurface's committed state waiting for its parent's commit (synchronized mode).
  var cached: PendingState?

  /// The last committed image; nil while no buffer is attached (the surface is then unmapped). Its bytes
  /// count against the client's ``FakeCompositor/Configuration/maximumClientImageBytes``. A commit with
  /// damage updates it in place (the observer leaves out `oldValue` so that no copy is made for it).
  var image: Image? {
    didSet {
      compositor.clients[client]?.imageBytes += image.byteCount - countedImageBytes
      countedImageBytes = image.byteCount
    }
  }
  /// The bytes of ``image`` counted in the client's total.
  private var countedImageBytes = 0
  /// The committed `wl_surface.set_buffer_scale`.
  var bufferScale: Int32 = 1
  /// The input region; nil means infinite (the whole surface).
  var inputRegion: RegionShape?
  /// Total offset applied by attach and `wl_surface.offset` (surface-local, moves the content); wide
  /// enough that no number of client offsets overflows it.
  var contentOffsetX = 0
  var contentOffsetY = 0
  var committedFrameCallbacks: [FrameCallback] = []
  var commitCount = 0

  /// The role and its object; a surface gets at most one role in its life.
  enum Role {
    case none
    case xdg(XdgSurface)
    case subsurface(Subsurface)
    case cursor
  }
  var role: Role = .none
  /// This surface and its subsurfaces' surfaces, bottom to top (the stacking order of its family).
  var familyStack: [Surface] = []
  /// The size set by `wp_viewport.set_destination`, in surface-local units.
  var viewportDestination: (width: Int32, height: Int32)?
  var hasViewport = false
  var fractionalScale: FractionalScaleResource?
  var enteredOutput = false

  init(resource: OpaquePointer, compositor: FakeCompositor, id: Int) {
    self.id = id
    super.init(resource: resource, compositor: compositor)
    familyStack = [self]
  }

  /// The xdg_surface role object, if the surface has that role.
  var xdgSurface: XdgSurface? {
    if case .xdg(let xdg) = role { return xdg }
    return nil
  }

  /// The subsurface role object, if the surface has that role.
  var subsurface: Subsurface? {
    if case .subsurface(let sub) = role { return sub }
    return nil
  }

  /// The surface-local size: the viewport destination, else the buffer size divided by the buffer scale.
  var size: (width: Int32, height: Int32) {
    if let viewportDestination { return viewportDestination }
    guard let image else { return (0, 0) }
    return (Int32(image.width) / bufferScale, Int32(image.height) / bufferScale)
  }

  override func resourceDestroyed() {
    compositor.surfaceDestroyed(self)
    image = nil
    for callback in pending.frameCallbacks + committedFrameCallbacks { callback.surface = nil }
    pending = PendingState()
    committedFrameCallbacks = []
    role = .none
    familyStack = []
  }
}

extension Image? {
  /// The bytes of the image's pixels (0 without an image).
  var byteCount: Int { map { $0.width * $0.height * 4 } ?? 0 }
}
