import { configure } from '@testing-library/react';

// Headless UI's transitions ask for Element.getAnimations, which jsdom lacks; without it Headless
// UI installs its own and prints a warning per test.
Element.prototype.getAnimations ??= () => [];

// findBy and waitFor give up after 1 s by default, too short on a busy two-core machine.
configure({ asyncUtilTimeout: 5_000 });
