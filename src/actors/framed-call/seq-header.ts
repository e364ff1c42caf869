/** The header that numbers the frames of one framed answer (0, 1, 2, …): agents' commands, tool calls. */
export const SEQ_HEADER = "as-seq";
