export { getCache, cacheFile, cleanFileCache, cacheEntryBytes } from "./read-cache.js";
export { fileMtime, mtimeSeconds } from "./file-mtime.js";
