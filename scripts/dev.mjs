// Development: the API server (restarts on change) on :8080 and Vite with hot reload on :5173, proxying /api.
import { spawn } from "node:child_process";

const children = [
  // Staff open Vite's address, so that is where the links the server writes must lead.
  spawn("tsx", ["watch", "server/src/main.ts"], { stdio: "inherit", env: { PUBLIC_URL: "http://127.0.0.1:5173", ...process.env, STATIC_DIR: "none" } }),
  spawn("vite", [], { stdio: "inherit" }),
];
const stop = () => children.forEach((child) => child.kill("SIGTERM"));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
children.forEach((child) => child.once("exit", stop));
