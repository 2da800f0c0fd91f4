/**
 * What a route module may export: each layout, and each page `features/<area>/pages/<name>.tsx`,
 * which `route-modules.ts` loads by its name. It lives apart so the pages never import the module
 * that loads them.
 */
import type { ComponentType } from 'react';
import type { ShouldRevalidateFunction } from 'react-router';

export interface RouteModule {
  default: ComponentType;
  ErrorBoundary?: ComponentType;
  loader?: unknown;
  action?: unknown;
  shouldRevalidate?: ShouldRevalidateFunction;
}
