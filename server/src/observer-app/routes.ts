import type { Principal } from "../auth/principal.ts";
import { json, noContent, type Handlers, type JsonResponseOf, roundIdOf } from "../http/handler.ts";
import { deleteSubscription, saveSubscription } from "../notifications/web-push-subscriptions.ts";
import { etagOf, matchesEtag } from "../polling-stations/etag.ts";
import { registryVersion } from "../polling-stations/query.ts";
import { fail } from "../problem.ts";
import { listPublishedForms, publishedFormsVersion } from "./forms.ts";
import { listMyNotifications } from "./notifications.ts";
import { checkSubscriptionEndpoint, checkSubscriptionKeys } from "./push-subscription.ts";
import { readStationRegistry } from "./registry.ts";
import { listMyStations } from "./stations.ts";

/** The caller's observer id; the router has let observers only through (x-roles), this narrows the type. */
function observerOf(principal: Principal | null): number {
  if (principal?.kind !== "observer") throw fail.forbidden("Only observers use the observers' app.");
  return principal.observerId;
}

const notModified = (etag: string) => new Response(null, { status: 304, headers: { etag } });

/**
 * What the observers' app reads: the caller's own stations and notifications, and the round's registry and forms,
 * which the phone keeps and asks for again with their version (a 304 while nothing changed). The round is the
 * router's, which an observer only gets for a round their NGO works in. And the web app's Web Push subscriptions,
 * across rounds: the caller's own only.
 */
export const observerAppHandlers: Handlers = {
  listMyStations: async ({ principal, round, deps }) => {
    const stations = await listMyStations(deps.db, roundIdOf(round), observerOf(principal));
    return json(200, { stations } satisfies JsonResponseOf<"listMyStations", 200>);
  },

  getStationRegistry: async ({ principal, request, round, deps }) => {
    observerOf(principal);
    const roundId = roundIdOf(round);
    // The version before the rows: a change in between labels newer rows with an older ETag, which costs the phone
    // one more download, never a missed change.
    const version = await registryVersion(deps.db, roundId);
    const etag = etagOf(version);
    if (matchesEtag(request.headers.get("if-none-match"), etag)) return notModified(etag);
    const registry = await readStationRegistry(deps.db, roundId);
    return json(200, { version, ...registry } satisfies JsonResponseOf<"getStationRegistry", 200>, { etag });
  },

  listMyForms: async ({ principal, request, round, deps }) => {
    observerOf(principal);
    const roundId = roundIdOf(round);
    // Before the forms, as for the registry: a save in between costs one more download, never a missed change.
    const version = await publishedFormsVersion(deps.db, roundId);
    const etag = etagOf(version);
    if (matchesEtag(request.headers.get("if-none-match"), etag)) return notModified(etag);
    const forms = await listPublishedForms(deps.db, roundId);
    return json(200, { version, forms } satisfies JsonResponseOf<"listMyForms", 200>, { etag });
  },

  listMyNotifications: async ({ principal, query, round, deps }) => {
    const notifications = await listMyNotifications(deps.db, roundIdOf(round), observerOf(principal), query.after);
    return json(200, { notifications } satisfies JsonResponseOf<"listMyNotifications", 200>);
  },

  getPushPublicKey: ({ principal, deps }) => {
    observerOf(principal);
    return json(200, { publicKey: deps.notifications?.webPush?.publicKey ?? null } satisfies JsonResponseOf<"getPushPublicKey", 200>);
  },

  savePushSubscription: async ({ principal, body, deps }) => {
    const observerId = observerOf(principal);
    checkSubscriptionEndpoint(body.endpoint, deps.config.publicUrl ?? "http://127.0.0.1:8080");
    checkSubscriptionKeys(body);
    await saveSubscription(deps.db, observerId, body, deps.clock());
    return noContent();
  },

  deletePushSubscription: async ({ principal, body, deps }) => {
    await deleteSubscription(deps.db, observerOf(principal), body.endpoint);
    return noContent();
  },
};
