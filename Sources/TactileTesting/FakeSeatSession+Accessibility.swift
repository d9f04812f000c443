import Foundation
import TactileFakeSeat

extension FakeSeatSession {
  /// at-spi2-core's configuration of the accessibility bus: its registry is started on demand from the
  /// bus's service directory.
  static let accessibilityBusConfiguration = "/usr/share/defaults/at-spi2/accessibility.conf"

  /// Starts a private accessibility bus for this session: a `dbus-daemon` with at-spi2-core's
  /// accessibility configuration, listening in ``directory``, whose registry (`at-spi2-registryd`) the
  /// bus starts when the first application registers.
  ///
  /// Programs launched afterwards get `AT_SPI_BUS_ADDRESS`, which GTK 4, Qt and Tactile apps use to find
  /// the bus, so they register there and not with a desktop's bus; the bus stops with the session. Then
  /// ``accessibleApplication(_:timeoutMilliseconds:)`` finds an app on it. Waiting for the bus means
  /// serving the compositor until the daemon prints its address, never sleeping.
  ///
  /// - Parameter timeoutMilliseconds: How long the daemon may take to listen.
  /// - Throws: ``AccessibilityTestError/accessibilityBusUnavailable(_:)`` when `dbus-daemon` or the
  ///   configuration is missing or the daemon does not start, ``/TactileFakeSeat/FakeSeatError`` when
  ///   it cannot be launched.
  public func startAccessibilityBus(timeoutMilliseconds: Int = 10_000) throws {
    guard accessibilityBusAddress == nil else { return }
    guard FileManager.default.fileExists(atPath: Self.accessibilityBusConfiguration) else {
      throw AccessibilityTestError.accessibilityBusUnavailable(
        "\(Self.accessibilityBusConfiguration) is missing (Debian's at-spi2-core)")
    }
    let address = "unix:path=\(directory)/at-spi-bus"
    // The registry the bus starts inherits the daemon's environment, and finds the bus by it.
    let daemon = try launch(
      [
        "dbus-daemon", "--config-file=\(Self.accessibilityBusConfiguration)", "--nofork",
        "--address=\(address)", "--print-address=1",
      ], environment: ["AT_SPI_BUS_ADDRESS": address])
    do {
      try compositor.pump(until: "the accessibility bus", timeoutMilliseconds: timeoutMilliseconds) {
        if daemon.exitStatus != nil {
          throw AccessibilityTestError.accessibilityBusUnavailable(
            "dbus-daemon exited: \(log(of: "dbus-daemon"))")
        }
        return log(of: "dbus-daemon").contains("unix:path=")
      }
    } catch FakeSeatError.timedOut {
      throw AccessibilityTestError.accessibilityBusUnavailable(
        "dbus-daemon printed no address: \(log(of: "dbus-daemon"))")
    }
    accessibilityBusAddress = address
  }

  /// Waits until `process` has registered with the accessibility bus's registry, and returns its
  /// application: the root of its accessibility tree, which finds and drives its elements.
  ///
  /// The application is told by its bus connection's process id, so any AT-SPI2 toolkit is found
  /// (a Tactile app, GTK 4, Qt) whatever it calls itself. Needs ``startAccessibilityBus(timeoutMilliseconds:)``
  /// before the launch.
  ///
  /// - Parameters:
  ///   - process: A program started with ``launch(_:environment:)``.
  ///   - timeoutMilliseconds: How long it may take to register.
  /// - Returns: The application, for finding its elements.
  /// - Throws: ``AccessibilityTestError/applicationNotFound(_:registered:)`` after the timeout (with
  ///   the applications that did register), or ``AccessibilityTestError/accessibilityBusUnavailable(_:)``.
  public func accessibleApplication(_ process: ClientProcess, timeoutMilliseconds: Int = 30_000) throws
    -> AccessibleApplication
  {
    guard let address = accessibilityBusAddress else {
      throw AccessibilityTestError.accessibilityBusUnavailable("startAccessibilityBus() was not called")
    }
    let connection = try AtspiConnection(address: address, compositor: compositor)
    var registered: [String] = []
    var found: AccessibleReference?
    do {
      try connection.wait(
        until: "process \(process.pid) on the accessibility bus", timeoutMilliseconds: timeoutMilliseconds
      ) {
        let applications = try connection.registeredApplications()
        registered = applications.map { "\($0.name) (process \($0.processID))" }
        found = applications.first { $0.processID == process.pid }?.reference
        return found != nil
      }
    } catch AccessibilityTestError.timedOut {
      throw AccessibilityTestError.applicationNotFound("process \(process.pid)", registered: registered)
    }
    guard let root = found else {
      throw AccessibilityTestError.applicationNotFound("process \(process.pid)", registered: registered)
    }
    return AccessibleApplication(session: self, connection: connection, root: root)
  }
}
