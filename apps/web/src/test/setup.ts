import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy/waitFor wait up to 1 s by default: with the server tests beside them on CI's two cores, a page's first
// render sometimes took longer (LandingPage failed so once). A passing wait ends as soon as it is true.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => cleanup());
