// graphql-js's parse speed on one file, for `baton-bench parse` to print beside Baton's.
//
//   node graphql-js-parse.js FILE
//
// Prints one JSON line: {"version", "cpuSeconds" (median process CPU time of the timed
// runs, user and system, as baton-bench measures Baton's; it includes V8's garbage
// collector threads), "wallSeconds" (median wall-clock time), "runs", "bytes",
// "peakBytes" (peak resident set size of this process)}. graphql-js is found
// through $GRAPHQL_JS (a directory), then `require("graphql")`, then Debian's
// node-graphql package (`apt-get install node-graphql`).
"use strict";

const fs = require("fs");

function loadGraphQL() {
  const candidates = [process.env.GRAPHQL_JS, "graphql", "/usr/share/nodejs/graphql"];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return require(candidate);
    } catch (error) {
      if (error.code !== "MODULE_NOT_FOUND") throw error;
    }
  }
  process.stderr.write(
    "graphql-js not found: install it with `apt-get install node-graphql` " +
      "(or `npm install graphql@16`), or set GRAPHQL_JS to its directory\n"
  );
  process.exit(3);
}

function now() {
  return Number(process.hrtime.bigint()) / 1e9;
}

function cpuSeconds() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

function main() {
  const file = process.argv[2];
  if (!file) {
    process.stderr.write("usage: node graphql-js-parse.js FILE\n");
    process.exit(2);
  }
  const graphql = loadGraphQL();
  const text = fs.readFileSync(file, "utf8");
  const source = new graphql.Source(text, file);

  for (let i = 0; i < 5; i++) graphql.parse(source);
  const cpuTimes = [];
  const wallTimes = [];
  const started = now();
  while (cpuTimes.length < 10 || (now() - started < 3 && cpuTimes.length < 200)) {
    const cpuStart = cpuSeconds();
    const wallStart = now();
    graphql.parse(source);
    wallTimes.push(now() - wallStart);
    cpuTimes.push(cpuSeconds() - cpuStart);
  }
  const median = (times) => times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  const result = {
    version: graphql.version,
    cpuSeconds: median(cpuTimes),
    wallSeconds: median(wallTimes),
    runs: cpuTimes.length,
    bytes: Buffer.byteLength(text, "utf8"),
    peakBytes: process.resourceUsage().maxRSS * 1024,
  };
  process.stdout.write(JSON.stringify(result) + "\n");
}

main();
