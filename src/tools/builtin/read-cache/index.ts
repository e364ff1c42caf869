export {
  getCache,
  cacheFile,
  cleanFileCache,
  cacheEntryBytes,
  matchesCachedText,
  forgetFile,
  type CachedText,
} from "./read-cache.js";
export { fileMtime, mtimeSeconds } from "./file-mtime.js";
