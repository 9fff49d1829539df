// graphql-js's speed at building a schema from SDL and at validating a document, for
// `baton-bench schema` and `baton-bench validate` to print beside Baton's.
//
//   node graphql-js-schema.js build SCHEMA.graphql
//   node graphql-js-schema.js validate SCHEMA.graphql DOCUMENT.graphql
//
// `build` times buildSchema (parse, SDL validation, build) plus validateSchema, which is
// what Baton's SDL build does. `validate` times validate() of an already parsed document
// against an already built schema. Prints one JSON line: {"version", "seconds" (median
// process CPU time per run), "runs", "errors" (validate only), "peakBytes"}. graphql-js
// is found as graphql-js-parse.js finds it.
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
  process.stderr.write("graphql-js not found: `apt-get install node-graphql`\n");
  process.exit(3);
}

function now() {
  return Number(process.hrtime.bigint()) / 1e9;
}

function cpuSeconds() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

function median(body) {
  for (let i = 0; i < 3; i++) body();
  const times = [];
  const started = now();
  while (times.length < 10 || (now() - started < 3 && times.length < 200)) {
    const start = cpuSeconds();
    body();
    times.push(cpuSeconds() - start);
  }
  times.sort((a, b) => a - b);
  return { seconds: times[Math.floor(times.length / 2)], runs: times.length };
}

function main() {
  const [mode, schemaFile, documentFile] = process.argv.slice(2);
  if (!mode || !schemaFile || (mode === "validate" && !documentFile)) {
    process.stderr.write("usage: node graphql-js-schema.js build|validate SCHEMA [DOCUMENT]\n");
    process.exit(2);
  }
  const graphql = loadGraphQL();
  const sdl = fs.readFileSync(schemaFile, "utf8");
  let result;
  let errors;
  if (mode === "build") {
    result = median(() => graphql.validateSchema(graphql.buildSchema(sdl)));
  } else {
    const schema = graphql.buildSchema(sdl);
    graphql.assertValidSchema(schema);
    const document = graphql.parse(fs.readFileSync(documentFile, "utf8"));
    errors = graphql.validate(schema, document).length;
    result = median(() => graphql.validate(schema, document));
  }
  process.stdout.write(
    JSON.stringify({
      version: graphql.version,
      seconds: result.seconds,
      runs: result.runs,
      errors,
      peakBytes: process.resourceUsage().maxRSS * 1024,
    }) + "\n"
  );
}

main();
