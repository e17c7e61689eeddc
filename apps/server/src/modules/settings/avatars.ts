import type sharp from 'sharp';
import { lazyRequire } from '../../lazy.js';
import { AppError, badRequest } from '../../http/errors.js';
import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from './settings.schemas.js';

/*
 * Bounds on what one upload can make the server do. A 500 KB PNG can hold
 * 64 megapixels of 16-bit colour (512 MB decoded), so the decoded size is
 * capped, not only the pixels; libvips works with one thread per image and
 * keeps no cache of decoded images; and at most CONVERSIONS_AT_ONCE
 * conversions run at a time, with a short line behind them (503 beyond).
 */
export const loadSharp = lazyRequire<typeof sharp>('sharp', (loaded) => {
  loaded.concurrency(1);
  loaded.cache(false);
});

/** Conversions running at once, and uploads that may wait for one. */
export const CONVERSIONS_AT_ONCE = 1;
export const CONVERSIONS_WAITING = 8;
export const AVATAR_RETRY_AFTER_SECONDS = 10;

/** What sharp's own sniffing must find; the file name and the client's content type are never trusted. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

/** Bytes of one sample in each of libvips' pixel formats. */
const SAMPLE_BYTES: Record<string, number> = { uchar: 1, char: 1, ushort: 2, short: 2, uint: 4, int: 4, float: 4, complex: 8, double: 8, dpcomplex: 16 };

const notAnImage = () => badRequest(SETTINGS_MESSAGES.avatarNotImage, { avatar: SETTINGS_MESSAGES.avatarNotImage });
const tooBig = (message: string) => badRequest(message, { avatar: message });
export const avatarBusy = () => new AppError(503, 'avatar_busy', SETTINGS_MESSAGES.avatarBusy);

/** A tiny semaphore: `run` waits for a free slot, or throws when the line is full. */
function createSlots(size: number, waiting: number, whenFull: () => Error) {
  let running = 0;
  const line: (() => void)[] = [];
  return async function run<T>(work: () => Promise<T>): Promise<T> {
    if (running >= size) {
      if (line.length >= waiting) throw whenFull();
      await new Promise<void>((resolve) => line.push(resolve));
    } else running += 1;
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is freed.
      const next = line.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const conversion = createSlots(CONVERSIONS_AT_ONCE, CONVERSIONS_WAITING, avatarBusy);

/**
 * An upload as the square WebP we store: the real format read from its
 * bytes, EXIF orientation applied, the first frame of an animation, centre
 * crop to 256×256. The output is a new encoding, so no EXIF (GPS) or
 * anything smuggled in the original survives.
 */
export async function avatarWebp(upload: Buffer): Promise<Buffer> {
  let metadata: sharp.Metadata;
  try {
    metadata = await loadSharp()(upload).metadata();
  } catch {
    throw notAnImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) throw notAnImage();
  const pixels = metadata.width * (metadata.pageHeight ?? metadata.height);
  if (pixels > SETTINGS_LIMITS.avatarMaxPixels) throw tooBig(SETTINGS_MESSAGES.avatarTooManyPixels);
  // Decoded, the first frame takes width × height × channels × bytes per sample (16-bit colour counts double).
  const decoded = pixels * (metadata.channels ?? 4) * (SAMPLE_BYTES[metadata.depth ?? 'uchar'] ?? 8);
  if (decoded > SETTINGS_LIMITS.avatarMaxDecodedBytes) throw tooBig(SETTINGS_MESSAGES.avatarTooManyBytes);
  return conversion(async () => {
    try {
      // failOn 'error' rejects truncated or corrupt pixel data, not the harmless warnings some cameras cause;
      // sequentialRead lets libvips shrink the image as it decodes it, top to bottom, instead of holding it whole.
      return await loadSharp()(upload, { autoOrient: true, pages: 1, failOn: 'error', limitInputPixels: SETTINGS_LIMITS.avatarMaxPixels, sequentialRead: true })
        .resize(SETTINGS_LIMITS.avatarSize, SETTINGS_LIMITS.avatarSize, { fit: 'cover', position: 'centre' })
        .webp({ quality: 82 })
        .toBuffer();
    } catch {
      throw notAnImage();
    }
  });
}
