export { composeOnion, type Layer, type Next } from "./onion.js";
export {
  MIDDLEWARE_HOOKS,
  middlewareKey,
  type AgentLike,
  type AgentMiddleware,
  type ReplyItem,
  type ReplyHookInput,
  type ReasoningHookInput,
  type CheckPermissionHookInput,
  type ActingHookInput,
  type ModelCallHookInput,
  type CompressContextHookInput,
  type PermissionDecisionLike,
  type MiddlewareHook,
} from "./agent-middleware.js";
