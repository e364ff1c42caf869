import { readOptions, type OptionTable, type ReadOption } from "./option-table.js";
import { clusterHas, isDeniedLongOption } from "./options.js";
import type { ShellWord } from "./shell-word.js";

/** How one program's arguments are judged; `stdinArgs` when `xargs` adds unseen arguments. */
export type ArgumentRule = (args: readonly ShellWord[], stdinArgs: boolean) => boolean;

/**
 * Programs without any option that writes a file, runs another program or changes the system:
 * no argument can make them harmful, not even an expansion or a glob.
 */
export const anyArguments: ArgumentRule = () => true;

/**
 * Programs judged on their literal arguments: an expansion, a glob before `--`, or an argument
 * `xargs` adds could be the option that writes (`rg $OPTS` with `OPTS=--pre=sh`, `rg foo *`
 * with a file named `--pre=sh`).
 */
export function literal(check: (values: readonly string[]) => boolean): ArgumentRule {
  return (args, stdinArgs) => {
    if (stdinArgs) return false;
    const values: string[] = [];
    let afterDashDash = false;
    for (const arg of args) {
      if (arg.value === null || (arg.glob && !afterDashDash)) return false;
      if (arg.value === "--") afterDashDash = true;
      values.push(arg.value);
    }
    return check(values);
  };
}

/**
 * Literal arguments without the given long options (or abbreviations), short letters, or other
 * refused words.
 */
export function without(
  longOptions: readonly string[],
  letters = "",
  refuse: (value: string) => boolean = () => false,
): ArgumentRule {
  return literal((values) =>
    values.every(
      (v) => !isDeniedLongOption(v, longOptions) && !clusterHas(v, letters) && !refuse(v),
    ),
  );
}

/** Exactly one of the given argument lists. */
export function exactly(...forms: readonly (readonly string[])[]): ArgumentRule {
  return literal((values) =>
    forms.some((form) => form.length === values.length && form.every((v, i) => v === values[i])),
  );
}

/** The first arguments name a read-only subcommand; the rest are judged by `rest`. */
export function subcommand(
  forms: readonly (readonly string[])[],
  rest: ArgumentRule = anyArguments,
): ArgumentRule {
  return (args, stdinArgs) => {
    for (const form of forms) {
      const matches = form.every((v, i) => {
        const word = args[i];
        return word !== undefined && word.value === v && !word.glob;
      });
      if (matches) {
        return rest(args.slice(form.length), stdinArgs);
      }
    }
    return false;
  };
}

/** How {@link options} judges what the option table accepted. */
export interface OptionRuleExtras {
  /** Whether options may follow operands (GNU); `false` for POSIX-style programs. */
  readonly permute?: boolean;
  /** A check of the operands (`uniq`'s second operand is an output file). */
  readonly operands?: (operands: readonly ShellWord[]) => boolean;
  /** A check of the options read (values that change the system, like `date -s`). */
  readonly options?: (options: readonly ReadOption[]) => boolean;
}

/**
 * Programs with an allow-list of harmless options (departure 1: options that write, run or
 * change the system are simply not in the table). Arguments `xargs` appends may be options, so
 * they are allowed only after a literal `--`, and never when the operands are checked.
 */
export function options(table: OptionTable, extras: OptionRuleExtras = {}): ArgumentRule {
  return (args, stdinArgs) => {
    const reading = readOptions(args, table, extras.permute ?? true);
    if (reading === null) return false;
    if (stdinArgs && (!reading.endedByDashDash || extras.operands !== undefined)) return false;
    if (extras.operands !== undefined && !extras.operands(reading.operands)) return false;
    return extras.options?.(reading.options) ?? true;
  };
}
