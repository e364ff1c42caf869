import type { z } from "zod";
import type { TextOrDataBlockSchema } from "../../src/message/index.js";

/** A text or data block as a test writes it (ids and timestamps optional). */
export type TextOrDataBlockInput = z.input<typeof TextOrDataBlockSchema>;
