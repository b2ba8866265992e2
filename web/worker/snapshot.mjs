// Makes the engine's memory snapshot beside the engine's worker, which starts it when it
// found none to restore (web/worker/boot.mjs says why apart), then tells it it is done.
import { makeSnapshot } from "./boot.mjs";

try {
  await makeSnapshot();
} catch (error) {
  console.warn(`Tycoon Table could not make the engine's snapshot: ${error}`);
}
postMessage("done");
