import TactileAccessibility
import TactileGeometry

extension AtspiConnection {
  /// The most objects one snapshot reads: a bound for a tree that never ends (a broken app).
  static let maximumSnapshotCount = 5_000

  /// Reads the tree under `root` a level at a time, every call of a level in flight together: each
  /// object's role, properties (name, description, accessible id), states, children and interfaces,
  /// then its extents, and its text or value where it has one.
  ///
  /// An object that has gone while being read (its role unanswered) is left out with its subtree; a
  /// call it does not answer leaves that part empty.
  ///
  /// - Throws: ``AccessibilityTestError/objectGone(_:)`` when `root` itself does not answer, or what
  ///   ``answers(_:)`` throws.
  func snapshot(of root: AccessibleReference) throws -> AccessibleNode {
    var nodes: [AccessibleNode] = []
    var childIndices: [[Int]] = []
    var level: [(reference: AccessibleReference, parent: Int?)] = [(root, nil)]
    while !level.isEmpty, nodes.count < Self.maximumSnapshotCount {
      let basics = try answers(
        level.flatMap { item in
          ["GetRoleName", "GetState", "GetChildren", "GetInterfaces"].map {
            AtspiCall(reference: item.reference, interface: AtspiCall.accessible, member: $0)
          } + [
            AtspiCall(reference: item.reference, interface: AtspiCall.properties, member: "GetAll") {
              $0.string(AtspiCall.accessible)
            }
          ]
        })
      var next: [(reference: AccessibleReference, parent: Int?)] = []
      var read:
        [(node: AccessibleNode, interfaces: [String], children: [AccessibleReference], parent: Int?)] =
          []
      for (index, item) in level.enumerated() {
        let replies = basics[5 * index..<5 * index + 5].map { $0 }
        // An object that has gone answers nothing; one that lacks a call (GTK's application has no
        // state set) answers the others.
        guard replies[0].errorName == nil else { continue }
        var role = replies[0].reader
        var states = replies[1].reader
        var interfaces = replies[3].reader
        var properties = replies[4].reader
        let words = states.array { $0.uint32() } ?? []
        let strings = Self.stringProperties(&properties)
        let node = AccessibleNode(
          reference: item.reference, role: role.string() ?? "", label: strings["Name"] ?? "",
          identifier: strings["AccessibleId"] ?? "", hint: strings["Description"] ?? "", value: nil,
          frame: nil,
          states: UInt64(words.first ?? 0) | UInt64(words.dropFirst().first ?? 0) << 32, children: [])
        read.append(
          (node, interfaces.array { $0.string() } ?? [], Self.references(replies[2]) ?? [], item.parent))
      }
      try readExtentsAndValues(of: &read)
      for item in read {
        let index = nodes.count
        nodes.append(item.node)
        childIndices.append([])
        if let parent = item.parent { childIndices[parent].append(index) }
        next += item.children.map { ($0, index) }
      }
      level = next
    }
    guard !nodes.isEmpty else { throw AccessibilityTestError.objectGone(root) }
    func assemble(_ index: Int) -> AccessibleNode {
      var node = nodes[index]
      node.children = childIndices[index].map(assemble)
      return node
    }
    return assemble(0)
  }

  /// Fills in the extents (window coordinates) of the objects with Component, the text of those with
  /// EditableText and the current value of those with Value, in one round of calls.
  private func readExtentsAndValues(
    of read:
      inout [(node: AccessibleNode, interfaces: [String], children: [AccessibleReference], parent: Int?)]
  ) throws {
    var calls: [AtspiCall] = []
    var owners: [(index: Int, kind: String)] = []
    for (index, item) in read.enumerated() {
      let reference = item.node.reference
      if item.interfaces.contains("org.a11y.atspi.Component") {
        calls.append(
          AtspiCall(reference: reference, interface: "org.a11y.atspi.Component", member: "GetExtents") {
            $0.uint32(1)  // ATSPI_COORD_TYPE_WINDOW
          })
        owners.append((index, "extents"))
      }
      if item.interfaces.contains("org.a11y.atspi.EditableText") {
        calls.append(
          AtspiCall(reference: reference, interface: "org.a11y.atspi.Text", member: "GetText") {
            $0.int32(0)
            $0.int32(-1)
          })
        owners.append((index, "text"))
      } else if item.interfaces.contains("org.a11y.atspi.Value") {
        calls.append(AtspiCall.property("CurrentValue", of: "org.a11y.atspi.Value", on: reference))
        owners.append((index, "value"))
      }
    }
    for (reply, owner) in zip(try answers(calls), owners) where reply.errorName == nil {
      var reader = reply.reader
      switch owner.kind {
      case "extents":
        let extents = reader.structure { fields -> Rect? in
          guard let x = fields.int32(), let y = fields.int32(), let width = fields.int32(),
            let height = fields.int32()
          else { return nil }
          return Rect(x: Double(x), y: Double(y), width: Double(width), height: Double(height))
        }
        read[owner.index].node.frame = extents
      case "text": read[owner.index].node.value = reader.string()
      default:
        read[owner.index].node.value = reader.variant { $0.double() }.map {
          $0 == $0.rounded() && abs($0) < 1e15 ? String(Int($0)) : String($0)
        }
      }
    }
  }

  /// The string-valued entries of a `GetAll` reply's `a{sv}`.
  private static func stringProperties(_ reader: inout DBusMessageReader) -> [String: String] {
    let entries =
      reader.array { element in
        element.dictEntry { entry -> (String, String?)? in
          guard let key = entry.string() else { return nil }
          return (key, entry.variant { $0.string() })
        }
      } ?? []
    return Dictionary(entries.compactMap { key, value in value.map { (key, $0) } }) { first, _ in first }
  }
}
