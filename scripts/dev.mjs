// Development: the API server (restarts on change) on :8080 and Vite with hot reload on :5173, proxying /api.
import { spawn } from "node:child_process";

const children = [
  spawn("tsx", ["watch", "server/src/main.ts"], { stdio: "inherit", env: { ...process.env, STATIC_DIR: "none" } }),
  spawn("vite", [], { stdio: "inherit" }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
children.forEach((child) => child.once("exit", stop));
