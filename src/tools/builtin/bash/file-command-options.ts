/**
 * What an option's value is: a file the command reads or writes (`touch -r FILE`), the directory
 * sources go into (`cp -t DIR`), or data (`-m MODE`, `-S SUFFIX`, `--date=STRING`).
 */
export type OptionValue = "path" | "target-directory" | "data";

/** A long option: no value, an optional value (only as `--name=value`), or a required one. */
export type LongOption = "flag" | "optional" | OptionValue;

/** The options of one program, as its getopt reads them. */
export interface FileCommandOptions {
  /** Single-letter options without a value. */
  readonly flags: string;
  /** Single-letter options with a value (attached, `-tDIR`, or the next word, `-t DIR`). */
  readonly valued: Readonly<Record<string, OptionValue>>;
  /** Single-letter options whose value is optional and only ever attached (sed's `-i[SUFFIX]`). */
  readonly optional?: string;
  /** Long options without the leading `--`; unique abbreviations are accepted as getopt does. */
  readonly long: Readonly<Record<string, LongOption>>;
}

const COMMON: Readonly<Record<string, LongOption>> = { help: "flag", version: "flag" };

/** The long options `chown` and `chgrp` share (`chown` adds `--from`). */
const OWNERSHIP: Readonly<Record<string, LongOption>> = {
  ...COMMON,
  changes: "flag",
  silent: "flag",
  quiet: "flag",
  verbose: "flag",
  dereference: "flag",
  "no-dereference": "flag",
  "no-preserve-root": "flag",
  "preserve-root": "flag",
  reference: "path",
  recursive: "flag",
};

/**
 * The options of the file commands, from GNU coreutils 9.1 (`cp --help`, `man cp`, …) plus the
 * later additions of 9.2–9.5 (`--debug`, `--exchange`, `--no-copy`, `--update[=WHEN]`). An option
 * missing here makes the command's targets unknown, never ignored.
 */
export const FILE_COMMAND_OPTIONS: Readonly<Record<string, FileCommandOptions>> = {
  cp: {
    flags: "abdfiHlLnPpRrsTuvxZ",
    valued: { S: "data", t: "target-directory" },
    long: {
      ...COMMON,
      archive: "flag",
      "attributes-only": "flag",
      backup: "optional",
      "copy-contents": "flag",
      debug: "flag",
      dereference: "flag",
      force: "flag",
      interactive: "flag",
      "keep-directory-symlink": "flag",
      link: "flag",
      "no-clobber": "flag",
      "no-dereference": "flag",
      preserve: "optional",
      "no-preserve": "data",
      parents: "flag",
      recursive: "flag",
      reflink: "optional",
      "remove-destination": "flag",
      sparse: "data",
      "strip-trailing-slashes": "flag",
      "symbolic-link": "flag",
      suffix: "data",
      "target-directory": "target-directory",
      "no-target-directory": "flag",
      update: "optional",
      verbose: "flag",
      "one-file-system": "flag",
      context: "optional",
    },
  },
  mv: {
    flags: "bfinTuvZ",
    valued: { S: "data", t: "target-directory" },
    long: {
      ...COMMON,
      backup: "optional",
      debug: "flag",
      exchange: "flag",
      force: "flag",
      interactive: "flag",
      "no-clobber": "flag",
      "no-copy": "flag",
      "strip-trailing-slashes": "flag",
      suffix: "data",
      "target-directory": "target-directory",
      "no-target-directory": "flag",
      update: "optional",
      verbose: "flag",
      context: "flag",
    },
  },
  install: {
    flags: "bcCdDpsTvZ",
    valued: { g: "data", m: "data", o: "data", S: "data", t: "target-directory" },
    long: {
      ...COMMON,
      backup: "optional",
      compare: "flag",
      debug: "flag",
      directory: "flag",
      group: "data",
      mode: "data",
      owner: "data",
      "preserve-timestamps": "flag",
      strip: "flag",
      "strip-program": "data",
      suffix: "data",
      "target-directory": "target-directory",
      "no-target-directory": "flag",
      verbose: "flag",
      "preserve-context": "flag",
      context: "optional",
    },
  },
  ln: {
    flags: "bdFfiLnPrsTv",
    valued: { S: "data", t: "target-directory" },
    long: {
      ...COMMON,
      backup: "optional",
      directory: "flag",
      force: "flag",
      interactive: "flag",
      logical: "flag",
      "no-dereference": "flag",
      physical: "flag",
      relative: "flag",
      symbolic: "flag",
      suffix: "data",
      "target-directory": "target-directory",
      "no-target-directory": "flag",
      verbose: "flag",
    },
  },
  rm: {
    flags: "fiIrRdv",
    valued: {},
    long: {
      ...COMMON,
      force: "flag",
      interactive: "optional",
      "one-file-system": "flag",
      "no-preserve-root": "flag",
      "preserve-root": "optional",
      recursive: "flag",
      dir: "flag",
      verbose: "flag",
    },
  },
  rmdir: {
    flags: "pv",
    valued: {},
    long: { ...COMMON, "ignore-fail-on-non-empty": "flag", parents: "flag", verbose: "flag" },
  },
  mkdir: {
    flags: "pvZ",
    valued: { m: "data" },
    long: { ...COMMON, mode: "data", parents: "flag", verbose: "flag", context: "optional" },
  },
  touch: {
    flags: "acfhm",
    valued: { d: "data", r: "path", t: "data" },
    long: {
      ...COMMON,
      "no-create": "flag",
      date: "data",
      "no-dereference": "flag",
      reference: "path",
      time: "data",
    },
  },
  chmod: {
    flags: "cfvR",
    valued: {},
    long: {
      ...COMMON,
      changes: "flag",
      silent: "flag",
      quiet: "flag",
      verbose: "flag",
      "no-preserve-root": "flag",
      "preserve-root": "flag",
      reference: "path",
      recursive: "flag",
    },
  },
  chown: { flags: "cfvhRHLP", valued: {}, long: { ...OWNERSHIP, from: "data" } },
  chgrp: { flags: "cfvhRHLP", valued: {}, long: OWNERSHIP },
  tee: {
    flags: "aip",
    valued: {},
    long: { ...COMMON, append: "flag", "ignore-interrupts": "flag", "output-error": "optional" },
  },
  truncate: {
    flags: "co",
    valued: { r: "path", s: "data" },
    long: { ...COMMON, "no-create": "flag", "io-blocks": "flag", reference: "path", size: "data" },
  },
  shred: {
    flags: "fuvxz",
    valued: { n: "data", s: "data" },
    long: {
      ...COMMON,
      force: "flag",
      iterations: "data",
      "random-source": "path",
      size: "data",
      remove: "optional",
      verbose: "flag",
      exact: "flag",
      zero: "flag",
    },
  },
  unlink: { flags: "", valued: {}, long: COMMON },
};
