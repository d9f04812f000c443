/// A weak reference, for collections whose entries must not keep their objects alive: a window's
/// references to the responders of its pointers (which may be the window itself), a recognizer's
/// targets and failure requirements, a touch's recognizers.
struct Weak<Object: AnyObject> {
  weak var object: Object?
}
