"""Reads and drives the Settings example's list through AT-SPI2 with pyatspi (the library Orca uses).

Run inside a private D-Bus session with an accessibility bus (Tests/Accessibility/run does that), after
`swift build`. Checks what a screen reader sees of a TableView and its presentations: the Table
interface (rows, one column, the cell at a row, the row's section header), the Selection interface
(selecting a child selects its row and signals state-changed:selected and selection-changed), the
children-changed events with the child and its index when an alert covers the screen, the alert's role
and modality, and that doAction on its Cancel button dismisses it. Prints one line per check and exits
1 when any failed.
"""

import pyatspi

from lane import check, find, pump, run_example, wait_for


def log_lines(log_path):
    return open(log_path).read().splitlines()


def run(log_path):
    desktop = pyatspi.Registry.getDesktop(0)
    app = wait_for("the app on the desktop",
                   lambda: next((a for a in desktop if a is not None and a.name == "Settings"), None))
    frame = app[0]
    table = wait_for("the list", lambda: find(frame, "list"))
    rows = table.queryTable()
    check("the table has a row for every row of its sections, in one column",
          (rows.nRows, rows.nColumns) == (4, 1), f"{rows.nRows} x {rows.nColumns}")
    first = rows.getAccessibleAt(0, 0)
    check("the cell at row 0 is a list item named by its labels",
          first is not None and first.getRoleName() == "list item" and first.name == "Wallpaper, ›",
          f"{first and first.getRoleName()} {first and first.name!r}")
    header = rows.getRowHeader(3)
    check("row 3's header is its section's header", header is not None and header.name == "GENERAL",
          f"{header and header.name!r}")

    events = []
    pyatspi.Registry.registerEventListener(
        lambda e: events.append((e.type, e.source, e.detail1, e.any_data)),
        "object:children-changed", "object:state-changed:selected", "object:selection-changed")

    # Selection: selecting "About" (child 4: the DISPLAY header, two rows, the GENERAL header, About).
    children = [table[i] for i in range(table.childCount)]
    about = next(c for c in children if c.name.startswith("About"))
    index = children.index(about)
    check("selecting a child through Selection succeeds", table.querySelection().selectChild(index))
    wait_for("the selected state", lambda: about.getState().contains(pyatspi.STATE_SELECTED))
    pump(0.3)
    check("selecting signals state-changed:selected on the cell",
          any(t == "object:state-changed:selected" and s == about and d == 1 for t, s, d, _ in events),
          str(events))
    check("selecting signals selection-changed on the table",
          any(t == "object:selection-changed" and s == table for t, s, _, _ in events), str(events))
    check("the table reports one selected child and row",
          table.querySelection().nSelectedChildren == 1 and list(rows.getSelectedRows()) == [2],
          f"{table.querySelection().nSelectedChildren} {list(rows.getSelectedRows())}")

    # An alert covers the screen: the frame's children change to the alert alone.
    before = frame.childCount
    del events[:]
    reset = next(c for c in children if c.name.startswith("Reset All Settings"))
    reset.queryAction().doAction(0)
    wait_for("the alert", lambda: "alert=shown" in log_lines(log_path))
    alert = wait_for("the alert in the tree", lambda: find(frame, "alert", "Reset all settings?"))
    pump(0.5)
    added = [(d, a) for t, s, d, a in events if t == "object:children-changed:add" and s == frame]
    check("the alert's arrival is signalled as a child added to the frame, with its index",
          any(a == alert and d == 0 for d, a in added), str(added))
    check("the alert is the frame's only child (it is modal)",
          before > 1 and frame.childCount == 1 and frame[0] == alert, f"{before} -> {frame.childCount}")
    names = [alert[i].name for i in range(alert.childCount)]
    check("the alert reads its title, message and buttons",
          names == ["Reset all settings?", "All settings return to defaults.", "Reset", "Cancel"], str(names))
    relations = [(r.getRelationType(), [r.getTarget(i) for i in range(r.getNTargets())])
                 for r in alert.getRelationSet()]
    title = alert[0]
    check("the alert is labelled by its title, which is its label",
          (pyatspi.RELATION_LABELLED_BY, [title]) in relations
          and any(r.getRelationType() == pyatspi.RELATION_LABEL_FOR and r.getTarget(0) == alert
                  for r in title.getRelationSet()), str(relations))
    cancel = find(alert, "push button", "Cancel")
    cancel.queryAction().doAction(0)
    wait_for("the cancellation", lambda: "reset=cancelled" in log_lines(log_path))
    wait_for("the list back in the tree", lambda: find(frame, "list") is not None)
    check("doAction on the alert's Cancel button dismisses it", find(frame, "alert") is None)


if __name__ == "__main__":
    run_example("Settings", run)
