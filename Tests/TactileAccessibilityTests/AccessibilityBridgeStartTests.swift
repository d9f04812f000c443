import TactileCore
import TactileCoreTesting
import Testing

@testable import TactileAccessibility

/// Without a reachable accessibility bus the bridge does nothing at all.
@MainActor
@Suite struct AccessibilityBridgeStartTests {
  @Test func withoutABusAddressTheBridgeDoesNotStartAndWatchesNothing() {
    let app = TestApplication()
    var watched = false
    let bridge = AccessibilityBridge.start(application: app.application, environment: [:]) { _, _ in
      watched = true
      return TimerToken(onCancel: {})
    }
    #expect(bridge == nil && !watched)
    #expect(app.application.accessibilityObserver == nil)
  }

  @Test func anUnreachableBusAddressIsNoBus() {
    let app = TestApplication()
    let environment = [
      "AT_SPI_BUS_ADDRESS": "unix:path=/nonexistent/tactile-a11y",
      "DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/tactile-session",
    ]
    let bridge = AccessibilityBridge.start(application: app.application, environment: environment) { _, _ in
      TimerToken(onCancel: {})
    }
    #expect(bridge == nil)
    #expect(app.application.accessibilityObserver == nil)
  }
}
