export default async function globalTeardown() {
  await globalThis.__svcScratch?.stop();
}
