/**
 * What a route module may export. The areas' `features/<area>/pages.ts` list their modules with it
 * and `route-modules.ts` joins them; it lives apart so the areas never import the list that
 * imports them.
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
