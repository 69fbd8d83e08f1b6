import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { compress } from "hono/compress";
import { getConnInfo } from "@hono/node-server/conninfo";
import { hasRole, loadPrincipal, type Principal } from "./auth/principal.ts";
import { verifyToken } from "./auth/token.ts";
import { RequestAbandonedError, requestSignal } from "./db/abandoned-requests.ts";
import { observerReports } from "./db/staff-first.ts";
import { isRoundArchived } from "./db/violations.ts";
import { resolveClientAddress } from "./http/client-address.ts";
import { loadContract, type Contract, type Operation } from "./http/contract.ts";
import type { AppDependencies } from "./deps.ts";
import type {
  AdminContext,
  AdminHandler,
  AdminHandlers,
  Handler,
  Handlers,
  OperationId,
  RequestContext,
} from "./http/handler.ts";
import { createValidators, type OperationValidators } from "./http/validation.ts";
import { parseClientJson } from "./http/json.ts";
import { accessHandlers } from "./access/routes.ts";
import { attachmentHandlers } from "./attachments/routes.ts";
import { assignmentHandlers } from "./assignments/routes.ts";
import { auditHandlers } from "./audit/routes.ts";
import { coverageHandlers } from "./coverage/routes.ts";
import { formAdminHandlers, formHandlers } from "./forms/routes.ts";
import { healthHandlers } from "./health/routes.ts";
import { liveHandlers } from "./live/routes.ts";
import { ngoAdminHandlers } from "./ngos/admin-routes.ts";
import { ngoHandlers } from "./ngos/routes.ts";
import { notificationHandlers } from "./notifications/routes.ts";
import { observerAppHandlers } from "./observer-app/routes.ts";
import { observerHandlers } from "./observers/routes.ts";
import { observerOutboxHandlers } from "./observer-outbox/routes.ts";
import { pollingStationAdminHandlers, pollingStationHandlers } from "./polling-stations/routes.ts";
import { databaseUnavailable, fail, isDatabaseUnavailable, problem, problemResponse, ProblemError } from "./problem.ts";
import { archivedRound, resolveRound } from "./rounds/resolve.ts";
import { roundAdminHandlers, roundHandlers } from "./rounds/routes.ts";
import { answerAdminHandlers, answerHandlers } from "./reports/answers/routes.ts";
import { noteAdminHandlers, noteHandlers } from "./reports/notes/routes.ts";
import { triageHandlers } from "./reports/triage/routes.ts";
import { serveSpa } from "./static.ts";
import { statisticsHandlers } from "./statistics/routes.ts";
import { visitAdminHandlers, visitHandlers } from "./visits/routes.ts";

const handlers: Handlers = {
  ...accessHandlers,
  ...healthHandlers,
  ...pollingStationHandlers,
  ...formHandlers,
  ...visitHandlers,
  ...answerHandlers,
  ...noteHandlers,
  ...attachmentHandlers,
  ...roundHandlers,
  ...observerAppHandlers,
};
const adminHandlers: AdminHandlers = {
  ...ngoHandlers,
  ...ngoAdminHandlers,
  ...observerHandlers,
  ...observerOutboxHandlers,
  ...assignmentHandlers,
  ...pollingStationAdminHandlers,
  ...formAdminHandlers,
  ...answerAdminHandlers,
  ...visitAdminHandlers,
  ...noteAdminHandlers,
  ...statisticsHandlers,
  ...coverageHandlers,
  ...notificationHandlers,
  ...triageHandlers,
  ...liveHandlers,
  ...auditHandlers,
  ...roundAdminHandlers,
};

const MiB = 1024 * 1024;
// A station import's file is at most 20 MiB (import-form.ts); the body adds the multipart envelope and `columns`.
// An outbox file is at most 60 MiB (observer-outbox/outbox-file.ts), with the multipart envelope.
const bodyLimits: Partial<Record<OperationId, number>> = {
  importObservers: 5 * MiB,
  createNote: 52 * MiB,
  importPollingStations: 21 * MiB,
  importObserverOutbox: 61 * MiB,
};
const DEFAULT_BODY_LIMIT = 1 * MiB;

/** Builds the whole server with no side effects: routes, roles and validation all come from the contract. */
export function createApp(deps: AppDependencies, contract: Contract = loadContract()): Hono {
  checkAdminOnly(contract);
  const app = new Hono();
  app.use(compress());
  // API answers carry accounts, phones and tokens: no cache may keep them, unless the handler says otherwise
  // (signed attachment URLs may be cached privately while they are valid).
  app.use("/api/*", async (c, next) => {
    await next();
    if (!c.res.headers.has("cache-control")) c.res.headers.set("cache-control", "no-store");
  });
  const validators = createValidators(contract);
  // Static segments must win over parameters (/form/order before /form/{id}).
  const operations = [...contract.operations].sort((a, b) => a.path.split("{").length - b.path.split("{").length);
  for (const operation of operations) {
    const limit = bodyLimits[operation.operationId as OperationId] ?? DEFAULT_BODY_LIMIT;
    app.on(
      operation.method,
      operation.routePath,
      bodyLimit({
        maxSize: limit,
        onError: () => problemResponse(problem(413, "payload_too_large", `The request body exceeds ${limit} bytes.`)),
      }),
      (c) => {
        const serve = () => requestSignal.run(c.req.raw.signal, () => handle(c, operation, validators.get(operation.operationId)!, deps));
        return reportsOnly(operation) ? observerReports.run(true, serve) : serve();
      },
    );
  }
  app.all("/api/*", () => problemResponse(problem(404, "not_found", "There is no such API operation.")));
  if (deps.config.staticDir) serveSpa(app, deps.config.staticDir);
  app.onError((error) => {
    if (error instanceof ProblemError) return problemResponse(error.body, error.headers);
    // Nobody reads this answer: the client closed the connection (nginx logs the same as 499).
    if (error instanceof RequestAbandonedError) return new Response(null, { status: 499 });
    if (isDatabaseUnavailable(error)) {
      console.warn(`The database is unavailable: ${error.message}`);
      const { body, headers } = databaseUnavailable();
      return problemResponse(body, headers);
    }
    // Until every write names its round and checks it first (issue 27), the database's guard is the last word.
    if (isRoundArchived(error)) return problemResponse(archivedRound().body);
    console.error(error);
    return problemResponse(problem(500, "internal", "The server could not complete the request."));
  });
  return app;
}

/** Operations only observers call: what they report waits behind the staff's requests on the embedded database. */
const reportsOnly = (operation: Operation) => operation.roles !== null && operation.roles.every((role) => role === "observer");

/** A handler that expects an admin must serve an operation that observers cannot call, and the other way round. */
export function checkAdminOnly(contract: Contract, admin: AdminHandlers = adminHandlers, other: Handlers = handlers): void {
  for (const operation of contract.operations) {
    const id = operation.operationId as OperationId;
    if (operation.adminOnly ? other[id] : admin[id]) {
      const expected = operation.adminOnly ? "an admin handler" : "a handler without an admin";
      throw new Error(`${id}: its x-roles call for ${expected}.`);
    }
  }
}

async function handle(c: Context, operation: Operation, validators: OperationValidators, deps: AppDependencies) {
  const { principal, tokenExpiresAt } = operation.roles ? await authenticate(c.req.header("authorization"), operation, deps) : anonymous;

  const path = validators.path(c.req.param());
  const query = validators.query(c.req.queries());
  const body = await readJsonBody(c, operation, validators);
  const errors = { ...(path.ok ? {} : path.errors), ...(query.ok ? {} : query.errors), ...(body.ok ? {} : body.errors) };
  if (Object.keys(errors).length > 0) throw fail.validation(errors);

  const id = operation.operationId as OperationId;
  const handler = operation.adminOnly ? adminHandlers[id] : handlers[id];
  if (!handler) {
    return problemResponse(problem(501, "not_implemented", `${operation.operationId} is specified but not implemented yet.`));
  }
  const queryValues = query.ok ? query.value : {};
  const asked = queryValues.electionRoundId as number | undefined;
  const round = operation.round === "scoped" ? await resolveRound(deps.db, asked, principal, operation.method !== "GET") : null;
  const context = {
    path: path.ok ? path.value : {},
    query: queryValues,
    body: body.ok ? body.value : undefined,
    request: c.req.raw,
    clientAddress: clientAddress(c, deps),
    tokenExpiresAt,
    round,
    deps,
  };
  if (!operation.adminOnly) return (handler as Handler<OperationId>)({ ...context, principal } as RequestContext<OperationId>);
  // authenticate() has checked x-roles, which leave observers out; this only narrows the type.
  if (principal?.kind !== "admin") throw fail.forbidden("Only NGO admins may do this.");
  return (handler as AdminHandler<OperationId>)({ ...context, admin: principal } as AdminContext<OperationId>);
}

const anonymous = { principal: null, tokenExpiresAt: null };

async function authenticate(header: string | undefined, operation: Operation, deps: AppDependencies): Promise<{ principal: Principal; tokenExpiresAt: Date }> {
  const token = /^Bearer ([^\s]+)$/i.exec(header ?? "")?.[1];
  const claims = token ? verifyToken(deps.config.token, token, deps.clock()) : null;
  const principal = claims ? await loadPrincipal(deps.db, claims) : null;
  if (!claims || !principal) throw fail.unauthorized();
  if (!hasRole(principal, operation.roles!)) throw fail.forbidden();
  return { principal, tokenExpiresAt: claims.expiresAt };
}

async function readJsonBody(c: Context, operation: Operation, validators: OperationValidators) {
  if (!operation.bodyMediaTypes.includes("application/json")) return { ok: true as const, value: undefined };
  const contentType = c.req.header("content-type") ?? "";
  if (!/^application\/([\w.+-]*\+)?json\b/i.test(contentType)) {
    throw fail.validation({ body: [{ code: "type", message: "must be sent as application/json" }] });
  }
  let text: string;
  try {
    text = await c.req.text();
  } catch {
    throw fail.validation({ body: [{ code: "type", message: "is not well-formed JSON" }] }, "The request body is not valid JSON.");
  }
  // Depth is bounded on the text, before anything (ajv, the string checks) walks the parsed value.
  return validators.json(parseClientJson(text));
}

function clientAddress(c: Context, deps: AppDependencies): string {
  let socketAddress: string;
  try {
    socketAddress = getConnInfo(c).remote.address ?? "unknown";
  } catch {
    socketAddress = "in-process";
  }
  return deps.config.trustedProxies ? resolveClientAddress(socketAddress, c.req.header("x-forwarded-for"), deps.config.trustedProxies) : socketAddress;
}
