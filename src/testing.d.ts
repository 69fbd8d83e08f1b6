// The web tests' setup file (tests/support/setup.ts) installs the jest-dom matchers; this brings their types
// into the app project, which type-checks the tests that sit next to the code.
/// <reference types="@testing-library/jest-dom/vitest" />
