"""Reads the TextAndControls example's window through AT-SPI2 with pyatspi (the library Orca uses).

Run inside a private D-Bus session with an accessibility bus (Tests/Accessibility/run does that). It
starts Tactile's fake compositor with the example (built beforehand by `swift build`), finds the app on
the accessibility desktop, and checks what a screen reader would see and do: the roles, names and states
of the controls and the field's accessible id; that an action on the switch and a value set on the
slider change the app's state (the state line it prints); that text set through EditableText lands in the field; and that focus events
follow the first responder. Prints one line per check and exits 1 when any failed.
"""

import pyatspi

from lane import check, failures, find, pump, run_example, wait_for


def last_state(log_path):
    lines = [line for line in open(log_path).read().splitlines() if line.startswith("text=")]
    return lines[-1] if lines else ""


def run(log_path):
    desktop = pyatspi.Registry.getDesktop(0)
    app = wait_for("the app on the desktop",
                   lambda: next((a for a in desktop if a is not None and a.name == "Text and controls"), None))
    check("the application is named by its window", app.getRoleName() == "application")
    frame = app[0]
    check("its window is a frame named by its title",
          frame.getRoleName() == "frame" and frame.name == "Text and controls", f"{frame.getRoleName()} {frame.name!r}")
    check("the key window is active", frame.getState().contains(pyatspi.STATE_ACTIVE))

    entry = find(frame, "entry", "Type here")
    toggle = find(frame, "toggle button", "On or off")
    slider = find(frame, "slider", "Level")
    buttons = [find(frame, "push button", n) for n in ("Select All", "Copy", "Paste")]
    check("the field is an entry named by its placeholder", entry is not None)
    check("the switch is a toggle button with its label", toggle is not None)
    check("the slider is a slider with its label", slider is not None)
    check("the edit buttons are push buttons named by their titles", all(buttons))
    if failures:
        return
    states = entry.getState()
    check("the entry is editable, single-line and focusable",
          all(states.contains(s) for s in (pyatspi.STATE_EDITABLE, pyatspi.STATE_SINGLE_LINE,
                                           pyatspi.STATE_FOCUSABLE, pyatspi.STATE_ENABLED)))
    check("the switch is checkable and not checked",
          toggle.getState().contains(pyatspi.STATE_CHECKABLE) and not toggle.getState().contains(pyatspi.STATE_CHECKED))
    check("the entry's accessible id is its accessibilityIdentifier",
          entry.get_accessible_id() == "message", repr(entry.get_accessible_id()))
    extents = entry.queryComponent().getExtents(pyatspi.WINDOW_COORDS)
    check("the entry's extents are its frame in the window",
          (extents.x, extents.y, extents.width, extents.height) == (16, 16, 300, 40), str(extents))

    # Focus events follow the first responder: the entry's action focuses it.
    events = []
    pyatspi.Registry.registerEventListener(lambda e: events.append((e.type, e.source.name, e.detail1)),
                                           "object:state-changed:focused", "focus:")
    action = entry.queryAction()
    check("the entry offers a click action", action.nActions >= 1 and action.getName(0) == "click")
    action.doAction(0)
    pump(1.0)
    check("focusing the entry signals its focused state",
          ("object:state-changed:focused", "Type here", 1) in events, str(events))
    check("the entry reports the focused state", entry.getState().contains(pyatspi.STATE_FOCUSED))

    # Text set through EditableText lands in the field, and the app sees it as an edit.
    entry.queryEditableText().setTextContents("hello")
    wait_for("the edited text in the app's state", lambda: last_state(log_path).startswith("text=hello "))
    check("text set through EditableText reaches the app", True)
    text = entry.queryText()
    check("the Text interface reads the field's text and caret",
          text.getText(0, -1) == "hello" and text.caretOffset == 5, f"{text.getText(0, -1)!r} {text.caretOffset}")

    # doAction on the edit buttons: their nil-target actions reach the focused field through the
    # responder chain (Select All, Copy, then Paste at the end: the text doubles).
    select_all, copy, paste = (b.queryAction() for b in buttons)
    select_all.doAction(0)
    copy.doAction(0)
    text.setCaretOffset(5)
    paste.doAction(0)
    wait_for("the pasted text in the app's state", lambda: last_state(log_path).startswith("text=hellohello "))
    check("doAction on the edit buttons changes the app's state", True)

    # doAction on the switch toggles it.
    toggle.queryAction().doAction(0)
    wait_for("the switch on in the app's state", lambda: " switch=on " in last_state(log_path))
    check("doAction on the switch changes the app's state", True)
    check("the switch now reports checked", toggle.getState().contains(pyatspi.STATE_CHECKED))

    # The slider's Value interface sets its value as a drag would.
    value = slider.queryValue()
    check("the slider's range is its minimum and maximum",
          (value.minimumValue, value.maximumValue) == (0.0, 1.0))
    value.currentValue = 0.5
    wait_for("the slider's value in the app's state", lambda: " slider=0.50 " in last_state(log_path))
    check("setting the slider's value through Value changes the app's state", True)


if __name__ == "__main__":
    run_example("TextAndControls", run)
