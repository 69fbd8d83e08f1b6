/** Below this much free space the app warns, before a photo is refused for want of room. */
export const LOW_STORAGE_BYTES = 50 * 1024 * 1024;

/** Whether the phone is short of room for the outbox (the browser's estimate; unknown counts as enough). */
export async function isStorageLow(storage: Pick<StorageManager, "estimate"> | undefined = navigator.storage): Promise<boolean> {
  if (!storage?.estimate) return false;
  const { quota, usage } = await storage.estimate();
  return quota !== undefined && usage !== undefined && quota - usage < LOW_STORAGE_BYTES;
}
