import CWaylandServer
import CWaylandServerProtocols

extension Surface {
  /// `wl_surface.commit`: applies the pending state, or caches it while the surface is a synchronized
  /// subsurface (then the parent's commit applies it).
  func commit() {
    let received = monotonicNanoseconds()
    defer { compositor.onCommit?(id, received) }
    commitCount += 1
    compositor.totalCommits += 1
    compositor.log(.commit, surface: self)
    let state = pending
    pending = PendingState()
    if let subsurface, subsurface.isEffectivelySynchronized {
      cached = cached.map { $0.overridden(by: state) } ?? state
      return
    }
    apply(state)
  }

  /// Makes `state` current: contents, scale, input region, frame callbacks; then cached subsurface states
  /// and the role's reaction (an initial configure, mapping).
  func apply(_ state: PendingState) {
    if case .some(.some) = state.attachment, let xdg = xdgSurface, !xdg.hasAckedConfigure {
      xdg.postError(
        code: XDG_SURFACE_ERROR_UNCONFIGURED_BUFFER.rawValue,
        "wl_surface@\(wl_resource_get_id(resource)) attached a buffer before acking the first configure")
      return
    }
    if let attachment = state.attachment {
      if let record = attachment, !compositor.admits(record, on: self) { return }
      if let record = attachment {
        compositor.takeContents(of: record, into: &image, damage: damage(of: state, in: record))
      } else {
        image = nil
      }
    }
    contentOffsetX += Int(state.offsetX)
    contentOffsetY += Int(state.offsetY)
    if let scale = state.bufferScale { bufferScale = scale }
    if let region = state.inputRegion { inputRegion = region }
    committedFrameCallbacks += state.frameCallbacks
    for member in familyStack where member !== self {
      if let cached = member.cached {
        member.cached = nil
        member.apply(cached)
      }
    }
    xdgSurface?.surfaceCommitted()
    compositor.surfaceCommitted(self)
    compositor.desktopCommitApplied(self, state)
  }
}

extension Surface {
  /// The rectangles of `record`'s buffer that `state` declares damaged, or `nil` for the whole buffer: a
  /// commit that declares no damage at all is taken whole (lenient to clients that never send damage).
  func damage(of state: PendingState, in record: BufferRecord) -> [Damage.Rectangle]? {
    guard !state.damage.isEmpty, let size = record.shmSize else { return nil }
    return state.damage.bufferRegion(
      width: size.width, height: size.height, scale: Int(state.bufferScale ?? bufferScale),
      surfaceUnitsAreExact: !hasViewport)
  }
}

extension Surface.PendingState {
  /// This state with the requests of a later commit applied on top (for a subsurface's cache).
  func overridden(by later: Self) -> Self {
    var merged = self
    if let attachment = later.attachment {
      merged.attachment = attachment
      merged.offsetX = later.offsetX
      merged.offsetY = later.offsetY
    }
    merged.frameCallbacks += later.frameCallbacks
    merged.presentationFeedbacks += later.presentationFeedbacks
    merged.damage.formUnion(later.damage)
    if let region = later.inputRegion { merged.inputRegion = region }
    if let scale = later.bufferScale { merged.bufferScale = scale }
    return merged
  }
}
