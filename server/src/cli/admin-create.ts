// Creates the first organizer of a deployment: an active organizer NGO (or an existing NGO of that name) and an admin
// account in it. A PostgreSQL deployment starts without demo data, so this is how its first person signs in.
//   ADMIN_PASSWORD=… npm run admin:create -- --ngo "Code for Romania" --short-name C4R --account coordonator
// Without ADMIN_PASSWORD the password is read from standard input (typed without echo on a terminal).
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { readConfig } from "../config.ts";
import { openDatabase } from "../db/database.ts";
import { lockDataDirectory } from "../db/lock.ts";
import { migrate } from "../db/migrate.ts";
import { PASSWORD_COST } from "../auth/password.ts";
import { operatorScope } from "../auth/scope.ts";
import { insertNgoAdmin } from "../ngos/admin-store.ts";
import { insertNgo } from "../ngos/store.ts";
import { ProblemError } from "../problem.ts";

const { values } = parseArgs({
  options: { ngo: { type: "string" }, "short-name": { type: "string" }, account: { type: "string" } },
});
const ngoName = values.ngo?.trim();
const account = values.account?.trim();
if (!ngoName || !account || /\s/.test(account)) {
  console.error('Usage: npm run admin:create -- --ngo "NGO name" [--short-name ABBR] --account NAME   (password: ADMIN_PASSWORD or stdin)');
  process.exit(2);
}
const password = process.env.ADMIN_PASSWORD ?? (await readPassword());
if (password.length < 8) {
  console.error("The password needs at least 8 characters.");
  process.exit(2);
}

const config = readConfig();
const unlock = config.databaseUrl.startsWith("pglite:") ? lockDataDirectory(config.dataDir) : () => {};
const database = await openDatabase(config.databaseUrl);
try {
  await migrate(database);
  const existing = await database.db.selectFrom("ngo").select(["id", "organizer"]).where("name", "=", ngoName).executeTakeFirst();
  const ngo = existing ?? (await insertNgo(database.db, { name: ngoName, shortName: values["short-name"]?.trim() || ngoName, organizer: true, isActive: true }, "operator"));
  if (existing && !existing.organizer) console.warn(`Note: the NGO "${ngoName}" exists and is not an organizer; the admin sees only its data.`);
  const admin = await insertNgoAdmin(database.db, operatorScope(ngo.id), account, password, "operator", PASSWORD_COST);
  console.log(`Created admin "${admin.account}" (id ${admin.id}) in NGO "${ngoName}" (id ${ngo.id}). Sign in with it on /login.`);
} catch (error) {
  console.error(error instanceof ProblemError ? error.body.detail : error);
  process.exitCode = 1;
} finally {
  await database.close();
  unlock();
}

/** One line from standard input; on a terminal the typed characters are not shown. */
async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    for await (const line of createInterface({ input: process.stdin })) return line;
    return "";
  }
  process.stdout.write("Password for the new admin: ");
  process.stdin.setRawMode(true);
  const typed = await new Promise<string>((resolve) => {
    let text = "";
    process.stdin.on("data", (chunk: Buffer) => {
      for (const char of chunk.toString("utf8")) {
        if (char === "\r" || char === "\n") return resolve(text);
        if (char === "\u0003") process.exit(130);
        text = char === "\u007f" ? text.slice(0, -1) : text + char;
      }
    });
  });
  process.stdin.setRawMode(false);
  process.stdin.pause();
  process.stdout.write("\n");
  return typed;
}
