import { expect } from "vitest";
import type { components } from "../../../openapi/schema.d.ts";

export type ApiNgo = components["schemas"]["Ngo"];
export type ApiObserver = components["schemas"]["Observer"];

export interface Account {
  user: string;
  password: string;
}

/** The served product's API as the browser journeys use it around the screens: sign in, then read what was stored. */
export function productApi(baseUrl: string) {
  return {
    tokenFor: async (account: Account): Promise<string> => {
      const response = await fetch(`${baseUrl}/api/v2/access/authorize`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(account),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { access_token: string }).access_token;
    },
    get: async <T>(token: string, path: string, query: Record<string, string | number> = {}): Promise<T> => {
      const url = new URL(path, baseUrl);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, String(value));
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).toBe(200);
      return (await response.json()) as T;
    },
  };
}
