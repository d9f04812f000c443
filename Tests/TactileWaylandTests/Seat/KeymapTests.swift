import CSystem
import CXKBCommon
import Glibc
import TactileFakeSeat
import TactileGeometry
import Testing

@testable import TactileCore
@testable import TactileWayland

/// Keymap loading from the compositor's fd, bad keymaps, and compose sequences.
@MainActor @Suite struct KeymapTests {
  /// A sealed memfd holding `bytes`.
  func memfd(_ bytes: [UInt8]) throws -> Int32 {
    let fd = tactile_memfd_create("keymap-test")
    try #require(fd >= 0)
    #expect(write(fd, bytes, bytes.count) == bytes.count)
    return fd
  }

  /// The text of a keymap compiled from RMLVO names, NUL-terminated.
  func keymapText(layout: String) throws -> [UInt8] {
    let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
    defer { xkb_context_unref(context) }
    var names = xkb_rule_names(rules: nil, model: nil, layout: nil, variant: nil, options: nil)
    let keymap = try layout.withCString { name in
      names.layout = name
      return try #require(xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS))
    }
    defer { xkb_keymap_unref(keymap) }
    let text = try #require(xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1))
    defer { free(text) }
    return Array(String(cString: text).utf8) + [0]
  }

  @Test func aKeymapSmallerThanAnnouncedIsRejectedBeforeReading() throws {
    let fd = try memfd(Array("xkb_keymap {".utf8))
    defer { close(fd) }
    #expect(throws: SeatError.keymapTooSmall(announced: 4096, actual: 12)) {
      try XKBKeymap(fd: fd, size: 4096, locale: "C")
    }
  }

  @Test func anUnreadableKeymapFdIsRejected() throws {
    let fd = try memfd([0])
    close(fd)
    #expect(throws: SeatError.keymapUnreadable(operation: "fstat", reason: String(cString: strerror(EBADF))))
    {
      try XKBKeymap(fd: fd, size: 1, locale: "C")
    }
  }

  @Test func textThatIsNotAKeymapIsRejected() throws {
    let bytes = Array("this is not a keymap".utf8) + [0]
    let fd = try memfd(bytes)
    defer { close(fd) }
    #expect(throws: SeatError.keymapInvalid) {
      try XKBKeymap(fd: fd, size: UInt32(bytes.count), locale: "C")
    }
  }

  @Test func aValidKeymapDecodesKeysAndModifiers() throws {
    let bytes = try keymapText(layout: "us")
    let fd = try memfd(bytes)
    defer { close(fd) }
    let keymap = try XKBKeymap(fd: fd, size: UInt32(bytes.count), locale: "C")
    #expect(keymap.key(30, compose: false).characters == "a")
    keymap.updateModifiers(depressed: 1, latched: 0, locked: 0, group: 0)  // Shift
    let shifted = keymap.key(30, compose: false)
    #expect(shifted.characters == "A" && shifted.modifierFlags == .shift)
    #expect(keymap.repeats(30) && !keymap.repeats(42))
  }

  @Test func composeSequencesComeFromTheLocale() throws {
    let bytes = try keymapText(layout: "fr")
    let fd = try memfd(bytes)
    defer { close(fd) }
    let keymap = try XKBKeymap(fd: fd, size: UInt32(bytes.count), locale: "en_US.UTF-8")
    let dead = keymap.key(26, compose: true)  // AZERTY's dead circumflex
    #expect(dead.characters == "")
    #expect(keymap.key(18, compose: true).characters == "ê")
  }

  @Test func aBadKeymapDisablesTheKeyboardWithOneReportedError() throws {
    let app = try SeatHarness()
    let view = app.addView("field", Rect(x: 0, y: 0, width: 200, height: 100))
    #expect(view.becomeFirstResponder())
    try app.compositor.keyboardEnter(surface: app.surfaceID)
    try app.sync()
    let keyboard = try #require(try app.seat.keyboard)
    let fd = try memfd(Array("short".utf8))
    keyboard.receiveKeymap(format: 1, fd: fd, size: 65536)
    #expect(app.inputErrors == [.keymapTooSmall(announced: 65536, actual: 5)])
    try app.compositor.key(30, pressed: true)
    try app.compositor.key(30, pressed: false)
    try app.sync()
    #expect(view.keys.isEmpty, "the keyboard is disabled")
    #expect(app.inputErrors.count == 1)
    #expect(!app.window.isClosed)
    try app.compositor.setKeyboardLayout("us")
    try app.compositor.key(30, pressed: true)
    try app.sync()
    #expect(view.keys == ["down a"], "a usable keymap enables it again")
  }

  @Test func aKeymapInAnUnsupportedFormatDisablesTheKeyboard() throws {
    let app = try SeatHarness()
    let keyboard = try #require(try app.seat.keyboard)
    let fd = try memfd([0])
    keyboard.receiveKeymap(format: 0, fd: fd, size: 1)  // no_keymap
    #expect(app.inputErrors == [.unsupportedKeymapFormat(format: 0)])
    #expect(keyboard.keymap == nil)
  }
}
