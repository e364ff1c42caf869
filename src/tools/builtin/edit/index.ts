export { Edit, type EditOptions } from "./edit.js";
export {
  EditInputSchema,
  EDIT_DESCRIPTION,
  editInputJsonSchema,
  type EditInput,
} from "./edit-input.js";
export { pyCount, pyReplace } from "./py-string.js";
