import CWaylandClient
import CWaylandProtocols

func probeInterfaceName() -> String {
  String(cString: tactile_iface_xdg_wm_base().pointee.name)
}
