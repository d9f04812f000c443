/// The data of one dragged item in one or more representations, each named by a type identifier,
/// loaded on demand — like `NSItemProvider`.
///
/// Type identifiers are MIME types, the names Wayland offers use (``plainText``, ``uriList``,
/// ``png``); a provider matches them exactly. A source registers a load handler per type; a drop
/// target asks for one type with ``loadData(forTypeIdentifier:completionHandler:)`` and gets the bytes
/// later. A provider made for an offer from another app loads through the platform (a pipe read on the
/// event loop); one made in this app calls the source's handler directly.
@MainActor
public final class ItemProvider {
  /// UTF-8 text.
  public static let plainText = "text/plain;charset=utf-8"
  /// A list of URIs, one a line (RFC 2483).
  public static let uriList = "text/uri-list"
  /// A PNG image.
  public static let png = "image/png"

  /// Produces one representation: calls its argument exactly once on the main actor, now or later.
  public typealias LoadHandler =
    @MainActor (_ completion: @escaping @MainActor (Result<[UInt8], ItemProviderError>) -> Void) -> Void

  private var representations: [(type: String, load: LoadHandler)] = []

  /// A provider with no representations yet.
  public init() {}

  /// A provider of `text` as ``plainText``.
  public convenience init(text: String) {
    self.init()
    let bytes = Array(text.utf8)
    registerDataRepresentation(forTypeIdentifier: Self.plainText) { $0(.success(bytes)) }
  }

  /// The type identifiers registered, in the order of registration (the source's preference).
  public var registeredTypeIdentifiers: [String] { representations.map(\.type) }

  /// Registers `loadHandler` for `typeIdentifier`, in place of an earlier handler for the same type.
  public func registerDataRepresentation(
    forTypeIdentifier typeIdentifier: String, loadHandler: @escaping LoadHandler
  ) {
    if let index = representations.firstIndex(where: { $0.type == typeIdentifier }) {
      representations[index].load = loadHandler
    } else {
      representations.append((typeIdentifier, loadHandler))
    }
  }

  /// Whether a representation of `typeIdentifier` is registered.
  public func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
    representations.contains { $0.type == typeIdentifier }
  }

  /// Loads the representation of `typeIdentifier`.
  ///
  /// - Parameters:
  ///   - typeIdentifier: The type wanted.
  ///   - completionHandler: Called exactly once on the main actor — at once with
  ///     ``ItemProviderError/unsupportedType(_:)`` when no such representation is registered; otherwise
  ///     when the handler gives the bytes or an error (a second answer from a faulty handler is
  ///     dropped).
  public func loadData(
    forTypeIdentifier typeIdentifier: String,
    completionHandler: @escaping @MainActor (Result<[UInt8], ItemProviderError>) -> Void
  ) {
    guard let representation = representations.first(where: { $0.type == typeIdentifier }) else {
      completionHandler(.failure(.unsupportedType(typeIdentifier)))
      return
    }
    var answered = false
    representation.load { result in
      guard !answered else { return }
      answered = true
      completionHandler(result)
    }
  }

  /// Loads the ``plainText`` representation as a string (invalid UTF-8 is repaired).
  ///
  /// - Parameter completionHandler: As ``loadData(forTypeIdentifier:completionHandler:)``'s.
  public func loadText(completionHandler: @escaping @MainActor (Result<String, ItemProviderError>) -> Void) {
    loadData(forTypeIdentifier: Self.plainText) { result in
      completionHandler(result.map { String(decoding: $0, as: UTF8.self) })
    }
  }
}
