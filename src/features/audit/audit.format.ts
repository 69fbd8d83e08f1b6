const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A changed value that is an instant (the server writes dates in ISO 8601). */
export const isInstant = (value: string) => ISO_INSTANT.test(value);
