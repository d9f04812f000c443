import CWaylandServer
import CWaylandServerProtocols

extension FakeCompositor {
  /// The globals beyond the core: viewporter, fractional scale, data devices, primary selection and
  /// decorations (unless the configuration leaves them out), text input, pointer gestures, tablets.
  func createExtensionGlobals() {
    addGlobal(tactile_iface_wp_viewporter(), version: GlobalVersions.viewporter) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_wp_viewporter(), version: version, id: id,
        implementation: ViewportResource.managerImplementation)
    }
    addGlobal(tactile_iface_wp_fractional_scale_manager_v1(), version: GlobalVersions.fractionalScale) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_wp_fractional_scale_manager_v1(), version: version, id: id,
        implementation: FractionalScaleResource.managerImplementation)
    }
    addGlobal(tactile_iface_wl_data_device_manager(), version: GlobalVersions.dataDeviceManager) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_wl_data_device_manager(), version: version, id: id,
        implementation: SelectionManagers.dataDeviceManager)
    }
    if configuration.offersPrimarySelection {
      addGlobal(
        tactile_iface_zwp_primary_selection_device_manager_v1(), version: GlobalVersions.primarySelection
      ) { client, data, version, id in
        FakeCompositor.from(data).bindPlain(
          client: client, interface: tactile_iface_zwp_primary_selection_device_manager_v1(),
          version: version, id: id, implementation: SelectionManagers.primaryManager)
      }
    }
    if configuration.decorationMode != .unsupported {
      addGlobal(tactile_iface_zxdg_decoration_manager_v1(), version: GlobalVersions.decorationManager) {
        client, data, version, id in
        FakeCompositor.from(data).bindPlain(
          client: client, interface: tactile_iface_zxdg_decoration_manager_v1(), version: version, id: id,
          implementation: DecorationResource.managerImplementation)
      }
    }
    addGlobal(tactile_iface_zwp_text_input_manager_v3(), version: GlobalVersions.textInputManager) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_zwp_text_input_manager_v3(), version: version, id: id,
        implementation: TextInputResource.managerImplementation)
    }
    addGlobal(tactile_iface_zwp_pointer_gestures_v1(), version: GlobalVersions.pointerGestures) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_zwp_pointer_gestures_v1(), version: version, id: id,
        implementation: GestureResource.managerImplementation)
    }
    addGlobal(tactile_iface_zwp_tablet_manager_v2(), version: GlobalVersions.tabletManager) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_zwp_tablet_manager_v2(), version: version, id: id,
        implementation: TabletSeatResource.managerImplementation)
    }
  }
}
