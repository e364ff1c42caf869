// The layer table of DESIGN.md, enforced. `npm run lint:layers` (part of `npm run lint`) fails on
// a forbidden folder edge, an import cycle, a cross-folder import that skips the folder's
// index.ts, or a vendor SDK used outside the folder that owns it.

/** folder under src/ → the folders it may import (besides itself) */
const LAYERS = {
  errors: [],
  message: ["errors"],
  permission: ["message", "errors"],
  model: ["message", "errors"],
  bus: ["message", "errors"],
  tools: ["permission", "message", "errors"],
  context: ["model", "message", "errors"],
  state: ["tools", "permission", "message", "errors"],
  mcp: ["tools", "message", "errors"],
  middleware: ["model", "tools", "message", "errors"],
  workspace: ["mcp", "tools", "context", "message", "errors"],
  machines: ["state", "context", "tools", "permission", "model", "middleware", "message", "errors"],
  actors: [
    "workspace",
    "machines",
    "middleware",
    "mcp",
    "state",
    "context",
    "tools",
    "bus",
    "model",
    "permission",
    "message",
    "errors",
  ],
  inspect: null, // composition root: everything
  cli: null, // composition root: everything
};

/** vendor package → the only paths that may import it */
const VENDORS = {
  // bench/remote-tools measures remote tools against the raw nats.js floor beneath them.
  nats: ["^src/bus/", "^src/state/", "^bench/remote-tools/raw-nats\\.ts$"],
  redis: ["^src/state/"],
  "@modelcontextprotocol/sdk": ["^src/mcp/"],
  openai: ["^src/model/"],
  e2b: ["^src/tools/backends/e2b"],
  "web-tree-sitter": ["^src/tools/builtin/bash/"],
};

const folders = Object.keys(LAYERS);

const layerRules = Object.entries(LAYERS)
  .filter(([, allowed]) => allowed !== null)
  .map(([folder, allowed]) => ({
    name: `layer-${folder}`,
    comment: `src/${folder} may import only: ${allowed.length ? allowed.join(", ") : "nothing (zod only)"}`,
    severity: "error",
    from: { path: `^src/${folder}/` },
    to: {
      path: `^src/(${folders.filter((f) => f !== folder && !allowed.includes(f)).join("|")})/`,
    },
  }));

const vendorRules = Object.entries(VENDORS).map(([pkg, allowedPaths]) => ({
  name: `vendor-${pkg.replace(/[^a-z0-9]+/gi, "-")}`,
  comment: `${pkg} stays at the edge: only ${allowedPaths.join(", ")}`,
  severity: "error",
  from: { path: "^(src|examples|bench)/", pathNot: allowedPaths },
  to: {
    dependencyTypes: ["npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg"],
    path: `node_modules/${pkg}/`,
  },
}));

module.exports = {
  forbidden: [
    ...layerRules,
    ...vendorRules,
    {
      name: "no-circular",
      comment: "The module graph is a DAG, not even cycles through barrels.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "through-the-door",
      comment: "Across folders, import a folder through its index.ts.",
      severity: "error",
      from: { path: "^src/([^/]+)/" },
      to: { path: "^src/[^/]+/", pathNot: ["^src/$1/", "^src/[^/]+/index\\.ts$"] },
    },
    {
      name: "no-package-door-inside",
      comment:
        "Folders never import the package door (src/index.ts, src/testing.ts): that is a cycle waiting to happen.",
      severity: "error",
      from: { path: "^src/[^/]+/" },
      to: { path: "^src/[^/]+\\.ts$" },
    },
    {
      name: "not-to-unresolvable",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["actorscope-source", "import", "require", "node", "default"],
      extensions: [".ts", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
