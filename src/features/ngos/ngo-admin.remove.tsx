import type { ReactNode } from "react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useApi } from "../../api/api-context";
import { announceFailure, announceRemoval } from "../../shared/ui/toasts";
import { useMutation } from "../../shared/ui/use-mutation";
import { deleteNgoAdmin, type NgoAdmin } from "./ngos.actors";
import { NgoAdminRemove } from "./NgoAdminRemove";
import { ngoErrorMessage } from "./ngos.messages";

/** Removing an admin account, confirmed first; the list reloads (`reload`) whatever the outcome. */
export function useNgoAdminRemove(ngoId: number, reload: () => void): { confirmRemove: (admin: NgoAdmin) => void; dialog: ReactNode } {
  const api = useApi();
  const { i18n } = useLingui();
  const removal = useMutation<NgoAdmin, unknown>({
    confirm: true,
    run: (admin, { signal }) => deleteNgoAdmin(api, ngoId, admin.id, signal),
    onSucceeded: () => {
      announceRemoval(<Trans>The admin account has been removed</Trans>);
      reload();
    },
    onFailed: (_, error) => {
      announceFailure(i18n._(ngoErrorMessage(error)));
      reload();
    },
  });
  return {
    confirmRemove: (admin) => removal.send({ type: "mutation.start", request: admin }),
    dialog: <NgoAdminRemove mutation={removal} />,
  };
}
