import CSystem

/// The instruction set `Blend`'s compositing kernels run with.
///
/// The library is built for the x86-64 baseline (SSE2); the wider kernels are `CSystem`'s, compiled
/// for their instruction set and chosen at run time by ``detected``. Every set computes exactly the
/// same pixels, so the choice changes speed only. A kernel function takes the set as a parameter that
/// defaults to ``detected``, which is how the tests run each set on one machine.
enum BlendKernels: Int, Comparable, CaseIterable, Sendable {
  /// SSE2: the Swift kernels of `Blend`, four pixels per instruction.
  case portable
  /// AVX2: eight pixels per instruction, channels split into even and odd 16-bit lanes.
  case avx2
  /// AVX-512 (BW and VL): sixteen pixels per instruction, in the AVX2 kernels' layout.
  case avx512

  /// The widest set this CPU runs (asked once).
  static let detected: BlendKernels =
    tactile_cpu_has_avx512bw() != 0 ? .avx512 : tactile_cpu_has_avx2() != 0 ? .avx2 : .portable

  /// Whether this CPU runs the set.
  var isSupported: Bool { self <= Self.detected }

  static func < (a: BlendKernels, b: BlendKernels) -> Bool { a.rawValue < b.rawValue }
}
