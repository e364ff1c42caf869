/** What a footprint worker reports to the runner, once. */
export type FootprintReply =
  | {
      kind: "measured";
      setup: string;
      count: number;
      /** `heapUsed` after building the instances minus before, both after full collections. */
      heapBytes: number;
      /** The same for `external` (array buffers and other memory outside the JS heap). */
      externalBytes: number;
      /** Wall time to build the instances, in ms (not a result: a note on the run's length). */
      buildMs: number;
    }
  | { kind: "error"; message: string };
