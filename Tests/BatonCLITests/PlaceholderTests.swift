import Testing
@testable import BatonCLI
