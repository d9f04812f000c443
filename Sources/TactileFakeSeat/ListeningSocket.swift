import CSystem
import Glibc

/// A Unix socket path the compositor listens on, claimed as libwayland's `wl_display_add_socket` claims
/// one: a lock file beside it (`PATH.lock`, held with `flock` while the compositor lives) says the path is
/// taken, so a second compositor refuses it instead of taking it over.
///
/// Claiming refuses a path whose lock another process holds, a path where something other than a socket
/// is (a regular file is never unlinked), and a socket a server still accepts on; only a stale socket
/// (no lock, nobody listening) is replaced. Both files are removed when the socket goes away.
final class ListeningSocket {
  let path: String
  /// The listening descriptor (non-blocking, close-on-exec); its owner closes it.
  let fd: Int32
  private let lockPath: String
  private let lockFD: Int32

  /// - Throws: ``FakeSeatError/socketInUse(path:)``, ``FakeSeatError/notASocket(path:)`` or
  ///   ``FakeSeatError/systemCallFailed(call:errno:)``.
  init(path: String) throws(FakeSeatError) {
    self.path = path
    lockPath = path + ".lock"
    let lock = open(lockPath, O_CREAT | O_RDWR | O_CLOEXEC, 0o660)
    guard lock >= 0 else { throw .systemCallFailed(call: "open \(lockPath)", errno: errno) }
    do throws(FakeSeatError) {
      guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { throw .socketInUse(path: path) }
      var info = stat()
      if lstat(path, &info) == 0 {
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path: path) }
        guard tactile_unix_socket_is_live(path) == 0 else { throw .socketInUse(path: path) }
        unlink(path)
      }
      let fd = tactile_unix_listen(path)
      guard fd >= 0 else { throw .systemCallFailed(call: "listen \(path)", errno: errno) }
      self.fd = fd
    } catch {
      close(lock)
      throw error
    }
    lockFD = lock
  }

  deinit {
    unlink(path)
    unlink(lockPath)
    close(lockFD)
  }
}
