import CSystem
import Foundation
import Glibc

func tactileMemfd() -> Int32 { tactile_memfd_create("tactile-test") }

func ftruncateFD(_ fd: Int32, _ size: Int) -> Int32 { ftruncate(fd, off_t(size)) }

/// The directory that holds the package's built products (the test bundle's directory).
var productsDirectory: String {
  (CommandLine.arguments[0] as NSString).deletingLastPathComponent
}
