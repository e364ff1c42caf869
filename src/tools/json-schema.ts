// JSON schema helpers live in `message` (tools, models and model cards all strip titles the same
// way); the tools import them from here.
export {
  cloneJson,
  deepFreeze,
  isObject,
  withoutTitles,
  type JsonSchema,
} from "../message/index.js";
