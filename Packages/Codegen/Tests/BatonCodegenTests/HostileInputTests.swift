import BatonCodegen
import Foundation
import GraphQLSyntax
import Testing

/// Inputs built to hurt: each ends with a clear error or a quick answer, never a crash
/// or a hang.
@Suite struct HostileInputTests {
  private func schemaErrors(_ sdl: String) -> [String] {
    do {
      _ = try SDLSchemaBuilder.build(sdl: sdl, name: "s")
      return []
    } catch {
      return error.errors.map(\.message)
    }
  }

  @Test func inputTypesInANonNullCycle() {
    let sdl = "type Query { a(x: A): Int }\ninput A { b: B! }\ninput B { c: C! }\ninput C { a: A! }"
    #expect(schemaErrors(sdl) == [
      "Input Object A cannot be provided a finite value because it references itself through fields: A.b, B.c, C.a."
    ])
  }

  @Test func aLongChainOfInputTypesInACycle() {
    let count = 3_000
    var sdl = "type Query { a(x: I0): Int }\n"
    for index in 0..<count { sdl += "input I\(index) { next: I\((index + 1) % count)! }\n" }
    let errors = schemaErrors(sdl)
    #expect(errors.count == 1)
    #expect(errors.first?.hasPrefix("Input Object I0 cannot be provided a finite value") == true)
  }

  @Test func anInterfaceThatImplementsItself() {
    #expect(schemaErrors("type Query { n: N }\ninterface N implements N { id: ID }") == [
      "Type N cannot implement itself because it would create a circular reference."
    ])
  }

  @Test func tenThousandTypes() throws {
    var sdl = "type Query { t0: T0 }\n"
    for index in 0..<10_000 { sdl += "type T\(index) { id: ID next: T\((index + 1) % 10_000) }\n" }
    let start = threadCPUSeconds()
    let schema = try SDLSchemaBuilder.build(sdl: sdl)
    #expect(schema.types.count > 10_000)
    let errors = Validator.validate(source: Source("{ t0 { next { next { id } } } }"), schema: schema)
    #expect(errors.isEmpty)
    #expect(threadCPUSeconds() - start < 10)
  }

  @Test func aFragmentCycle() throws {
    let schema = try SDLSchemaBuilder.build(sdl: "type Query { q: Query a: Int }")
    let document = "{ ...A }\nfragment A on Query { q { ...B } a }\nfragment B on Query { ...A a: q { a } }"
    let errors = Validator.validate(source: Source(document), schema: schema)
    #expect(errors.map(\.message).contains("Cannot spread fragment 'A' within itself via 'B'."))
  }

  /// Two levels a fragment: 45 of them stay within the 100 levels selections may nest.
  @Test func fortyFiveLevelsOfDuplicatedFieldsThroughFragments() throws {
    let schema = try SDLSchemaBuilder.build(sdl: "type Query { q: Query a: Int }")
    var document = "{ ...L0 }\n"
    for level in 0..<45 {
      document += "fragment L\(level) on Query { a a q { ...L\(level + 1) } q { ...L\(level + 1) } }\n"
    }
    document += "fragment L45 on Query { a }\n"
    let start = threadCPUSeconds()
    let errors = Validator.validate(source: Source(document), schema: schema)
    #expect(errors.isEmpty)
    #expect(threadCPUSeconds() - start < 5)
  }

  /// As long a chain as the 100 levels selections may nest allow, with two conflicts a link.
  @Test func aLongChainOfFragments() throws {
    let schema = try SDLSchemaBuilder.build(sdl: "type Query { q: Query a: Int b: Int }")
    let count = 97
    var document = "{ ...F0 }\n"
    for index in 0..<count { document += "fragment F\(index) on Query { a b ...F\(index + 1) }\n" }
    document += "fragment F\(count) on Query { a: q { a } b: q { a } }\n"
    let errors = Validator.validate(source: Source(document), schema: schema)
    #expect(errors.count == Validator.defaultMaxErrors + 1)
    #expect(errors.first?.message.hasPrefix("Fields 'a' conflict because") == true)
    #expect(errors.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
  }

  @Test func fiftyLevelsOfDuplicatedFieldsInline() throws {
    let schema = try SDLSchemaBuilder.build(sdl: "type Query { q: Query a: Int }")
    var document = "a"
    for _ in 0..<50 { document = "a a q { \(document) } q { a }" }
    let errors = Validator.validate(source: Source("{ \(document) }"), schema: schema)
    #expect(errors.isEmpty)
  }

  @Test func twoThousandFieldsWithDuplicates() throws {
    let schema = try SDLSchemaBuilder.build(sdl: "type Query { a: Int b(x: Int): Int c: String }")
    var fields: [String] = []
    for index in 0..<2_000 {
      switch index % 4 {
      case 0: fields.append("a")
      case 1: fields.append("b(x: 1)")
      case 2: fields.append("k\(index % 50): c")
      default: fields.append("a")
      }
    }
    // Thread CPU time, so that other tests running in parallel do not count.
    let start = threadCPUSeconds()
    let clean = Validator.validate(source: Source("{ \(fields.joined(separator: " ")) }"), schema: schema)
    #expect(threadCPUSeconds() - start < 1)
    #expect(clean.isEmpty)
    let conflicting = Validator.validate(
      source: Source("{ \(fields.joined(separator: " ")) k2: a }"), schema: schema)
    #expect(conflicting.count == 20)
    #expect(conflicting.first?.message.hasPrefix("Fields 'k2' conflict because 'c' and 'a' are different fields.") == true)
  }
}

/// CPU time of the calling thread, in seconds.
private func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}
