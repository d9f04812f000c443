/// A weak reference, for collections whose entries must not keep their objects alive: a window's
/// references to the responders of its pointers, which may be the window itself.
struct Weak<Object: AnyObject> {
  weak var object: Object?
}
