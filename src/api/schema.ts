// The contract's types are generated next to the contract (npm run api:types); features read them through src/api.
export type { components, operations, paths } from "../../openapi/schema.d.ts";
