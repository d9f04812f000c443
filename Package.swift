// swift-tools-version: 6.3;(experimentalCGen)
// The experimental C generation lets a build-tool plugin run wayland-scanner at build time, so no
// generated or third-party protocol file is committed (see Sources/WaylandScannerPlugin).
import PackageDescription

/// Layers: dependencies point one way. Geometry, Raster and the core `TactileCore` never see
/// Wayland: none of them depends on a Wayland target, so an `import CWaylandClient` there cannot build.
let package = Package(
  name: "Tactile",
  products: [
    .library(name: "Tactile", targets: ["Tactile"]),
    .library(name: "TactileTesting", targets: ["TactileTesting"]),
    .library(name: "TactileFakeSeat", targets: ["TactileFakeSeat"]),
    .executable(name: "tactile-compositor", targets: ["tactile-compositor"]),
    .executable(name: "tactile-inject", targets: ["tactile-inject"]),
  ],
  targets: [
    // System libraries, found with pkg-config.
    .systemLibrary(
      name: "CWaylandClient", pkgConfig: "wayland-client", providers: [.apt(["libwayland-dev"])]),
    .systemLibrary(
      name: "CWaylandServer", pkgConfig: "wayland-server", providers: [.apt(["libwayland-dev"])]),
    .systemLibrary(
      name: "CWaylandCursor", pkgConfig: "wayland-cursor", providers: [.apt(["libwayland-dev"])]),
    .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon", providers: [.apt(["libxkbcommon-dev"])]),
    .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    // Text: shaping (HarfBuzz), fallback faces (fontconfig), bidirectional text (FriBidi), and ICU's
    // break iterators behind a C wrapper (ICU's C functions carry its version in their names).
    .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
    .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
    .target(name: "CICUBreaks", linkerSettings: [.linkedLibrary("icuuc")]),
    // cairo is the reference only: the benchmark, TactileCairoReference and the cairo comparison tests use
    // it; no toolkit target may depend on it.
    .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
    // Pango through cairo: the text-layout reference of the Pango comparison tests and the benchmark's
    // text-layout scene, like cairo never a dependency of a toolkit target.
    .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
    .systemLibrary(name: "CDBus", pkgConfig: "dbus-1", providers: [.apt(["libdbus-1-dev"])]),
    .target(name: "CSystem"),

    // Protocol glue generated at build time.
    .plugin(name: "WaylandScannerPlugin", capability: .buildTool(), path: "Sources/WaylandScannerPlugin"),
    .target(
      name: "CWaylandProtocols",
      linkerSettings: [.linkedLibrary("wayland-client"), .linkedLibrary("wayland-server")],
      plugins: ["WaylandScannerPlugin"]),

    // Platform-neutral layers.
    .target(name: "TactileGeometry"),
    .target(
      name: "TactileRaster",
      dependencies: [
        "TactileGeometry", "CFreeType", "CHarfBuzz", "CFontconfig", "CFriBidi", "CICUBreaks", "CZlib", "CSystem",
      ]),
    .target(name: "TactileCore", dependencies: ["TactileGeometry", "TactileRaster"]),
    // The input-trace format, written by TactileWayland's recorder and replayed by the fake seat.
    .target(name: "TactileTrace"),

    // The AT-SPI2 bridge (accessibility over D-Bus); the core never sees D-Bus.
    .target(name: "TactileAccessibility", dependencies: ["TactileCore", "TactileGeometry", "CDBus"]),

    // The one adapter to Wayland, and the fake compositor.
    .target(
      name: "TactileWayland",
      dependencies: [
        "TactileCore", "TactileTrace", "TactileAccessibility", "CWaylandClient", "CWaylandCursor",
        "CWaylandProtocols", "CXKBCommon", "CSystem",
      ]),
    .target(
      name: "TactileFakeSeat",
      dependencies: [
        "TactileGeometry", "TactileRaster", "TactileTrace", "CWaylandServer", "CWaylandProtocols",
        "CXKBCommon",
        "CSystem",
      ]),
    // What an app imports: the core, geometry, drawing and the Wayland adapter, re-exported as one module.
    .target(
      name: "Tactile", dependencies: ["TactileCore", "TactileGeometry", "TactileRaster", "TactileWayland"]),
    // Test helpers: the core-only part (manual clock, touch scripts, event logs) and the fake-seat
    // harness, which re-exports the core-only part so an app's tests need only `import TactileTesting`.
    .target(name: "TactileCoreTesting", dependencies: ["TactileCore", "TactileGeometry"]),
    .target(
      name: "TactileTesting",
      dependencies: [
        "TactileCoreTesting", "TactileCore", "TactileWayland", "TactileFakeSeat", "TactileAccessibility",
        "TactileGeometry",
      ]),

    // Tools.
    .executableTarget(name: "tactile-compositor", dependencies: ["TactileFakeSeat", "TactileTrace"]),
    .executableTarget(name: "tactile-inject", dependencies: ["CWaylandClient", "CWaylandProtocols"]),
    // The same drawing spelled in cairo, for the raster benchmark and the cairo comparison tests only.
    .target(name: "TactileCairoReference", dependencies: ["TactileGeometry", "TactileRaster", "CCairo"]),
    .executableTarget(
      name: "tactile-raster-bench",
      dependencies: [
        "TactileCore", "TactileRaster", "TactileCairoReference", "CCairo", "CPangoCairo", "CFreeType",
      ]),

    // Benchmarks of whole programs against peers (Benchmarks/run); nothing depends on them.
    .target(
      name: "TactileBench",
      dependencies: ["TactileCore", "TactileGeometry", "TactileRaster", "TactileFakeSeat", "TactileTesting"]),
    .executableTarget(name: "tactile-bench", dependencies: ["TactileBench"]),
    // The Tactile list `tactile-bench list` scrolls beside GTK 4's (Benchmarks/gtk-list.c).
    .executableTarget(name: "ListScroll", dependencies: ["Tactile"], path: "Benchmarks/ListScroll"),

    // Examples.
    .executableTarget(
      name: "Hello", dependencies: ["Tactile"], path: "Examples/Hello"),
    .executableTarget(
      name: "FingerPaint", dependencies: ["Tactile"],
      path: "Examples/FingerPaint"),
    .executableTarget(
      name: "TextAndControls", dependencies: ["Tactile"],
      path: "Examples/TextAndControls"),
    .executableTarget(
      name: "ResponderLab", dependencies: ["Tactile"],
      path: "Examples/ResponderLab"),
    .executableTarget(
      name: "PhotoViewer", dependencies: ["Tactile"],
      path: "Examples/PhotoViewer"),
    .executableTarget(
      name: "GestureGallery", dependencies: ["Tactile"],
      path: "Examples/GestureGallery"),
    .executableTarget(
      name: "PhotoStrip", dependencies: ["Tactile"],
      path: "Examples/PhotoStrip"),
    .executableTarget(
      name: "Settings", dependencies: ["Tactile"],
      path: "Examples/Settings"),
    .executableTarget(
      name: "PhotoSorter", dependencies: ["Tactile"],
      path: "Examples/PhotoSorter"),
    .executableTarget(
      name: "TouchInspector", dependencies: ["Tactile"],
      path: "Examples/TouchInspector"),

    // The fuzz targets (Tests/Fuzz/run builds them with libFuzzer; the plain build replays input files).
    .executableTarget(
      name: "tactile-fuzz",
      dependencies: [
        "TactileFakeSeat", "TactileRaster", "TactileTrace", "CWaylandClient", "CWaylandProtocols", "CSystem",
        // The client's keymap, text-input and clipboard paths (`FuzzEntry`).
        "TactileWayland",
      ],
      path: "Tests/Fuzz", exclude: ["run", "corpus"]),

    // The app the interop lane runs on weston, mutter, KWin and sway (Tests/Interop).
    .executableTarget(
      name: "tactile-interop-scenario", dependencies: ["Tactile"],
      path: "Tests/Interop/scenario"),

    // Tests.
    .testTarget(name: "TactileGeometryTests", dependencies: ["TactileGeometry"]),
    .testTarget(name: "TactileRasterTests", dependencies: ["TactileRaster", "CFreeType"]),
    // Goldens/ holds the golden PNGs, read by path (GoldenImage), not bundled.
    // The core's tests link no Wayland library: only the core-only test helpers.
    .testTarget(
      name: "TactileTests", dependencies: ["TactileCore", "TactileCoreTesting"], exclude: ["Goldens"]),
    // Written as an app's tests are: the public API only (no `@testable import`), so what a subclass
    // outside the module needs — a custom gesture recognizer, a ported UIKit controller — must be public.
    .testTarget(
      name: "TactilePublicAPITests", dependencies: ["TactileCore", "TactileCoreTesting", "TactileGeometry"]),
    .testTarget(
      name: "TactileWaylandTests",
      dependencies: [
        "TactileWayland", "TactileRaster", "TactileFakeSeat", "TactileTesting", "TactileTrace", "CXKBCommon",
        "CSystem",
        // The examples whose views run in-process on a manual clock.
        "GestureGallery", "FingerPaint", "TouchInspector",
      ],
      // Traces/ holds recorded input, read by path (TouchPredictionTests), not bundled.
      exclude: ["Traces"]),
    .testTarget(
      name: "TactileFakeSeatTests",
      dependencies: [
        "TactileFakeSeat", "TactileTesting", "TactileTrace", "CWaylandClient", "CWaylandProtocols", "CSystem",
      ]),
    .testTarget(
      name: "TactileAccessibilityTests",
      dependencies: [
        "TactileAccessibility", "TactileCore", "TactileCoreTesting", "TactileFakeSeat", "CSystem", "CDBus",
      ]),
    .testTarget(name: "TactileBenchTests", dependencies: ["TactileBench"]),
    // Anti-aliased edges compared with cairo's (issue #7) and text layout with Pango's (issue #24); cairo
    // and Pango stay out of every library target.
    .testTarget(
      name: "TactileCairoComparisonTests",
      dependencies: ["TactileRaster", "TactileCairoReference", "CCairo", "CPangoCairo"]),
  ]
)
