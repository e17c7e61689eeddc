import { createContext, type ReactNode } from 'react';
import type { GridGame } from './GamesGrid';

/**
 * Something a signed-in member can do with any game card (e.g. "Add to
 * list"), provided once by the app frame so every games grid offers it
 * without each page passing it down; null for visitors.
 */
export const GameCardActionContext = createContext<((game: GridGame) => ReactNode) | null>(null);
