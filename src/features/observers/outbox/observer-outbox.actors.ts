import type { ApiClient } from "../../../api/client";
import { expectData } from "../../../api/problem";
import type { components } from "../../../api/schema";

export type OutboxImportReport = components["schemas"]["ObserverOutboxImportReport"];
export type OutboxImportItem = components["schemas"]["ObserverOutboxImportItem"];

/** importObserverOutbox: the file as the observer's phone saved it; the server answers what became of each item. */
export function importObserverOutbox(api: ApiClient, file: File, signal: AbortSignal): Promise<OutboxImportReport> {
  return expectData(
    api.POST("/api/v1/observer-outbox/import", {
      // The contract types the part as a string; the browser sends the File itself.
      body: { file: "" },
      bodySerializer: () => {
        const form = new FormData();
        form.append("file", file, file.name);
        return form;
      },
      signal,
    }),
  );
}
