import CSystem
import Glibc

/// A sealed, mapped `memfd`: the memory behind one shm buffer.
///
/// Sealed against shrinking and growing after it is sized, so the compositor can map it without fear of
/// `SIGBUS`. Unmapped and closed when released.
@MainActor
final class SharedMemory {
  let fileDescriptor: Int32
  let baseAddress: UnsafeMutableRawPointer
  let byteCount: Int

  /// Creates, sizes, seals and maps `byteCount` bytes.
  ///
  /// - Throws: ``WaylandError/sharedMemory(operation:reason:)`` naming the call that failed
  ///   (`memfd_create`, `ftruncate`, `F_ADD_SEALS`, `mmap`); nothing is leaked on failure.
  init(byteCount: Int, name: String = "tactile-shm") throws(WaylandError) {
    guard byteCount > 0 else {
      throw .sharedMemory(operation: "size", reason: "\(byteCount) bytes is not a positive size")
    }
    let fd = tactile_memfd_create(name)
    guard fd >= 0 else { throw Self.failure("memfd_create") }
    do throws(WaylandError) {
      baseAddress = try Self.sizeSealAndMap(fd, byteCount)
    } catch {
      close(fd)
      throw error
    }
    fileDescriptor = fd
    self.byteCount = byteCount
  }

  private static func sizeSealAndMap(_ fd: Int32, _ byteCount: Int) throws(WaylandError)
    -> UnsafeMutableRawPointer
  {
    guard ftruncate(fd, off_t(byteCount)) == 0 else { throw failure("ftruncate") }
    guard tactile_memfd_seal(fd) == 0 else { throw failure("F_ADD_SEALS") }
    let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
    guard let mapped, mapped != MAP_FAILED else { throw failure("mmap") }
    return mapped
  }

  isolated deinit {
    munmap(baseAddress, byteCount)
    close(fileDescriptor)
  }

  private static func failure(_ operation: String) -> WaylandError {
    .sharedMemory(operation: operation, reason: WaylandError.text(ofErrno: errno))
  }
}
