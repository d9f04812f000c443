import CSystem
import Foundation
import TactileFakeSeat

/// The process's memory, sampled during long runs to show that it stays flat.
struct MemorySample: CustomStringConvertible {
  /// Resident set size in bytes (`/proc/self/statm`).
  var resident: Int
  /// Bytes handed out by malloc and not freed (`mallinfo2().uordblks`): what a leak makes grow, without
  /// the noise of pages the allocator keeps.
  var allocated: Int

  /// The current values.
  static func now() -> MemorySample {
    MemorySample(resident: residentBytes(), allocated: tactile_malloc_in_use())
  }

  private static func residentBytes() -> Int {
    let statm = (try? TextFile.read(atPath: "/proc/self/statm")) ?? ""
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * sysconf(Int32(_SC_PAGESIZE))
  }

  var description: String {
    "RSS \(Self.megabytes(resident)) MB, malloc in use \(Self.megabytes(allocated)) MB"
  }

  static func megabytes(_ bytes: Int) -> String {
    String(Double(bytes / 10_000) / 100)
  }
}
