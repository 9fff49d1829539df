import BatonCodegen

extension BatonConfig {
  /// The baton.json at `path`, or `nil` once its error is on standard error: what a
  /// command does before anything else when it is given a config.
  static func load(path: String, reportingTo output: inout CommandOutput) -> BatonConfig? {
    do throws(ConfigError) {
      return try BatonConfig.load(path: path)
    } catch {
      output.standardError += error.description + "\n"
      return nil
    }
  }
}
