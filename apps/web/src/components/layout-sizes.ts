/** Height of the app header (logo, On-line, Pausar, Sair), in px. */
export const HEADER_HEIGHT = 64;

/** Toasts start this far from the top: below the header, so they never cover its controls. */
export const NOTIFICATIONS_TOP = HEADER_HEIGHT + 12;
