// The module an app imports: `import Tactile` brings the whole toolkit — the platform-neutral core
// (views, touches, the responder chain, gesture recognizers, controls), geometry, the rasterizer's drawing
// types, and the Wayland adapter that runs a window on a compositor.

@_exported import TactileCore
@_exported import TactileGeometry
@_exported import TactileRaster
@_exported import TactileWayland
