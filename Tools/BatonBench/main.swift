// baton-bench: Baton's speed, side by side with its peers, as ratios.
//
//   swift run -c release baton-bench            every benchmark
//   swift run -c release baton-bench parse      the named ones
//   baton-bench --codegen-operations 30         the operations `codegen` generates code for
//
// Fixtures come from ../shared/fixtures (or $BATON_FIXTURES). Each case runs in a child
// process of this executable so that its peak memory is its own. `scale` takes its sizes in
// $BATON_SCALE_ROUNDS rounds (3 unless set).

import Foundation

let benchmarks: [(name: String, run: () throws -> Void)] = [
  ("parse", ParseBench.run),
  ("normalize", NormalizeBench.runNormalize),
  ("read", NormalizeBench.runRead),
  ("schema", SchemaBench.runSchema),
  ("validate", SchemaBench.runValidate),
  ("store", StoreBench.run),
  ("image", ImageBench.run),
  ("scale-image", ImageScaleBench.run),
  ("store-scale", StoreScaleBench.run),
  ("store-budget", StoreBudgetBench.run),
  ("codegen", CodegenBench.run),
  ("network", NetworkBench.run),
  ("upload", UploadBench.run),
  ("inspect", InspectBench.run),
  ("pagination", PaginationBench.run),
  ("live", LiveBench.run),
  ("fetch", FetchBench.run),
  // The whole scale measure: every size of the GitHub response, then the 100,000-record image.
  ("scale", { try ScaleBench.run(); try ImageScaleBench.run() }),
]

let childCases = ParseBench.childCases.merging(NormalizeBench.childCases) { first, _ in first }
  .merging(SchemaBench.childCases) { first, _ in first }
  .merging(StoreBench.childCases) { first, _ in first }
  .merging(ImageBench.childCases) { first, _ in first }
  .merging(ImageScaleBench.childCases) { first, _ in first }
  .merging(InspectBench.childCases) { first, _ in first }
  .merging(PaginationBench.childCases) { first, _ in first }
  .merging(LiveBench.childCases) { first, _ in first }
  .merging(LiveDeferBench.childCases) { first, _ in first }

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == ScaleBench.childFlag {
  exit(ScaleBench.childMain(Array(arguments.dropFirst())))
}
if arguments.first == UploadBench.childFlag {
  exit(UploadBench.childMain(Array(arguments.dropFirst())))
}
if arguments.first == FetchBench.childFlag {
  exit(FetchBench.childMain(Array(arguments.dropFirst())))
}
if arguments.first == StoreScaleBench.childFlag {
  exit(StoreScaleBench.childMain(Array(arguments.dropFirst())))
}
if arguments.first == BenchChild.flag {
  exit(BenchChild.main(Array(arguments.dropFirst()), cases: childCases))
}
if arguments.first == CodegenBench.operationsFlag {
  exit(CodegenBench.printOperations(Array(arguments.dropFirst())))
}
let known = Set(benchmarks.map(\.name))
if let unknown = arguments.first(where: { !known.contains($0) }) {
  FileHandle.standardError.write(Data("baton-bench: unknown benchmark '\(unknown)'; known: \(benchmarks.map(\.name).joined(separator: ", "))\n".utf8))
  exit(2)
}
var failed = false
for bench in benchmarks where arguments.isEmpty || arguments.contains(bench.name) {
  print("== \(bench.name)")
  do {
    try bench.run()
  } catch {
    failed = true
    FileHandle.standardError.write(Data("baton-bench \(bench.name): \(error)\n".utf8))
  }
}
exit(failed ? 1 : 0)
