// tactile-inject: sends one fake-seat script line to a running tactile-compositor through the
// tactile_fake_seat_v1 protocol, e.g. `tactile-inject tap 100 100` or `tactile-inject type hello`;
// `tactile-inject replay FILE` sends the trace FILE's contents (as a file descriptor: the compositor opens
// no path it is sent). Connects to the compositor's control socket: $TACTILE_CONTROL_SOCKET, else
// $WAYLAND_DISPLAY's socket path with ".control" appended (the compositor's default). Exits 0 when the line
// ran, 1 with the compositor's message when it failed, 2 when there is no fake compositor to talk to.
import CWaylandClient
import CWaylandProtocols
import Glibc

/// What the compositor answered; nil until it did.
nonisolated(unsafe) var outcome: String??
nonisolated(unsafe) var controlName: UInt32?

func complain(_ message: String, _ status: Int32) -> Never {
  let text = "tactile-inject: \(message)\n"
  _ = text.withCString { write(2, $0, strlen($0)) }
  exit(status)
}

/// The control socket's path.
func controlSocketPath() -> String {
  let environment = { (name: String) in getenv(name).map { String(cString: $0) } }
  if let path = environment("TACTILE_CONTROL_SOCKET") { return path }
  let display = environment("WAYLAND_DISPLAY") ?? "wayland-0"
  let socket = display.hasPrefix("/") ? display : (environment("XDG_RUNTIME_DIR") ?? "/tmp") + "/" + display
  return socket + ".control"
}

let arguments = Array(CommandLine.arguments.dropFirst())
let line = arguments.joined(separator: " ")
guard !line.isEmpty else {
  complain("usage: tactile-inject SCRIPT-LINE (e.g. tap 100 100) | replay FILE", 64)
}
var traceFD: Int32 = -1
if arguments.first == "replay" {
  guard arguments.count == 2 else { complain("usage: tactile-inject replay FILE", 64) }
  traceFD = open(arguments[1], O_RDONLY | O_CLOEXEC | O_NONBLOCK)
  guard traceFD >= 0 else { complain("cannot open \(arguments[1]) (errno \(errno))", 1) }
}
let socketPath = controlSocketPath()
guard let display = wl_display_connect(socketPath) else {
  complain("cannot connect to the fake compositor's control socket \(socketPath)", 2)
}
var registryListener = wl_registry_listener(
  global: { _, _, name, interface, _ in
    if String(cString: interface!) == "tactile_fake_seat_v1" { controlName = name }
  },
  global_remove: { _, _, _ in })
let registry = wl_display_get_registry(display)
wl_registry_add_listener(registry, &registryListener, nil)
wl_display_roundtrip(display)
guard let name = controlName else { complain("the compositor offers no tactile_fake_seat_v1", 2) }
let control = OpaquePointer(wl_registry_bind(registry, name, tactile_iface_tactile_fake_seat_v1(), 1))
var resultListener = tactile_fake_seat_result_v1_listener(
  done: { _, _ in outcome = .some(nil) },
  failed: { _, _, message in outcome = .some(String(cString: message!)) })
let result =
  traceFD >= 0 ? tactile_fake_seat_v1_replay(control, traceFD) : tactile_fake_seat_v1_run(control, line)
tactile_fake_seat_result_v1_add_listener(result, &resultListener, nil)
while outcome == nil {
  guard wl_display_dispatch(display) >= 0 else { complain("the connection broke", 2) }
}
if case .some(.some(let message)) = outcome { complain(message, 1) }
