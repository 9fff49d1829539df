// The umbrella: `import Baton` gives what app code writes — the environment, handles,
// snapshots, phases, fetch states and failures, policies, transports, persistence, heal
// policies and log events — and nothing of how records are stored or read. Generated code
// imports BatonNormalizer itself; a team that wants fewer modules imports the ones it picks.
@_exported import BatonHeal
@_exported import BatonImage
@_exported import BatonStore
@_exported import BatonTransport
