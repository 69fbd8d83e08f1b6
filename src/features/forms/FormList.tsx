// The lazily loaded entry of /formulare (./form.routes.tsx): the list itself lives in ./list.
export { FormList } from "./list/FormList";
