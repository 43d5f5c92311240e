// Setup of the `unit` project: DOM matchers for Testing Library and an in-memory IndexedDB,
// so the outbox and other idb code run in jsdom exactly as in a browser.
import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
