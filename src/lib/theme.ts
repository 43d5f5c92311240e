/**
 * Light or dark theme, stored under 'theme' in localStorage (SPEC §3). Without a stored choice
 * the system preference decides, and follows it when it changes.
 */
import { useSyncExternalStore } from 'react';

export type Theme = 'light' | 'dark';
const STORAGE_KEY = 'theme';
const systemDark = () => window.matchMedia('(prefers-color-scheme: dark)');
const listeners = new Set<() => void>();

function storedTheme(): Theme | null {
  const value = localStorage.getItem(STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

export function currentTheme(): Theme {
  return storedTheme() ?? (systemDark().matches ? 'dark' : 'light');
}

function apply(): void {
  document.documentElement.classList.toggle('dark', currentTheme() === 'dark');
  for (const listener of listeners) listener();
}

export function setTheme(theme: Theme): void {
  localStorage.setItem(STORAGE_KEY, theme);
  apply();
}

export function toggleTheme(): void {
  setTheme(currentTheme() === 'dark' ? 'light' : 'dark');
}

export function initTheme(): void {
  systemDark().addEventListener('change', apply);
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY) apply();
  });
  apply();
}

export function useTheme(): Theme {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, currentTheme);
}
