import CDBus
import TactileCore
import TactileGeometry

/// The AT-SPI2 methods and properties the bridge answers, interface by interface. A call it does not
/// know gets D-Bus's `UnknownMethod` error; a call on a view that left the tree, `UnknownObject`.
extension AccessibilityBridge {
  /// Answers one method call.
  func answer(_ message: OpaquePointer) {
    let path = dbus_message_get_path(message).map { String(cString: $0) } ?? ""
    let interface = dbus_message_get_interface(message).map { String(cString: $0) } ?? ""
    let member = dbus_message_get_member(message).map { String(cString: $0) } ?? ""
    guard let node = node(at: path) else {
      return replyError(to: message, "org.freedesktop.DBus.Error.UnknownObject", "No object at \(path)")
    }
    guard let reply = dbus_message_new_method_return(message) else { return }
    defer { dbus_message_unref(reply) }
    var reader = DBusMessageReader(reading: message)
    var writer = DBusMessageWriter(appendingTo: reply)
    let answered =
      switch interface {
      case "org.freedesktop.DBus.Properties": properties(member, node, &reader, &writer)
      case "org.a11y.atspi.Accessible": accessible(member, node, &reader, &writer)
      case "org.a11y.atspi.Application", "org.a11y.atspi.Cache": applicationCall(member, &writer)
      default: viewInterface(interface, member, node, &reader, &writer)
      }
    guard answered else {
      return replyError(to: message, "org.freedesktop.DBus.Error.UnknownMethod", "\(interface).\(member)")
    }
    bus.send(reply)
  }

  private func replyError(to message: OpaquePointer, _ name: String, _ text: String) {
    guard let error = dbus_message_new_error(message, name, text) else { return }
    bus.send(error)
    dbus_message_unref(error)
  }

  /// The application's own calls: its locale, and the cache of the whole tree clients ask for (an empty
  /// one makes them ask object by object).
  private func applicationCall(_ member: String, _ writer: inout DBusMessageWriter) -> Bool {
    switch member {
    case "GetLocale": writer.string("C")
    case "GetItems": writer.array(of: "((so)(so)(so)iiassusau)") { _ in }
    default: return false
    }
    return true
  }

  /// The interfaces `node` has.
  func interfaces(of node: Node) -> [String] {
    guard case .view(let view) = node else {
      return ["org.a11y.atspi.Accessible", "org.a11y.atspi.Application"]
    }
    var names = ["org.a11y.atspi.Accessible", "org.a11y.atspi.Component"]
    if !AtspiMapping.actionNames(of: view).isEmpty { names.append("org.a11y.atspi.Action") }
    if view is any EditableTextInput { names += ["org.a11y.atspi.Text", "org.a11y.atspi.EditableText"] }
    if AtspiValue(view) != nil { names.append("org.a11y.atspi.Value") }
    if selectable(view) != nil { names.append("org.a11y.atspi.Selection") }
    if view is TableView { names.append("org.a11y.atspi.Table") }
    return names
  }

  // MARK: org.a11y.atspi.Accessible

  private func accessible(
    _ member: String, _ node: Node, _ reader: inout DBusMessageReader, _ writer: inout DBusMessageWriter
  ) -> Bool {
    let role = roleOf(node)
    switch member {
    case "GetRole": writer.uint32(role.number)
    case "GetRoleName", "GetLocalizedRoleName": writer.string(role.name)
    case "GetState":
      let words: [UInt32] = if case .view(let view) = node { reportStates(of: view) } else { [0, 0] }
      writer.array(of: "u") { for word in words { $0.uint32(word) } }
    case "GetChildren":
      let children = reportChildren(of: node)
      writer.array(of: "(so)") { for child in children { writeReference(.view(child), to: &$0) } }
    case "GetChildAtIndex":
      let children = reportChildren(of: node)
      let index = Int(reader.int32() ?? -1)
      if index >= 0, index < children.count {
        writeReference(.view(children[index]), to: &writer)
      } else {
        writeNullReference(to: &writer)
      }
    case "GetIndexInParent": writer.int32(indexInParent(node))
    case "GetApplication": writeReference(.application, to: &writer)
    case "GetInterfaces":
      let names = interfaces(of: node)
      writer.array(of: "s") { for name in names { $0.string(name) } }
    case "GetAttributes":
      let identifier: String? = if case .view(let view) = node { view.accessibilityIdentifier } else { nil }
      writer.array(of: "{ss}") { entries in
        if let identifier {
          entries.dictEntry {
            $0.string("id")
            $0.string(identifier)
          }
        }
        entries.dictEntry {
          $0.string("toolkit")
          $0.string("Tactile")
        }
      }
    case "GetRelationSet":
      let relations: [(type: UInt32, targets: [View])] =
        if case .view(let view) = node { AtspiRelations.of(view) } else { [] }
      writer.array(of: "(ua(so))") { entries in
        for relation in relations {
          entries.structure {
            $0.uint32(relation.type)
            $0.array(of: "(so)") { for target in relation.targets { writeReference(.view(target), to: &$0) } }
          }
        }
      }
    default: return false
    }
    return true
  }

  private func roleOf(_ node: Node) -> AtspiMapping.Role {
    guard case .view(let view) = node else { return .application }
    return AtspiMapping.role(of: view)
  }

  private func indexInParent(_ node: Node) -> Int32 {
    guard case .view(let view) = node, let parent = parent(of: node) else { return -1 }
    return Int32(children(of: parent).firstIndex { $0 === view } ?? -1)
  }

  func writeNullReference(to writer: inout DBusMessageWriter) {
    writer.structure {
      $0.string("")
      $0.objectPath(Self.nullPath)
    }
  }

  // MARK: org.freedesktop.DBus.Properties

  private func properties(
    _ member: String, _ node: Node, _ reader: inout DBusMessageReader, _ writer: inout DBusMessageWriter
  ) -> Bool {
    let interface = reader.string() ?? ""
    switch member {
    case "Get":
      guard let name = reader.string(), propertyNames(interface, node).contains(name) else { return false }
      writeProperty(name, of: node, to: &writer)
    case "GetAll":
      let names = propertyNames(interface, node)
      writer.array(of: "{sv}") { entries in
        for name in names {
          entries.dictEntry {
            $0.string(name)
            writeProperty(name, of: node, to: &$0)
          }
        }
      }
    case "Set":
      let name = reader.string() ?? ""
      guard let number = reader.variantNumber() else { return false }
      if name == "Id", case .application = node {
        registryID = Int32(number)
      } else if name == "CurrentValue", case .view(let view) = node, let value = AtspiValue(view) {
        value.set(number)
      } else {
        return false
      }
    default: return false
    }
    return true
  }

  private func propertyNames(_ interface: String, _ node: Node) -> [String] {
    switch interface {
    case "org.a11y.atspi.Accessible":
      ["Name", "Description", "Parent", "ChildCount", "Locale", "AccessibleId"]
    case "org.a11y.atspi.Application": ["ToolkitName", "Version", "AtspiVersion", "Id"]
    case "org.a11y.atspi.Action": ["NActions"]
    case "org.a11y.atspi.Text": ["CharacterCount", "CaretOffset"]
    case "org.a11y.atspi.Value": ["MinimumValue", "MaximumValue", "CurrentValue", "MinimumIncrement", "Text"]
    case "org.a11y.atspi.Selection": ["NSelectedChildren"]
    case "org.a11y.atspi.Table":
      ["NRows", "NColumns", "Caption", "Summary", "NSelectedRows", "NSelectedColumns"]
    default: []
    }
  }

  /// Writes property `name` of `node` as a variant.
  private func writeProperty(_ name: String, of node: Node, to writer: inout DBusMessageWriter) {
    let view: View? = if case .view(let view) = node { view } else { nil }
    let field = view as? any EditableTextInput
    let value = view.flatMap(AtspiValue.init)
    switch name {
    case "Name":
      // The application is named by its first window's title.
      let text = view.map { $0.accessibilityLabel ?? "" } ?? application.windows.first?.title ?? ""
      writer.variant("s") { $0.string(text) }
    case "Description": writer.variant("s") { $0.string(view?.accessibilityHint ?? "") }
    case "Parent":
      if let parent = parent(of: node) {
        writer.variant("(so)") { writeReference(parent, to: &$0) }
      } else {
        writer.variant("(so)") {
          $0.structure {
            $0.string(Self.registryName)
            $0.objectPath(Self.rootPath)
          }
        }
      }
    case "ChildCount": writer.variant("i") { $0.int32(Int32(reportChildren(of: node).count)) }
    case "Locale": writer.variant("s") { $0.string("C") }
    case "AccessibleId": writer.variant("s") { $0.string(view?.accessibilityIdentifier ?? "") }
    case "ToolkitName": writer.variant("s") { $0.string("Tactile") }
    case "Version": writer.variant("s") { $0.string("0.1") }
    case "AtspiVersion": writer.variant("s") { $0.string("2.1") }
    case "Id": writer.variant("i") { $0.int32(registryID) }
    case "NActions": writer.variant("i") { $0.int32(Int32(view.map(AtspiMapping.actionNames)?.count ?? 0)) }
    case "CharacterCount": writer.variant("i") { $0.int32(Int32(field?.text.count ?? 0)) }
    case "CaretOffset": writer.variant("i") { $0.int32(Int32(field?.selectionCursor ?? 0)) }
    case "MinimumValue": writer.variant("d") { $0.double(value?.range.lowerBound ?? 0) }
    case "MaximumValue": writer.variant("d") { $0.double(value?.range.upperBound ?? 0) }
    case "CurrentValue": writer.variant("d") { $0.double(value?.current ?? 0) }
    case "MinimumIncrement": writer.variant("d") { $0.double(value?.step ?? 0) }
    case "NSelectedChildren":
      writer.variant("i") { $0.int32(Int32(view.flatMap(selectable)?.selectedChildren.count ?? 0)) }
    case "NRows", "NColumns", "NSelectedRows", "NSelectedColumns":
      let table = (view as? TableView).map { AtspiTable(table: $0) }
      writer.variant("i") { $0.int32(Int32(table?.count(name) ?? 0)) }
    case "Caption", "Summary": writer.variant("(so)") { writeNullReference(to: &$0) }
    default: writer.variant("s") { $0.string(view?.accessibilityValue ?? "") }
    }
  }

  // MARK: Component, Action, Text, EditableText

  private func viewInterface(
    _ interface: String, _ member: String, _ node: Node, _ reader: inout DBusMessageReader,
    _ writer: inout DBusMessageWriter
  ) -> Bool {
    guard case .view(let view) = node, interfaces(of: node).contains(interface) else { return false }
    switch (interface, member) {
    case ("org.a11y.atspi.Component", _): return component(member, view, &reader, &writer)
    case ("org.a11y.atspi.Action", _): return action(member, view, &reader, &writer)
    case ("org.a11y.atspi.Selection", _):
      guard let selectable = selectable(view) else { return false }
      return selectionCall(member, selectable, &reader, &writer)
    case ("org.a11y.atspi.Table", _):
      guard let table = view as? TableView else { return false }
      return tableCall(member, AtspiTable(table: table), &reader, &writer)
    case ("org.a11y.atspi.Text", _), ("org.a11y.atspi.EditableText", _):
      guard let field = view as? any EditableTextInput else { return false }
      return text(member, field, &reader, &writer)
    default: return false
    }
  }

  private func component(
    _ member: String, _ view: View, _ reader: inout DBusMessageReader, _ writer: inout DBusMessageWriter
  ) -> Bool {
    var frame = view.accessibilityFrame
    // Coordinate type 2 is relative to the parent; screen (0) and window (1) are both the window's.
    if reader.uint32() == 2, let container = view.accessibilityContainer, !(container is Window) {
      frame.origin.x -= container.accessibilityFrame.minX
      frame.origin.y -= container.accessibilityFrame.minY
    }
    let (x, y) = (Int32(frame.minX.rounded()), Int32(frame.minY.rounded()))
    let (width, height) = (Int32(frame.width.rounded()), Int32(frame.height.rounded()))
    switch member {
    case "GetExtents":
      writer.structure {
        $0.int32(x)
        $0.int32(y)
        $0.int32(width)
        $0.int32(height)
      }
    case "GetPosition":
      writer.int32(x)
      writer.int32(y)
    case "GetSize":
      writer.int32(width)
      writer.int32(height)
    case "GetLayer": writer.uint32(view is Window ? 7 : 3)
    case "GetMDIZOrder": writer.int16(0)
    case "GetAlpha": writer.double(view.alpha)
    case "GrabFocus": writer.boolean(view.canBecomeFirstResponder && view.becomeFirstResponder())
    default: return false
    }
    return true
  }

  private func action(
    _ member: String, _ view: View, _ reader: inout DBusMessageReader, _ writer: inout DBusMessageWriter
  ) -> Bool {
    let names = AtspiMapping.actionNames(of: view)
    switch member {
    case "GetActions":
      writer.array(of: "(sss)") { actions in
        for name in names {
          actions.structure {
            $0.string(name)
            $0.string(name)
            $0.string("")
          }
        }
      }
    case "DoAction": writer.boolean(AtspiMapping.performAction(Int(reader.int32() ?? -1), of: view))
    case "GetName", "GetLocalizedName", "GetDescription", "GetKeyBinding":
      let index = Int(reader.int32() ?? -1)
      let name = index >= 0 && index < names.count && member != "GetKeyBinding" ? names[index] : ""
      writer.string(name)
    default: return false
    }
    return true
  }

  private func text(
    _ member: String, _ field: any EditableTextInput, _ reader: inout DBusMessageReader,
    _ writer: inout DBusMessageWriter
  ) -> Bool {
    let characters = Array(field.text)
    /// `start..<end` clamped to the text; an end of -1 means the end of the text.
    func span(_ start: Int32?, _ end: Int32?) -> Range<Int> {
      let lower = min(max(Int(start ?? 0), 0), characters.count)
      let upper = end == -1 ? characters.count : min(max(Int(end ?? 0), lower), characters.count)
      return lower..<upper
    }
    switch member {
    case "GetText": writer.string(String(characters[span(reader.int32(), reader.int32())]))
    case "GetCharacterAtOffset":
      let offset = Int(reader.int32() ?? -1)
      let scalar = offset >= 0 && offset < characters.count ? characters[offset].unicodeScalars.first : nil
      writer.int32(Int32(scalar?.value ?? 0))
    case "SetCaretOffset":
      let offset = Int(reader.int32() ?? 0)
      field.select(offset..<offset)
      writer.boolean(true)
    case "GetNSelections": writer.int32(field.selectedRange.isEmpty ? 0 : 1)
    case "GetSelection":
      writer.int32(Int32(field.selectedRange.lowerBound))
      writer.int32(Int32(field.selectedRange.upperBound))
    case "SetTextContents":
      field.replace(0..<characters.count, withText: reader.string() ?? "")
      writer.boolean(true)
    case "InsertText":
      let offset = Int(reader.int32() ?? 0)
      let text = reader.string() ?? ""
      field.replace(offset..<offset, withText: text)
      writer.boolean(true)
    case "DeleteText":
      field.replace(span(reader.int32(), reader.int32()), withText: "")
      writer.boolean(true)
    default: return false
    }
    return true
  }
}
