/**
 * The VGL CSV columns of lists (appended to transfer.csv's VGL_COLUMNS; a file
 * without them imports as before). A `list` row carries a list, each
 * `list_game` row one game of it, tied by list_slug; a list_game row also
 * fills the game columns, note and logged_at (when it was added).
 */
export const LIST_COLUMNS = ['list_slug', 'list_title', 'list_description', 'list_ranked', 'list_public', 'list_position'] as const;
