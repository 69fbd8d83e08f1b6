import { Trans } from "@lingui/react/macro";
import { modals } from "@mantine/modals";
import type { ApiClient } from "../../api/client";
import type { NgoAdmin } from "./ngos.actors";
import { NgoAdminPassword } from "./NgoAdminPassword";

/** Opens the reset-password modal of one admin account (needs the shell's ModalsProvider and Notifications). */
export function openNgoAdminPassword(admin: NgoAdmin, api: ApiClient): string {
  const modalId = `ngo-admin-password-${admin.id}`;
  return modals.open({
    modalId,
    title: <Trans id="RESET_PASSWORD">Reset password</Trans>,
    children: <NgoAdminPassword admin={admin} api={api} onClose={() => modals.close(modalId)} />,
  });
}
