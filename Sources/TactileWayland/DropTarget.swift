import CWaylandClient
import CWaylandProtocols
import TactileCore
import TactileGeometry

/// A seat's drags from other apps (and this app's own drags coming back) over this client's windows:
/// the `wl_data_device` events of drag and drop turned into the core's platform drag entry points
/// (``TactileCore/Window/platformDragEntered(_:at:)``), and the target's answers into `accept` and
/// `set_actions`.
///
/// - `enter` makes a ``TactileCore/DropSession``: for this app's own drag, its local session (the
///   items never leave the process); otherwise one item whose provider offers the offer's types (text
///   as ``TactileCore/ItemProvider/plainText``), each loaded through ``SelectionOffer/read(_:loop:timeout:clock:limit:completion:)``
///   — a pipe read on the event loop, abandoned after the clipboard's read timeout on its clock
///   (``SystemPasteboard/readTimeout``, ``SystemPasteboard/clock``; the failure reported as
///   ``SeatError/dropReadFailed(reason:)``), up to ``readLimit`` bytes.
/// - Each proposal is answered when the answer changes: a copy or move accepts the first offered type
///   with that action preferred (v3: both actions the session allows); a cancel or forbidden accepts
///   nothing, which a fresh offer does already, so a window that takes nothing never answers. KWin 5.27
///   applies an `accept` even from an offer the drag has already left: a window's answer racing the
///   drag off it (the source's own window answering the `enter` of the drag it just started) undid the
///   next window's accept. An unchanged answer is not sent again on `motion` either (it would tell the
///   source a `target` per motion).
/// - `drop` asks the target to perform it; the offer lives on while the reads the target started then
///   are in flight, and is finished (v3, with an action) and destroyed when the last one ends. A drop
///   the target did not take is destroyed at once.
@MainActor
final class DropTarget {
  private unowned let display: WaylandDisplay
  /// The offer of the drag over a window, and its window.
  private var current: (offer: SelectionOffer?, window: Window, origin: Point, serial: UInt32)?
  /// The answer last sent for the current offer (a fresh offer accepts nothing).
  private var answered = Answer.nothing

  /// What a target told the compositor: `accept`'s type and `set_actions`' mask and preferred action.
  private struct Answer: Equatable {
    var type: String?
    var actions: UInt32
    var preferred: UInt32

    /// No type and no action: a fresh offer's state.
    static let nothing = Answer(type: nil, actions: 0, preferred: 0)
  }
  /// Dropped offers whose reads are in flight.
  private var receiving: [ObjectIdentifier: SelectionOffer] = [:]
  /// The most bytes a dropped item may hold: 256 MiB.
  static let readLimit = 256 << 20

  init(display: WaylandDisplay) {
    self.display = display
  }

  /// `enter` on `surface` at `point` (surface coordinates) with `offer` (nil for a drag inside another
  /// client, which never reaches here, or a malformed one).
  func entered(_ offer: SelectionOffer?, surface: ProxyKey, at point: Point, serial: UInt32) {
    left()
    guard let window = display.coreWindow(for: surface) else { return }
    let origin = (window.host as? HostedWindow)?.contentFrame.origin ?? .zero
    current = (offer, window, origin, serial)
    answered = .nothing
    let session: DropSession
    if let own = display.dragInFlight?.session {
      session = own.dropSession
    } else if let offer {
      session = DropSession(
        items: [DragItem(itemProvider: provider(for: offer))],
        allowsMoveOperation: offer.sourceActions & WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue != 0)
    } else {
      return
    }
    answer(window.platformDragEntered(session, at: local(point, origin)))
  }

  /// `motion` to `point` (surface coordinates).
  func moved(to point: Point) {
    guard let current else { return }
    answer(current.window.platformDragMoved(to: local(point, current.origin)))
  }

  /// `leave`: the drag left the window (or was dropped, after `drop`).
  func left() {
    guard let current else { return }
    self.current = nil
    current.window.platformDragExited()
  }

  /// `drop`: the target performs it, reading through the offer.
  func dropped() {
    guard let current else { return }
    self.current = nil
    guard let offer = current.offer else {
      current.window.platformDrop()
      return
    }
    let key = ObjectIdentifier(offer)
    receiving[key] = offer
    pendingReads[key] = 0
    let operation = current.window.platformDrop()
    if !operation.performsDrop || pendingReads[key] == 0 { finish(offer) }
  }

  /// Reads started per dropped offer and not yet ended.
  private var pendingReads: [ObjectIdentifier: Int] = [:]

  private func finish(_ offer: SelectionOffer) {
    let key = ObjectIdentifier(offer)
    pendingReads[key] = nil
    if wl_data_offer_get_version(offer.proxy) >= 3, offer.action != 0 { wl_data_offer_finish(offer.proxy) }
    receiving[key] = nil
  }

  private func local(_ point: Point, _ origin: Point) -> Point {
    Point(x: point.x - origin.x, y: point.y - origin.y)
  }

  /// Tells the compositor what the target would do, unless it was told already for this offer.
  private func answer(_ proposal: DropProposal) {
    guard let current, let offer = current.offer else { return }
    let copy = WL_DATA_DEVICE_MANAGER_DND_ACTION_COPY.rawValue
    let move = WL_DATA_DEVICE_MANAGER_DND_ACTION_MOVE.rawValue
    let answer =
      if proposal.operation.performsDrop, let type = offer.mimeTypes.first {
        Answer(type: type, actions: copy | move, preferred: proposal.operation == .move ? move : copy)
      } else {
        Answer.nothing
      }
    guard answer != answered else { return }
    answered = answer
    wl_data_offer_accept(offer.proxy, current.serial, answer.type)
    if wl_data_offer_get_version(offer.proxy) >= 3 {
      wl_data_offer_set_actions(offer.proxy, answer.actions, answer.preferred)
    }
  }

  /// A provider of the offer's types, each read through the offer (only once it is dropped: a read
  /// before, or after the offer ended, fails).
  private func provider(for offer: SelectionOffer) -> ItemProvider {
    let provider = ItemProvider()
    var types: [(core: String, wire: String)] = []
    if let text = offer.textType { types.append((ItemProvider.plainText, text)) }
    for type in offer.mimeTypes where !SelectionKind.textTypes.contains(type) { types.append((type, type)) }
    for (core, wire) in types {
      provider.registerDataRepresentation(forTypeIdentifier: core) { [weak self, weak offer] answer in
        guard let self, let offer, let pending = self.pendingReads[ObjectIdentifier(offer)] else {
          return answer(.failure(.loadFailed("the drop is over")))
        }
        self.pendingReads[ObjectIdentifier(offer)] = pending + 1
        let clipboard = self.display.clipboard
        offer.read(
          wire, loop: self.display.loop, timeout: clipboard.readTimeout, clock: clipboard.clock,
          limit: Self.readLimit
        ) { [weak self] result in
          switch result {
          case .success(let bytes): answer(.success(bytes))
          case .failure(let failure):
            let reason = "reading \(wire) from the drag's source: \(failure)"
            self?.display.reportInputError(SeatError.dropReadFailed(reason: reason))
            answer(.failure(.loadFailed(reason)))
          }
          guard let self, let left = self.pendingReads[ObjectIdentifier(offer)] else { return }
          self.pendingReads[ObjectIdentifier(offer)] = left - 1
          if left == 1 { self.finish(offer) }
        }
      }
    }
    return provider
  }
}
