// Lints openapi/openapi.yaml with Redocly's rule engine (the "recommended" ruleset, warnings included).
import { createConfig, lint } from "@redocly/openapi-core";

const file = "openapi/openapi.yaml";
const config = await createConfig({ extends: ["recommended"] });
const problems = await lint({ ref: file, config });
for (const item of problems) {
  const where = item.location[0]?.pointer ?? "";
  console.log(`${item.severity.padEnd(7)} ${item.ruleId}: ${item.message} ${where}`);
}
const errors = problems.filter((item) => item.severity === "error").length;
const warnings = problems.length - errors;
console.log(`${file}: ${errors} error(s), ${warnings} warning(s)`);
process.exit(problems.length === 0 ? 0 : 1);
