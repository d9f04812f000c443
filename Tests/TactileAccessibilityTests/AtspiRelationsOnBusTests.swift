import TactileCore
import TactileCoreTesting
import TactileGeometry
import Testing

@testable import TactileAccessibility

/// Labelled-by and label-for, read over the bus.
@MainActor
@Suite struct AtspiRelationsOnBusTests {
  /// The relations of a `GetRelationSet` reply: each type with its targets' paths.
  private func relations(_ reply: DBusReply) -> [String] {
    var reader = reply.reader
    let entries =
      reader.array { entry in
        entry.structure { fields -> String? in
          guard let type = fields.uint32() else { return nil }
          let targets =
            fields.array { target in
              target.structure { reference -> String? in
                _ = reference.string()
                return reference.objectPath()
              }
            } ?? []
          return "\(type) \(targets.joined(separator: ","))"
        }
      } ?? []
    return entries
  }

  @Test func aSwitchLabelledByALabelIsNamedByItAndRelatedBothWays() throws {
    let bus = try BridgeOnBus()
    let label = Label(frame: Rect(x: 10, y: 10, width: 200, height: 30))
    label.text = "Wi-Fi"
    let toggle = Switch(frame: Rect(x: 250, y: 10, width: 51, height: 31))
    toggle.accessibilityLabelledBy = [label]
    bus.app.rootView.addSubview(label)
    bus.app.rootView.addSubview(toggle)
    let (labelPath, togglePath) = (bus.path(of: label), bus.path(of: toggle))
    let accessible = "org.a11y.atspi.Accessible"
    #expect(relations(try bus.call(togglePath, accessible, "GetRelationSet")) == ["2 \(labelPath)"])
    #expect(relations(try bus.call(labelPath, accessible, "GetRelationSet")) == ["1 \(togglePath)"])
    var name = try bus.property(togglePath, accessible, "Name").reader
    #expect(name.variant { $0.string() } == "Wi-Fi")
  }

  @Test func anElementWithoutLabellingViewsHasNoRelations() throws {
    let bus = try BridgeOnBus()
    let button = Button(frame: Rect(x: 10, y: 10, width: 100, height: 40))
    bus.app.rootView.addSubview(button)
    #expect(
      relations(try bus.call(bus.path(of: button), "org.a11y.atspi.Accessible", "GetRelationSet")).isEmpty)
  }
}
