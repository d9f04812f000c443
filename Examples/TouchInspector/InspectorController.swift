import Foundation
import Tactile

/// The inspector: the ``TouchCanvas`` fills the window, with a pan, a pinch and a long press on it
/// that recognize together and leave its touches to it; along the top, the ``RecognizerPanel`` that
/// shows them, the ``LatencyGraph`` of the window's presented frames, and the Record button with the
/// trace file's path under it.
///
/// The recognizers neither cancel nor delay the canvas's touches, so it sees every touch whatever they
/// recognize. The Record button starts recording the session's input into a new trace file in
/// ``recordingDirectory`` (``/TactileWayland/WaylandDisplay/startRecording(toFile:)``) and, pressed
/// again, stops it; the file is what `TACTILE_RECORD` writes, for `tactile-compositor --replay`.
/// Every recognizer state change and recording step is passed to ``report`` (`pan began`,
/// `recording PATH`, `saved PATH`).
@MainActor final class InspectorController: ViewController, GestureRecognizerDelegate {
  /// Receives one line per change; the app prints them.
  var report: (String) -> Void = { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) }
  /// Where the Record button writes its trace files (`touch-inspector-N.jsonl`, the lowest N not there
  /// yet): `TMPDIR`, else `/tmp`.
  var recordingDirectory = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"

  let canvas = TouchCanvas(frame: Rect(x: 0, y: 0, width: 640, height: 480))
  let panel = RecognizerPanel(frame: Rect(x: 8, y: 8, width: 250, height: 92))
  let graph = LatencyGraph(frame: Rect(x: 266, y: 8, width: 250, height: 92))
  let recordButton = Button(frame: Rect(x: 524, y: 8, width: 108, height: 44))
  /// What is being recorded or was saved, under the top row.
  let recordingLabel = Label(frame: Rect(x: 8, y: 104, width: 624, height: 20))
  /// The canvas's recognizers, by the name the panel shows.
  let recognizers: [(name: String, recognizer: GestureRecognizer)] = [
    ("pan", PanGestureRecognizer()), ("pinch", PinchGestureRecognizer()),
    ("long press", LongPressGestureRecognizer()),
  ]

  override func loadView() {
    view = canvas
  }

  override func viewDidLoad() {
    // Step 1: the recognizers, which recognize together and leave every touch to the canvas.
    for (name, recognizer) in recognizers {
      recognizer.cancelsTouchesInView = false
      recognizer.delaysTouchesEnded = false
      recognizer.delegate = self
      recognizer.addAction { [unowned self] recognizer in
        report("\(name) \(recognizer.state)")
        refreshPanel()
      }
      canvas.addGestureRecognizer(recognizer)
    }
    canvas.onChange = { [unowned self] in refreshPanel() }
    // Step 2: the overlays along the top.
    recordButton.setTitle("Record", for: .normal)
    recordButton.backgroundColor = Color(white: 0.88)
    recordButton.addAction(ClosureAction { [unowned self] _ in toggleRecording() }, for: .touchUpInside)
    recordingLabel.font = .system(size: 12)
    recordingLabel.text = "not recording"
    for overlay in [panel, graph, recordButton, recordingLabel] as [View] { canvas.addSubview(overlay) }
    refreshPanel()
    graph.show(PresentationStatistics())
  }

  // Step 3: the graph follows the window's presented frames.
  override func viewDidAppear(_ animated: Bool) {
    view.window?.onFramePresented = { [weak self] _ in
      guard let self, let window = view.window else { return }
      graph.show(window.presentationStatistics)
    }
  }

  private func refreshPanel() {
    panel.show(recognizers, touches: canvas.liveTouches, number: canvas.number(of:))
  }

  // Step 4: Record starts a trace file, Stop closes it.
  private func toggleRecording() {
    guard let display = view.window?.waylandDisplay else { return }
    if let path = display.recordingPath {
      display.stopRecording()
      recordButton.setTitle("Record", for: .normal)
      recordingLabel.text = "saved \(path)"
      report("saved \(path)")
      return
    }
    let path = nextTracePath()
    do {
      try display.startRecording(toFile: path)
      recordButton.setTitle("Stop", for: .normal)
      recordingLabel.text = "recording to \(path)"
      report("recording \(path)")
    } catch {
      recordingLabel.text = "cannot record: \(error)"
      report("cannot record: \(error)")
    }
  }

  /// `touch-inspector-N.jsonl` in ``recordingDirectory``, for the lowest N from 1 with no such file.
  private func nextTracePath() -> String {
    let directory = URL(filePath: recordingDirectory)
    return (1...).lazy.map { directory.appending(path: "touch-inspector-\($0).jsonl").path }.first {
      !FileManager.default.fileExists(atPath: $0)
    }!
  }

  func gestureRecognizer(
    _ gestureRecognizer: GestureRecognizer, shouldRecognizeSimultaneouslyWith other: GestureRecognizer
  ) -> Bool { true }
}
