import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { badRequest } from '../../http/errors.js';
import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from './settings.schemas.js';

/** What sharp's own sniffing must find; the file name and the client's content type are never trusted. */
const ACCEPTED_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);

const notAnImage = () => badRequest(SETTINGS_MESSAGES.avatarNotImage, { avatar: SETTINGS_MESSAGES.avatarNotImage });

/**
 * An upload as the square WebP we store: the real format read from its
 * bytes, EXIF orientation applied, the first frame of an animation, centre
 * crop to 256×256. The output is a new encoding, so no EXIF (GPS) or
 * anything smuggled in the original survives.
 */
export async function avatarWebp(upload: Buffer): Promise<Buffer> {
  let metadata: sharp.Metadata;
  try {
    metadata = await sharp(upload).metadata();
  } catch {
    throw notAnImage();
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format) || !metadata.width || !metadata.height) throw notAnImage();
  const frameHeight = metadata.pageHeight ?? metadata.height;
  if (metadata.width * frameHeight > SETTINGS_LIMITS.avatarMaxPixels) {
    throw badRequest(SETTINGS_MESSAGES.avatarTooManyPixels, { avatar: SETTINGS_MESSAGES.avatarTooManyPixels });
  }
  try {
    // failOn 'error' rejects truncated or corrupt pixel data, not the harmless warnings some cameras cause.
    return await sharp(upload, { autoOrient: true, pages: 1, failOn: 'error', limitInputPixels: SETTINGS_LIMITS.avatarMaxPixels })
      .resize(SETTINGS_LIMITS.avatarSize, SETTINGS_LIMITS.avatarSize, { fit: 'cover', position: 'centre' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw notAnImage();
  }
}

/** Avatar files in DATA_DIR/uploads/avatars, served at /uploads/avatars/{file}. */
export function avatarStore(dir: string) {
  const root = path.resolve(dir);
  return {
    /** Writes the image under a new random name and returns the name. */
    async save(webp: Buffer): Promise<string> {
      await fs.mkdir(root, { recursive: true });
      const name = `${randomBytes(16).toString('hex')}.webp`;
      await fs.writeFile(path.join(root, name), webp, { flag: 'wx' });
      return name;
    },

    /**
     * Removes a stored avatar by its file name. Anything that is not a plain
     * name inside the folder ("../x", "a/b", ".") is left alone, as are
     * files already gone: a stale avatar must never fail the request.
     */
    async remove(name: string | null): Promise<void> {
      if (!name || name !== path.basename(name) || name.startsWith('.')) return;
      const file = path.join(root, name);
      if (path.dirname(file) !== root) return;
      await fs.rm(file, { force: true }).catch(() => undefined);
    },
  };
}

export type AvatarStore = ReturnType<typeof avatarStore>;
