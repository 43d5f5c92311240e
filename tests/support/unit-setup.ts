// Setup of the `unit` project: DOM matchers for Testing Library and an in-memory IndexedDB,
// so the outbox and other idb code run in jsdom exactly as in a browser.
import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';
import 'fake-indexeddb/auto';

// findBy… and waitFor wait for their condition up to this long (1 s by default). A dialog or a
// page that loads its code on first use can take seconds to appear on a busy machine; a test
// that passes waits only as long as the condition takes.
configure({ asyncUtilTimeout: 8_000 });
