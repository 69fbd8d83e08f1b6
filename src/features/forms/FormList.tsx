// The lazily loaded entry of /formulare (src/app/SignedInRoutes.tsx): the list itself lives in ./list.
export { FormList } from "./list/FormList";
