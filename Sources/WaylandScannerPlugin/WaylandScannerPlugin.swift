import Foundation
import PackagePlugin

/// Generates the C glue for every Wayland protocol Tactile speaks, at build time, from the XML that the
/// installed `wayland` and `wayland-protocols` packages ship and from the project's own `protocols/*.xml`.
///
/// The generated C target holds one copy of each extension's interface tables (`private-code`), and a
/// module map with two modules over the same object code:
/// - `CWaylandProtocols`: the client headers, for the toolkit and clients such as `tactile-inject`;
/// - `CWaylandServerProtocols`: the server headers, for the fake compositor.
///
/// Each header also gets `static inline` accessors (`tactile_iface_<name>()`), because a Swift copy of a C
/// `wl_interface` global has a different address than the one libwayland compares against.
///
/// Nothing generated is committed. The alternative, a Swift code generator over
/// `wl_proxy_marshal_array_flags`, was rejected while SwiftPM's C generation works: the scanner's own
/// output is the reference every compositor is tested with.
@main
struct WaylandScannerPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let package = context.package.directoryURL
    let protocols = package.appending(path: "protocols")
    let system = try SystemProtocols(listing: protocols.appending(path: "system-protocols.txt"))
    let own = try FileManager.default.contentsOfDirectory(atPath: protocols.path)
      .filter { $0.hasSuffix(".xml") }.sorted()
      .map { protocols.appending(path: $0) }
    let extensions = system.files + own
    let core = system.waylandDataDirectory.appending(path: "wayland.xml")

    let out = context.pluginWorkDirectoryURL
    let include = out.appending(path: "include")
    var script = "set -e\nmkdir -p '\(include.path)'\n"
    var outputs: [URL] = []
    var clientHeaders: [String] = []
    var serverHeaders: [String] = []
    for xml in extensions {
      let stem = xml.deletingPathExtension().lastPathComponent
      let client = include.appending(path: "\(stem)-client-protocol.h")
      let server = include.appending(path: "\(stem)-server-protocol.h")
      let code = out.appending(path: "\(stem)-protocol.c")
      script += "wayland-scanner client-header '\(xml.path)' '\(client.path)'\n"
      script += "wayland-scanner server-header '\(xml.path)' '\(server.path)'\n"
      script += "wayland-scanner private-code '\(xml.path)' '\(code.path)'\n"
      outputs += [client, server, code]
      clientHeaders.append(client.lastPathComponent)
      serverHeaders.append(server.lastPathComponent)
    }
    let names = try ([core] + extensions).flatMap(Self.interfaceNames(in:))
    let clientUmbrella = include.appending(path: "CWaylandProtocols.h")
    let serverUmbrella = include.appending(path: "CWaylandServerProtocols.h")
    let moduleMap = include.appending(path: "module.modulemap")
    try Self.write(
      Self.umbrella(system: "wayland-client.h", headers: clientHeaders, interfaces: names),
      to: out.appending(path: "client-umbrella.in"))
    try Self.write(
      Self.umbrella(system: "wayland-server.h", headers: serverHeaders, interfaces: names),
      to: out.appending(path: "server-umbrella.in"))
    try Self.write(Self.moduleMap, to: out.appending(path: "modulemap.in"))
    script += "cp '\(out.path)/client-umbrella.in' '\(clientUmbrella.path)'\n"
    script += "cp '\(out.path)/server-umbrella.in' '\(serverUmbrella.path)'\n"
    script += "cp '\(out.path)/modulemap.in' '\(moduleMap.path)'\n"
    outputs += [clientUmbrella, serverUmbrella, moduleMap]

    return [
      .buildCommand(
        displayName: "Generating Wayland protocol glue (\(extensions.count) protocols)",
        executable: URL(fileURLWithPath: "/bin/sh"),
        arguments: ["-c", script],
        inputFiles: extensions + [core, protocols.appending(path: "system-protocols.txt")],
        outputFiles: outputs)
    ]
  }

  static let moduleMap = """
    module CWaylandProtocols {
      header "CWaylandProtocols.h"
      link "wayland-client"
      export *
    }
    module CWaylandServerProtocols {
      header "CWaylandServerProtocols.h"
      link "wayland-server"
      export *
    }

    """

  /// The umbrella header: the system header, each generated header, and an address accessor per interface.
  static func umbrella(system: String, headers: [String], interfaces: [String]) -> String {
    var text = "#pragma once\n#define WL_HIDE_DEPRECATED 1\n#include <\(system)>\n"
    text += "#include \"TactileWaylandLog.h\"\n"
    text += headers.map { "#include \"\($0)\"\n" }.joined()
    for name in interfaces {
      text += "static inline const struct wl_interface *tactile_iface_\(name)(void) "
      text += "{ return &\(name)_interface; }\n"
    }
    return text
  }

  /// The `name` attribute of every `<interface>` element of a protocol file.
  static func interfaceNames(in xml: URL) throws -> [String] {
    let text = try String(contentsOf: xml, encoding: .utf8)
    return text.components(separatedBy: "<interface name=\"").dropFirst().compactMap {
      $0.split(separator: "\"", maxSplits: 1).first.map(String.init)
    }
  }

  static func write(_ text: String, to url: URL) throws {
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    if (try? String(contentsOf: url, encoding: .utf8)) != text {
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
  }
}

/// `protocols/system-protocols.txt`: the system protocol files to generate, resolved against the data
/// directories that `pkg-config` reports for `wayland-protocols` and `wayland-scanner`.
struct SystemProtocols {
  var files: [URL]
  var waylandDataDirectory: URL

  init(listing: URL) throws {
    let protocolsDirectory = URL(
      fileURLWithPath: try Self.pkgConfigVariable("pkgdatadir", of: "wayland-protocols"))
    waylandDataDirectory = URL(
      fileURLWithPath: try Self.pkgConfigVariable("pkgdatadir", of: "wayland-scanner"))
    files = try String(contentsOf: listing, encoding: .utf8)
      .split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("#") }
      .compactMap { $0.split(separator: " ").first.map(String.init) }
      .map { protocolsDirectory.appending(path: $0) }
  }

  static func pkgConfigVariable(_ variable: String, of package: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["pkg-config", "--variable=\(variable)", package]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let value = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0, !value.isEmpty else {
      throw PluginError.missingPackage(package)
    }
    return value
  }
}

enum PluginError: Error, CustomStringConvertible {
  case missingPackage(String)
  var description: String {
    switch self {
    case .missingPackage(let name):
      "pkg-config knows no '\(name)': install libwayland-dev and wayland-protocols"
    }
  }
}
