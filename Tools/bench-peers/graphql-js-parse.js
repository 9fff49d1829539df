// graphql-js's parse speed on one file, for `baton-bench parse` to print beside Baton's.
//
//   node graphql-js-parse.js FILE
//
// Prints one JSON line: {"version", "seconds" (median process CPU time of the timed
// runs, user and system, as baton-bench measures Baton's), "runs",
// "bytes", "peakBytes" (peak resident set size of this process)}. graphql-js is found
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
  const times = [];
  const started = now();
  while (times.length < 10 || (now() - started < 3 && times.length < 200)) {
    const start = cpuSeconds();
    graphql.parse(source);
    times.push(cpuSeconds() - start);
  }
  times.sort((a, b) => a - b);
  const result = {
    version: graphql.version,
    seconds: times[Math.floor(times.length / 2)],
    runs: times.length,
    bytes: Buffer.byteLength(text, "utf8"),
    peakBytes: process.resourceUsage().maxRSS * 1024,
  };
  process.stdout.write(JSON.stringify(result) + "\n");
}

main();
