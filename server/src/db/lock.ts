import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite has no cross-process lock and a second writer silently loses data,
 * so one process owns a data directory through an exclusive lock file holding its pid.
 */
export function lockDataDirectory(directory: string): () => void {
  mkdirSync(directory, { recursive: true }); // a first start names a directory that does not exist yet
  const lockPath = join(directory, "server.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number(readFileSync(lockPath, "utf8"));
      if (isRunning(owner)) {
        throw new Error(`The data directory ${directory} is in use by process ${owner}. Stop it or set DATA_DIR.`, { cause: error });
      }
      rmSync(lockPath, { force: true }); // stale lock from a process that died
    }
  }
  throw new Error(`Could not lock ${directory}`);
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
