// Offering data the page made (an export) as a file download.

/** Offers text or bytes (or their parts) as a file download named `name`. */
export function download(parts: BlobPart[], name: string, type: string): void {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The media type of FIT files (Garmin's ANT+ FIT). */
export const FIT_MEDIA_TYPE = "application/vnd.ant.fit";
