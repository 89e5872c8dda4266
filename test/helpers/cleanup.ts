import { afterAll } from 'vitest';
import { removeTempDirs } from './fixtures.js';

// Runs in every test file (vitest setupFiles): its temporary repositories go when it ends.
afterAll(removeTempDirs);
