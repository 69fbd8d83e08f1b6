import { describe, expect, it } from "vitest";
import type { ApiClient } from "../../api/client";
import { prefetchForm, takePrefetchedForm } from "./form-prefetch";

/** An API whose GET answers the form with the id asked for, counting the calls. */
function formApi() {
  const asked: number[] = [];
  const api = {
    GET: (_path: string, { params }: { params: { path: { id: number } } }) => {
      asked.push(params.path.id);
      return Promise.resolve({ data: { id: params.path.id }, response: new Response() });
    },
  } as unknown as ApiClient;
  return { api, asked };
}

describe("the form prefetched for the first screen", () => {
  it("is taken once, by the form it was fetched for", async () => {
    const { api, asked } = formApi();
    prefetchForm(api, 7, 1_000);
    expect(takePrefetchedForm(8, 1_000)).toBeUndefined();
    prefetchForm(api, 7, 1_000);
    expect(await takePrefetchedForm(7, 2_000)).toMatchObject({ id: 7 });
    expect(takePrefetchedForm(7, 2_000)).toBeUndefined();
    expect(asked).toEqual([7, 7]);
  });

  it("is not used once it is older than 10 s: the editor loads the current version itself", () => {
    const { api } = formApi();
    prefetchForm(api, 7, 1_000);
    expect(takePrefetchedForm(7, 11_000)).toBeUndefined();
  });
});
