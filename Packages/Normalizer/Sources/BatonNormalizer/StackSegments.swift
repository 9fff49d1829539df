// Apple-only in part (Darwin's pthread signatures). Checked by hand against Apple's
// pthread(3) and Darwin's pthread.h as Swift imports them: pthread_create takes a
// `pthread_t?` out-parameter and a start routine whose argument is not optional (Glibc's:
// `pthread_t` and an optional argument); pthread_attr_setstacksize and pthread_join are
// POSIX on every Apple platform at any version. The same code path runs on Linux here.
#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Stacks of their own for the deep end of a recursion, as rustc's `ensure_sufficient_stack`
/// grows its stack: normalizing and reading recurse once per object level, and every
/// `levels` levels they go on on a new thread with a stack of `size` bytes, the caller
/// blocked until it returns. However deep the data, no thread's stack holds more than
/// `levels` levels, so a response nested a thousand objects deep (threaded comments, file
/// trees) normalizes and reads on a 512 KB thread, in a debug build too, which gives every
/// temporary of a function its own stack slot. Data no deeper than `levels` (nearly all)
/// never leaves the caller's thread.
enum StackSegments {
  /// Object levels per stack: a debug read through lists of objects takes about 10 KB a
  /// level, so the levels a caller runs before the first new stack fit in the 512 KB of a
  /// secondary or cooperative thread on Apple platforms with room to spare.
  static let levels = 16

  /// The stack of each new thread: `levels` levels with the same room to spare, and zero
  /// values nesting below them (see `NestingLimit.zeroValues`).
  static let size = 1 << 20

  /// Whether the object entered at `depth` starts a new stack.
  static func startsSegment(_ depth: Int) -> Bool {
    depth % levels == 0
  }

  /// Runs `body` on a new thread with a stack of `size` bytes and returns what it returned,
  /// or `nil` when no thread could be made. The caller waits for the thread to end, so
  /// `body` uses what the caller holds (its `inout` state too) as if it ran in place: one
  /// thread at a time touches it, and the join orders their accesses.
  static func run<T>(_ body: () -> T) -> T? {
    var result: T?
    let ran = withoutActuallyEscaping({ result = body() }) { work in
      start(Work(work))
    }
    return ran ? result : nil
  }

  /// The work a new thread runs; released by that thread before it ends, so that the work
  /// has not escaped once the caller's join returns.
  fileprivate final class Work {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
      self.run = run
    }
  }

  private static func start(_ work: Work) -> Bool {
    var attributes = pthread_attr_t()
    guard pthread_attr_init(&attributes) == 0 else { return false }
    defer { pthread_attr_destroy(&attributes) }
    guard pthread_attr_setstacksize(&attributes, size) == 0 else { return false }
    let context = Unmanaged.passRetained(work).toOpaque()
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    guard pthread_create(&thread, &attributes, runWork, context) == 0 else {
      Unmanaged<Work>.fromOpaque(context).release()
      return false
    }
    #if canImport(Darwin)
      guard let thread else { return false }
    #endif
    return pthread_join(thread, nil) == 0
  }
}

#if canImport(Darwin)
  private func runWork(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<StackSegments.Work>.fromOpaque(context).takeRetainedValue().run()
    return nil
  }
#else
  private func runWork(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    guard let context else { return nil }
    Unmanaged<StackSegments.Work>.fromOpaque(context).takeRetainedValue().run()
    return nil
  }
#endif
