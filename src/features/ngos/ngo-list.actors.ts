import type { ApiClient } from "../../api/client";
import { expectData } from "../../api/problem";
import { fromAbortablePromise } from "../../shared/machines/from-abortable-promise";

// The resource machine holds `unknown` data: selectNgos and selectNgoAdmins (ngo-list.selectors.ts) read it back typed.

/** The resource machine's loader for every NGO (listNgos: the contract answers them all at once, unpaged). */
export function createNgoListLoader(api: ApiClient) {
  return {
    actors: {
      load: fromAbortablePromise<unknown>(({ signal }) => expectData(api.GET("/api/v1/ngo", { signal }))),
    },
  };
}

/** The resource machine's loader for one NGO's admin accounts (listNgoAdmins). */
export function createNgoAdminListLoader(api: ApiClient, ngoId: number) {
  return {
    actors: {
      load: fromAbortablePromise<unknown>(({ signal }) =>
        expectData(api.GET("/api/v1/ngo/{id}/admins", { params: { path: { id: ngoId } }, signal })),
      ),
    },
  };
}
