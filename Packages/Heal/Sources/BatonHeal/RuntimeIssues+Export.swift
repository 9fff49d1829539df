// Runtime issues are raised by the environment, so they live in BatonStore; code that
// imports only BatonHeal (for `RuntimeIssues.withHandler` in a test) still sees them.
@_exported import enum BatonStore.RuntimeIssues
@_exported import struct BatonStore.RuntimeIssue
