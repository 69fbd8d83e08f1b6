import { loadContract, type Contract, type Operation } from "../src/http/contract.ts";
import { createResponseValidator } from "../src/http/validation.ts";

/**
 * Checks an answer of the server against the contract: a status, media type or body the contract does not declare
 * throws. Shared by the server suites (harness.ts) and the SPA's test server (tests/support/test-server.ts), so that
 * both hold the server to the same contract.
 */
export function createContractChecker(contract: Contract = loadContract()) {
  const validateResponse = createResponseValidator(contract);
  const routes = contract.operations.map((operation) => ({
    operation,
    pattern: new RegExp(`^${operation.path.replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));

  function findOperation(method: string, path: string): Operation | undefined {
    const bare = path.split("?")[0]!;
    const candidates = routes.filter((route) => route.operation.method === method && route.pattern.test(bare));
    // Prefer the most specific template (fewest parameters), as the router does.
    return candidates.sort((a, b) => a.operation.path.split("{").length - b.operation.path.split("{").length)[0]?.operation;
  }

  return async function checkResponse(method: string, path: string, response: Response): Promise<void> {
    const operation = findOperation(method, path);
    // Operations not built yet answer 501 by design until their issue lands; the contract describes the finished API.
    if (!operation || response.status === 501) return;
    const mediaType = (response.headers.get("content-type") ?? "").split(";")[0]!.trim();
    // An event stream does not end: its status and media type are checked, its events by the tests that read them.
    const body: unknown = mediaType.includes("json")
      ? await response.clone().json()
      : mediaType === "text/event-stream" ? "" : mediaType.startsWith("text/") ? await response.clone().text() : undefined;
    const errors = validateResponse(operation.operationId, response.status, mediaType || "none", body);
    if (errors.length > 0) {
      throw new Error(`${method} ${path} → ${response.status} breaks the contract: ${errors.join("; ")}\n${JSON.stringify(body)}`);
    }
  };
}
