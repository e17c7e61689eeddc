/**
 * What a member was last told about a wanted game's release (0045): the
 * alert job compares the game's date with this, and moves it by a
 * conditional write, so each change is told once however many run at once.
 */
export interface ReleaseAlertsTable {
  user_id: number;
  game_id: number;
  /** 'none': no date known; 'dated': a future date (announced_date); 'released': out. */
  state: 'none' | 'dated' | 'released';
  /** The release date (unix seconds) the member knows of, or null. */
  announced_date: number | null;
  updated_at: number;
}

/** A member's private calendar feed (0045): one per member; only the token's hash is kept. */
export interface CalendarFeedsTable {
  user_id: number;
  token_hash: string;
  created_at: number;
}
