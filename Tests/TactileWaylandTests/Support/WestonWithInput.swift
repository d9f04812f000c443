import Foundation

/// A private headless weston with the project's input module loaded (built into a temporary directory),
/// and the connection that drives its seat. ``stop()`` ends weston and removes the directory.
final class WestonWithInput {
  let weston: Weston
  let input: WestonInput
  private let directory: URL

  /// Builds the module, starts weston with it and connects to the module's socket.
  ///
  /// - Throws: ``WestonInput/Failure`` or ``Weston`` start-up errors; nothing is left behind then.
  init() async throws {
    let directory = FileManager.default.temporaryDirectory.appending(path: "tactile-weston-input-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    do {
      let module = try WestonInput.build(into: directory.path)
      let socket = directory.appending(path: "input").path
      let weston = try await Weston(modules: [module], extraEnvironment: ["TACTILE_WESTON_INPUT": socket])
      do {
        input = try await WestonInput(path: socket)
      } catch {
        weston.stop()
        throw error
      }
      self.weston = weston
      self.directory = directory
    } catch {
      try? FileManager.default.removeItem(at: directory)
      throw error
    }
  }

  /// Ends weston and removes the module's directory. Idempotent.
  func stop() {
    weston.stop()
    try? FileManager.default.removeItem(at: directory)
  }
}
