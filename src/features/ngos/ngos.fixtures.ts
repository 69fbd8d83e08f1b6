/**
 * Test fixtures for the NGO screens: a fake server that answers the NGO and NGO-admin endpoints from in-memory
 * lists the way the contract says, records every call, and lets a test override any answer ("METHOD /path").
 * The observers list (where a delete leads) answers empty.
 */
import type { Ngo, NgoAdmin } from "./ngos.actors";

export interface NgoCall {
  method: string;
  path: string;
  body: unknown;
}

export function makeNgos(): Ngo[] {
  return [
    { id: 1, name: "Code for Romania", shortName: "CfR", organizer: true, isActive: true },
    { id: 2, name: "Asociația Observatorilor", shortName: "", organizer: false, isActive: false },
  ];
}

export function makeAdmins(): NgoAdmin[] {
  return [
    { id: 7, ngoId: 2, account: "admin.ao", createdAt: "2024-05-02T09:00:00Z" },
    { id: 8, ngoId: 2, account: "ioana.ao", createdAt: "2024-05-03T09:00:00Z" },
  ];
}

export function problem(status: number, code: string) {
  return Response.json({ type: `urn:problem:${code}`, title: code, status, code }, {
    status,
    headers: { "Content-Type": "application/problem+json" },
  });
}

export function createFakeNgoApi(overrides: Record<string, () => Response> = {}) {
  const ngos = makeNgos();
  let admins = makeAdmins();
  const calls: NgoCall[] = [];

  function answer(method: string, path: string, body: Record<string, unknown>): Response {
    const ngoMatch = /^\/api\/v1\/ngo\/(\d+)(\/.*)?$/.exec(path);
    const id = ngoMatch ? Number(ngoMatch[1]) : null;
    const rest = ngoMatch?.[2] ?? "";
    const ngo = ngos.find((candidate) => candidate.id === id);
    if (path === "/api/v1/observer") return Response.json({ page: 1, pageSize: 20, totalItems: 0, totalPages: 1, data: [] });
    if (path === "/api/v1/observer/count") return Response.json({ count: 0 });
    if (path === "/api/v1/ngo" && method === "GET") return Response.json(ngos);
    if (path === "/api/v1/ngo" && method === "POST") return Response.json({ id: 3, ...body }, { status: 201 });
    if (path === "/api/v1/ngo" && method === "PUT") {
      const { idNgo, ...fields } = body;
      return Response.json({ id: idNgo, ...fields });
    }
    if (!ngo) return problem(404, "not_found");
    if (rest === "" && method === "GET") return Response.json(ngo);
    if (rest === "" && method === "DELETE") return new Response(null, { status: 204 });
    if (rest === "/status") return Response.json(Object.assign(ngo, { isActive: body.isActive }));
    if (rest === "/organizer") return Response.json(Object.assign(ngo, { organizer: body.isOrganizer }));
    if (rest === "/admins" && method === "GET") return Response.json(admins.filter((admin) => admin.ngoId === ngo.id));
    if (rest === "/admins" && method === "POST") {
      const admin = { id: 9, ngoId: ngo.id, account: String(body.account), createdAt: "2024-06-01T09:00:00Z" };
      admins = [...admins, admin];
      return Response.json(admin, { status: 201 });
    }
    const adminMatch = /^\/admins\/(\d+)(\/password)?$/.exec(rest);
    if (adminMatch && method === "PUT") return new Response(null, { status: 204 });
    if (adminMatch && method === "DELETE") {
      admins = admins.filter((admin) => admin.id !== Number(adminMatch[1]));
      return new Response(null, { status: 204 });
    }
    return problem(404, "not_found");
  }

  const fetch = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const text = request.method === "GET" || request.method === "DELETE" ? "" : await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    calls.push({ method: request.method, path: `${url.pathname}${url.search}`, body: text ? body : null });
    const override = overrides[`${request.method} ${url.pathname}`];
    return override ? override() : answer(request.method, url.pathname, body);
  };

  return {
    /** Plays the server; wrap it in withAccountChecks for renderApp. */
    fetch,
    calls,
    /** Every call that changes something, in order. */
    writes: () => calls.filter((call) => call.method !== "GET"),
    /** How many times the NGO list was requested. */
    listLoads: () => calls.filter((call) => call.method === "GET" && call.path === "/api/v1/ngo").length,
  };
}
