// tactile-inject: sends one fake-seat script line to a running tactile-compositor through the
// tactile_fake_seat_v1 protocol, e.g. `tactile-inject tap 100 100` or `tactile-inject type hello`.
// Connects to $WAYLAND_DISPLAY; exits 0 when the line ran, 1 with the compositor's message when it
// failed, 2 when there is no fake compositor to talk to.
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

let line = CommandLine.arguments.dropFirst().joined(separator: " ")
guard !line.isEmpty else { complain("usage: tactile-inject SCRIPT-LINE (e.g. tap 100 100)", 64) }
guard let display = wl_display_connect(nil) else { complain("cannot connect to the Wayland display", 2) }
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
let result = tactile_fake_seat_v1_run(control, line)
tactile_fake_seat_result_v1_add_listener(result, &resultListener, nil)
while outcome == nil {
  guard wl_display_dispatch(display) >= 0 else { complain("the connection broke", 2) }
}
if case .some(.some(let message)) = outcome { complain(message, 1) }
