export const PHOTO_LIMITS = { maxSide: 1600, targetBytes: 400_000, maxPhotos: 5 } as const;

const QUALITIES = [0.85, 0.75, 0.65, 0.5] as const;
const SIDE_STEP = 0.75;
const MIN_SIDE = 480;

interface Surface {
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D;
  encode(quality: number): Promise<Blob>;
}

/**
 * Shrinks a camera photo to a JPEG of at most `maxSide` px on its longer side and about `targetBytes`:
 * quality steps down first, then the size; below MIN_SIDE px the last (smallest) attempt is returned even if larger.
 * The photo is decoded and encoded again, so none of its metadata survives: EXIF (GPS position, camera,
 * time) is dropped; the EXIF orientation is applied to the pixels first so the photo stays upright.
 */
export async function shrinkPhoto(
  photo: Blob,
  options: { maxSide?: number; targetBytes?: number } = {},
): Promise<Blob> {
  const { maxSide = PHOTO_LIMITS.maxSide, targetBytes = PHOTO_LIMITS.targetBytes } = options;
  const bitmap = await createImageBitmap(photo, { imageOrientation: "from-image" });
  try {
    let side = Math.min(maxSide, Math.max(bitmap.width, bitmap.height));
    for (;;) {
      const blob = await encodeWithin(drawScaled(bitmap, side), targetBytes);
      const nextSide = Math.round(side * SIDE_STEP);
      if (blob.size <= targetBytes || nextSide < MIN_SIDE) return blob;
      side = nextSide;
    }
  } finally {
    bitmap.close();
  }
}

async function encodeWithin(surface: Surface, targetBytes: number): Promise<Blob> {
  let blob = await surface.encode(QUALITIES[0]);
  for (const quality of QUALITIES.slice(1)) {
    if (blob.size <= targetBytes) break;
    blob = await surface.encode(quality);
  }
  return blob;
}

function drawScaled(bitmap: ImageBitmap, longerSide: number): Surface {
  const scale = Math.min(1, longerSide / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const surface = createSurface(width, height);
  surface.context.imageSmoothingQuality = "high";
  surface.context.drawImage(bitmap, 0, 0, width, height);
  return surface;
}

function createSurface(width: number, height: number): Surface {
  // OffscreenCanvas encodes without blocking the main thread; older Safari only has the canvas element.
  if (typeof OffscreenCanvas !== "undefined") {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d");
    if (context !== null) {
      return { context, encode: (quality) => canvas.convertToBlob({ type: "image/jpeg", quality }) };
    }
  }
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (context === null) throw new Error("shrinkPhoto: no 2d canvas context");
  return {
    context,
    encode: (quality) =>
      new Promise<Blob>((resolve, reject) => {
        canvas.toBlob(
          (blob) => (blob === null ? reject(new Error("shrinkPhoto: JPEG encoding failed")) : resolve(blob)),
          "image/jpeg",
          quality,
        );
      }),
  };
}
