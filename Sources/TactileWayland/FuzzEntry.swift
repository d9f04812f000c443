import CSystem
import Glibc
import TactileCore
import TactileGeometry

/// Entry points of the client's paths that take a compositor's bytes, for the libFuzzer targets in
/// `Tests/Fuzz` (the package's own tools only): the keymap directly, the text-input and clipboard paths
/// through an app connected to a compositor the fuzz target drives.
package enum FuzzEntry {
  /// Compiles `bytes` as a `wl_keyboard.keymap` would arrive (a file of that size), then decodes every
  /// key code with the modifiers the last bytes name. Errors are a pass; a crash or hang is not.
  @MainActor package static func keymap(_ bytes: [UInt8]) {
    let fd = tactile_memfd_create("fuzz-keymap")
    guard fd >= 0 else { return }
    defer { close(fd) }
    guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else { return }
    guard let keymap = try? XKBKeymap(fd: fd, size: UInt32(bytes.count), locale: "C") else { return }
    let mask = bytes.suffix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    keymap.updateModifiers(depressed: mask, latched: mask >> 3, locked: mask >> 5, group: mask >> 30)
    for code in UInt32(0)..<256 {
      _ = keymap.key(code, compose: true)
      _ = keymap.repeats(code)
    }
    _ = keymap.modifierFlags
  }

  /// An app with one window holding a focused text field, connected to a compositor over `fd`.
  @MainActor package final class App {
    let display: WaylandDisplay
    let window: Window
    let field: TextField
    let host: HostedWindow
    /// Errors the app reported through `onInputError`.
    package private(set) var inputErrors: [SeatError] = []

    /// - Parameters:
    ///   - fd: The client's end of the connection (taken over).
    ///   - compositorDescriptor: A descriptor that is readable when the compositor has work.
    ///   - pump: Lets the compositor work (called when that descriptor is readable).
    /// - Throws: A Wayland error when the window cannot be shown.
    package init(fd: Int32, compositorDescriptor: Int32, pump: @escaping @MainActor () -> Void) throws {
      let connection = try WaylandConnection(fileDescriptor: fd)
      let loop = try EventLoop(connection: connection)
      loop.watch(fileDescriptor: compositorDescriptor, onReadable: pump)
      display = try WaylandDisplay(connection: connection, loop: loop)
      let application = Application(scheduler: ManualScheduler())
      application.pasteboard = display.clipboard
      window = Window(frame: Rect(x: 0, y: 0, width: 200, height: 100), application: application)
      field = TextField(frame: Rect(x: 0, y: 0, width: 200, height: 40))
      field.text = "fuzz text"
      window.addSubview(field)
      host = HostedWindow(
        window: window, display: display, options: .init(title: "fuzz", appID: "dev.tactile.fuzz"))
      display.onInputError = { [unowned self] in self.inputErrors.append($0) }
      var expired = false
      let timer = loop.schedule(after: 10) { expired = true }
      defer { timer.cancel() }
      try loop.run { self.host.framesDrawn >= 1 || expired }
      _ = field.becomeFirstResponder()
    }

    /// Lets requests and events cross both ways (two round trips).
    package func sync() throws {
      for _ in 0..<2 { try WaylandDisplay.roundtrip(display.connection, display.loop) }
    }

    /// The field's text.
    package var text: String { field.text }

    /// Pastes the clipboard's text, waiting at most `seconds` for it.
    package func paste(within seconds: Double = 2) throws -> String? {
      var result: String?? = .none
      display.clipboard.readString { result = .some($0) }
      var expired = false
      let timer = display.loop.schedule(after: seconds) { expired = true }
      defer { timer.cancel() }
      try display.loop.run { result != nil || expired }
      return result ?? nil
    }
  }
}
