import { z } from 'zod';

// Default zod messages in Brazilian Portuguese; schemas give the spec's text where it has one.
z.config(z.locales.ptBR());

export { z };
