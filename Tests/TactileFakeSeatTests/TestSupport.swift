import CSystem
import Glibc

func tactileMemfd() -> Int32 { tactile_memfd_create("tactile-test") }

func ftruncateFD(_ fd: Int32, _ size: Int) -> Int32 { ftruncate(fd, off_t(size)) }
