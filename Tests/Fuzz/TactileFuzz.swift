// tactile-fuzz: the fuzz targets of FuzzTargets.swift. Built plainly (`swift build`), it runs input files
// through a target: `tactile-fuzz TARGET FILE...` (a crash's reproducer). Built by Tests/Fuzz/run with
// `-DTACTILE_FUZZ -sanitize=fuzzer`, libFuzzer drives the target named by $TACTILE_FUZZ_TARGET.
import Glibc

#if TACTILE_FUZZ
  /// libFuzzer's driver (its own `main` is not linked: SwiftPM points `main` at the module's
  /// `tactile_fuzz_main`).
  @_silgen_name("LLVMFuzzerRunDriver")
  func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<Int32>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
  ) -> Int32

  @_cdecl("tactile_fuzz_main")
  public func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in fuzzOneInput(data, size) }
  }

  @_cdecl("LLVMFuzzerTestOneInput")
  public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let name = getenv("TACTILE_FUZZ_TARGET").map { String(cString: $0) } ?? ""
    guard let target = FuzzTargets.all[name] else {
      fatalError("TACTILE_FUZZ_TARGET is not one of \(FuzzTargets.all.keys.sorted())")
    }
    target(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
  }
#else
  /// Runs input files through a target.
  @main struct TactileFuzz {
    static func main() {
      let arguments = Array(CommandLine.arguments.dropFirst())
      guard let name = arguments.first, let target = FuzzTargets.all[name] else {
        print("usage: tactile-fuzz \(FuzzTargets.all.keys.sorted().joined(separator: "|")) FILE...")
        exit(64)
      }
      for path in arguments.dropFirst() {
        guard let file = fopen(path, "rb") else { exit(66) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk[0..<count] }
        fclose(file)
        target(bytes)
      }
    }
  }
#endif
