import Foundation
import TactileFakeSeat

/// Counts the instructions a ``DispatchScene`` executes per event, with valgrind's callgrind (exact and
/// repeatable, unlike time on a shared machine).
///
/// valgrind 3.19 (Debian 12) gives up on the DWARF 5 debug information Swift 6 emits ("unhandled dwarf2
/// abbrev form"), so callgrind runs a copy of the executable without it (`strip --strip-debug`); the
/// symbol table it keeps is all `--toggle-collect` needs.
public enum Callgrind {
  /// Makes the copy of `executable` that callgrind can read and passes its path to `body`; the copy is
  /// removed afterwards.
  ///
  /// - Parameters:
  ///   - executable: The `tactile-bench` executable.
  ///   - body: Runs the measurements with the copy.
  /// - Returns: What `body` returns.
  /// - Throws: ``BenchError/callgrindFailed(_:)`` if `strip` fails; what `body` throws.
  public static func withReadableCopy<T>(of executable: String, _ body: (String) throws -> T) throws -> T {
    let copy = NSTemporaryDirectory() + "tactile-bench-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: copy) }
    guard try run(["strip", "--strip-debug", "-o", copy, executable]) == 0 else {
      throw BenchError.callgrindFailed("strip --strip-debug failed on \(executable)")
    }
    return try body(copy)
  }

  /// Runs `executable dispatch-scene SCENE ROUNDS` under callgrind, collecting only inside
  /// ``benchMeasuredRounds(_:_:)``.
  ///
  /// - Returns: Instructions (`Ir`) per event: the collected total divided by rounds × events per round.
  /// - Throws: ``BenchError/callgrindFailed(_:)`` if valgrind is missing, fails, or wrote no total.
  public static func instructionsPerEvent(
    scene: DispatchScene, rounds: Int, executable: String
  ) throws -> Double {
    let output = NSTemporaryDirectory() + "tactile-callgrind-\(UUID().uuidString).out"
    defer { try? FileManager.default.removeItem(atPath: output) }
    let status = try run([
      "valgrind", "--tool=callgrind", "--collect-atstart=no", "--toggle-collect=*benchMeasuredRounds*",
      "--callgrind-out-file=\(output)", executable, "dispatch-scene", scene.rawValue, String(rounds),
    ])
    guard status == 0 else {
      throw BenchError.callgrindFailed("valgrind exited with status \(status) on \(scene.rawValue)")
    }
    guard let text = try? TextFile.read(atPath: output),
      let total = totalInstructions(inCallgrindOutput: text)
    else { throw BenchError.callgrindFailed("no instruction total in \(output)") }
    return Double(total) / Double(rounds * scene.eventsPerRound)
  }

  /// Runs a command found in `PATH` with its output discarded (waiting on the main thread, where
  /// Foundation's wait does not spin).
  ///
  /// - Returns: Its exit status.
  private static func run(_ arguments: [String]) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch {
      throw BenchError.callgrindFailed("cannot start \(arguments[0]): \(error)")
    }
    process.waitUntilExit()
    return process.terminationStatus
  }

  /// The `Ir` total of a callgrind output file (its `totals:` line, or `summary:` in older formats).
  static func totalInstructions(inCallgrindOutput text: String) -> UInt64? {
    for prefix in ["totals:", "summary:"] {
      for line in text.split(separator: "\n") where line.hasPrefix(prefix) {
        return line.dropFirst(prefix.count).split(separator: " ").first.flatMap { UInt64($0) }
      }
    }
    return nil
  }
}
