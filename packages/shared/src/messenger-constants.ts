// The internal messenger's constants without zod: the menu badge, on the chat's first load, reads them.

/** Time-out of the messenger's calls (spec 1 §9 and spec 3 §9: 5 s). */
export const MESSENGER_TIMEOUT_MS = 5000;

/** The company feature flag that turns the internal messenger on (spec 1 §3; allow.internal_messenger). */
export const MESSENGER_FLAG = 'internal_messenger';
