import CWaylandClient

/// A client proxy of one Wayland interface: the raw pointer libwayland's C functions take, tagged with
/// its interface so that one kind of proxy cannot be passed where another is wanted (a `wl_pointer`
/// where a `wl_touch` belongs).
///
/// Zero-cost: one stored `OpaquePointer`, no retain, no indirection; ``raw`` is what the C call takes.
/// The wrapper owns nothing: whoever made the proxy destroys it.
struct Proxy<Interface: ProxyInterface>: Hashable {
  let raw: OpaquePointer

  init(_ raw: OpaquePointer) {
    self.raw = raw
  }

  /// The key the display's tables use for this proxy.
  var key: ProxyKey { ProxyKey(raw) }
}

/// The tag of one Wayland interface, for ``Proxy``. The tags are empty enums: types only.
protocol ProxyInterface {}

/// `wl_seat`.
enum WlSeat: ProxyInterface {}
/// `wl_touch`.
enum WlTouch: ProxyInterface {}
/// `wl_pointer`.
enum WlPointer: ProxyInterface {}
/// `wl_keyboard`.
enum WlKeyboard: ProxyInterface {}
/// `zwp_text_input_v3`.
enum TextInputV3: ProxyInterface {}
/// `wl_surface`.
enum WlSurface: ProxyInterface {}
/// `xdg_surface`.
enum XdgSurface: ProxyInterface {}
/// `xdg_toplevel`.
enum XdgToplevel: ProxyInterface {}
/// `xdg_popup`.
enum XdgPopup: ProxyInterface {}
