import Foundation

/// Prints one state line (`key=value`) on standard output, where the example's test reads it.
func report(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
