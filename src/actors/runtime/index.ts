export {
  ActorRuntime,
  RuntimeErrorCode,
  type ActorRuntimeOptions,
  type SupervisedActor,
} from "./actor-runtime.js";
export {
  ActorKind,
  STOP_ORDER,
  SupervisionReportSchema,
  SupervisionReportType,
  type SupervisionReport,
} from "./supervision-report.js";
