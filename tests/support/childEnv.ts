/**
 * The environment every child process of the tests starts from (servers, the leads and admin
 * command lines), before its own settings: PATH, and Node's compile cache when the run has one
 * (NODE_COMPILE_CACHE, set by `npm test`: scripts/test.mjs), so the hundreds of processes a run
 * starts compile the same modules once. Nothing else of the test's environment leaks in.
 */
export const childEnv = {
  PATH: process.env.PATH ?? "",
  NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? "",
};
