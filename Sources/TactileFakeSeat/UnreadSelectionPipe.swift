import Glibc

/// The read end of a pipe a selection owner was asked to write into, which nobody reads
/// (``FakeCompositor/requestSelectionWithoutReading(_:mimeType:)``): it shows whether the writer still
/// holds its end and how much it wrote. The fd is closed when this is released.
public final class UnreadSelectionPipe {
  private let readEnd: Int32

  init(readEnd: Int32) {
    self.readEnd = readEnd
  }

  deinit {
    close(readEnd)
  }

  /// Whether the writer still has its end open (no hang-up yet).
  public var hasWriter: Bool {
    var status = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
    _ = poll(&status, 1, 0)
    return status.revents & Int16(POLLHUP) == 0
  }

  /// The bytes written into the pipe (none are ever read).
  public var writtenBytes: Int {
    var unread: Int32 = 0
    _ = ioctl(readEnd, UInt(FIONREAD), &unread)
    return Int(unread)
  }
}
