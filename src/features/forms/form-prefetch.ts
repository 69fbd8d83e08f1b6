import type { ApiClient } from "../../api/client";
import { expectData } from "../../api/problem";
import { prefetch, takePrefetched } from "../../shared/prefetch";
import type { components } from "../../../openapi/schema.d.ts";

type Form = components["schemas"]["Form"];

const keyOf = (id: number) => `form:${id}`;

/** /formulare/:formId as the first screen of a visit: the form loads while the editor's code does. */
export const prefetchForm = (api: ApiClient, id: number, now?: number) =>
  prefetch(keyOf(id), () => expectData(api.GET("/api/v1/form/{id}", { params: { path: { id } } })), now);

/** The prefetched form `id`, once, if fresh; otherwise undefined and the editor loads it itself. */
export const takePrefetchedForm = (id: number, now?: number) => takePrefetched<Form>(keyOf(id), now);
