import { createContext, useContext } from "react";
import type { ApiClient } from "./client";

export const ApiContext = createContext<ApiClient | null>(null);

/** The application's API client, for pages to hand to their actors (`create<Feature>Actors(api)`); components never call it. */
export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error("useApi needs an ApiContext provider");
  return api;
}
