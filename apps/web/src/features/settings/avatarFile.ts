import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from '@vgl/shared';
import { avatarFileError } from './settingsApi';

/** The first bytes of each image type the server takes (it sniffs them too, and re-encodes). */
const SIGNATURES: { type: string; bytes: (number | null)[] }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  // "RIFF", the size (any), "WEBP".
  { type: 'image/webp', bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50] },
];

/** The image type the file's content says it is, whatever its name or the browser's guess from it. */
export async function sniffImageType(file: Blob): Promise<string | undefined> {
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return SIGNATURES.find(({ bytes }) => bytes.every((b, i) => b === null || head[i] === b))?.type;
}

/** Width and height of a picture the browser can really draw; throws when it cannot. */
async function decodedSize(src: string): Promise<{ width: number; height: number }> {
  const image = new Image();
  image.src = src;
  await image.decode();
  return { width: image.naturalWidth, height: image.naturalHeight };
}

export type CheckedAvatar = { preview: string } | { problem: string };

/**
 * Everything the server will check, checked on choosing the file, so a wrong
 * file gets its reason at once and never a broken preview: the type and size
 * (avatarFileError), that the content is really such an image (a renamed
 * PDF is not), that the browser can draw it, and its pixel count.
 */
export async function checkAvatarFile(file: File, readAsDataUrl: (file: File) => Promise<string>): Promise<CheckedAvatar> {
  const problem = avatarFileError(file);
  if (problem) return { problem };
  if (!(await sniffImageType(file))) return { problem: `“${file.name}” is not a picture. ${SETTINGS_MESSAGES.avatarNotImage}` };
  const preview = await readAsDataUrl(file);
  let size: { width: number; height: number };
  try {
    size = await decodedSize(preview);
  } catch {
    return { problem: `“${file.name}” could not be read as a picture: it may be damaged. Choose another.` };
  }
  if (size.width * size.height > SETTINGS_LIMITS.avatarMaxPixels) return { problem: SETTINGS_MESSAGES.avatarTooManyPixels };
  return { preview };
}
