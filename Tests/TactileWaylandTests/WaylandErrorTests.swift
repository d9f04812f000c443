import Testing

@testable import TactileWayland

@Suite struct SocketAddressTests {
  @Test func aNameIsResolvedUnderTheRuntimeDirectory() throws {
    let path = try SocketAddress.resolve(environment: [
      "WAYLAND_DISPLAY": "wayland-7", "XDG_RUNTIME_DIR": "/run/user/5",
    ])
    #expect(path == "/run/user/5/wayland-7")
  }

  @Test func anAbsolutePathIsUsedAsItIs() throws {
    let path = try SocketAddress.resolve(environment: ["WAYLAND_DISPLAY": "/tmp/x/socket"])
    #expect(path == "/tmp/x/socket")
  }

  @Test func withoutWaylandDisplayTheNameIsWayland0() throws {
    #expect(try SocketAddress.resolve(environment: ["XDG_RUNTIME_DIR": "/r/"]) == "/r/wayland-0")
  }

  @Test func aRelativeNameWithoutRuntimeDirectoryIsANoCompositorError() {
    #expect(
      throws: WaylandError.noCompositor(socket: "wayland-1", reason: "XDG_RUNTIME_DIR is not set")
    ) {
      try SocketAddress.resolve(environment: ["WAYLAND_DISPLAY": "wayland-1"])
    }
  }
}

@MainActor @Suite struct WaylandErrorTests {
  @Test func connectingWhereNoCompositorListensNamesTheSocket() {
    #expect(
      throws: WaylandError.noCompositor(
        socket: "/nonexistent-tactile-dir/wayland-9", reason: "No such file or directory")
    ) {
      try WaylandConnection(environment: ["WAYLAND_DISPLAY": "/nonexistent-tactile-dir/wayland-9"])
    }
  }

  @Test func everyErrorDescribesItselfOnOneLineWithItsFields() {
    let cases: [(WaylandError, String)] = [
      (
        .noCompositor(socket: "/run/w-0", reason: "No such file or directory"),
        "no Wayland compositor at /run/w-0: No such file or directory"
      ),
      (.missingGlobal(name: "wl_shm"), "the compositor does not offer wl_shm, which Tactile requires"),
      (
        .unsupportedVersion(name: "wl_compositor", required: 4, available: 3),
        "the compositor offers wl_compositor version 3, Tactile requires at least 4"
      ),
      (
        .protocolError(interface: "xdg_surface", objectID: 12, code: 3, message: "bad serial"),
        "Wayland protocol error on xdg_surface@12, code 3: bad serial"
      ),
      (.connectionLost(reason: "Broken pipe"), "lost the connection to the Wayland compositor: Broken pipe"),
      (
        .sharedMemory(operation: "mmap", reason: "Cannot allocate memory"),
        "shared memory for pixel buffers failed: mmap: Cannot allocate memory"
      ),
      (.systemCall(operation: "poll", reason: "Bad address"), "poll failed: Bad address"),
    ]
    for (error, text) in cases {
      #expect(error.description == text)
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func libwaylandProtocolErrorLinesAreParsed() {
    let line = WaylandLog.parse("xdg_positioner@15: error 0: size invalid\n")
    #expect(
      line == .init(interface: "xdg_positioner", objectID: 15, code: 0, message: "size invalid"))
  }

  @Test func otherLibwaylandLogLinesAreNotMistakenForProtocolErrors() {
    #expect(WaylandLog.parse("error marshalling arguments for attach (signature ?oii): null value\n") == nil)
    #expect(WaylandLog.parse("wl_display@1: error: x\n") == nil)
  }
}
