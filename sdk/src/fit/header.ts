// Telling a FIT file by its header, without loading the FIT SDK (the web app's import form asks it of every file).

/** Whether bytes are a FIT file: its header says `.FIT` at bytes 8 to 11. */
export function isFitFile(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && String.fromCharCode(...bytes.subarray(8, 12)) === ".FIT";
}
