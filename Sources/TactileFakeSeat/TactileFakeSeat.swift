import CWaylandServerProtocols

func probeServer() -> String { String(cString: tactile_iface_xdg_wm_base().pointee.name) }
