import { AVATAR_SIZES, PRODUCT, type AvatarSize } from '@vgl/shared';

interface AvatarProps {
  /** The stored file name (SPEC §3 avatar response), or null for the default picture. */
  avatar: string | null | undefined;
  size?: AvatarSize;
  /** Empty when a visible username sits next to the picture. */
  alt?: string;
}

export function avatarUrl(avatar: string | null | undefined): string {
  return avatar ? `/uploads/avatars/${encodeURIComponent(avatar)}` : PRODUCT.defaultAvatar;
}

/** A user's round picture at one of the sizes of SPEC §3/§9 (md = 36 px by default). */
export function Avatar({ avatar, size = 'md', alt = '' }: AvatarProps) {
  const px = AVATAR_SIZES[size];
  return <img className="avatar" src={avatarUrl(avatar)} width={px} height={px} alt={alt} loading="lazy" decoding="async" />;
}
