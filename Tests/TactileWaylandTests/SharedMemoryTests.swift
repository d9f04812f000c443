import Glibc
import Testing

@testable import TactileWayland

@MainActor @Suite struct SharedMemoryTests {
  @Test func memoryIsMappedWritableAndSealedAgainstResizing() throws {
    let memory = try SharedMemory(byteCount: 4096)
    memory.baseAddress.storeBytes(of: 0xDEAD_BEEF, as: UInt32.self)
    #expect(memory.baseAddress.load(as: UInt32.self) == 0xDEAD_BEEF)
    // F_GET_SEALS, F_SEAL_SHRINK and F_SEAL_GROW from <linux/fcntl.h>, which Glibc's module omits.
    let seals = fcntl(memory.fileDescriptor, 1034)
    #expect(seals & 2 != 0)
    #expect(seals & 4 != 0)
    #expect(ftruncate(memory.fileDescriptor, 8192) != 0)
  }

  @Test func aSizeThatCannotBeMappedIsATypedErrorNamingMmap() {
    // A memfd may be sized sparsely to Int.max bytes; mapping that much address space always fails.
    #expect(
      throws: WaylandError.sharedMemory(operation: "mmap", reason: "Cannot allocate memory")
    ) {
      try SharedMemory(byteCount: Int.max)
    }
  }

  @Test func aNonPositiveSizeIsATypedError() {
    #expect(throws: WaylandError.sharedMemory(operation: "size", reason: "0 bytes is not a positive size")) {
      try SharedMemory(byteCount: 0)
    }
  }
}
