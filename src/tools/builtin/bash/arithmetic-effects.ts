import type { Node } from "web-tree-sitter";

/** Node types an arithmetic expression may contain without reading or assigning a variable. */
const PURE_ARITHMETIC: ReadonlySet<string> = new Set([
  "arithmetic_expansion",
  "number",
  "binary_expression",
  "unary_expression",
  "parenthesized_expression",
  "ternary_expression",
]);

/** Operators that assign inside an arithmetic expression. */
const ARITHMETIC_ASSIGNMENTS = /^(?:[-+*/%&|^]|\*\*|<<|>>)?=$|^(?:\+\+|--)$/;

/**
 * Whether an arithmetic expansion inside `node` assigns or reads a variable (`$((X=1))`,
 * `$[i++]`, `$((x))`). Reading one is not harmless either: bash evaluates a variable's value as
 * an expression in turn, and an array subscript in it runs command substitutions
 * (`x='a[$(id)]'; echo $((x))` runs `id`).
 */
export function hasArithmeticEffects(node: Node): boolean {
  const stack: Node[] = [node];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    if (current.type === "arithmetic_expansion") {
      if (!isPureArithmetic(current)) return true;
      continue;
    }
    for (const child of current.namedChildren) if (child !== null) stack.push(child);
  }
  return false;
}

function isPureArithmetic(expansion: Node): boolean {
  const stack: Node[] = [expansion];
  for (let current = stack.pop(); current !== undefined; current = stack.pop()) {
    for (const child of current.children) {
      if (child === null) continue;
      if (
        child.isNamed ? !PURE_ARITHMETIC.has(child.type) : ARITHMETIC_ASSIGNMENTS.test(child.type)
      ) {
        return false;
      }
      stack.push(child);
    }
  }
  return true;
}
