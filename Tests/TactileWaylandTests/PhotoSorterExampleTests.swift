import Foundation
import TactileFakeSeat
import TactileTesting
import Testing

/// The PhotoSorter example, run as a separate process under the fake seat: photos dragged by touch
/// from the tray to the album (one more added in flight by a tap), and text dragged in by another
/// program.
@MainActor @Suite struct PhotoSorterExampleTests {
  /// The script that holds photo 1 (long press), taps photo 3 into the drag with a second finger and
  /// drops both on the album, for the window at (`x`, `y`).
  static func dragTwoPhotos(x: Int, y: Int) -> String {
    """
    touch down 1 \(x + 73) \(y + 94)
    wait 700ms
    touch move 1 \(x + 120) \(y + 120)
    touch frame
    tap \(x + 257) \(y + 94)
    touch move 1 \(x + 420) \(y + 200)
    touch frame
    touch up 1
    touch frame
    """
  }

  /// Runs `script` and waits until the example printed the state line `line`.
  static func expectState(_ line: String, after script: String, in session: FakeSeatSession) throws {
    try session.run(script)
    try session.compositor.pump(until: "the state '\(line)'") {
      session.log(of: "PhotoSorter").split(separator: "\n").last.map(String.init) == line
    }
  }

  @Test func photosMoveBetweenThePanelsByDragAndTextFromAnotherProgramBecomesAPhoto() throws {
    let session = try FakeSeatSession()
    try session.launch([FingerPaintExampleTests.executable("PhotoSorter").path])
    let window = try session.waitForWindow()
    let (x, y) = (Int(window.x!), Int(window.y!))
    // Photo 1 held in the tray, photo 3 tapped with a second finger, both dropped on the album.
    try Self.expectState("tray=2,4,5,6 album=1,3", after: Self.dragTwoPhotos(x: x, y: y), in: session)
    // Text dragged over the album by another program is copied in as photo 7.
    try Self.expectState(
      "tray=2,4,5,6 album=1,3,7",
      after: """
        dnd text \(x + 630) \(y + 470) a postcard
        dnd move \(x + 450) \(y + 300)
        wait 100ms
        dnd move \(x + 455) \(y + 300)
        wait 100ms
        dnd drop
        """, in: session)
    #expect(session.compositor.dragOutcomes.last == .finished(action: 1))
  }
}
