import Testing
@testable import BatonNormalizer
