import type { ApiClient } from "../../api/client";
import { expectData } from "../../api/problem";
import type { components } from "../../../openapi/schema.d.ts";

type Form = components["schemas"]["Form"];

/** A prefetched form older than this is fetched again: the editor must open on the server's current version. */
const FRESH_MS = 10_000;

let prefetched: { id: number; at: number; form: Promise<Form> } | undefined;

/**
 * Starts loading a form while the editor's code is still on its way (the first screen of a visit to
 * /formulare/:formId), so that the two wait side by side rather than one after the other.
 */
export function prefetchForm(api: ApiClient, id: number, now = Date.now()): void {
  const form = expectData(api.GET("/api/v1/form/{id}", { params: { path: { id } } }));
  form.catch(() => undefined); // taken, or forgotten: the editor reports its own load's failure
  prefetched = { id, at: now, form };
}

/** The prefetched form `id`, once, if it is fresh; otherwise undefined and the editor loads it itself. */
export function takePrefetchedForm(id: number, now = Date.now()): Promise<Form> | undefined {
  const taken = prefetched;
  prefetched = undefined;
  return taken && taken.id === id && now - taken.at < FRESH_MS ? taken.form : undefined;
}
