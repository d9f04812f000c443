import CWaylandServer
import CWaylandServerProtocols

/// What the compositor keeps for the desktop protocols an ordinary app asks for beyond the shell and the
/// seat: presentation feedback, xdg-output, xdg-activation, relative pointers and pointer constraints,
/// idle and keyboard-shortcut inhibitors. Each protocol's behaviour lives in its own file
/// (`PresentationFeedback.swift`, `XdgOutput.swift`, `XdgActivation.swift`, `RelativePointer.swift`,
/// `PointerConstraints.swift`, `Inhibitors.swift`); this is their shared bookkeeping, one per compositor.
final class DesktopProtocols {
  /// Every live `wp_presentation_feedback`, requested or committed, oldest first.
  var feedbacks: [PresentationFeedback] = []
  /// The timer that wakes the compositor at the next virtual refresh while feedback waits for it.
  var presentationTimer: OpaquePointer?
  /// Every live `zxdg_output_v1`.
  var xdgOutputs: [XdgOutputResource] = []
  /// Activation tokens handed out and not yet used, by token string.
  var activationTokens: [String: ActivationToken] = [:]
  /// Tokens the compositor made itself (``FakeCompositor/makeActivationToken()``), not yet used.
  var compositorTokens: Set<String> = []
  var nextActivationToken = 1
  /// The surface a granted activation waits to map.
  weak var pendingActivation: Surface?
  /// What each `xdg_activation_v1.activate` request led to, oldest first.
  var activations: [FakeCompositor.ActivationRecord] = []
  /// Every live `zwp_relative_pointer_v1`.
  var relativePointers: [RelativePointerResource] = []
  /// Every live pointer lock or confinement.
  var constraints: [PointerConstraint] = []
  /// Every live `zwp_idle_inhibitor_v1`.
  var idleInhibitors: [IdleInhibitorResource] = []
  /// Every live `zwp_keyboard_shortcuts_inhibitor_v1`.
  var shortcutInhibitors: [ShortcutInhibitorResource] = []
  /// Every live `zwp_text_input_v1`.
  var textInputsV1: [TextInputV1Resource] = []
}

extension FakeCompositor {
  /// After each applied commit: the feedback it carried waits for its content to be shown, the pointer
  /// constraints of the surface take their pending region, and a granted activation waiting for its
  /// window to map completes.
  func desktopCommitApplied(_ surface: Surface, _ state: Surface.PendingState) {
    contentCommitted(surface, feedbacks: state.presentationFeedbacks, newContent: state.attachment != nil)
    commitPointerConstraints(of: surface)
    completePendingActivation()
  }

  /// The globals of the desktop protocols (`DesktopProtocols`).
  func createDesktopGlobals() {
    addGlobal(tactile_iface_zwp_text_input_manager_v1(), version: GlobalVersions.textInputManagerV1) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_zwp_text_input_manager_v1(), version: version, id: id,
        implementation: TextInputV1Resource.managerImplementation)
    }
    addGlobal(tactile_iface_wp_presentation(), version: GlobalVersions.presentation) {
      client, data, version, id in
      FakeCompositor.from(data).bindPresentation(client: client, version: version, id: id)
    }
    addGlobal(tactile_iface_zxdg_output_manager_v1(), version: GlobalVersions.xdgOutputManager) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_zxdg_output_manager_v1(), version: version, id: id,
        implementation: XdgOutputResource.managerImplementation)
    }
    addGlobal(tactile_iface_xdg_activation_v1(), version: GlobalVersions.activation) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_xdg_activation_v1(), version: version, id: id,
        implementation: ActivationToken.managerImplementation)
    }
    addGlobal(tactile_iface_zwp_relative_pointer_manager_v1(), version: GlobalVersions.relativePointerManager)
    {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_zwp_relative_pointer_manager_v1(), version: version, id: id,
        implementation: RelativePointerResource.managerImplementation)
    }
    addGlobal(tactile_iface_zwp_pointer_constraints_v1(), version: GlobalVersions.pointerConstraints) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_zwp_pointer_constraints_v1(), version: version, id: id,
        implementation: PointerConstraint.managerImplementation)
    }
    addGlobal(tactile_iface_zwp_idle_inhibit_manager_v1(), version: GlobalVersions.idleInhibitManager) {
      client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_zwp_idle_inhibit_manager_v1(), version: version, id: id,
        implementation: IdleInhibitorResource.managerImplementation)
    }
    addGlobal(
      tactile_iface_zwp_keyboard_shortcuts_inhibit_manager_v1(),
      version: GlobalVersions.shortcutsInhibitManager
    ) { client, data, version, id in
      FakeCompositor.from(data).bindPlain(
        client: client, interface: tactile_iface_zwp_keyboard_shortcuts_inhibit_manager_v1(),
        version: version,
        id: id, implementation: ShortcutInhibitorResource.managerImplementation)
    }
  }
}
