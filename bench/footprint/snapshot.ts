import { readFileSync } from "node:fs";

/** The parts of a `.heapsnapshot` file this reader uses. */
interface HeapSnapshotFile {
  snapshot: {
    meta: {
      node_fields: string[];
      node_types: [string[], ...unknown[]];
      edge_fields: string[];
      edge_types: [string[], ...unknown[]];
    };
  };
  nodes: number[];
  edges: number[];
  strings: string[];
}

/** A reference from one heap object to another. */
export interface HeapEdge {
  /** Property name, or element index as text. */
  name: string;
  /** V8's edge kind: property, element, internal, weak, shortcut, hidden, context. */
  type: string;
  to: number;
}

/** One heap object of a snapshot: what it is, its id (stable within a process) and own size. */
export interface HeapNode {
  type: string;
  name: string;
  id: number;
  selfSize: number;
  /** Outgoing references; `to` is an index into the node list. */
  edges: HeapEdge[];
}

/** Every node of a V8 heap snapshot (`v8.writeHeapSnapshot()`), in file order. */
export function readHeapNodes(path: string): HeapNode[] {
  const file = JSON.parse(readFileSync(path, "utf8")) as HeapSnapshotFile;
  const fields = file.snapshot.meta.node_fields;
  const types = file.snapshot.meta.node_types[0];
  const width = fields.length;
  const at = (field: string): number => {
    const index = fields.indexOf(field);
    if (index < 0) throw new Error(`Heap snapshot without node field '${field}'.`);
    return index;
  };
  const [typeAt, nameAt, idAt, sizeAt] = [at("type"), at("name"), at("id"), at("self_size")];
  const countAt = at("edge_count");
  const edgeFields = file.snapshot.meta.edge_fields;
  const edgeTypes = file.snapshot.meta.edge_types[0];
  const edgeWidth = edgeFields.length;
  const [edgeTypeAt, edgeNameAt, edgeToAt] = ["type", "name_or_index", "to_node"].map((f) =>
    edgeFields.indexOf(f),
  ) as [number, number, number];
  const nodes: HeapNode[] = [];
  let edge = 0;
  for (let i = 0; i < file.nodes.length; i += width) {
    const edges: HeapEdge[] = [];
    const edgeCount = file.nodes[i + countAt] ?? 0;
    for (let k = 0; k < edgeCount; k += 1, edge += edgeWidth) {
      const type = edgeTypes[file.edges[edge + edgeTypeAt] ?? 0] ?? "?";
      const raw = file.edges[edge + edgeNameAt] ?? 0;
      const named = type !== "element" && type !== "hidden";
      edges.push({
        type,
        name: named ? (file.strings[raw] ?? "?") : String(raw),
        to: (file.edges[edge + edgeToAt] ?? 0) / width,
      });
    }
    nodes.push({
      type: types[file.nodes[i + typeAt] ?? 0] ?? "?",
      name: file.strings[file.nodes[i + nameAt] ?? 0] ?? "?",
      id: file.nodes[i + idAt] ?? 0,
      selfSize: file.nodes[i + sizeAt] ?? 0,
      edges,
    });
  }
  return nodes;
}

/** What a node is counted as: its constructor (objects), function name (closures) or kind. */
export function groupOf(node: HeapNode): string {
  switch (node.type) {
    case "string":
    case "concatenated string":
    case "sliced string":
      return `(${node.type})`;
    case "closure":
      return `closure ${node.name === "" ? "(anonymous)" : node.name}`;
    case "object":
      return node.name;
    case "number":
      return "(heap number)";
    default:
      return `(${node.type}) ${node.name}`;
  }
}

/**
 * New bytes (nodes not in `known`) reachable from each root, by the path that first reaches them
 * breadth-first: `field` for what a root's field holds, `field.sub` one level further, deeper
 * nodes counted with the path above them. A node two roots reach is counted once, for the first
 * root; weak references are not followed; pre-existing nodes (shared code, machines, modules) stop
 * the walk, so only what each root added is counted.
 */
export function bytesByPath(
  nodes: readonly HeapNode[],
  roots: readonly number[],
  known: ReadonlySet<number>,
): Map<string, { bytes: number; objects: number }> {
  const claimed = new Uint8Array(nodes.length);
  const totals = new Map<string, { bytes: number; objects: number }>();
  const count = (label: string, node: HeapNode): void => {
    const total = totals.get(label) ?? { bytes: 0, objects: 0 };
    total.bytes += node.selfSize;
    total.objects += 1;
    totals.set(label, total);
  };
  for (const root of roots) {
    const rootNode = nodes[root];
    if (rootNode === undefined || claimed[root] === 1) continue;
    claimed[root] = 1;
    count("(the object itself)", rootNode);
    let frontier: { index: number; label: string; depth: number }[] = [
      { index: root, label: "", depth: 0 },
    ];
    while (frontier.length > 0) {
      const next: typeof frontier = [];
      for (const { index, label, depth } of frontier) {
        for (const edge of nodes[index]?.edges ?? []) {
          const target = nodes[edge.to];
          if (edge.type === "weak" || target === undefined) continue;
          if (claimed[edge.to] === 1 || known.has(target.id)) continue;
          claimed[edge.to] = 1;
          const own = depth === 0 ? edge.name : depth === 1 ? `${label}.${edge.name}` : label;
          count(own, target);
          next.push({ index: edge.to, label: own, depth: depth + 1 });
        }
      }
      frontier = next;
    }
  }
  return totals;
}
