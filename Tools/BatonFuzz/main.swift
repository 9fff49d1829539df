// baton-fuzz: a seeded mutation loop over GraphQL documents, feeding GraphQLSyntax.
//
//   swift run -c release baton-fuzz --iterations 1000000 --seed 1
//
// Every input must either parse, print and parse back to the same syntax tree, or be
// rejected with a SyntaxError at a real line and column. A crash or hang is a finding;
// so is a document whose printed form does not parse back to itself. The same seed
// gives the same inputs, so `--show I` prints input I of a run and `--trace` finds the
// input a crash happened on.

import Foundation
import GraphQLSyntax

func fuzz(_ arguments: FuzzArguments, _ seeds: SeedCorpus) -> Int32 {
  var random = FuzzRandom(seed: arguments.seed)
  var campaign = FuzzCampaign()
  let watchdog = Watchdog(limit: 10)
  if arguments.show == nil { watchdog.start(seed: arguments.seed) }
  let started = Date()
  for iteration in 0..<arguments.iterations {
    let input = Mutator.mutate(seeds.pick(&random), other: seeds.pick(&random), &random)
    let options = FuzzCampaign.options(&random)
    if let show = arguments.show {
      if iteration == show {
        FileHandle.standardOutput.write(Data(input))
        return 0
      }
      continue
    }
    if arguments.trace {
      FileHandle.standardError.write(Data("\(iteration)\n".utf8))
    }
    watchdog.begin(iteration)
    campaign.check(input, options: options, iteration: iteration)
    if (iteration + 1) % 250_000 == 0 {
      // Written unbuffered, so that progress shows when stdout is a pipe or a log file.
      FileHandle.standardOutput.write(Data("baton-fuzz: \(iteration + 1) inputs, \(campaign.findings.count) findings\n".utf8))
    }
  }
  for finding in campaign.findings.prefix(10) {
    print("FINDING \(finding)")
  }
  print(String(
    format: "baton-fuzz: %d inputs (seed %llu, %d seeds): %d parsed and round-tripped (%d through print_ast's shorthand ambiguity, definition by definition; %d also printed with their comments), %d rejected at a line:column, %d findings, slowest input %.2f ms CPU (#%d), %.1f s",
    arguments.iterations, arguments.seed, seeds.small.count + seeds.large.count, campaign.parsed,
    campaign.ambiguous, campaign.commented, campaign.rejected, campaign.findings.count, campaign.slowest.seconds * 1000,
    campaign.slowest.iteration, Date().timeIntervalSince(started)))
  return campaign.findings.isEmpty ? 0 : 1
}

do {
  let arguments = try FuzzArguments(Array(CommandLine.arguments.dropFirst()))
  let seeds = try SeedCorpus.load(arguments.corpus)
  if seeds.isEmpty {
    throw FuzzError(description: "no seed documents in \(arguments.corpus.map(\.path)); run Tools/test.sh first")
  }
  exit(fuzz(arguments, seeds))
} catch {
  FileHandle.standardError.write(Data("baton-fuzz: \(error)\n".utf8))
  exit(2)
}
