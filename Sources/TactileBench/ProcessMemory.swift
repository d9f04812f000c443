import Foundation
import TactileFakeSeat

/// Reads a process's memory figures from `/proc/PID/status`.
enum ProcessMemory {
  /// The peak resident set size so far (`VmHWM`) in kibibytes, or nil if the process is gone.
  static func peakResidentKibibytes(of pid: Int32) -> Int? {
    guard let status = try? TextFile.read(atPath: "/proc/\(pid)/status") else { return nil }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      return Int(line.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces).split(separator: " ")[0])
    }
    return nil
  }
}
