import path from "node:path";
import { RuleTester } from "eslint";
import { describe, it } from "vitest";
import { importZones } from "./import-zones.js";

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = path.resolve(import.meta.dirname, "../..");
const at = (file: string) => path.join(root, file);
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2023, sourceType: "module" } });

tester.run("project/import-zones", importZones, {
  valid: [
    { filename: at("src/features/forms/list/FormList.tsx"), code: 'import { x } from "../editor/form-editor.machine";' },
    { filename: at("src/features/forms/FormList.tsx"), code: 'import { paths } from "../../shared/paths";' },
    { filename: at("src/features/forms/FormList.tsx"), code: 'import { useApi } from "../../api/api-context";' },
    { filename: at("src/app/SignedInRoutes.tsx"), code: 'const page = import("../features/forms/FormList");' },
    { filename: at("src/shared/ui/Thing.tsx"), code: 'import { Button } from "@mantine/core";' },
    { filename: at("tests/support/render.tsx"), code: 'import { x } from "../../src/features/session/token";' },
    { filename: at("src/features/audit/AuditList.test.tsx"), code: 'import { ngoRoutes } from "../ngos/ngo.routes";' },
    { filename: at("src/observer-app/app/observer-services.ts"), code: 'import { createApiClient } from "../../api/client";' },
    { filename: at("src/observer-app/i18n/observer-i18n.ts"), code: 'import { isLocale } from "../../shared/i18n/locales";' },
  ],
  invalid: [
    { filename: at("src/features/forms/list/FormList.tsx"), code: 'import { x } from "../../answers/AnswerList";', errors: 1 },
    { filename: at("src/features/forms/FormList.tsx"), code: 'export { x } from "../ngos/ngos.actors";', errors: 1 },
    { filename: at("src/features/forms/FormList.tsx"), code: 'import { AppLayout } from "../../app/AppLayout";', errors: 1 },
    { filename: at("src/shared/ui/Thing.tsx"), code: 'import { x } from "../../features/ngos/NgoRow";', errors: 1 },
    { filename: at("src/shared/machines/list.machine.ts"), code: 'import { x } from "../../app/theme";', errors: 1 },
    { filename: at("src/api/client.ts"), code: 'const m = import("../features/session/session.machine");', errors: 1 },
    { filename: at("src/features/audit/AuditList.tsx"), code: 'import { ngoRoutes } from "../ngos/ngo.routes";', errors: 1 },
    { filename: at("src/features/audit/AuditList.test.tsx"), code: 'import { NgoShow } from "../ngos/NgoShow";', errors: 1 },
    { filename: at("src/observer-app/app/ObserverApp.tsx"), code: 'import { theme } from "../../app/theme";', errors: 1 },
    { filename: at("src/observer-app/forms/FormPage.tsx"), code: 'import { x } from "../../features/forms/list/FormList";', errors: 1 },
    { filename: at("src/shared/ui/Thing.tsx"), code: 'import { x } from "../../observer-app/outbox/outbox-item";', errors: 1 },
  ],
});
