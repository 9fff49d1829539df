// Compiled by Tools/test.sh against the debug and the release build's modules: the live
// inspector exists in the first and not in the second.
import Baton

func probe(_ environment: GraphQLEnvironment) throws {
  _ = try environment.startInspector(port: 0)
}
