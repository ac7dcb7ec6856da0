const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids arrive from URLs and headers; a malformed one is simply not found (a uuid column would reject it). */
export const isUuid = (value: string): boolean => uuidPattern.test(value);
