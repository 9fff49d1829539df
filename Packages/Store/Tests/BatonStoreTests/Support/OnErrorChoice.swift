import BatonNormalizer

/// Chooses the `onError` a test operation is compiled with.
protocol OnErrorChoice: Sendable {
  static var mode: OnErrorMode { get }
}

enum PropagateErrors: OnErrorChoice { static let mode = OnErrorMode.propagate }
enum NullErrors: OnErrorChoice { static let mode = OnErrorMode.null }
enum HaltErrors: OnErrorChoice { static let mode = OnErrorMode.halt }
