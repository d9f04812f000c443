"""Tactile's interop lane: runs a real client against weston, mutter, KWin and sway, headless, with input
injected by the project's own injectors. See Tests/Interop/README.md."""
